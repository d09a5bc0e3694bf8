// The one boundary between the doors (LSP, HTTP, CLI) and the engine: a pool of worker *processes*
// (workerpool, `workerType: 'process'`). A worker thread would not do: a V8 fatal error or an
// out-of-memory in a thread ends the whole process, editor connection and HTTP server included.
//
// - Limits: each task has a time limit (the worker is killed past it) and each worker a heap cap
//   (`--max-old-space-size`); either way the caller gets ANALYSIS_LIMIT (422) naming the limit, the
//   worker is replaced, and the front process never notices beyond that. The time limit counts from
//   the moment the worker starts the task (it says so first), not from when the task was handed to
//   a process that may still be starting: a cold worker on a loaded machine can spend longer than a
//   whole review's limit parsing the engine bundle. Start-up has its own, longer bound.
// - Cancellation: an aborted signal (client gone, LSP cancel, newer document version) removes a
//   queued task, drops one held in a worker behind another task (taskAhead.ts) there (its caller
//   answered at once, not when the task ahead ends), and
//   interrupts a running one in its worker (by its name, then signals, see `interruptUntilAnswered`),
//   which answers within milliseconds and stays warm; a worker that does not answer in time, or one
//   on Windows, is killed and replaced. Either way it is free for the next task at once.
// - Load shedding: at most `queueSize` tasks wait; one more is refused at once (SERVER_BUSY, 503,
//   with a Retry-After from the recent task durations).
// - Memory goes back: workers start on first use; after `idleMs` without any task, the workers
//   beyond one warm worker stop.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import workerpool from 'workerpool';
import type { Config } from '../engine/contracts/config';
import { CodewrightError } from '../engine/errors';
import type { OperationEvent, ProgressUpdate } from '../engine/engine';
import {
  INTERRUPT_BETWEEN_STAGES,
  RUN_TASK,
  type TaskEventMessage,
  type TaskRequest,
  type TaskResponse,
  type TaskStartedMessage,
} from './protocol';
import { poolSettings, taskTimeLimit, workerExecArgv, type PoolSettings } from './poolSettings';
import { TaskAhead, type AheadPool } from './taskAhead';
import { WatchedQueue } from './taskQueue';
import type { TaskTiming } from './taskTiming';
import type { TaskName, TaskPayload, TaskResult } from './workerTasks';

type WorkerPool = ReturnType<typeof workerpool.pool>;
/** workerpool keeps a task's options with it; the hand-over reads this one (taskAhead.ts). */
type ExecOptions = NonNullable<Parameters<WorkerPool['exec']>[2]> & { takesTaskBehind: boolean };

export interface PoolLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface RunOptions {
  signal?: AbortSignal;
  config: Readonly<Config>;
  roots: readonly string[];
  /** Checked by the worker for operations (CONTEXT_TOO_LONG). */
  contextTokens?: number;
  /** Receives the operation's progress events (code deltas) while it runs. */
  onEvent?: (event: OperationEvent) => void;
  /** Progress the task reports while it runs (project analysis), e.g. for LSP work-done progress. */
  onProgress?: (update: ProgressUpdate) => void;
  /** Receives where the task's time went, when the latency trace is on (taskTiming.ts). */
  onTiming?: (timing: TaskTiming) => void;
}

export interface PoolStats {
  running: number;
  busy: number;
  queued: number;
}

export interface EnginePoolOptions {
  settings?: Partial<PoolSettings>;
  /** The worker bundle (default: dist/engineWorker.js beside this bundle, or the repo's dist/). */
  workerScript?: string;
  log?: PoolLog;
  /**
   * How long a worker may take from being handed a task to starting it (process start-up and
   * loading the engine bundle); default 60 s. Past it the task fails with SERVER_BUSY.
   */
  startupLimitMs?: number;
}

