import { z } from 'zod';
import { Language, SourceCode } from './common';

export const REFACTOR_TYPES = [
  'modernize',
  'async_await',
  'extract_function',
  'simplify',
  'remove_dead_code',
  'rename',
] as const;

export const RefactorInput = z.object({
  code: SourceCode,
  language: Language,
  refactor_type: z.enum(REFACTOR_TYPES),
  target_patterns: z
    .array(z.string().min(1).max(100))
    .max(50)
    .optional()
    .meta({ description: 'Narrows which transforms apply (e.g. const_let, arrow_functions).' }),
});

export const RefactorOutput = z.object({
  refactored_code: z.string(),
  changes: z.array(z.string()),
  benefits: z.array(z.string()),
});

export type RefactorInput = z.output<typeof RefactorInput>;
export type RefactorOutput = z.output<typeof RefactorOutput>;
export type RefactorType = (typeof REFACTOR_TYPES)[number];
