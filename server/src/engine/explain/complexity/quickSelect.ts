// Quick-select: `while (lo <= hi)` whose body picks a random pivot in the range, partitions it, and
// keeps one side (`hi = p - 1` or `lo = p + 1`, with `p` the pivot's final place). The range an
// expected constant fraction smaller on each pass, so the passes' work adds up like
// n + n/2 + n/4 + … = O(n) in expectation: one pass's work, not one per element. The worst case
// (always the extreme pivot) is O(n²); the claim says "expected".
import type { LoopFlow } from '../model';
import type { Estimator } from './walk';
import { bodyOf } from './buckets';

const RANDOM = /\brand(?:int|range|om)?\b|\buniform_int_distribution\b|\bMath\.random\b|\bshuffle\b/;

/** The range bounds `[lo, hi]` of a quick-select loop, or undefined for any other loop. */
export function quickSelectRange(est: Estimator, flow: LoopFlow): { lo: string; hi: string } | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line);
  if (!header || header.loopKind !== 'while') return undefined;
  const range = /^\(?\s*([A-Za-z_$][\w$]*)\s*<=?\s*([A-Za-z_$][\w$]*)\s*\)?:?$/.exec(
    (header.condition ?? '').trim(),
  );
  if (!range) return undefined;
  const [, lo, hi] = range as unknown as [string, string, string];
  const body = bodyOf(est, header);
  if (!body.some((s) => RANDOM.test(s.code))) return undefined;
  // `hi = p - 1` and `lo = q + 1` from a pivot's place, not a step of the bound itself or a midpoint.
  const fromPivot = (target: string, sign: '-' | '+') =>
    body.some((s) => {
      if (s.kind !== 'assignment' || s.target?.trim() !== target || s.operator !== '=') return false;
      const pivot = new RegExp(`^([A-Za-z_$][\\w$]*)\\s*\\${sign}\\s*1\\s*;?$`).exec(
        (s.value ?? '').trim(),
      )?.[1];
      return !!pivot && pivot !== lo && pivot !== hi && !/^mid(dle)?$/i.test(pivot);
    });
  return fromPivot(hi, '-') && fromPivot(lo, '+') ? { lo, hi } : undefined;
}
