// A generator runs lazily: each `next()` resumes it and runs until the next `yield`. A loop that
// yields at the top level of its body therefore costs one pass per value asked for, whatever its
// bound (even `while (true)`). When the total of consuming every value is unbounded, that work per
// value is the generator's claim ("per value: …"); a bounded total stays the claim, and callers of a
// generator of the file are charged its total (they usually consume every value).
import type { LoopFlow } from '../model';
import type { Estimator, Walk } from './walk';

/** The line of a `yield` at the top level of the loop's body, if the loop has one. */
export function yieldEachPass(est: Estimator, loop: LoopFlow, walk: Walk): number | undefined {
  if (!walk.perValue || !walk.unit.isGenerator) return undefined;
  const header = est.facts.statements.find((s) => s.line === loop.line && s.kind === 'loop');
  if (!header) return undefined;
  const end = loop.endLine ?? walk.unit.endLine;
  const inner = est.facts.statements.filter(
    (s) => s.line > loop.line && s.line <= end && s.depth === header.depth + 1,
  );
  // A value produced as a statement (`yield x`) or as the value of one (`const jump = yield x`).
  return inner.find((s) => s.kind === 'yield' || /(^|[^\w$.])yield\b/.test(s.value ?? s.code))?.line;
}
