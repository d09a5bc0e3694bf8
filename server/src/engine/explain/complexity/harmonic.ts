// Loops stepping by an enclosing loop's counter: `for j in range(i, n + 1, i)` inside
// `for i in range(1, n + 1)` (sieves, sums over multiples, the Möbius-style `f[i] -= f[j]` over
// multiples of i) run n / i times, and the passes over all i add up to n·(1 + 1/2 + … + 1/n) —
// the harmonic sum, O(n log n) — not n². Read per outer pass, the inner loop averages O(log n).
import type { LoopFlow } from '../model';
import type { Estimator, Walk } from './walk';

/** The header's step when it is a plain name: `range(a, b, i)`, `j += i`, `.step_by(i)`. */
export function stepName(header: string): string | undefined {
  const range = /\brange\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*:?\s*$/.exec(header)?.[1];
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
  const step = stepName(header);
  if (!step || !walk.loopKeys.has(step)) return undefined;
  return walk.loopKeys.get(step) === key ? step : undefined;
}
