// Loops that split a range into strides of a size `k` the code names. Two shapes, both one pass
// over the range in all (not range × k):
// - residues: `for (i = 0; i < k; ++i) for (j = i; j < n; j += k)` — each of the k outer passes
//   walks every k-th position, n / k of them, so the k passes together visit n positions;
// - blocks: `for (i = 0; i < n; i += k) for (j = 0; j < k; ++j)` — n / k blocks of k positions.
// Read as nested loops over `k` and `n` they were charged O(n·k) (hash-divided strings, a
// dungeon walked by jumps of k, subarray sums made equal by residue class). A block that starts at
// the outer counter (`for (j = i; j < i + k; ++j)`) is strideBlocks.ts.
import type { LoopFlow } from '../model';
import { type Cost, linear } from './cost';
import { blockTotal } from './strideBlocks';
import type { Estimator, Walk } from './walk';

const NAME = /^[A-Za-z_$][\w$]*$/;

/** The update clause of a C-style `for` header (`i += k`, `++j`, Go's `for i := 0; i < n; i += k`); '' for other loops. */
function update(est: Estimator, flow: LoopFlow): string {
  const s = est.facts.statements.find((x) => x.kind === 'loop' && x.line === flow.line);
  return s?.loopKind === 'counter' && /^\s*for\s*(?:\(|[^;{]*;[^;{]*;)/.test(s.code)
    ? (s.value ?? '').trim()
    : '';
}

/** The name an update clause steps its counter by (`j += k`, `j -= k`), when it is a plain name. */
function strideName(clause: string): string | undefined {
  return /^[A-Za-z_$][\w$]*\s*[-+]=\s*([A-Za-z_$][\w$]*)$/.exec(clause)?.[1];
}

/** An update clause stepping its counter by one (`++i`, `i++`, `--i`, `i += 1`). */
function stepsByOne(clause: string): boolean {
  return /^(?:\+\+|--)\s*[A-Za-z_$][\w$]*$|^[A-Za-z_$][\w$]*\s*(?:\+\+|--)$|^[A-Za-z_$][\w$]*\s*[-+]=\s*1$/.test(
    clause,
  );
}

/**
 * The total passes of `inner` over all passes of `outer` when the two split one range into
 * strides of a named size (see above); undefined for any other pair of loops.
 */
export function stridedTotal(est: Estimator, inner: LoopFlow, outer: LoopFlow, walk: Walk): Cost | undefined {
  const block = blockTotal(est, inner, outer, walk);
  if (block) return block;
  if (inner.bound.kind !== 'linear' || outer.bound.kind !== 'linear') return undefined;
  if (
    inner.bound.amortised ||
    outer.bound.amortised ||
    inner.bound.alsoKeys?.length ||
    outer.bound.alsoKeys?.length
  )
    return undefined;
  const innerHeader = update(est, inner);
  const outerHeader = update(est, outer);
  const same = (a: string, b: string) => a === b || est.resolveKey(a, walk) === est.resolveKey(b, walk);
  // Residues: the outer loop counts to k by one, the inner one jumps by k. Blocks: the outer loop
  // jumps by k, the inner one counts to k by one. Either way each position is visited about once.
  const shapes = [
    {
      jumping: { key: inner.bound.key, line: inner.line },
      counting: { key: outer.bound.key, line: outer.line },
      stride: strideName(innerHeader),
      byOne: stepsByOne(outerHeader),
    },
    {
      jumping: { key: outer.bound.key, line: outer.line },
      counting: { key: inner.bound.key, line: inner.line },
      stride: strideName(outerHeader),
      byOne: stepsByOne(innerHeader),
    },
  ];
  for (const { jumping, counting, stride, byOne } of shapes) {
    if (!stride || !NAME.test(stride) || walk.loopKeys.has(stride) || !byOne) continue;
    if (!same(counting.key, stride)) continue;
    const key = est.resolveKey(jumping.key, walk);
    if (same(key, stride)) return undefined;
    return linear(
      key,
      `the loop at line ${jumping.line} jumps by \`${stride}\` and the loop at line ${counting.line} runs \`${stride}\` times: together they visit each position of \`${jumping.key}\` about once`,
    );
  }
  return undefined;
}
