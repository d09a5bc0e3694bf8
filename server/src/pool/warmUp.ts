// A fresh worker's first reviews run code V8 has not optimized yet: on a 2,263-line file its CPU
// per review falls from ~300 to ~100 ms over its first ~10 reviews (docs/benchmarks.md, s32-h8t),
// which is what a user meets in the first seconds of typing. Once a worker has answered a review of
// a JavaScript-family file, it therefore spends its idle time reviewing small built-in samples
// (warmUpSamples.ts) of that language with the same check types and context, so that its
// parser, scope analysis, rules and the code between them are optimized — and have seen many
// passes' shapes — before the user's next reviews. Each unit is one short review; a task arriving
// meanwhile waits only for the unit running (a few milliseconds once warm, never more than
// WARM_UP_UNIT_MS) and the rest waits until the worker is idle again. Other tasks and other languages start no warm-up.
import { isJsFamily } from '../engine/languages';
import type { ReviewInput } from '../engine/contracts/review';
import type { TaskRequest } from './protocol';
import { warmUpSamples } from './warmUpSamples';

/** Times each sample is reviewed: enough passes for V8 to optimize the review's hot code. */
export const WARM_UP_ROUNDS = 8;
/**
 * The longest a unit may run (its lint is stopped past it, as a stage over its budget is). Units
 * take 15–50 ms of CPU on a fresh worker and 4–10 ms once warm (load 14, s34-h8w).
 */
export const WARM_UP_UNIT_MS = 20;

/** Runs one warm-up review (the worker's own `reviewFindings` task on a sample). */
export type WarmUpReview = (input: ReviewInput, request: TaskRequest) => Promise<unknown>;

export class WarmUp {
  private readonly warmed = new Set<string>();
  private readonly units: (() => Promise<unknown>)[] = [];
  private busy = false;
  private scheduled = false;

  constructor(
    private readonly review: WarmUpReview,
    private readonly rounds = WARM_UP_ROUNDS,
    private readonly defer: (step: () => void) => void = setImmediate,
  ) {}

  /** A task is starting: no unit starts until it has ended. */
  taskStarted(): void {
    this.busy = true;
  }

  /** A task has answered: a first review of its kind queues that kind's warm-up; units resume. */
  taskEnded(request: TaskRequest, answered: boolean): void {
    this.busy = false;
    const input = answered ? reviewInput(request) : undefined;
    if (input) this.queue(input, request);
    this.schedule();
  }

  /** Warm-up units still to run. */
  get pending(): number {
    return this.units.length;
  }

  private queue(input: ReviewInput, request: TaskRequest): void {
    const key = [
      input.language,
      [...input.check_types].sort().join(','),
      input.context?.environment ?? '',
      input.context?.project_type ?? '',
    ].join('|');
    if (this.warmed.has(key)) return;
    this.warmed.add(key);
    const { check_types, context } = input;
    const samples = warmUpSamples(input.language);
    for (let round = 0; round < this.rounds; round++) {
      for (const code of samples) {
        this.units.push(() => this.review({ code, language: input.language, check_types, context }, request));
      }
    }
  }

  private schedule(): void {
    if (this.scheduled || this.busy || this.units.length === 0) return;
    this.scheduled = true;
    // A macrotask per unit: a task's message that arrived meanwhile is read before the next unit.
    this.defer(() => void this.step());
  }

  private async step(): Promise<void> {
    this.scheduled = false;
    if (this.busy) return;
    const unit = this.units.shift();
    if (!unit) return;
    try {
      await unit();
    } catch {
      // A sample that fails to review warms nothing more; the user's reviews report their own errors.
    }
    this.schedule();
  }
}

/** The review input of a JavaScript-family review task (the editor's or the API's), else undefined. */
function reviewInput({ task, payload }: TaskRequest): ReviewInput | undefined {
  const input =
    task === 'reviewFindings'
      ? (payload as { input?: ReviewInput } | undefined)?.input
      : task === 'review'
        ? (payload as ReviewInput | undefined)
        : undefined;
  if (!input || typeof input.language !== 'string' || !Array.isArray(input.check_types)) return undefined;
  return isJsFamily(input.language) ? input : undefined;
}