const QUIET_LOG: PoolLog = { info: () => {}, warn: () => {}, error: () => {} };
/** How long a cancelled or timed-out worker may take to clean up before it is killed. */
const TERMINATE_GRACE_MS = 100;
/**
 * How long an interrupted task may take to answer before its worker is killed. Stages break at once;
 * this covers the unguarded rest of a task (a review's is ~1%), and is well under a cold worker's
 * start-up (~1 s on a quiet machine, several under load), which killing it would cost.
 */
const INTERRUPT_GRACE_MS = 500;
const INTERRUPT_REPEAT_MS = 50;
const DEFAULT_STARTUP_LIMIT_MS = 60_000;

export class EnginePool {
  readonly settings: PoolSettings;
  private readonly workerScript: string;
  private readonly log: PoolLog;
  private readonly startupLimitMs: number;
  private pool?: WorkerPool;
  /** Each pool's queue of waiting tasks (a pool is replaced when it shrinks). */
  private readonly queues = new WeakMap<WorkerPool, WatchedQueue>();
  /** Each pool's hand-over of a waiting task to a busy worker (taskAhead.ts). */
  private readonly ahead = new WeakMap<WorkerPool, TaskAhead>();
  private active = 0;
  private idleTimer?: NodeJS.Timeout;
  /** Recent task duration (exponential moving average), for Retry-After. */
  private averageMs = 1000;
  private closed = false;

  constructor(options: EnginePoolOptions = {}) {
    this.settings = poolSettings(options.settings);
    this.workerScript = options.workerScript ?? defaultWorkerScript();
    this.log = options.log ?? QUIET_LOG;
    this.startupLimitMs = options.startupLimitMs ?? DEFAULT_STARTUP_LIMIT_MS;
  }

  /** Runs a task in a worker process and resolves with its result, or rejects with a CodewrightError. */
  async run<K extends TaskName>(
    task: K,
    payload: TaskPayload<K>,
    options: RunOptions,
  ): Promise<TaskResult<K>> {
    let interrupted = false;
    for (let lost = 0; ;) {
      try {
        return await this.runOnce(task, payload, options);
      } catch (error) {
        // Handed to a worker behind another task, which died before it started this one (taskAhead.ts).
        if (error instanceof LostBehind) {
          if (++lost <= MAX_LOST_BEHIND) continue;
          throw error.failure;
        }
        // A task interrupted though its caller did not abort: a signal meant for the worker's previous
        // task reached it late (see `interruptUntilAnswered`). Rare, and the task had not done its work:
        // run it again.
        if (!isInterrupted(error) || options.signal?.aborted || interrupted) throw error;
        interrupted = true;
      }
    }
  }

