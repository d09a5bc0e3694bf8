// Recursion that splits an index range at a computed point and leaves that point out: building a
// tree from its traversals (`build(lo, i)` / `build(i + 1, hi)` where `i` is the root's position),
// a quick-sort-like partition. The two ranges are disjoint and exclude the split element, so every
// element is the split point of at most one call: at most n calls with a non-empty range, whatever
// the sizes of the parts — O(n) calls, not the 2^n of "two calls on a slightly smaller input".
import type { CallFlow, Flow, Unit } from '../model';
import { isSelfCall } from './recursion';

export interface PartitionSplit {
  /** The parameters bounding the range, and the split expression. */
  lo: string;
  hi: string;
  at: string;
}

function selfCalls(flows: Flow[], unit: Unit, out: CallFlow[] = []): CallFlow[] {
  for (const f of flows) {
    if (f.kind === 'call') {
      if (isSelfCall(f, unit)) out.push(f);
      for (const cb of f.callbacks) selfCalls(cb, unit, out);
    } else if (f.kind === 'loop') selfCalls(f.body, unit, out);
    else if (f.kind === 'branch') for (const arm of f.arms) selfCalls(arm, unit, out);
  }
  return out;
}

const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, '');

/** `e + 1` → `e`; undefined when the text is not a successor. */
function predecessorOf(text: string): string | undefined {
  return /^(.+)\+1$/.exec(text)?.[1];
}

/**
 * The range split of a function making exactly two recursive calls, A keeping the low bound and
 * B the high one, with B's low bound one past A's high bound (`(lo, x)` / `(x + 1, hi)`, or
 * `(lo, x - 1)` / `(x + 1, hi)` for closed ranges).
 */
export function partitionSplit(unit: Unit): PartitionSplit | undefined {
  const calls = selfCalls(unit.body, unit);
  if (calls.length !== 2) return undefined;
  const params = unit.params.map((p) =>
    p
      .replace(/^[.*&$]+/, '')
      .replace(/[:=].*$/, '')
      .trim()
      .split(/[\s*&]+/)
      .pop()!,
  );
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  // `self.f(a, b)` passes the usable parameters only; `f(self, a, b)` passes them all.
  const argsOf = (call: CallFlow) =>
    usable.map((_, i) => flat(call.args[i + (call.args.length > usable.length ? offset : 0)]));
  for (const [a, b] of [
    [calls[0]!, calls[1]!],
    [calls[1]!, calls[0]!],
  ] as const) {
    const argsA = argsOf(a);
    const argsB = argsOf(b);
    for (let i = 0; i < usable.length; i++) {
      for (let j = 0; j < usable.length; j++) {
        const lo = usable[i]!;
        const hi = usable[j]!;
        if (i === j || argsA[i] !== lo || argsB[j] !== hi) continue;
        const x = argsA[j]!;
        const split = predecessorOf(argsB[i]!);
        if (!x || !split || x === hi || split === lo) continue;
        // Half-open (`(lo, x)`, `(x + 1, hi)`) or closed (`(lo, x - 1)`, `(x + 1, hi)`) ranges.
        if (x === split || x === `${split}-1`) return { lo, hi, at: split };
      }
    }
  }
  return undefined;
}
