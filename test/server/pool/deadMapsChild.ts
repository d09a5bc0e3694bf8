// Run by collectGarbage.test.ts in a fresh process (`--expose-gc --allow-natives-syntax`), so that
// nothing else the test run compiled, cached or optimized can keep the structure alive: builds
// ESLint's shape in small, collects once, and prints whether the structure survived.
//
// Usage: node --require tsx/cjs --expose-gc --allow-natives-syntax deadMapsChild.ts
//   default|released|during|during-none|small-source|large-source|after-review|after-review-timeout
// `during` runs the pass inside `retainingMapsDuring` and collects there too, printing whether the
// structure survived that collection and then the one after the task (`held,freed` expected);
// `during-none` is the same in a process that never released dead maps; `small-source` and
// `large-source` run it inside `retainingMapsForSource` for a source just under and at its threshold.
// `after-review` and `after-review-timeout` review a small file first (its lint keeps V8's retention,
// stopped by its stage budget or not) and print whether a pass after it is freed.
import { setFlagsFromString } from 'node:v8';
import {
  RETAIN_MAPS_BELOW_CHARS,
  retainingMapsDuring,
  retainingMapsForSource,
} from '../../../server/src/engine/mapRetention';
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
const retaining: Record<string, <T>(work: () => T) => T> = {
  during: retainingMapsDuring,
  'during-none': retainingMapsDuring,
  'small-source': (work) => retainingMapsForSource(RETAIN_MAPS_BELOW_CHARS - 1, work),
  'large-source': (work) => retainingMapsForSource(RETAIN_MAPS_BELOW_CHARS, work),
};
if (mode === 'default' || mode === 'during-none') setFlagsFromString('--retain-maps-for-n-gc=2');
else releaseDeadMapsPromptly();
const during = mode ? retaining[mode] : undefined;
if (during) {
  // A WeakRef's target is kept until the job that made it ends, so the collection inside the task
  // is read from the heap instead: 500,000 nodes, ~10 MB, and no WeakRef to them.
  const heapAfterCollection = (): number => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = heapAfterCollection();
  const survived = (): string => (heapAfterCollection() - before > 4_000_000 ? 'held' : 'freed');
  const inside = during(() => {
    lintLikePass(500_000, false);
    return survived();
  });
  setImmediate(() => process.stdout.write(`${inside},${survived()}`));
} else {
  if (mode === 'after-review' || mode === 'after-review-timeout')
    reviewFirst(mode === 'after-review-timeout');
  const held = lintLikePass()!;
  // A WeakRef's target is kept until the job that made it ends, so collect on a later turn.
  setImmediate(() => {
    gc();
    process.stdout.write(held.deref() === undefined ? 'freed' : 'held');
  });
}

/** Reviews a small file, its lint stopped by the stage budget when `timeOut`. */
function reviewFirst(timeOut: boolean): void {
  // Loaded only in these modes: ESLint is heavy.
  const { reviewJavaScript } =
    require('../../../server/src/engine/review/javascript/analyser') as typeof import('../../../server/src/engine/review/javascript/analyser');
  const { StageBudget } =
    require('../../../server/src/engine/stageBudget') as typeof import('../../../server/src/engine/stageBudget');
  const { CHECK_TYPES } =
    require('../../../server/src/engine/contracts/review') as typeof import('../../../server/src/engine/contracts/review');
  const code = Array.from(
    { length: 150 },
    (_, i) => `function f${i}(a) { return a.map((x) => x * ${i}); }`,
  ).join('\n');
  if (code.length >= RETAIN_MAPS_BELOW_CHARS) throw new Error('the review must be of a small file');
  // A deadline 1 ms away gives the stage 1 ms: the lint is stopped, named and left out.
  const budget = new StageBudget({ deadline: Date.now() + (timeOut ? 1 : 60_000) });
  reviewJavaScript(code, 'javascript', { checkTypes: [...CHECK_TYPES], budget });
  if (timeOut !== budget.skipped.length > 0)
    throw new Error(`expected the lint ${timeOut ? '' : 'not '}to be stopped`);
}
