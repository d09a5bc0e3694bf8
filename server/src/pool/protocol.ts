// The messages between the front process and a worker process: one request per task, one response.
// Plain JSON both ways. Engine errors cross as data (code, message, details) so the front rebuilds
// the same CodewrightError; anything else crosses as an internal error with its stack, for the log.
import type { Config } from '../engine/contracts/config';
import type { ErrorCode, ErrorDetails } from '../engine/errors';
import type { WorkerTiming } from './taskTiming';

export interface TaskRequest {
  task: string;
  payload: unknown;
  config: Readonly<Config>;
  roots: readonly string[];
  /** The task's time limit; the worker budgets its stages within it (the front kills at the limit). */
  timeLimitMs: number;
  /** The context window in tokens, checked for operations (CONTEXT_TOO_LONG). */
  contextTokens?: number;
  /** The caller listens for progress: the worker sends each OperationEvent as it happens. */
  stream?: boolean;
  /**
   * False when the caller cannot cancel the task (it passed no abort signal), so the pool never
   * interrupts it: the worker's stages then do not break on SIGINT, which spares each stage the
   * thread Node starts and joins to watch for it (worker.ts). Absent: interruptible.
   */
  interruptible?: boolean;
}

/**
 * The first thing a worker sends for each task, before any work: the front starts the task's time
 * limit then, so a worker's own start-up (a cold process parsing the engine bundle on a loaded
 * machine) does not eat into it (workerEmit payload).
 */
export interface TaskStartedMessage {
  codewrightTaskStarted: true;
  /** The worker process, which the front signals to interrupt the task (worker.ts). */
  pid: number;
  /**
   * This worker takes a next task while it runs one and starts it once it has answered, each
   * task's messages under its own id (taskAhead.ts), and interrupts a task by its id
   * (INTERRUPT_TASK). Absent: one task at a time, interrupted by signals.
   */
  takesNextTask?: boolean;
}

/**
 * The signal that interrupts a worker's task between its stages: the worker aborts the task's
 * interrupt, and no stage starts after it. Unlike SIGINT it can land at any moment: a stage that
 * breaks on SIGINT (`breakOnSigint`) takes the process's SIGINT listeners away while it starts and
 * ends, and a SIGINT in those instants ends the process (Node's default action) instead of the task.
 */
export const INTERRUPT_BETWEEN_STAGES = 'SIGUSR2';

/** How a worker sends an OperationEvent (workerpool's workerEmit payload). */
export interface TaskEventMessage {
  codewrightEvent: import('../engine/engine').OperationEvent;
}

export type TaskResponse = (
  | { ok: true; result: unknown }
  | { ok: false; error: { code: ErrorCode; message: string; details: ErrorDetails } }
  | { ok: false; internal: { message: string; stack?: string } }
) & {
  /** Where the task's time went in the worker; only while the latency trace is on (taskTiming.ts). */
  timing?: WorkerTiming;
};

/**
 * The interrupt a task's stages take (StageBudget): the worker's, unless the caller cannot cancel the
 * task. Only a stage with an interrupt breaks on SIGINT, and arming that costs each stage a thread.
 */
export function stageInterrupt(request: TaskRequest, interrupt: AbortSignal): AbortSignal | undefined {
  return request.interruptible === false ? undefined : interrupt;
}

/** The method name the worker registers with workerpool. */
export const RUN_TASK = 'runTask';

/**
 * The worker's method that interrupts one task, named by its request's id (workerpool's, per worker):
 * a task still waiting in the worker behind another one is dropped there without starting, a running
 * one stops at its next stage. A worker that takes a next task (`TaskStartedMessage.takesNextTask`)
 * has it; the pool sends it in place of INTERRUPT_BETWEEN_STAGES, which lands on whatever task runs
 * when it arrives (the one behind, should the task it was sent for have just answered).
 */
export const INTERRUPT_TASK = 'interruptTask';
