// Loops whose condition caps a product of two names: `while k * cnt < n` with `cnt *= 10` and
// `k++` (Nth Digit: the digits of all numbers up to k digits long), `for d := 1; d*y <= mx; d++`
// (the multiples of `y` up to `mx`). Neither factor is bounded alone; the product is.
import type { LoopBound } from '../model';
import { collectionKey, measureOf } from './boundText';
import { stepsUp } from './counterSums';
import { multipliedVariable, writesOf } from './loopSteps';

/** A C-style widening cast before a factor: Java `(long) k * cnt`, C `(long long) k * cnt`. */
const CAST = String.raw`(?:\(\s*(?:long\s+long|long|int|double)\s*\)\s*)?`;
const PRODUCT = new RegExp(
  String.raw`^\(?\s*${CAST}([A-Za-z_$][\w$]*)\s*\*\s*${CAST}([A-Za-z_$][\w$]*)\s*\)?\s*(?:<=|<)\s*(.+)$`,
);

/** The two factors of a condition `a * b < limit` (`<=`), and the limit; undefined for other conditions. */
export function productCondition(cond: string): { factors: [string, string]; limit: string } | undefined {
  const m = PRODUCT.exec(cond.trim());
  return m && m[1] !== m[2] ? { factors: [m[1]!, m[2]!], limit: m[3]!.trim() } : undefined;
}

/**
 * The bound of a loop on `a * b < limit`: one factor multiplied by a literal of at least 2 on every
 * pass (its only write) and the other never lowered (not written, or only stepped up) — the
 * product at least doubles on each pass, so it passes the limit within O(log limit) passes; or one
 * factor stepped up by a literal (its only write) and the other not written in the loop —
 * `limit / b` passes, at most `limit` for a positive `b` (a harmonic sum when `b` is an outer
 * counter: harmonic.ts).
 */
export function productLimit(cond: string, body: string): LoopBound | undefined {
  const product = productCondition(cond);
  if (!product) return undefined;
  const { factors, limit } = product;
  const key = collectionKey(limit) ?? limit;
  if (/^\d/.test(key)) return undefined;
  for (const [x, y] of [factors, [factors[1], factors[0]]] as const) {
    const steady = writesOf(y, body) === 0 || (writesOf(y, body) === 1 && stepsUp(y, body));
    if (writesOf(x, body) === 1 && multipliedVariable(body, x) && steady)
      return {
        kind: 'log',
        key,
        ...measureOf(limit),
        why: `\`${x}\` is multiplied on each pass and \`${y}\` never lowered, so \`${factors[0]} * ${factors[1]}\` passes \`${limit}\` within logarithmically many passes`,
      };
  }
  for (const [x, y] of [factors, [factors[1], factors[0]]] as const)
    if (writesOf(x, body) === 1 && stepsUp(x, body) && writesOf(y, body) === 0)
      return { kind: 'linear', key, ...measureOf(limit), multipleOf: y };
  return undefined;
}
