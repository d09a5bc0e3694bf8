// A worker collects garbage after a task only when the heap is large and that task made it so, and
// only when `gc` is exposed; and V8 does not keep a finished task's structures alive through the maps of its optimized code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  COLLECT_ABOVE_MB,
  TASK_GROWTH_MB,
  collectIfLarge,
  heapInUse,
} from '../../../server/src/pool/collectGarbage';

const CHILD = path.join(__dirname, 'deadMapsChild.ts');
const MB = 1024 * 1024;

/** Runs deadMapsChild.ts in a fresh process and returns what it printed: `freed` or `held`. */
function deadMapsChild(mode: 'default' | 'released' | 'during' | 'during-none'): string {
  const child = spawnSync(
    process.execPath,
    ['--require', 'tsx/cjs', '--expose-gc', '--allow-natives-syntax', CHILD, mode],
    { encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(child.status, 0, child.stderr);
  return child.stdout;
}

describe('pool/collectGarbage', () => {
  const global = globalThis as { gc?: () => void };
  const original = global.gc;
  afterEach(() => {
    global.gc = original;
  });

  it('does nothing without --expose-gc', () => {
    global.gc = undefined;
    assert.equal(collectIfLarge(0, 400 * MB), false);
  });

  /** Whether a worker with `gc` exposed collects after a task that started and ended at these heaps. */
  function collectsAfter(startMb: number, endMb: number): boolean {
    let calls = 0;
    global.gc = () => {
      calls++;
    };
    const collected = collectIfLarge(startMb * MB, endMb * MB);
    assert.equal(calls, collected ? 1 : 0);
    return collected;
  }

  it('collects after a large task that left the heap large (a 10,000-line modernize)', () => {
    assert.equal(collectsAfter(77, COLLECT_ABOVE_MB + 20), true);
    assert.equal(collectsAfter(200, 200 + TASK_GROWTH_MB), true);
  });

  it('leaves a small heap to V8, even after a large task', () => {
    assert.equal(collectsAfter(75, COLLECT_ABOVE_MB), false);
  });

  it('leaves to V8 the garbage of many small tasks, once it has made the heap large', () => {
    // A small review on top of what earlier ones promoted: the heap is over the threshold, but this
    // task added little of it (a lodash module well under 1 MB, the 2,263-line file ~7 MB).
    assert.equal(collectsAfter(COLLECT_ABOVE_MB - 1, COLLECT_ABOVE_MB + 1), false);
    assert.equal(collectsAfter(300, 307), false);
    assert.equal(collectsAfter(300, 300 + TASK_GROWTH_MB - 1), false);
  });

  it('measures the heap now when not told it', () => {
    global.gc = () => {};
    assert.equal(collectIfLarge(heapInUse() + MB), false);
  });

  // Each in a fresh process: in the test run's own, code that other suites compiled and cached
  // could keep the structure alive or not depending on what ran before (it failed once on CI).
  describe('dead maps', () => {
    it("V8's default keeps a pass's structure through a full collection (the holder)", () => {
      assert.equal(deadMapsChild('default'), 'held');
    });

    it('a worker that does not retain dead maps frees it in the collection after the task', () => {
      assert.equal(deadMapsChild('released'), 'freed');
    });

    // A long task (modernize) keeps V8's default while it runs, so its optimized code survives the
    // task's own collections; the worker's collection after it still frees what the task built.
    it('retains dead maps inside retainingMapsDuring and releases them in the collection after it', () => {
      assert.equal(deadMapsChild('during'), 'held,freed');
    });

    it("leaves a process that never released dead maps at V8's default after the task", () => {
      assert.equal(deadMapsChild('during-none'), 'held,held');
    });
  });
});
