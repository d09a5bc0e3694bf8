// The engine as the doors (LSP, HTTP, CLI) see it: the configuration, the workspace roots and the
// operations, every one of which runs in the worker pool. Nothing here loads an analyser.
import { AVAILABLE_OPERATIONS } from '../engine/available';
import type { ConfigStore } from '../engine/config/configStore';
import type { OperationInput, OperationName, OperationOutput } from '../engine/contracts';
import type { Tool } from '../engine/contracts/config';
import type { EngineTier, OperationEvent } from '../engine/engine';
import { EnginePool, type EnginePoolOptions, type RunOptions } from './enginePool';
import type { TaskName, TaskPayload, TaskResult } from './workerTasks';

export interface EngineOptions {
  /** The data folder (config, keys, webhooks, outbox). */
  dataDir: string;
  /** Workspace roots that file-reading operations may touch (read per call: may change in place). */
  roots: readonly string[];
  /** The pool to run on (default: a new one with these options). */
  pool?: EnginePool;
  poolOptions?: EnginePoolOptions;
  /** The model for this run, replacing the stored one (default: CODEWRIGHT_MODEL). */
  model?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** The context window in tokens (CONTEXT_TOO_LONG above it); unchecked when absent. */
  contextTokens?: number;
  /** Tools this call may not use whatever the configuration says (e.g. code_execution in an untrusted workspace). */
  withoutTools?: readonly Tool[];
  /** Receives the operation's progress events (code deltas) while it runs (streaming doors). */
  onEvent?: (event: OperationEvent) => void;
  /** Progress of a long operation (project analysis). */
  onProgress?: RunOptions['onProgress'];
}

export interface Engine {
  readonly tier: EngineTier;
  readonly config: ConfigStore;
  readonly roots: readonly string[];
  /** The operations this engine offers. */
  readonly operations: readonly OperationName[];
  readonly pool: EnginePool;
  has(name: OperationName): boolean;
  /** Runs an operation in the pool with the current config. */
  run<K extends OperationName>(
    name: K,
    input: OperationInput<K>,
    options?: CallOptions,
  ): Promise<OperationOutput<K>>;
  /** Runs one of the editor's tasks in the pool. */
  task<K extends TaskName>(
    name: K,
    payload: TaskPayload<K>,
    signal?: AbortSignal,
    onTiming?: RunOptions['onTiming'],
  ): Promise<TaskResult<K>>;
  /** Stops the workers. */
  close(): Promise<void>;
}

export function createEngine(options: EngineOptions): Engine {
  // Required here, not imported: the store validates with zod, which the language server then loads
  // once the client is initialized rather than before it can answer `initialize`.
  const { ConfigStore } =
    require('../engine/config/configStore') as typeof import('../engine/config/configStore');
  const config = new ConfigStore(options.dataDir, {
    model: options.model ?? (process.env.CODEWRIGHT_MODEL || undefined),
  });
  const pool = options.pool ?? new EnginePool(options.poolOptions);
  const operations = AVAILABLE_OPERATIONS;
  const context = (withoutTools: readonly Tool[] = []) => {
    const current = config.get();
    const tools = current.tools.filter((tool) => !withoutTools.includes(tool));
    return {
      config: tools.length === current.tools.length ? current : { ...current, tools },
      roots: [...options.roots],
    };
  };
  return {
    get tier(): EngineTier {
      return config.get().model === 'builtin' ? 'builtin' : 'model';
    },
    config,
    roots: options.roots,
    operations,
    pool,
    has: (name) => operations.includes(name),
    run(name, input, callOptions = {}) {
      if (!operations.includes(name)) throw new Error(`Operation '${name}' is not available in this engine`);
      const { withoutTools, ...rest } = callOptions;
      return pool.run(name, input as never, { ...context(withoutTools), ...rest }) as never;
    },
    task(name, payload, signal, onTiming) {
      return pool.run(name, payload, { ...context(), signal, onTiming });
    },
    close: () => pool.close(),
  };
}
