// The engine: one object the three doors (LSP, HTTP, CLI) share. Each operation takes its validated
// contract input and returns its contract output; an operation not built yet is simply absent, and
// the doors do not offer it.
import { ConfigStore } from './config/configStore';
import type { Config } from './contracts/config';
import type { OperationInput, OperationName, OperationOutput } from './contracts';
import { reviewCode } from './review/index';
import { refactorCode } from './refactor/index';
import { explainCode } from './explain/index';
import { generateTests } from './testgen/index';
import { generateDocs } from './docs/index';

export type EngineTier = 'builtin' | 'model';

export interface OperationContext {
  /** Aborted when the caller gives up (request closed, document changed). */
  signal?: AbortSignal;
  /** The configuration in force for this call. */
  config: Readonly<Config>;
  /** Folders file-reading operations may touch. */
  roots: readonly string[];
}

export type Operation<K extends OperationName> = (
  input: OperationInput<K>,
  context: OperationContext,
) => Promise<OperationOutput<K>>;

export type Operations = { [K in OperationName]?: Operation<K> };

export interface EngineOptions {
  /** The data folder (config, keys, webhooks, outbox). */
  dataDir: string;
  /** Workspace roots that file-reading operations may touch. */
  roots: readonly string[];
}

export interface Engine {
  readonly tier: EngineTier;
  readonly config: ConfigStore;
  readonly roots: readonly string[];
  readonly operations: Operations;
  /** Runs an operation with the current config; throws if the operation is not available. */
  run<K extends OperationName>(
    name: K,
    input: OperationInput<K>,
    signal?: AbortSignal,
  ): Promise<OperationOutput<K>>;
}

/** The operations the builtin engine has. Each engine module adds its entry here. */
const BUILTIN_OPERATIONS: Operations = {
  review: reviewCode,
  refactor: refactorCode,
  explain: explainCode,
  generateTests,
  generateDocs,
};

export function createEngine(options: EngineOptions): Engine {
  const config = new ConfigStore(options.dataDir);
  const operations = BUILTIN_OPERATIONS;
  return {
    tier: config.get().model === 'builtin' ? 'builtin' : 'model',
    config,
    roots: options.roots,
    operations,
    run(name, input, signal) {
      const operation = operations[name] as Operation<typeof name> | undefined;
      if (!operation) throw new Error(`Operation '${name}' is not available in this engine`);
      return operation(input, { signal, config: config.get(), roots: options.roots });
    },
  };
}
