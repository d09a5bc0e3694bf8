// A large task (a 10,000-line refactor) leaves hundreds of MB of garbage that V8 collects only
// when a later task allocates again, so a worker's resident memory climbed with each such task: one
// 10,000-line `modernize` peaked at ~560 MB, three in a row in one process at 620–750 MB. Collecting
// once right after such a task has answered keeps each task's peak at its own. Small tasks (most
// reviews) leave little and are not made to pay for a full collection.
//
// A collection frees a large task's structures only if nothing V8 keeps for itself still reaches
// them. V8 keeps every map (hidden class) that optimized code was compiled against alive through
// its next two full collections (`--retain-maps-for-n-gc`, default 2), so that code need not be
// thrown away if an object of that shape comes again; a map holds its prototype. ESLint makes each
// rule's context with `Object.create(fileContext)`, and that frozen file context holds the pass's
// `SourceCode` (AST, tokens, scopes, traversal steps: ~60 MB at 5,000 lines, ~100 MB at 10,000).
// When a rule listener was optimized during a lint, the map of that lint's rule contexts was kept,
// and with it the whole `SourceCode`, through the collection after the task and the next task's
// first two: the heap after a 5,000-line `modernize` and a full collection held 105–137 MB instead
// of 74 MB, and three 10,000-line tasks in a row peaked higher each time (docs/refactor.md, "Eighth
// look (ESLint rounds)"). Which lint's maps were kept depended on which code V8 optimized when, so
// any change to the rounds could bring it back. A worker lives for many one-off tasks whose shapes
// die with the task, so it does not retain dead maps.
import { getHeapStatistics } from 'node:v8';

/** Heap in use after a task above which the worker collects before taking the next one. */
export const COLLECT_ABOVE_MB = 256;
/**
 * ...if that task itself added at least this much. Many small tasks also fill the heap past the
 * threshold (a worker reviewing a 2,263-line file as the user types: ~7 MB a review, past 256 MB
 * after ~16 reviews), and a full collection among them costs the next 2–3 reviews their optimized
 * code (about twice the CPU, docs/benchmarks.md s32-h8t and s34-h8w): those are left to V8, whose
 * old generation collects at half the worker's heap cap (poolSettings.ts). A 10,000-line
 * `modernize` adds ~150 MB, a 5,000-line one ~80, a review of 2,263 lines 0–40.
 */
export const COLLECT_GROWTH_MB = 64;

export { releaseDeadMapsPromptly } from '../engine/mapRetention';

/** Heap in use in bytes, to pass to `collectIfLarge` at the task's end. */
export function heapUsed(): number {
  return getHeapStatistics().used_heap_size;
}

/**
 * Whether a task left a large heap: more than COLLECT_ABOVE_MB in use, of which it added at least
 * COLLECT_GROWTH_MB since `usedAtStart` (bytes; 0 counts the whole heap as the task's).
 */
export function leftLargeHeap(used: number, usedAtStart = 0): boolean {
  const mb = 1024 * 1024;
  return used > COLLECT_ABOVE_MB * mb && used - usedAtStart >= COLLECT_GROWTH_MB * mb;
}

/** Input size (characters of code) from which an operation other than review is a large task. */
export const LARGE_INPUT_CHARS = 100_000;

/**
 * Whether a task should start on a collected heap: an operation other than review on a large input
 * (a `modernize` of ~4,000 lines or more). Reviews leave their garbage to V8 (COLLECT_GROWTH_MB), so
 * a worker that had served 40 reviews held ~560 MB and a 10,000-line `modernize` sent to it peaked
 * at ~665 MB instead of ~465 (s34-h8w). The editor's own tasks (reviews while typing, refactor
 * offers and outlines on every move) never do: a collection among them costs their optimized code.
 */
export function startsOnCollectedHeap(task: string, isOperation: boolean, inputChars: number): boolean {
  return isOperation && task !== 'review' && inputChars >= LARGE_INPUT_CHARS;
}

