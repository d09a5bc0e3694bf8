// A worker collects garbage after a task only when the heap is large, and only when `gc` is exposed;
// and V8 does not keep a finished task's structures alive through the maps of its optimized code.
import assert from 'node:assert/strict';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  COLLECT_ABOVE_MB,
  collectIfLarge,
  releaseDeadMapsPromptly,
} from '../../../server/src/pool/collectGarbage';

/**
 * ESLint's shape in small: contexts made with `Object.create` of a frozen object that holds a large
 * structure (the pass's SourceCode), read by a function V8 optimizes against their map. Returns a
 * weak reference to the large structure once nothing of ours holds it any more.
 */
function lintLikePass(): WeakRef<object> {
  // Optimizing on request makes the map end up in optimized code every time, not when V8 decides.
  setFlagsFromString('--allow-natives-syntax');
  return new Function(`
    const sourceCode = { nodes: Array.from({ length: 50000 }, (_, index) => ({ index })) };
    const fileContext = Object.freeze({ sourceCode });
    const contexts = [1, 2, 3].map((id) => Object.freeze(Object.assign(Object.create(fileContext), { id })));
    const listener = (context) => context.id + context.sourceCode.nodes.length;
    %PrepareFunctionForOptimization(listener);
    contexts.forEach(listener);
    %OptimizeFunctionOnNextCall(listener);
    contexts.forEach(listener);
    return new WeakRef(sourceCode);
  `)() as WeakRef<object>;
}

/** A full collection, with or without --expose-gc. */
function fullCollection(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** A turn of the event loop: a WeakRef's target is kept until the job that made it ends. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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

  describe('dead maps', () => {
    after(() => setFlagsFromString('--retain-maps-for-n-gc=2'));

    it("V8's default keeps a pass's structure through a full collection (the holder)", async () => {
      setFlagsFromString('--retain-maps-for-n-gc=2');
      const held = lintLikePass();
      await nextTurn();
      fullCollection();
      assert.notEqual(held.deref(), undefined);
    });

    it('a worker that does not retain dead maps frees it in the collection after the task', async () => {
      releaseDeadMapsPromptly();
      const held = lintLikePass();
      await nextTurn();
      fullCollection();
      assert.equal(held.deref(), undefined);
    });
  });
});
