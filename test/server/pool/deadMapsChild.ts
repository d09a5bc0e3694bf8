// Run by collectGarbage.test.ts in a fresh process (`--expose-gc --allow-natives-syntax`), so that
// nothing else the test run compiled, cached or optimized can keep the structure alive: builds
// ESLint's shape in small, collects once, and prints whether the structure survived.
//
// Usage: node --require tsx/cjs --expose-gc --allow-natives-syntax deadMapsChild.ts default|released
import { setFlagsFromString } from 'node:v8';
import { releaseDeadMapsPromptly } from '../../../server/src/pool/collectGarbage';

/**
 * Contexts made with `Object.create` of a frozen object that holds a large structure (the pass's
 * SourceCode), read by a function V8 optimizes against their map. Returns a weak reference to the
 * large structure once nothing of ours holds it any more.
 */
function lintLikePass(): WeakRef<object> {
  // Optimizing on request makes the map end up in optimized code every time, not when V8 decides.
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

const mode = process.argv[2];
if (mode === 'released') releaseDeadMapsPromptly();
else setFlagsFromString('--retain-maps-for-n-gc=2');
const held = lintLikePass();
// A WeakRef's target is kept until the job that made it ends, so collect on a later turn.
setImmediate(() => {
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write(held.deref() === undefined ? 'freed' : 'held');
});
