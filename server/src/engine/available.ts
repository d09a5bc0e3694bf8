// The names of the operations the engine has, for the doors: they must know what to offer without
// loading the engine itself (a test keeps this list equal to BUILTIN_OPERATIONS in engine.ts).
import type { OperationName } from './contracts';

export const AVAILABLE_OPERATIONS: readonly OperationName[] = [
  'review',
  'explain',
  'refactor',
  'generateTests',
  'generateDocs',
  'generate',
  'initProject',
  'analyzeProject',
];
