// Loops stepping by an enclosing loop's counter: `for j in range(i, n + 1, i)` inside
// `for i in range(1, n + 1)` (sieves, sums over multiples, the Möbius-style `f[i] -= f[j]` over
// multiples of i) run n / i times, and the passes over all i add up to n·(1 + 1/2 + … + 1/n) —
// the harmonic sum, O(n log n) — not n². Read per outer pass, the inner loop averages O(log n).
import type { LoopFlow } from '../model';
import type { Cost } from './cost';
import { splitArgs } from '../extract/boundText';
import { assignedPairs } from './traversal';
import type { Estimator, Walk } from './walk';

/** The header's step when it is a plain name: `range(a, b, i)`, `j += i`, `.step_by(i)`. */
export function stepName(header: string): string | undefined {
  const range = /\bx?range\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*:?\s*$/.exec(header)?.[1];
  if (range) {
    const args = range.split(',').map((a) => a.trim());
    return args.length === 3 && /^[A-Za-z_$][\w$]*$/.test(args[2]!) ? args[2] : undefined;
  }
  return (
    /[\w$\]]\s*\+=\s*([A-Za-z_$][\w$]*)\s*\)?\s*\{?\s*$/.exec(header)?.[1] ??
    /\.step_by\(\s*([A-Za-z_$][\w$]*)\s*\)/.exec(header)?.[1]
  );
}

/**
 * The enclosing counter `flow` steps by, when that counter runs over the same size `key` as
 * `flow` itself (so the passes over all its values form the harmonic sum).
 */
export function harmonicStep(est: Estimator, flow: LoopFlow, key: string, walk: Walk): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.code ?? '';
  // (or the other factor of a product capped by the bound: `d * y <= mx`, productLimits.ts)
  const step = stepName(header) ?? (flow.bound.kind === 'linear' ? flow.bound.multiples : undefined);
  if (!step || !walk.loopKeys.has(step)) return undefined;
  return walk.loopKeys.get(step) === key ? step : undefined;
}

/**
 * An enclosing loop's bound the header strides by: `for j in range(i, n, step)` with `step = 2 *
 * rows - 2` inside `for i in range(rows)` (a zigzag or a slanted read of a string) runs n / step
 * times per pass, and over the rows' passes rows · n / (2 · rows - 2) = O(n) — each position is
 * visited about once, not rows times. The stride is a literal multiple of the bound, plus or minus a
 * literal (`cols + 1`), written in the header or in one assignment of the function.
 */
export function strideByOuterBound(
  est: Estimator,
  flow: LoopFlow,
  key: string,
  walk: Walk,
): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.code ?? '';
  const range = /\bx?range\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*\)?\s*:?\s*$/.exec(header)?.[1];
  const args = range ? splitArgs(range) : [];
  if (args.length !== 3) return undefined;
  let stride = args[2]!.trim();
  if (/^[A-Za-z_$][\w$]*$/.test(stride)) {
    const writes = est.facts.statements.filter(
      (s) =>
        s.line > walk.unit.line &&
        s.line <= walk.unit.endLine &&
        s.kind === 'assignment' &&
        s.target?.split(',').some((t) => t.trim() === stride),
    );
    if (writes.length !== 1) return undefined;
    const paired = assignedPairs(writes[0]!).find(([n]) => n === stride)?.[1];
    if (!paired) return undefined;
    stride = paired;
  }
  const bound = /^(?:\d+\s*\*\s*)?([A-Za-z_$][\w$]*)(?:\s*[-+]\s*\d+)?$/.exec(
    stride.replace(/^\((.*)\)$/, '$1'),
  )?.[1];
  if (!bound) return undefined;
  const outer = est.resolveKey(bound, walk);
  if (outer === key) return undefined;
  return walk.iterations.some((it) => it.terms.some((t) => t.powers[outer] === 1)) ? outer : undefined;
}

/** The passes of a loop striding by an outer bound (strideByOuterBound): n / stride each time. */
export function stridePasses(est: Estimator, flow: LoopFlow, key: string, walk: Walk): Cost | undefined {
  const stride = strideByOuterBound(est, flow, key, walk);
  if (!stride) return undefined;
  const written = flow.bound.kind === 'linear' ? flow.bound.key : key;
  const why = `loop over \`${written}\` striding by a multiple of the outer bound \`${stride}\` (line ${flow.line}): ${written} / ${stride} passes, about one pass over \`${written}\` over all \`${stride}\` passes`;
  return { terms: [{ powers: { [key]: 1, [stride]: -1 }, logs: {}, why: [why] }], unknown: [] };
}
