// A worker collects garbage after a task only when the heap is large, and only when `gc` is exposed.
import assert from 'node:assert/strict';
import { getHeapStatistics } from 'node:v8';
import { COLLECT_ABOVE_MB, collectIfLarge } from '../../../server/src/pool/collectGarbage';

describe('pool/collectGarbage', () => {
  const global = globalThis as { gc?: () => void };
  const original = global.gc;
  afterEach(() => {
    global.gc = original;
  });

  it('does nothing without --expose-gc', () => {
    global.gc = undefined;
    assert.equal(collectIfLarge(), false);
  });

  it('leaves a small heap to V8 (most tasks), collects a large one', () => {
    let calls = 0;
    global.gc = () => {
      calls++;
    };
    const large = getHeapStatistics().used_heap_size > COLLECT_ABOVE_MB * 1024 * 1024;
    assert.equal(collectIfLarge(), large);
    assert.equal(calls, large ? 1 : 0);
  });
});
