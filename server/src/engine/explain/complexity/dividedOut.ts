// Factors taken out over a loop of divisors: `for (int p = 2; p * p <= x; ++p) while (x % p == 0)
// x /= p;` divides `x` by each divisor as long as it divides it. Every pass of the inner loop
// divides `x` by at least two, and nothing in the outer loop sets `x` again, so all the inner
// passes together are at most log2 of its first value: they add up to O(log x) once, not O(log x)
// per divisor (the sixteenth round tried the `while` as logarithmic alone and multiplied it out,
// which moved seven answers to off by one or wrong).
import type { LoopFlow } from '../model';
import { blockEnd } from './traversal';
import type { Estimator } from './walk';

/**
 * True when `inner` divides a value by a divisor while it divides it (`while (x % p == 0) x /= p`)
 * and the loop `outer` around it never sets that value except by those divisions.
 */
export function dividedOut(est: Estimator, inner: LoopFlow, outer: LoopFlow): boolean {
  const bound = inner.bound;
  if (bound.kind !== 'log' || !bound.divisor) return false;
  const value = bound.key;
  const statements = est.facts.statements;
  const header = statements.find((s) => s.kind === 'loop' && s.line === inner.line);
  const outerHeader = statements.find((s) => s.kind === 'loop' && s.line === outer.line);
  if (!header || !outerHeader) return false;
  const innerEnd = inner.endLine ?? blockEnd(statements, header);
  const outerEnd = outer.endLine ?? blockEnd(statements, outerHeader);
  return !statements.some(
    (s) =>
      s.line > outer.line &&
      s.line <= outerEnd &&
      (s.line < inner.line || s.line > innerEnd) &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      (s.target ?? '').split(',').some((t) => t.trim() === value),
  );
}