/** Runs a full collection when the task left a large heap and `--expose-gc` is set. */
export function collectIfLarge(usedAtStart = 0): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || !leftLargeHeap(heapUsed(), usedAtStart)) return false;
  gc();
  return true;
}

type Send = (message: unknown, ...rest: unknown[]) => boolean;

/**
 * Makes `target.send` (a worker process's channel to the pool) count the messages not yet written,
 * and returns a function that resolves once every message sent so far has been. A worker answers a
 * task by `process.send`, which writes what the pipe takes at once and the rest from the event
 * loop: a 10,000-line `modernize` answers ~700 KB, ten times a pipe's buffer, so a collection
 * started right after the send held the rest of the answer until it ended, and the caller waited
 * for it (docs/refactor.md, "Eighteenth look at 10,000 lines"). Sends that pass more than the
 * message (a handle, options, their own callback) are left as they are.
 */
export function trackSentMessages(target: { send?: Send }): () => Promise<void> {
  const send = target.send?.bind(target);
  if (!send) return () => Promise.resolve();
  let pending = 0;
  let waiting: (() => void)[] = [];
  const written = (): void => {
    if (--pending > 0) return;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve();
  };
  target.send = (message, ...rest) => {
    if (rest.length > 0) return send(message, ...rest);
    pending++;
    // Node calls back once the message is written, or with an error when it cannot be.
    return send(message, written);
  };
  return () => (pending === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)));
}

/**
 * The collection after each task (`collectIfLarge`), run once the task's answer has been written
 * (`trackSentMessages`). A task that starts before then is not held up: the check passes to it and
 * counts from the heap at the earlier task's start. Work due before the collection (`beforeCollect`:
 * the worker's shape anchor, shapeAnchor.ts) runs first, one unit per turn of the event loop, for as
 * long as it says it ran one; a task starting between two units takes the check over likewise.
 */
export class AfterTaskCollector {
  private started = 0;
  /** The heap in use when the earliest task not yet checked started. */
  private uncheckedSince: number | undefined;

  constructor(
    private readonly written: () => Promise<void>,
    private readonly collect: (usedAtStart: number) => unknown = collectIfLarge,
    private readonly defer: (step: () => void) => void = setImmediate,
    private readonly beforeCollect: (usedAtStart: number) => boolean = () => false,
  ) {}

  /** A task starts; returns its number for `taskEnded`. */
  taskStarted(): number {
    return ++this.started;
  }

  /** The heap was just collected (a large task starting): nothing earlier is owed a check. */
  collected(): void {
    this.uncheckedSince = undefined;
  }

  /** Task `task`, which started with `heapAtStart` bytes in use, is answering. */
  taskEnded(task: number, heapAtStart: number): void {
    const since = Math.min(heapAtStart, this.uncheckedSince ?? Infinity);
    this.uncheckedSince = since;
    // A later turn: workerpool sends the answer once the task's promise has settled.
    this.defer(() => void this.written().then(() => this.check(task, since)));
  }

  private check(task: number, since: number): void {
    if (task !== this.started) return;
    if (this.beforeCollect(since)) {
      this.defer(() => this.check(task, since));
      return;
    }
    this.uncheckedSince = undefined;
    this.collect(since);
  }
}

/**
 * How long a worker waits with no task before it collects a large heap. Reviews leave their garbage
 * to V8 (COLLECT_GROWTH_MB), so a worker that served a spell of typing holds up to about half its
 * cap; once the user has paused this long, the collection (and the re-optimization the next reviews
 * pay after it) costs nobody waiting, and the memory goes back to the user.
 */
export const IDLE_COLLECT_MS = 30_000;

/** Collects a large heap once the worker has been idle IDLE_COLLECT_MS after its last task. */
export class IdleCollector {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly delayMs = IDLE_COLLECT_MS,
    private readonly collect: () => unknown = () => collectIfLarge(),
  ) {}

  /** A task is starting: no idle collection until it has ended. */
  taskStarted(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A task has ended: collect if no other task starts within the delay. */
  taskEnded(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.collect();
    }, this.delayMs);
    // An idle worker with nothing else to do may still exit.
    this.timer.unref();
  }
}
