// A large task (a 10,000-line refactor) leaves hundreds of MB of garbage that V8 collects only
// when a later task allocates again, so a worker's resident memory climbed with each such task: one
// 10,000-line `modernize` peaked at ~560 MB, three in a row in one process at 620–750 MB. Collecting
// once right after such a task has answered keeps each task's peak at its own. Small tasks (most
// reviews) leave little and are not made to pay for a full collection, also when the garbage they
// left together has grown the heap past the threshold: V8 collects that at its own limit.
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
 * How much a task must have grown the heap itself for the worker to collect after it. A 10,000-line
 * `modernize` grows it by ~155 MB, a 5,000-line one by ~80 MB; a review of a 2,263-line file by ~7 MB,
 * of a small module by well under 1 MB. Without this, the garbage that many small tasks promote
 * (V8 collects it at the old generation's floor, poolSettings.ts) crossed COLLECT_ABOVE_MB every
 * ~650 lodash modules, and each small task that crossed it paid a full collection after it, and the
 * next tasks the recompilation of the code that collection threw away (dead maps are not retained):
 * docs/benchmarks.md, s34-h8s.
 */
export const TASK_GROWTH_MB = 64;

export { releaseDeadMapsPromptly } from '../engine/mapRetention';

/** The heap in use now (bytes), to be given to `collectIfLarge` after the task that starts now. */
export function heapInUse(): number {
  return getHeapStatistics().used_heap_size;
}

/**
 * Runs a full collection when the heap holds more than COLLECT_ABOVE_MB, the task that just ended
 * grew it by TASK_GROWTH_MB or more (from `usedAtStart`, what `heapInUse` gave when it started), and
 * `--expose-gc` is set.
 */
export function collectIfLarge(usedAtStart: number, used = heapInUse()): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  const large = used > COLLECT_ABOVE_MB * MB && used - usedAtStart >= TASK_GROWTH_MB * MB;
  if (!gc || !large) return false;
  gc();
  return true;
}

const MB = 1024 * 1024;