  private async runOnce<K extends TaskName>(
    task: K,
    payload: TaskPayload<K>,
    options: RunOptions,
  ): Promise<TaskResult<K>> {
    if (this.closed)
      throw new CodewrightError('SERVER_BUSY', 'The engine is shutting down.', { retry_after: 1 });
    if (options.signal?.aborted) throw cancelled();
    const pool = this.ensurePool();
    const ahead = this.ahead.get(pool);
    const stats = pool.stats();
    const waiting = stats.pendingTasks + (ahead?.waiting() ?? 0);
    if (waiting >= this.settings.queueSize) throw this.busy(waiting);
    const timeLimitMs = taskTimeLimit(this.settings, task);
    const request: TaskRequest = {
      task,
      payload,
      config: options.config,
      roots: options.roots,
      timeLimitMs,
      contextTokens: options.contextTokens,
      stream: options.onEvent !== undefined,
      interruptible: options.signal !== undefined,
    };
    const stderr: string[] = [];
    const clock: TaskClock = { started: false, timedOut: false };
    // What waits behind it cannot run out of its start-up bound (taskAhead.ts).
    const takesTaskBehind = timeLimitMs <= this.startupLimitMs;
    const execOptions: ExecOptions = {
      takesTaskBehind,
      on: (
        event: { stdout?: string; stderr?: string; progress?: ProgressUpdate } & Partial<
          TaskEventMessage & TaskStartedMessage
        >,
      ) => {
        if (event.codewrightTaskStarted) {
          // The time limit runs from here; cancelling a running task interrupts or kills its worker.
          clock.started = true;
          clock.pid = event.pid;
          if (event.takesNextTask && event.pid !== undefined) ahead?.workerTakesNext(event.pid);
          // Cancelled before this, by a worker that cannot be interrupted: killed now, not at its limit.
          if (clock.interruptOnStart && event.pid === undefined) return void promise.cancel();
          if (clock.interruptOnStart && event.pid !== undefined) {
            // Cancelled before this: the grace runs from the interrupt, not from the cancel (a worker
            // slow to take the task on a busy machine is not one ignoring its interrupt).
            clearTimeout(clock.interruptGrace);
            clock.interruptGrace = setTimeout(() => void promise.cancel(), INTERRUPT_GRACE_MS);
            interruptUntilAnswered(clock, event.pid, interruptNamed);
          }
          clock.timer = setTimeout(() => {
            clock.timedOut = true;
            promise.cancel();
          }, timeLimitMs);
          return;
        }
        if (event.codewrightEvent) return options.onEvent?.(event.codewrightEvent);
        if (event.progress) {
          options.onProgress?.(event.progress);
          return;
        }
        const text = event.stderr ?? event.stdout;
        if (text) {
          stderr.push(text);
          this.log.warn(`engine worker: ${text.trimEnd()}`);
        }
      },
    };
    const promise = pool.exec(RUN_TASK, [request], execOptions);
    // The caller's answer, when it comes before the worker's: a held task cancelled (below).
    let answerEarly!: (error: unknown) => void;
    const early = new Promise<never>((_resolve, reject) => (answerEarly = reject));
    let answeredEarly = false;
    const release = () => {
      clearTimeout(clock.timer);
      clearTimeout(clock.interruptGrace);
      clearInterval(clock.interrupting);
    };
    // The interrupt that names this task, where its worker takes one (taskAhead.ts).
    const interruptNamed: NamedInterrupt = {
      send: () => ahead?.interrupt(promise) ?? false,
      sentSigint: (pid) => ahead?.sentSigint(pid, promise),
    };
    // The outer bound: workerpool starts this one when a worker takes the task (not while it waits
    // in the queue). It only fires first when the worker took longer than startupLimitMs to start.
    promise.timeout(this.startupLimitMs + timeLimitMs);
    // `void`: an EventTarget listener that returns a thenable has its rejection reported as uncaught.
    const abort = () => {
      // Still waiting for a worker: removed. Running where it cannot be interrupted: killed.
      if (!INTERRUPTS_WITHOUT_KILLING || this.queues.get(pool)?.holds(promise)) return void promise.cancel();
      if (clock.started && clock.pid === undefined) return void promise.cancel();
      // Running (or handed to a worker that has not said so yet): interrupted in its worker, which
      // answers at once and stays warm; killed only if it has not answered within the grace after
      // its interrupt (a part of the task no stage guards).
      // A worker that never says it started is killed after the start-up limit.
      const grace = clock.pid === undefined ? this.startupLimitMs : INTERRUPT_GRACE_MS;
      clock.interruptGrace = setTimeout(() => void promise.cancel(), grace);
      if (clock.pid !== undefined) return interruptUntilAnswered(clock, clock.pid, interruptNamed);
      // Not started: held behind another task, it is dropped there unless it starts first (then its
      // "started", already on its way, interrupts it as it would any task cancelled before that).
      clock.interruptOnStart = true;
      if (!ahead?.dropHeld(promise)) return void interruptNamed.send();
      // Its caller is answered now, not once the task ahead has answered: the worker's answer for
      // it ("interrupted", or a loss with its worker) goes nowhere, its timers stop with it.
      answeredEarly = true;
      void promise.then(release, release);
      answerEarly(cancelled());
    };
    options.signal?.addEventListener('abort', abort, { once: true });
    this.taskStarted();
    const started = Date.now();
    try {
      const response = (await Promise.race([promise, early])) as TaskResponse;
      if (response.timing) {
        options.onTiming?.({
          ...response.timing,
          busyAtDispatch: stats.busyWorkers,
          workersAtDispatch: stats.totalWorkers,
        });
      }
      this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - started);
      // A SIGINT sent for a task before it in this process did it no harm: forgotten.
      if (clock.pid !== undefined) ahead?.sigintForAnother(clock.pid, promise);
      return this.unwrap(task, response) as TaskResult<K>;
    } catch (error) {
      const explained = this.explain(task, error, timeLimitMs, stderr.join(''), options.signal, clock);
      // Lost with its worker before it started, or as it started by a SIGINT sent for the task ahead.
      const notItsOwn =
        !clock.started || (clock.pid !== undefined && ahead?.sigintForAnother(clock.pid, promise));
      if (notItsOwn && ahead?.wasBehind(promise) && lostWithWorker(error, options.signal)) {
        throw new LostBehind(explained);
      }
      throw explained;
    } finally {
      if (!answeredEarly) release();
      options.signal?.removeEventListener('abort', abort);
      this.taskEnded();
    }
  }

  stats(): PoolStats {
    if (!this.pool) return { running: 0, busy: 0, queued: 0 };
    const stats = this.pool.stats();
    const queued = stats.pendingTasks + (this.ahead.get(this.pool)?.waiting() ?? 0);
    return { running: stats.totalWorkers, busy: stats.busyWorkers, queued };
  }

  /** Stops every worker; running tasks are cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const pool = this.pool;
    this.pool = undefined;
    await pool?.terminate(true);
  }

  private ensurePool(): WorkerPool {
    this.pool ??= this.createPool();
    return this.pool;
  }

  private createPool(): WorkerPool {
    if (!existsSync(this.workerScript)) {
      throw new Error(`The engine worker ${this.workerScript} is missing: run \`npm run build\``);
    }
    const queue = new WatchedQueue();
    const pool = workerpool.pool(this.workerScript, {
      workerType: 'process',
      queueStrategy: queue,
      maxWorkers: this.settings.workers,
      minWorkers: 1,
      maxQueueSize: this.settings.queueSize,
      workerTerminateTimeout: TERMINATE_GRACE_MS,
      // Pipe the workers' output to us (into the log): inheriting it would write into the LSP stream.
      emitStdStreams: true,
      forkOpts: {
        // Replaces the parent's own flags (a test runner's loader, an inspector port).
        execArgv: workerExecArgv(this.settings.memoryMb),
        serialization: 'json',
      },
    });
    this.queues.set(pool, queue);
    if (INTERRUPTS_WITHOUT_KILLING) this.ahead.set(pool, new TaskAhead(pool as unknown as AheadPool, queue));
    return pool;
  }

  private taskStarted(): void {
    this.active++;
    clearTimeout(this.idleTimer);
  }

  private taskEnded(): void {
    this.active--;
    if (this.active > 0 || this.closed) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.shrink(), this.settings.idleMs);
    this.idleTimer.unref();
  }

  /**
   * Gives memory back after a quiet spell: the workers beyond one stop, and the one left is the
   * warm one. workerpool hands each task to the first idle worker of its list, so the first has
   * run the most tasks (its modules loaded, its code optimized); the others are removed one by one
   * through the pool's own removal (`_removeWorker`: the call it makes for a crashed worker), which
   * its public API does not offer. Should a later workerpool lack it, the whole idle pool is
   * replaced by a fresh one instead (the next task then pays a cold start).
   */
  private shrink(): void {
    const pool = this.pool;
    if (!pool || this.active > 0 || pool.stats().totalWorkers <= 1) return;
    const internals = pool as unknown as WorkerpoolInternals;
    if (Array.isArray(internals.workers) && typeof internals._removeWorker === 'function') {
      for (const worker of internals.workers.slice(1)) {
        if (!worker.busy()) void internals._removeWorker(worker).catch(() => undefined);
      }
    } else {
      this.pool = this.createPool();
      void pool.terminate();
    }
    this.log.info('engine pool idle: stopped the extra workers');
  }

  private busy(queued: number): CodewrightError {
    const perWorker = Math.ceil((queued + 1) / this.settings.workers);
    const retryAfter = Math.min(60, Math.max(1, Math.ceil((perWorker * this.averageMs) / 1000)));
    return new CodewrightError(
      'SERVER_BUSY',
      `The engine is busy (${queued} tasks waiting); try again in ${retryAfter} s.`,
      { retry_after: retryAfter },
    );
  }

  private unwrap(task: TaskName, response: TaskResponse): unknown {
    if (response.ok) return response.result;
    if ('error' in response) {
      throw new CodewrightError(response.error.code, response.error.message, response.error.details);
    }
    this.log.error(`engine task ${task} failed: ${response.internal.stack ?? response.internal.message}`);
    throw new InternalTaskError(response.internal.message, response.internal.stack);
  }

  /** Turns what workerpool rejected with into the error the doors report. */
  private explain(
    task: TaskName,
    error: unknown,
    timeLimitMs: number,
    stderr: string,
    signal: AbortSignal | undefined,
    clock: TaskClock,
  ): unknown {
    if (signal?.aborted && (isInterrupted(error) || !(error instanceof CodewrightError))) return cancelled();
    if (error instanceof CodewrightError || error instanceof InternalTaskError) return error;
    if (error instanceof workerpool.Promise.TimeoutError && !clock.started) {
      this.log.warn(
        `engine worker did not start the ${task} task within ${this.startupLimitMs} ms; worker replaced`,
      );
      return new CodewrightError(
        'SERVER_BUSY',
        `The engine worker did not start within ${seconds(this.startupLimitMs)} (the machine is busy); try again.`,
        { retry_after: 5 },
      );
    }
    if (error instanceof workerpool.Promise.CancellationError && !clock.timedOut) return cancelled();
    if (clock.timedOut || error instanceof workerpool.Promise.TimeoutError) {
      this.log.warn(`engine task ${task} ran past its time limit of ${timeLimitMs} ms; worker replaced`);
      return new CodewrightError(
        'ANALYSIS_LIMIT',
        `The ${task} task ran past its time limit of ${seconds(timeLimitMs)} and was stopped.`,
        { limit: 'time', limit_ms: timeLimitMs },
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    if (/Max queue size/.test(message)) return this.busy(this.settings.queueSize);
    if (/terminated unexpectedly/i.test(message)) {
      const exit = /exitCode: `([^`]*)`[\s\S]*signalCode: `([^`]*)`/.exec(message);
      const memory = /out of memory|heap limit|Allocation failed/i.test(stderr) || exit?.[2] === 'SIGABRT';
      this.log.warn(`engine worker died during ${task} (exit ${exit?.[1]}, signal ${exit?.[2]}); replaced`);
      return new CodewrightError(
        'ANALYSIS_LIMIT',
        memory
          ? `The ${task} task needed more memory than a worker's cap of ${this.settings.memoryMb} MB (or hit a fatal engine error) and was stopped.`
          : `The worker running the ${task} task crashed (exit code ${exit?.[1] ?? 'unknown'}); it was replaced.`,
        { limit: memory ? 'memory' : 'crash', memory_mb: this.settings.memoryMb },
      );
    }
    const stack = error instanceof Error ? error.stack : undefined;
    this.log.error(`engine task ${task} failed in the pool: ${stack ?? message}`);
    return new InternalTaskError(message, stack);
  }
}

/** What `shrink` uses of workerpool's pool beyond its typings (workerpool 10's `Pool.js`). */
interface WorkerpoolInternals {
  workers?: { busy(): boolean }[];
  _removeWorker?: (worker: unknown) => Promise<unknown>;
}

/** When a task started in its worker, and whether its time limit ran out (then the pool cancelled it). */
interface TaskClock {
  started: boolean;
  timedOut: boolean;
  timer?: NodeJS.Timeout;
  /** The worker process running the task, once it has started it. */
  pid?: number;
  /** After an interrupt: when the worker is killed if it has not answered. */
  interruptGrace?: NodeJS.Timeout;
  /** Cancelled after it was handed to a worker but before the worker said it started it. */
  interruptOnStart?: boolean;
  /** Sends SIGINT until the task answers (see `interruptUntilAnswered`). */
  interrupting?: NodeJS.Timeout;
}

/**
 * Whether a running task can be interrupted without killing its worker: signals, which a worker
 * turns into the task's interrupt (worker.ts). On Windows `process.kill(pid, 'SIGINT')` ends the
 * process, so there a cancelled task's worker is killed and replaced as before.
 */
export const INTERRUPTS_WITHOUT_KILLING = process.platform !== 'win32';

/** A task's interrupt by name in its worker (taskAhead.ts), and the record of a SIGINT sent for it. */
interface NamedInterrupt {
  /** False when the worker does not take one: then it is signalled. */
  send(): boolean;
  sentSigint(pid: number): void;
}

/**
 * Interrupts the task: at once between its stages (by its name where its worker takes that, else
 * INTERRUPT_BETWEEN_STAGES, which lands on whatever task the worker runs; either can be taken at any
 * moment), then, should it not have answered within INTERRUPT_REPEAT_MS (a stage is
 * running), with SIGINT, which breaks the stage, again every INTERRUPT_REPEAT_MS until it answers.
 * Once is not always enough: a SIGINT that lands just before a stage starts reaches the worker's
 * listener only after the stage, and the stage's own watchdog, set up as it starts, never saw it.
 * SIGINT is not sent first: a worker starts a stage right after saying it started the task, and a
 * SIGINT in the instant a stage starts or ends kills the process (see INTERRUPT_BETWEEN_STAGES);
 * by the first repeat, the worker has either answered, or taken the first signal and started no
 * stage since, or is deep inside a long stage, where SIGINT is what breaks it.
 */
function interruptUntilAnswered(clock: TaskClock, pid: number, named: NamedInterrupt): void {
  if (!named.send()) signal(pid, INTERRUPT_BETWEEN_STAGES);
  clock.interrupting ??= setInterval(() => {
    named.sentSigint(pid);
    signal(pid, 'SIGINT');
  }, INTERRUPT_REPEAT_MS);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone: workerpool reports the exit.
  }
}

