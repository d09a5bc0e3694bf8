// Where a task's time goes inside its worker, for the latency trace (CODEWRIGHT_LATENCY_TRACE, read by
// `npm run bench -- diagnostics`): when the worker received the task, when it had the result, the
// CPU it spent and the garbage collection it did meanwhile. Off unless the variable is set (the
// workers inherit the front's environment), so an ordinary run pays one `if` per task.
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

export const LATENCY_TRACE_ENV = 'CODEWRIGHT_LATENCY_TRACE';

export interface WorkerTiming {
  pid: number;
  /** Tasks this worker had finished before this one (0: its first, on a cold process). */
  ordinal: number;
  /** Epoch milliseconds (sub-millisecond, comparable across processes on one machine). */
  receivedAt: number;
  finishedAt: number;
  /** CPU of the worker process (all its threads) from received to finished. */
  cpuMs: number;
  /** Garbage collection pauses from received to finished. */
  gcMs: number;
  /** Full (mark-compact) collections that started from received to finished. */
  fullGcs: number;
}

/** A worker's timing of a task, with the pool's state when the task was handed to it (enginePool.ts). */
export interface TaskTiming extends WorkerTiming {
  /** Workers running a task, and workers alive, when this task was queued. */
  busyAtDispatch: number;
  workersAtDispatch: number;
}

/** Wall-clock epoch milliseconds with sub-millisecond resolution. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

// Collections seen lately, by when they started (performance.now()); a task counts those that
// started inside it. Entries reach the observer on a later turn of the event loop, so a running
// total read at a task's start and end gives a task collections that ran before it (V8's own
// between tasks, the worker's after a large task: collectGarbage.ts) instead of its own.
const GC_KEPT_MS = 60_000;
let collections: Collection[] = [];
let finished = 0;
let observer: PerformanceObserver | undefined;

interface Collection {
  startTime: number;
  duration: number;
  full?: boolean;
}

/** The collections that started from `from` to `to` (performance.now() values). */
function inside(entries: readonly Collection[], from: number, to: number): Collection[] {
  return entries.filter(({ startTime }) => startTime >= from && startTime <= to);
}

/** Pause time of the collections that started from `from` to `to` (performance.now() values). */
export function gcPauseMs(entries: readonly Collection[], from: number, to: number): number {
  return inside(entries, from, to).reduce((sum, { duration }) => sum + duration, 0);
}

/** How many of them were full collections. */
export function fullGcCount(entries: readonly Collection[], from: number, to: number): number {
  return inside(entries, from, to).filter(({ full }) => full).length;
}

/** Starts timing one task when the trace is on; the returned function ends it. */
export function startTaskTiming(
  env: NodeJS.ProcessEnv = process.env,
): (() => Promise<WorkerTiming>) | undefined {
  if (!env[LATENCY_TRACE_ENV]) return undefined;
  if (!observer) {
    observer = new PerformanceObserver((list) => {
      const now = performance.now();
      collections = collections.filter(({ startTime }) => startTime > now - GC_KEPT_MS);
      for (const entry of list.getEntries()) {
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
        const full = kind === constants.NODE_PERFORMANCE_GC_MAJOR;
        collections.push({ startTime: entry.startTime, duration: entry.duration, full });
      }
    });
    observer.observe({ entryTypes: ['gc'] });
  }
  const received = performance.now();
  const receivedAt = epochMs();
  const cpu = process.cpuUsage();
  return async () => {
    const finishedNow = performance.now();
    const finishedAt = epochMs();
    const used = process.cpuUsage(cpu);
    // GC entries reach the observer on a later turn of the event loop, not synchronously.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return {
      pid: process.pid,
      ordinal: finished++,
      receivedAt,
      finishedAt,
      cpuMs: (used.user + used.system) / 1000,
      gcMs: gcPauseMs(collections, received, finishedNow),
      fullGcs: fullGcCount(collections, received, finishedNow),
    };
  };
}
