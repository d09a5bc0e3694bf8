// One task ahead per worker. workerpool hands a worker its next task only once the front has read
// the worker's answer, so between two tasks each worker sits idle for a round trip: its answer
// written, the front woken to read and parse it, the next request written, the worker woken to
// read it. With every worker busy and tasks waiting (the API under load, a workspace review with
// more files than workers), a worker that has said it can (`TaskStartedMessage.takesNextTask`) is
// handed the first waiting task while it still runs one; it starts it the moment it has answered
// (worker.ts), and the front reads that answer while the next task already runs.
//
// Only behind a task whose time limit is within the start-up bound (so the task behind it, whose
// outer bound counts from being handed over, cannot run out of it while it waits), in a worker that
// interrupts a task by name (`interrupt`): a cancel reaches the task it is for, the one running or
// the one waiting behind it, never the other. A new worker still starting takes precedence
// (workerpool starts one before looking at busy ones), and no worker holds more than one task
// waiting. A task handed ahead waits in the pool's count of waiting tasks (load shedding is
// unchanged); should the worker ahead of it die (its task past the time limit, a crash), the task
// had not started and is run again. A held task whose caller cancels is answered "cancelled" at
// once; it stays in its worker only to be dropped there unstarted (`dropHeld`), counted neither as
// waiting nor as the task a worker already holds.
import { INTERRUPT_TASK } from './protocol';
import type { WatchedQueue } from './taskQueue';

interface HandedTask {
  options?: { takesTaskBehind?: boolean };
  resolver?: { promise?: unknown };
}

/** What this uses of workerpool's pool and worker handlers beyond their typings (workerpool 10). */
export interface AheadHandler {
  worker?: { pid?: number; ready?: boolean; send?: (message: unknown) => unknown };
  processing?: Record<string, HandedTask | undefined>;
  tracking?: Record<string, unknown>;
  cleaning?: boolean;
  terminated?: boolean;
  terminating?: boolean;
}

export interface AheadPool {
  workers?: AheadHandler[];
  _getWorker?: () => AheadHandler | null;
}

export class TaskAhead {
  /** Worker processes that said they take a next task while running one. */
  private readonly capable = new Set<number>();
  /** Tasks (what `exec` returned) handed to a worker behind another task. */
  private readonly behind = new WeakSet<object>();
  /**
   * Held tasks whose caller has been answered "cancelled": each waits in its worker only to be
   * dropped there, unstarted, so it is no longer counted as waiting, and does not keep its worker
   * from holding the next task.
   */
  private readonly dropped = new WeakSet<object>();
  /** Each worker process's last SIGINT and the task it was sent for (`sentSigint`). */
  private readonly sigints = new Map<number, object>();
  private readonly installed: boolean;
  /** Ids of the interrupt messages, below workerpool's (which count up from 1), so no answer is mistaken for a task's. */
  private interrupts = 0;

  /**
   * Takes over the pool's choice of worker when every worker is busy. Without the internals it
   * needs (another workerpool), nothing changes: tasks wait in the queue as before.
   */
  constructor(
    private readonly pool: AheadPool,
    private readonly queue: WatchedQueue,
  ) {
    const choose = pool._getWorker;
    this.installed = typeof choose === 'function' && Array.isArray(pool.workers);
    if (!this.installed) return;
    pool._getWorker = () => choose!.call(pool) ?? this.workerToHoldNext();
  }

  /** A worker process said it takes a next task while it runs one. */
  workerTakesNext(pid: number): void {
    this.capable.add(pid);
  }

  /** Whether the task (what `exec` returned) was handed to its worker behind another one. */
  wasBehind(task: object): boolean {
    return this.behind.has(task);
  }

  /**
   * Interrupts a task (what `exec` returned) in the worker it was handed to, by its request id: held
   * behind another task, it is dropped there; running, it stops at its next stage. False when that
   * cannot be done (no such worker, or one that has not said it knows its tasks' ids): then the
   * pool signals the process, as for a worker that runs one task at a time.
   */
  interrupt(task: object): boolean {
    if (!this.installed) return false;
    for (const handler of this.pool.workers!) {
      const pid = handler.worker?.pid;
      if (pid === undefined || !this.capable.has(pid) || typeof handler.worker?.send !== 'function') continue;
      for (const [id, handed] of Object.entries(handler.processing ?? {})) {
        if (handed?.resolver?.promise !== task) continue;
        handler.worker.send({ id: --this.interrupts, method: INTERRUPT_TASK, params: [Number(id)] });
        return true;
      }
    }
    return false;
  }

  /**
   * Drops a task (what `exec` returned) handed to its worker behind another one and not started
   * there: named to its worker, which answers it "interrupted" without starting it once the task
   * ahead has answered. From here on it is not waiting (`waiting`, `canHoldNext`), so its caller can
   * be answered at once. False when it was not handed over behind another task, or its worker does
   * not take a named interrupt.
   */
  dropHeld(task: object): boolean {
    if (!this.behind.has(task) || !this.interrupt(task)) return false;
    this.dropped.add(task);
    return true;
  }

  /** The pool sent SIGINT to a worker process to break the stage of `task` (what `exec` returned). */
  sentSigint(pid: number, task: object): void {
    this.sigints.set(pid, task);
  }

  /**
   * Whether the worker process's last SIGINT was sent for another task than `task`: one that landed
   * as the task behind it started a stage, where it can end the process (protocol.ts). Read once by
   * the next task to end in that process; the task it was sent for leaves it there (that task's
   * answer is read before the loss of the one behind it, and SIGINTs sent before it may land later).
   */
  sigintForAnother(pid: number, task: object): boolean {
    const sentFor = this.sigints.get(pid);
    if (sentFor === undefined || sentFor === task) return false;
    this.sigints.delete(pid);
    return true;
  }

  /** Tasks handed to a worker that has not started them yet and still to run (they count as waiting). */
  waiting(): number {
    if (!this.installed) return 0;
    return this.pool.workers!.reduce((sum, handler) => sum + Math.max(0, this.live(handler).length - 1), 0);
  }

  private workerToHoldNext(): AheadHandler | null {
    const next = this.queue.peek();
    if (!next) return null;
    const handler = this.pool.workers!.find((candidate) => this.canHoldNext(candidate));
    if (!handler) return null;
    this.behind.add(next.resolver.promise);
    return handler;
  }

  private canHoldNext(handler: AheadHandler): boolean {
    const pid = handler.worker?.pid;
    if (pid === undefined || !this.capable.has(pid) || !handler.worker?.ready) return false;
    if (handler.cleaning || handler.terminated || handler.terminating) return false;
    if (Object.keys(handler.tracking ?? {}).length > 0) return false;
    const tasks = this.live(handler);
    return tasks.length === 1 && tasks[0]?.options?.takesTaskBehind === true;
  }

  /** The tasks a worker runs or holds, but for the dropped ones (they answer without running). */
  private live(handler: AheadHandler): (HandedTask | undefined)[] {
    return Object.values(handler.processing ?? {}).filter((task) => {
      const promise = task?.resolver?.promise;
      return !(typeof promise === 'object' && promise !== null && this.dropped.has(promise));
    });
  }
}
