// The worker pool's settings and their documented defaults (docs/configuration.md), from the
// environment for `codewright serve` and from `codewright.engine.*` in the editor.
import { availableParallelism } from 'node:os';
import type { TaskName } from './workerTasks';

export interface PoolSettings {
  /** Worker processes at most (each one runs one task at a time). */
  workers: number;
  /** Heap cap of each worker in MB (`--max-old-space-size`); a task over it ends that worker. */
  memoryMb: number;
  /** Tasks that may wait for a worker; one more is refused at once (SERVER_BUSY, 503). */
  queueSize: number;
  /** Milliseconds without any task after which workers beyond the warm one stop. */
  idleMs: number;
  /**
   * One time limit in milliseconds for every task, replacing the per-task defaults (see
   * `taskTimeLimit`); a task over its limit is killed (ANALYSIS_LIMIT, 422).
   */
  timeLimitMs?: number;
}

const DEFAULT_TIME_LIMIT_MS = 30_000;
const TIME_LIMITS_MS: Partial<Record<TaskName, number>> = {
  review: 20_000,
  explain: 20_000,
  refactor: 30_000,
  reviewFindings: 15_000,
  refactorOffers: 10_000,
  outline: 10_000,
  generateTests: 120_000,
  generateDocs: 120_000,
  analyzeProject: 300_000,
  // A model call (60 s, retried) plus running the generated tests.
  generate: 180_000,
  initProject: 30_000,
};

/** Two workers at least (a long refactor must not hold up diagnostics), at most four, one core free. */
export function defaultWorkers(cores = availableParallelism()): number {
  return Math.min(4, Math.max(2, cores - 1));
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  workers: defaultWorkers(),
  memoryMb: 1024,
  queueSize: 32,
  idleMs: 60_000,
};

/**
 * The V8 flags of a worker process. The heap cap ends a task that needs more (ANALYSIS_LIMIT); `gc`
 * lets a worker collect after a large task (collectGarbage.ts). V8 also reads the cap as the
 * machine's memory: under 2 GB it lowers its heap-growing factor (1.6 at 1 GB, up to 4 above) and,
 * from what the start-up's first collections survived, the first limit — so a worker reviewing as
 * the user types collected its whole heap every ~12 reviews of a 2,263-line file (~7 MB left per
 * review), and each full collection cost the next reviews their optimized code (about twice the CPU
 * for 2–3 reviews: docs/benchmarks.md, s32-h8t). The old generation's first limit is set to half
 * the cap and kept as its floor, so a worker collects when it holds that much, not sooner.
 */
export function workerExecArgv(memoryMb: number): string[] {
  return [
    `--max-old-space-size=${memoryMb}`,
    `--initial-old-space-size=${Math.floor(memoryMb / 2)}`,
    '--expose-gc',
  ];
}

/** The time limit of a task in milliseconds: the settings' override, else the task's default. */
export function taskTimeLimit(settings: PoolSettings, task: TaskName): number {
  return settings.timeLimitMs ?? TIME_LIMITS_MS[task] ?? DEFAULT_TIME_LIMIT_MS;
}

export function poolSettings(input: Partial<PoolSettings> = {}): PoolSettings {
  const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_POOL_SETTINGS, ...defined };
}

/** CODEWRIGHT_WORKERS, CODEWRIGHT_WORKER_MEMORY_MB, CODEWRIGHT_QUEUE_SIZE, CODEWRIGHT_TIME_LIMIT_MS. */
export function poolSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<PoolSettings> {
  return {
    workers: positive(env.CODEWRIGHT_WORKERS),
    memoryMb: positive(env.CODEWRIGHT_WORKER_MEMORY_MB),
    queueSize: positive(env.CODEWRIGHT_QUEUE_SIZE),
    timeLimitMs: positive(env.CODEWRIGHT_TIME_LIMIT_MS),
  };
}

function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
