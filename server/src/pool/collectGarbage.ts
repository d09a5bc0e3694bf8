// A large task (a 10,000-line refactor) leaves hundreds of MB of garbage that V8 collects only
// when a later task allocates again, so a worker's resident memory climbed with each such task: one
// 10,000-line `modernize` peaked at ~560 MB, three in a row in one process at 620–750 MB. Collecting
// once right after such a task has answered keeps each task's peak at its own. Small tasks (most
// reviews) leave little and are not made to pay for a full collection.
import { getHeapStatistics } from 'node:v8';

/** Heap in use after a task above which the worker collects before taking the next one. */
export const COLLECT_ABOVE_MB = 256;

/** Runs a full collection when the heap holds more than the threshold and `--expose-gc` is set. */
export function collectIfLarge(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || getHeapStatistics().used_heap_size <= COLLECT_ABOVE_MB * 1024 * 1024) return false;
  gc();
  return true;
}
