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
import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/** Heap in use after a task above which the worker collects before taking the next one. */
export const COLLECT_ABOVE_MB = 256;

/**
 * Stops V8 from keeping dead maps alive for later optimized code (see above), so that what a task
 * built is collectable once the task has answered. For a worker process (and the benches that
 * stand for one); the flag is read at each collection, so setting it at start-up is enough.
 */
export function releaseDeadMapsPromptly(): void {
  setFlagsFromString('--retain-maps-for-n-gc=0');
}

/**
 * Growth of the heap since the last full collection above which an idle worker collects: a share of
 * what that collection left, and at least this many MB (so a worker of small tasks is left alone).
 */
export const IDLE_COLLECT_GROWTH = 0.4;
export const IDLE_COLLECT_MIN_MB = 16;
/** How long a worker waits after a task before an idle collection, so a task queued behind it goes first. */
export const IDLE_COLLECT_DELAY_MS = 20;

const MB = 1024 * 1024;

/**
 * When the heap after a task calls for a full collection: `now` above COLLECT_ABOVE_MB (a large
 * task's garbage), `idle` once it has grown by IDLE_COLLECT_GROWTH over what the last full
 * collection left (`heapAfterCollection`, bytes), else undefined.
 */
export function collectionDue(usedBytes: number, heapAfterCollection: number): 'now' | 'idle' | undefined {
  if (usedBytes > COLLECT_ABOVE_MB * MB) return 'now';
  const growth = Math.max(heapAfterCollection * IDLE_COLLECT_GROWTH, IDLE_COLLECT_MIN_MB * MB);
  return usedBytes > heapAfterCollection + growth ? 'idle' : undefined;
}

const heapUsed = (): number => getHeapStatistics().used_heap_size;

/**
 * A worker's collections between its tasks. After each task (`afterTask`), a large heap is collected
 * at once (as `collectIfLarge`); a heap grown past IDLE_COLLECT_GROWTH is collected after
 * IDLE_COLLECT_DELAY_MS if `idle()` still holds then (no task started meanwhile), so that V8's own
 * full collection, which it runs when the heap reaches its limit, does not fall inside a later
 * task: a typing review of a 2,263-line file leaves ~7 MB in the old generation until V8 collects,
 * every ~12 reviews, in the middle of one (docs/benchmarks.md, s32-h8t).
 */
export class CollectBetweenTasks {
  /** What the last full collection left: the heap at start-up until then, lowered whenever the heap is found smaller (V8 collected on its own). */
  private heapAfterCollection: number;

  constructor(
    private readonly gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc,
    private readonly used: () => number = heapUsed,
  ) {
    this.heapAfterCollection = used();
  }

  /** Returns what it did or scheduled; nothing without `--expose-gc`. */
  afterTask(idle: () => boolean): 'now' | 'idle' | undefined {
    const gc = this.gc;
    if (!gc) return undefined;
    const used = this.used();
    this.heapAfterCollection = Math.min(this.heapAfterCollection, used);
    const due = collectionDue(used, this.heapAfterCollection);
    if (due === 'now') this.collect(gc);
    if (due === 'idle') {
      setTimeout(() => {
        if (idle()) this.collect(gc);
      }, IDLE_COLLECT_DELAY_MS).unref();
    }
    return due;
  }

  private collect(gc: () => void): void {
    gc();
    this.heapAfterCollection = this.used();
  }
}

/** Runs a full collection when the heap holds more than the threshold and `--expose-gc` is set. */
export function collectIfLarge(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || heapUsed() <= COLLECT_ABOVE_MB * MB) return false;
  gc();
  return true;
}