/**
 * How often a task is handed on again after the worker it waited in died before starting it (each
 * time behind a task that was itself killed or crashed); past it, that failure is the answer.
 */
const MAX_LOST_BEHIND = 2;

/** A task that waited in a worker behind another one, and the worker died before starting it. */
class LostBehind extends Error {
  constructor(readonly failure: unknown) {
    super('lost with the worker ahead of it');
  }
}

/**
 * Whether the task failed because its worker went away (killed for the task ahead of it, or crashed):
 * not an answer of the worker, not the task's own bound, not its caller's cancel.
 */
function lostWithWorker(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted || error instanceof CodewrightError || error instanceof InternalTaskError) return false;
  return !(
    error instanceof workerpool.Promise.TimeoutError || error instanceof workerpool.Promise.CancellationError
  );
}

function isInterrupted(error: unknown): boolean {
  return error instanceof CodewrightError && error.details.issue === 'interrupted';
}

/** An unexpected failure inside a worker: the doors answer INTERNAL_ERROR and log the stack. */
export class InternalTaskError extends Error {
  constructor(
    message: string,
    readonly workerStack?: string,
  ) {
    super(message);
    this.name = 'InternalTaskError';
    if (workerStack) this.stack = workerStack;
  }
}

function cancelled(): CodewrightError {
  return new CodewrightError('UNPROCESSABLE', 'The task was cancelled.', { issue: 'cancelled' });
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** engineWorker.js beside the running bundle, or the repo's dist/ when running from sources. */
function defaultWorkerScript(): string {
  const beside = join(__dirname, 'engineWorker.js');
  return existsSync(beside) ? beside : resolve(__dirname, '..', '..', '..', 'dist', 'engineWorker.js');
}
