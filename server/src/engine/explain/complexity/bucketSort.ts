// Sorting each bucket once: inside a loop over the buckets of a collection filled by appending to
// its elements (`d[name].push_back(t)`, `d[k] = append(d[k], x)`, `d.computeIfAbsent(k, ...).add(x)`),
// a sort of the bucket the loop is on (`for (auto& [k, ts] : d) sort(ts)`, `for i := range d {
// sort.Ints(d[i]) }`, `var ts = e.getValue(); Collections.sort(ts)`) sorts every bucket once. With
// N appends in all, the sizes k₁ + k₂ + … = N and Σ kᵢ log kᵢ ≤ N log N: one sort of everything,
// not buckets × a sort of the largest bucket.
import type { Flow } from '../model';
import { appendsToBuckets, bodyOf, currentBucket } from './buckets';
import { type Cost, add, constant, linearithmic, logarithmic, multiply } from './cost';
import type { Estimator, Walk } from './walk';

/**
 * How many entries the buckets get: the passes of the loops around each append in this function
 * (`d[name].push_back(t)` once per record → the records), when every append was walked already;
 * undefined otherwise (the appends are elsewhere, and the collection's own size is used).
 */
function appendCount(est: Estimator, walk: Walk, buckets: string): Cost | undefined {
  const unit = walk.unit;
  const appends = appendsToBuckets(est, buckets).filter((s) => s.kind !== 'loop');
  if (!appends.length || appends.some((s) => s.line < unit.line || s.line > unit.endLine)) return undefined;
  const loops = est.facts.statements.filter(
    (s) => s.kind === 'loop' && s.line >= unit.line && s.line <= unit.endLine,
  );
  const counts: Cost[] = [];
  for (const a of appends) {
    // The innermost loop holding the append (the one starting last before it and enclosing it).
    const holder = loops
      .filter((l) => l.line <= a.line && l.depth < a.depth && bodyOf(est, l).some((s) => s.line === a.line))
      .at(-1);
    if (!holder) {
      counts.push(constant());
      continue;
    }
    // (A loop walked apart, e.g. a traversal added once, may have no passes recorded: no count.)
    const passes = walk.loopPasses.get(holder.line);
    if (!passes || passes.unknown.length || !passes.terms.some((t) => Object.keys(t.powers).length))
      return undefined;
    counts.push(passes);
  }
  return add(...counts);
}

/**
 * A sort of the current bucket inside a loop over the buckets: its total, one sort of all entries,
 * is added once for the loop (times the loops outside it) and nothing per pass. Undefined when the
 * call is not such a sort.
 */
export function bucketSortCost(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  walk: Walk,
  sorted: string,
): Cost | undefined {
  const buckets = walk.loopLines.length ? currentBucket(est, walk.loopLines.at(-1), sorted) : undefined;
  if (!buckets) return undefined;
  const key = est.resolveKey(buckets, walk);
  const why = `\`${call.callee}\` sorts each bucket of \`${buckets}\` once (line ${call.line}): the buckets hold one entry per append, so all the sorts together are O(n log n) in the entries`;
  const entries = appendCount(est, walk, buckets);
  const total = entries ? multiply(entries, logarithmic(key, why)) : linearithmic(key, why);
  const outside = walk.iterations.slice(0, -1);
  walk.once.push(outside.reduce((a, b) => multiply(a, b), total));
  return constant();
}
