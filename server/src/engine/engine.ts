// The engine's operations: each takes its validated contract input and returns its contract output.
// This table runs inside the worker processes (see server/src/pool/); the doors reach it only
// through the pool. An operation not built yet is simply absent, and the doors do not offer it.
import type { Config } from './contracts/config';
import type { OperationInput, OperationName, OperationOutput } from './contracts';
import type { ModelOperationName } from './model/plans/index';
import type { StageBudget } from './stageBudget';

export type EngineTier = 'builtin' | 'model';

export interface OperationContext {
  /** Aborted when the caller gives up (only in-process; across the pool a cancel kills the worker). */
  signal?: AbortSignal;
  /** The configuration in force for this call. */
  config: Readonly<Config>;
  /** Folders file-reading operations may touch. */
  roots: readonly string[];
  /** Time budgets of the operation's synchronous stages (the pool sets one from the task's limit). */
  budget?: StageBudget;
  /** The context window in tokens, for the model tier's own count (CONTEXT_TOO_LONG). */
  contextTokens?: number;
  /** Progress for streaming doors (code deltas as they are produced); absent when nobody listens. */
  emit?: (event: OperationEvent) => void;
  /** Progress of a long operation (project analysis); across the pool it reaches RunOptions.onProgress. */
  progress?: (update: ProgressUpdate) => void;
}

export interface ProgressUpdate {
  message: string;
  /** 0..100 when the total is known. */
  percentage?: number;
}

/** What an operation streams: text to append to the code, or a reset (discard what was sent). */
export type OperationEvent = { type: 'delta'; text: string } | { type: 'reset'; reason: string };

export type Operation<K extends OperationName> = (
  input: OperationInput<K>,
  context: OperationContext,
) => Promise<OperationOutput<K>>;

export type Operations = { [K in OperationName]?: Operation<K> };

// Each operation's module is required on its first call, so a worker loads only the analysers it
// uses (ESLint for review, the TypeScript compiler for explain and refactor, a grammar per language).
type Module<T> = () => T;
const review: Module<typeof import('./review/index')> = () => require('./review/index');
const refactor: Module<typeof import('./refactor/index')> = () => require('./refactor/index');
const explain: Module<typeof import('./explain/index')> = () => require('./explain/index');
const testgen: Module<typeof import('./testgen/index')> = () => require('./testgen/index');
const docs: Module<typeof import('./docs/index')> = () => require('./docs/index');
const generate: Module<typeof import('./generate/index')> = () => require('./generate/index');
const analysis: Module<typeof import('./project/analysis/index')> = () => require('./project/analysis/index');
const init: Module<typeof import('./project/init/index')> = () => require('./project/init/index');
const modelTier: Module<typeof import('./model/plans/index')> = () => require('./model/plans/index');

/** With config `model` other than 'builtin', the model tier wraps the operation (model/plans/). */
function tiered<K extends ModelOperationName>(name: K, builtin: Operation<K>): Operation<K> {
  return (input, context) =>
    context.config.model === 'builtin'
      ? builtin(input, context)
      : modelTier().withModelTier(name, builtin)(input, context);
}

/** The operations the builtin engine has. Each engine module adds its entry here. */
export const BUILTIN_OPERATIONS: Operations = {
  review: tiered('review', (input, context) => review().reviewCode(input, context)),
  refactor: tiered('refactor', (input, context) => refactor().refactorCode(input, context)),
  explain: tiered('explain', (input, context) => explain().explainCode(input, context)),
  generateTests: tiered('generateTests', (input, context) => testgen().generateTests(input, context)),
  generateDocs: tiered('generateDocs', (input, context) => docs().generateDocs(input, context)),
  generate: (input, context) => generate().generateCode(input, context),
  initProject: (input, context) => init().initProject(input, context),
  analyzeProject: (input, context) => analysis().analyzeProject(input, context),
};
