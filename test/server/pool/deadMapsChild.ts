// Run by collectGarbage.test.ts in a fresh process (`--expose-gc --allow-natives-syntax`), so that
// nothing else the test run compiled, cached or optimized can keep the structure alive: builds
// ESLint's shape in small, collects once, and prints whether the structure survived.
//
// Usage: node --require tsx/cjs --expose-gc --allow-natives-syntax deadMapsChild.ts
//   default|released|during|during-none
// `during` runs the pass inside `retainingMapsDuring` and collects there too, printing whether the
// structure survived that collection and then the one after the task (`held,freed` expected);
// `during-none` is the same in a process that never released dead maps.
import { setFlagsFromString } from 'node:v8';
import { retainingMapsDuring } from '../../../server/src/engine/mapRetention';
import { releaseDeadMapsPromptly } from '../../../server/src/pool/collectGarbage';

/**
 * Contexts made with `Object.create` of a frozen object that holds a large structure (the pass's
 * SourceCode), read by a function V8 optimizes against their map. Returns a weak reference to the
 * large structure once nothing of ours holds it any more (none when `weak` is false).
 */
function lintLikePass(nodes = 50000, weak = true): WeakRef<object> | undefined {
  // Optimizing on request makes the map end up in optimized code every time, not when V8 decides.
  return new Function(`
    const sourceCode = { nodes: Array.from({ length: ${nodes} }, (_, index) => ({ index })) };
    const fileContext = Object.freeze({ sourceCode });
    const contexts = [1, 2, 3].map((id) => Object.freeze(Object.assign(Object.create(fileContext), { id })));
    const listener = (context) => context.id + context.sourceCode.nodes.length;
    %PrepareFunctionForOptimization(listener);
    contexts.forEach(listener);
    %OptimizeFunctionOnNextCall(listener);
    contexts.forEach(listener);
    return ${weak} ? new WeakRef(sourceCode) : undefined;
  `)() as WeakRef<object> | undefined;
}

const gc = (globalThis as { gc?: () => void }).gc!;
const mode = process.argv[2];
if (mode === 'released' || mode === 'during') releaseDeadMapsPromptly();
else setFlagsFromString('--retain-maps-for-n-gc=2');
if (mode === 'during' || mode === 'during-none') {
  // A WeakRef's target is kept until the job that made it ends, so the collection inside the task
  // is read from the heap instead: 500,000 nodes, ~10 MB, and no WeakRef to them.
  const heapAfterCollection = (): number => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = heapAfterCollection();
  const survived = (): string => (heapAfterCollection() - before > 4_000_000 ? 'held' : 'freed');
  const inside = retainingMapsDuring(() => {
    lintLikePass(500_000, false);
    return survived();
  });
  setImmediate(() => process.stdout.write(`${inside},${survived()}`));
} else {
  const held = lintLikePass()!;
  // A WeakRef's target is kept until the job that made it ends, so collect on a later turn.
  setImmediate(() => {
    gc();
    process.stdout.write(held.deref() === undefined ? 'freed' : 'held');
  });
}
