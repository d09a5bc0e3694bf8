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

/**
 * The line of the `yield` that makes each pass of `loop` one value: a `yield` at the top level of
 * its body, or one a loop nested in it (directly, not under a branch) yields per pass. `nested`
 * says the second: the outer loop moves on only once the inner one has yielded its values, so its
 * passes are spread over them (amortised, when the inner passes are not empty).
 */
export function yieldEachPass(
  est: Estimator,
  loop: LoopFlow,
  walk: Walk,
): { line: number; nested: boolean } | undefined {
  if (!walk.perValue || !walk.unit.isGenerator) return undefined;
  const direct = yieldLine(est, loop, walk.unit);
  if (direct !== undefined) return { line: direct, nested: false };
  for (const inner of loop.body) {
    if (inner.kind !== 'loop') continue;
    const found = yieldEachPass(est, inner, walk);
    if (found) return { line: found.line, nested: true };
  }
  return undefined;
}

function yieldLine(est: Estimator, loop: LoopFlow, unit: Unit): number | undefined {
  const header = est.facts.statements.find((s) => s.line === loop.line && s.kind === 'loop');
  if (!header) return undefined;
  const end = loop.endLine ?? unit.endLine;
  const inner = est.facts.statements.filter(
    (s) => s.line >= loop.line && s.line <= end && s.depth === header.depth + 1 && s !== header,
  );
  // A value produced as a statement (`yield x`) or as the value of one (`const jump = yield x`) —
  // not a nested loop whose own body yields (`for (const v of row) yield v;` on one line): a pass
  // of the outer loop runs that whole inner loop, one value per inner pass.
  return inner.find(
    (s) => s.kind === 'yield' || (s.kind !== 'loop' && /(^|[^\w$.])yield\b/.test(s.value ?? s.code)),
  )?.line;
}
