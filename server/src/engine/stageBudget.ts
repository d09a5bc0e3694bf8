// Time budgets for the synchronous stages of an operation (one ESLint pass, one tree-sitter rule,
// the verification of fixed_code). A stage that runs past its budget is interrupted, recorded in
// `skipped`, and the operation goes on with what the other stages found: "degrade, don't fail".
//
// Interrupting synchronous JavaScript (a catastrophic regex inside a lint rule, a runaway loop) needs
// V8's TerminateExecution; `vm.Script#runInThisContext({ timeout })` is Node's public door to it and
// works inside regex backtracking and WebAssembly too. This guards the *stages*; the process pool's
// hard time limit (which kills the worker) stays the backstop for everything else.
//
// The same door lets a worker drop a task it was told to drop (a superseded review) without dying:
// with `interrupt`, a stage also breaks on SIGINT (`breakOnSigint`), and a stage asked to start
// after the signal has aborted does not run. Either way `run` throws `TaskInterrupted`, which ends
// the operation; the worker answers at once and stays warm for the next task.
import { Script } from 'node:vm';
import type { SkippedStage } from './contracts/common';
import { CodewrightError } from './errors';

/** Thrown out of `run` only when the operation as a whole has no time left. */
const TIMED_OUT = Symbol('timed out');

// One compiled script reused for every guarded call: it calls whatever function is parked here.
const CALL_PARKED = new Script('globalThis.__codewrightStage()');
declare global {
  var __codewrightStage: (() => unknown) | undefined;
}

export interface StageBudgetOptions {
  /** Epoch milliseconds by which the whole operation must be done; undefined: no limit. */
  deadline?: number;
  /** The share of the time left that one stage may take (default 0.5), so the rest can still run. */
  stageShare?: number;
  now?: () => number;
  /**
   * Aborted when the task is to be dropped; stages then break on SIGINT too (the signal the pool
   * sends to interrupt a running stage, whose listener aborts this).
   */
  interrupt?: AbortSignal;
}

/** Thrown out of `run` when the task was interrupted: the operation ends, nothing is skipped. */
export class TaskInterrupted extends CodewrightError {
  constructor() {
    super('UNPROCESSABLE', 'The task was cancelled.', { issue: 'interrupted' });
  }
}

export class StageBudget {
  readonly skipped: SkippedStage[] = [];
  private readonly deadline: number | undefined;
  private readonly stageShare: number;
  private readonly now: () => number;
  private readonly interrupt: AbortSignal | undefined;
  private depth = 0;

  constructor(options: StageBudgetOptions = {}) {
    this.deadline = options.deadline;
    this.stageShare = options.stageShare ?? 0.5;
    this.now = options.now ?? Date.now;
    this.interrupt = options.interrupt;
  }

  /** A budget without a deadline: stages run unguarded (direct calls, as in unit tests). */
  static unlimited(): StageBudget {
    return new StageBudget();
  }

  /** Milliseconds one stage may take now, or undefined when there is no deadline. */
  stageMs(): number | undefined {
    if (this.deadline === undefined) return undefined;
    return Math.max(1, Math.floor((this.deadline - this.now()) * this.stageShare));
  }

  /**
   * Runs a synchronous stage within its budget. Returns its result, or `StageBudget.TIMED_OUT` after
   * recording the stage as skipped. Nested calls run inside the outer stage's budget.
   */
  run<T>(stage: string | (() => string), fn: () => T): T | typeof TIMED_OUT {
    const ms = this.stageMs();
    if (ms === undefined || this.depth > 0) return fn();
    if (this.interrupt?.aborted) throw new TaskInterrupted();
    const started = this.now();
    let result: T | undefined;
    globalThis.__codewrightStage = () => {
      result = fn();
    };
    this.depth++;
    try {
      CALL_PARKED.runInThisContext({ timeout: ms, breakOnSigint: this.interrupt !== undefined });
      return result as T;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') throw new TaskInterrupted();
      if (code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      this.skip(
        typeof stage === 'function' ? stage() : stage,
        `ran past its time budget of ${formatMs(ms)} (stopped after ${formatMs(this.now() - started)})`,
      );
      return TIMED_OUT;
    } finally {
      this.depth--;
      globalThis.__codewrightStage = undefined;
    }
  }

  /** Records a stage left out for another reason (e.g. a pre-check). */
  skip(stage: string, reason: string): void {
    this.skipped.push({ stage, reason });
  }

  /** The `skipped` field for an operation's output: absent when nothing was skipped. */
  report(): { skipped?: SkippedStage[] } {
    return this.skipped.length > 0 ? { skipped: [...this.skipped] } : {};
  }

  static readonly TIMED_OUT: typeof TIMED_OUT = TIMED_OUT;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
