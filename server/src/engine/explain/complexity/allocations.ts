// Sized allocations: an array or list made with a size writes every one of its entries (each is
// set to zero, `false`, a default value or the fill), so making it costs its size — `make([]int,
// n)` (Go), `new int[n]` / `new int[n][m]` (Java, C#, C++), `vec![0; n]` / `vec![vec![0; m]; n]`
// (Rust), `[0] * n` (Python). One made on every pass of a loop is paid on every pass. The tables
// report the allocations with no call syntax as a pseudo-call `SIZED_ALLOCATION` whose arguments
// are the sizes, outermost first (tables/java.ts, csharp.ts, rust.ts, python.ts); Go's `make` and
// C/C++ `new T[n]` are calls already. C++ `vector<int> a(n)` is the library table's constructor.
import type { Flow, Unit } from '../model';
import { SIZED_ALLOCATION } from '../tables/treeSitterTable';
import { ALLOCATION_WHY, type Cost, linear, multiply } from './cost';
import { readFromData } from './elementCounts';
import { sizeOf } from './space';
import { READ_FROM_DATA } from './valueBounds';
import type { Estimator, Walk } from './walk';

/** The sizes an allocation call is made with, outermost first; undefined for any other call. */
function sizesOf(call: Extract<Flow, { kind: 'call' }>, language: string): string[] | undefined {
  if (call.callee === SIZED_ALLOCATION) return call.args;
  // Go `make([]int, n)` / `make([]int, n, c)`: the length (a map's or channel's hint makes no entries).
  if (call.callee === 'make' && call.args.length >= 2 && /^\[\]/.test(call.args[0]!.trim()))
    return [call.args[1]!];
  // C/C++ `new int[n]`, `new bool[n + 1]()` (not a Go composite literal `pair{a[i], b}`).
  const cFamily = language === 'cpp' || language === 'c';
  if (cFamily && call.isNew && /^new\s+[\w:<>,\s*]+(\[[^\]]+\]\s*)+(\(\s*\))?$/.test(call.callee))
    return [...call.callee.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
  return undefined;
}

/**
 * The cost of making an array or list of a size the code reads (`make([]int, n)`, `new int[n]`):
 * one write per entry, the sizes multiplied for a table. Undefined for other calls and for
 * allocations of sizes the code fixes (`new int[26]`), which keep their usual O(1).
 */
export function allocationCost(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  walk: Walk,
): Cost | undefined {
  const sizes = sizesOf(call, est.facts.language);
  if (!sizes) return undefined;
  const costs = sizes.flatMap((size) => {
    const text = size.trim().replace(/^\((.*)\)$/, '$1');
    // A size read from the data (`vec![c; v]` for each entry `(c, v)` of a counter, `new int[x[1]]`)
    // is its own quantity, often one share of a total the loops around already pay: not charged.
    const name = /^[A-Za-z_$][\w$]*/.exec(text)?.[0];
    if (
      READ_FROM_DATA.test(text) ||
      (name && (readFromData(est, walk, name) || !declared(est, walk.unit, name)))
    )
      return [];
    const key = sizeOf(est, text, walk);
    return key ? [linear(key, `makes \`${size.trim()}\` entries at line ${call.line}${ALLOCATION_WHY}`)] : [];
  });
  return costs.length ? costs.reduce((a, b) => multiply(a, b)) : undefined;
}

/**
 * `name` is a parameter or a local of `unit` or of a unit around it (a closure's captured size, a
 * class's field), not a callback's parameter inside it (`|(c, v)| vec![c; v]`).
 */
function declared(est: Estimator, unit: Unit, name: string): boolean {
  return est.facts.units.some(
    (u) =>
      u.line <= unit.line &&
      u.endLine >= unit.endLine &&
      (u.locals.has(name) ||
        u.params.some((p) =>
          p
            .replace(/[:=].*$/, '')
            .trim()
            .endsWith(name),
        )),
  );
}
