// Recursion that splits an index range at a computed point and leaves that point out: building a
// tree from its traversals (`build(lo, i)` / `build(i + 1, hi)` where `i` is the root's position),
// a quick-sort-like partition. The two ranges are disjoint and exclude the split element, so every
// element is the split point of at most one call: at most n calls with a non-empty range, whatever
// the sizes of the parts — O(n) calls, not the 2^n of "two calls on a slightly smaller input".
import type { CallFlow, Flow, Statement, Unit } from '../model';
import { isSelfCall } from './recursion';

export interface PartitionSplit {
  /** The parameters bounding the range, and the split expression (or the left-out bound). */
  lo: string;
  hi: string;
  at: string;
  /** Set when the calls pass sizes, not bounds: the two sizes, which add up to `hi` less `left`. */
  sizes?: [string, string];
  left?: number;
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
 * A sum of names and whole numbers (`n - 1 - (k - j)`) as a coefficient per name (`''` for the
 * number); undefined for any other operator, call or index.
 */
export function linearSum(text: string): Map<string, number> | undefined {
  const tokens = text.replace(/\s+/g, '').match(/[\w$]+|[-+()]|[^\w$\s]/g) ?? [];
  const sum = new Map<string, number>();
  const signs = [1];
  let sign = 1;
  let expectTerm = true;
  for (const t of tokens) {
    if (t === '+' || t === '-') {
      sign = t === '-' ? -1 : 1;
      expectTerm = true;
    } else if (t === '(' && expectTerm) {
      signs.push(signs.at(-1)! * sign);
      sign = 1;
    } else if (t === ')' && !expectTerm && signs.length > 1) {
      signs.pop();
    } else if (/^[\w$]+$/.test(t) && expectTerm) {
      const key = /^\d+$/.test(t) ? '' : t;
      const value = (key ? 1 : Number(t)) * sign * signs.at(-1)!;
      sum.set(key, (sum.get(key) ?? 0) + value);
      expectTerm = false;
      sign = 1;
    } else return undefined;
  }
  return expectTerm || signs.length > 1 ? undefined : sum;
}

/** True when the unit returns at once for a size at most zero (`if n <= 0`, `if (n == 0)`). */
function stopsAtZero(unit: Unit, statements: Statement[], size: string): boolean {
  const name = size.replace(/^\$/, '\\$');
  const test = new RegExp(`^\\(?\\s*${name}\\s*(?:<=\\s*0|<\\s*1|===?\\s*0)\\s*\\)?$`);
  return statements.some(
    (s) =>
      s.kind === 'if' &&
      s.line > unit.line &&
      s.line <= unit.endLine &&
      test.test((s.condition ?? '').trim()),
  );
}

/**
 * The size split of a function making two recursive calls that pass a size parameter `n` on as
 * two computed sizes adding up to `n` less a whole number (`dfs(i + 1, j, k - j)` and
 * `dfs(i + 1 + k - j, k + 1, n - 1 - (k - j))`), and returning at once for a size of zero: the
 * sizes of the parts of a split that leaves one element out.
 */
function sizeSplit(
  usable: string[],
  argsA: string[],
  argsB: string[],
  unit: Unit,
  statements: Statement[],
): PartitionSplit | undefined {
  for (let i = 0; i < usable.length; i++) {
    const n = usable[i]!;
    if (!argsA[i] || !argsB[i] || argsA[i] === n || argsB[i] === n) continue;
    const a = linearSum(argsA[i]!);
    const b = linearSum(argsB[i]!);
    if (!a || !b) continue;
    const total = new Map(a);
    for (const [k, v] of b) total.set(k, (total.get(k) ?? 0) + v);
    const left = -(total.get('') ?? 0);
    const rest = [...total].filter(([k, v]) => k !== '' && v !== 0);
    if (left < 1 || rest.length !== 1 || rest[0]![0] !== n || rest[0]![1] !== 1) continue;
    if (!stopsAtZero(unit, statements, n)) continue;
    return { lo: n, hi: n, at: '', sizes: [argsA[i]!, argsB[i]!], left };
  }
  return undefined;
}

/**
 * The range split of a function making exactly two recursive calls, A keeping the low bound and
 * B the high one, with B's low bound one past A's high bound (`(lo, x)` / `(x + 1, hi)`, or
 * `(lo, x - 1)` / `(x + 1, hi)` for closed ranges); or A starting one past the low bound (`(lo +
 * 1, x)` / `(x + 1, hi)`, the root of a preorder range left out); or a size split (`sizeSplit`).
 */
export function partitionSplit(unit: Unit, statements: Statement[] = []): PartitionSplit | undefined {
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
        // A's range may start one past the low bound (the element at `lo` is left out).
        const skipsLo = argsA[i] === `${lo}+1`;
        if (i === j || (argsA[i] !== lo && !skipsLo) || argsB[j] !== hi) continue;
        const x = argsA[j]!;
        const split = predecessorOf(argsB[i]!);
        if (!x || !split || x === hi || split === lo) continue;
        if (x !== split && x !== `${split}-1`) continue;
        // `(lo + 1, x)` / `(x + 1, hi)`: disjoint, closed or half-open, and without `lo`.
        if (skipsLo) return { lo, hi, at: lo };
        // Half-open (`(lo, x)`, `(x + 1, hi)`) or closed (`(lo, x - 1)`, `(x + 1, hi)`) ranges.
        return { lo, hi, at: split };
      }
    }
    const sized = sizeSplit(usable, argsA, argsB, unit, statements);
    if (sized) return sized;
  }
  return undefined;
}
