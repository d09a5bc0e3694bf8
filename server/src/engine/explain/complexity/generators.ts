// A generator runs lazily: each `next()` resumes it and runs until the next `yield`. A loop that
// yields at the top level of its body therefore costs one pass per value asked for, whatever its
// bound (even `while (true)`). That work per value is the generator's claim ("per value: …"): the
// call itself runs nothing, and a total would depend on how many values are asked for (a bounded
// loop's count is often no input size either: `for (d = start; d <= end; d += step)` over dates).
// Callers of a generator of the file are charged its total (they usually consume every value).
import type { Flow, LoopFlow, Unit } from '../model';
import type { Estimator, Walk } from './walk';

/**
 * True when a loop of JS/TS generator `unit` yields on each of its passes (measured on JS/TS; a
 * Python generator keeps its total unless that is unbounded, estimate.ts).
 */
export function yieldsPerPass(est: Estimator, unit: Unit): boolean {
  if (!unit.isGenerator || !/^(javascript|typescript)$/.test(est.facts.language)) return false;
  const loops = (flows: Flow[]): LoopFlow[] =>
    flows.flatMap((f) =>
      f.kind === 'loop' ? [f, ...loops(f.body)] : f.kind === 'branch' ? f.arms.flatMap(loops) : [],
    );
  return loops(unit.body).some((l) => yieldLine(est, l, unit) !== undefined);
}

/** The line of a `yield` at the top level of the loop's body, if the loop has one. */
export function yieldEachPass(est: Estimator, loop: LoopFlow, walk: Walk): number | undefined {
  if (!walk.perValue || !walk.unit.isGenerator) return undefined;
  return yieldLine(est, loop, walk.unit);
}

function yieldLine(est: Estimator, loop: LoopFlow, unit: Unit): number | undefined {
  const header = est.facts.statements.find((s) => s.line === loop.line && s.kind === 'loop');
  if (!header) return undefined;
  const end = loop.endLine ?? unit.endLine;
  const inner = est.facts.statements.filter(
    (s) => s.line > loop.line && s.line <= end && s.depth === header.depth + 1,
  );
  // A value produced as a statement (`yield x`) or as the value of one (`const jump = yield x`).
  return inner.find((s) => s.kind === 'yield' || /(^|[^\w$.])yield\b/.test(s.value ?? s.code))?.line;
}
