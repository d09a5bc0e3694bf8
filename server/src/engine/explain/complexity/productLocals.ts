// A local holding the product of two sizes (`int m = n * n;` with `n = board.size()`, `cells =
// rows * cols`): a loop up to it, a table of its length, a search it bounds take m = n·n steps, not
// one size more. Before, `m` was a size of its own and the claim read O(m + n) — one size in the
// harness's reading, and in a reader's: Snakes and Ladders' search over the n² squares of an n × n
// board was claimed O(n). Here each power of such a local in the unit's cost becomes the product of
// its factors (cost.ts: the same algebra as a loop bounded by `m * n`, productBound.ts).
import { type SourceFacts, type Unit, sizeAlias } from '../model';
import { type Cost, rewritePowers } from './cost';
import { assignedPairs, statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** One factor: a name, or a row's size kept as `grid[0]` (`grid.size() * grid[0].size()`). */
const COLLECTION = String.raw`[A-Za-z_$][\w$.]*(?:\[\s*0\s*\])?`;
const FACTOR = String.raw`${COLLECTION}(?:\.(?:size|length|len|count)\(\)|\.(?:length|Length|Count))?`;
const PRODUCT = new RegExp(String.raw`^\(?\s*(${FACTOR})\s*\*\s*(${FACTOR})\s*\)?$`);

/**
 * The two factors of `name` when it is a local of `unit` written once, in its declaration or one
 * plain assignment, as a product of two sizes: parameters (`n`), locals that stand for a size
 * (`n = len(board)`) or sizes written out (`grid.size()`). A name written again (`m *= k`, `m++`),
 * a factor that is a literal or a number the code computes, and loop counters are left alone.
 */
/** A size written out: `xs.size()`, `grid[0].length`, `len(xs)`, `size(xs)`, `strlen(s)` (through an `(int)` cast). */
const SIZE_OF = new RegExp(
  String.raw`^(?:\(\s*int\s*\)\s*)?(?:(${COLLECTION})\.(?:size|length|len|count)\(\)|(${COLLECTION})\.(?:length|Length|Count)|(?:len|(?:std::)?s?size|strlen)\(\s*(${COLLECTION})\s*\))$`,
);

/** The one value `name` is given in `unit` (declaration or plain assignment), if it is written once. */
function onlyValue(
  facts: SourceFacts,
  unit: Unit,
  name: string,
): { value: string; line: number } | undefined {
  const writes = statementsIn(facts, unit).flatMap((s) =>
    s.kind === 'declaration' || s.kind === 'assignment'
      ? assignedPairs(s)
          .filter(
            ([t]) =>
              t
                .trim()
                .split(/[\s*&]+/)
                .pop() === name,
          )
          .map(([, v]) => ({ s, v }))
      : [],
  );
  if (writes.length !== 1) return undefined;
  const [{ s, v }] = writes as [(typeof writes)[0]];
  if (s.operator !== undefined && s.operator !== '=' && s.operator !== ':=') return undefined;
  return { value: v.trim().replace(/;$/, ''), line: s.line };
}

function productLocal(
  est: Estimator,
  unit: Unit,
  walk: Walk,
  name: string,
): { factors: [string, string]; value: string; line: number } | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name) || unit.params.includes(name) || walk.loopKeys.has(name))
    return undefined;
  const facts: SourceFacts = est.facts;
  const own = onlyValue(facts, unit, name);
  if (!own) return undefined;
  const { value, line } = own;
  const m = PRODUCT.exec(value);
  if (!m) return undefined;
  // A factor is a size: written out, a parameter, a local standing for a size (`n = len(board)`),
  // or a local given one written out (`cols = grid[0].length`).
  const sized = (f: string): string | undefined => {
    const written = SIZE_OF.exec(f) ?? SIZE_OF.exec(onlyValue(facts, unit, f)?.value ?? '');
    const of = written?.slice(1).find((g) => g !== undefined);
    if (of) return est.fixedSize(of.replace(/\[\s*0\s*\]$/, ''), unit) ? undefined : of;
    if (walk.loopKeys.has(f) || est.fixedSize(f, unit)) return undefined;
    if (unit.params.includes(f)) return f;
    const alias = sizeAlias(facts, unit, f);
    return alias && !est.fixedSize(alias, unit) ? f : undefined;
  };
  const a = sized(m[1]!);
  const b = sized(m[2]!);
  if (!a || !b) return undefined;
  return { factors: [est.resolveKey(a, walk), est.resolveKey(b, walk)], value, line };
}

/** `cost` with each power of a local product of sizes (see above) turned into its factors' powers. */
export function productsAsSizes(est: Estimator, unit: Unit, walk: Walk, cost: Cost): Cost {
  const keys = [...new Set(cost.terms.flatMap((t) => Object.keys(t.powers)))];
  const products = new Map(
    keys.flatMap((k) => {
      const p = productLocal(est, unit, walk, k);
      return p ? [[k, p] as const] : [];
    }),
  );
  if (!products.size) return cost;
  return rewritePowers(cost, (key) => {
    const product = products.get(key);
    return product
      ? {
          powers: product.factors,
          why: `\`${key}\` is \`${product.value}\` (line ${product.line}): a product of two sizes`,
        }
      : undefined;
  });
}
