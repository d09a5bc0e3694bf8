// Dynamic programming and prefix sums from tables filled in loops: an element written from other
// elements of the same table (`dp[i] = max(dp[i - 1], dp[i - 2] + x)`). Which of the two it is
// depends on how the entries are combined: a running total of the previous entry and the input
// (`prefix[i + 1] = prefix[i] + xs[i]`, and the 2-D inclusion–exclusion form) is a prefix sum;
// anything else (several earlier entries, a min/max choice, a 2-D table, a jump back by more than
// one) is a recurrence solved bottom-up. Distances relaxed from a drained work list (BFS,
// Dijkstra) and links climbed in a `while` (union-find) also read the table they write, but
// their indices are not loop variables, so they are neither.
import type { LoopFlow, Unit, Write } from '../model';
import { loopVariables, loopsAround, loopsOf, mentions } from './loops';

export interface RecurrenceHit {
  concept: 'dynamic programming' | 'prefix sums';
  line: number;
}

const ACCUMULATE = new Set(['+', '-', '*', '^', '|', '&', '+=', '-=', '*=', '^=', '|=', '&=']);
const CHOICE = /^(max|min|fmax|fmin)$/;
/** Functions that fold two values into one (library and the usual helper names). */
const FOLD = /^(max|min|fmax|fmin|gcd|__gcd|lcm|add|addmod|mul|mult|mulmod)$/;

const bare = (table: string) => table.replace(/^(this|self|\$this)(\.|->)/, '');
const unwrap = (text: string) => text.replace(/^\((.*)\)$/, '$1');

/** `i - 1` against `i` → -1; undefined when the two indices do not share a base. */
function offset(written: string, read: string): number | undefined {
  const parse = (text: string) => {
    const m = /^(.*?)([+-]\d+)?$/.exec(unwrap(text))!;
    return { base: m[1]!, shift: Number(m[2] ?? 0) };
  };
  const w = parse(written);
  const r = parse(read);
  return w.base && w.base === r.base ? r.shift - w.shift : undefined;
}

/**
 * A read index that a recurrence reaches from the written one: the same, the written index plus or
 * minus a term (`i - 1`, `j - coin`, also in a rolling table `dp[(i - 1) % 2]`), or a loop
 * variable plus or minus a term (`dp[j]` in LIS, `dp[k + 1][j]` in interval DP). Other structures
 * also read their own table at another index, and are neither DP nor prefix sums: a mirrored index
 * (`s[n - 1 - i]`, a palindrome), a doubled one (`tree[2 * i]`, `tree[i << 1]`: a segment tree's
 * children), a followed link (`par[k][par[k][u]]`, binary lifting), a block copied from another
 * offset (`g[r2 + i] = g[r1 + i]`), or a position kept in the loop (`z[i - l]` with `l = i`: the
 * Z-function's match box).
 */
function reaches(written: string, read: string, vars: string[], positions: Set<string>): boolean {
  const plain = (text: string) => unwrap(unwrap(text).replace(/%[\w$]+$|&1$/, ''));
  const w = plain(written);
  const r = plain(read);
  if (r === w) return true;
  const shifted = (longer: string, base: string) =>
    longer.startsWith(base) && /^[+-][^[\]]*$/.test(longer.slice(base.length));
  const related = shifted(r, w) || shifted(w, r) || vars.some((v) => r === v || shifted(r, v));
  return related && ![...positions].some((p) => mentions(r, p));
}

/** The value's combining operator: the compound assignment's, else the first outside `% MOD`. */
function combining(write: Write): string | undefined {
  if (write.operator !== '=') return write.operator;
  return write.ops.find((op) => op !== '%');
}

/**
 * A running total, product, minimum or maximum: one earlier entry, adjacent along one dimension,
 * combined with the input (`p[i + 1] = p[i] + x`, `m[i] = max(m[i - 1], x)`), or the 2-D
 * inclusion–exclusion `p[i+1][j+1] = p[i][j+1] + p[i+1][j] - p[i][j] + g[i][j]`.
 */
function isPrefix(write: Write, self: Write['reads']): boolean {
  const index = write.index!;
  // `x[i] * 10 + d if d else x[i]` reads one entry twice: one entry.
  const distinct = self.filter((r, k) => self.findIndex((o) => o.index.join() === r.index.join()) === k);
  const shifts = distinct.map((r) => r.index.map((x, k) => offset(index[k]!, x)));
  // Subtracting one earlier entry (`g[i][j] -= g[i-1][j-1]`) is inclusion–exclusion or a difference.
  if (distinct.length === 1 && write.operator === '-=') return true;
  if (distinct.length === 1) {
    // A running total folds in an input: another table's element, or the cell's own value
    // (`count[i] += count[i - 1]`). `pow2[i + 1] = pow2[i] * 2` and `fact[i + 1] = fact[i] * (i + 1)`
    // tabulate powers and factorials: no input is summed.
    const input =
      write.operator !== '=' ||
      write.reads.some((r) => bare(r.table) === bare(write.target) && r.index.join() === index.join()) ||
      hasInput(write);
    if (!input) return false;
    const s = shifts[0]!;
    const adjacent =
      s.every((d) => d !== undefined) &&
      s.filter((d) => d !== 0).length === 1 &&
      s.some((d) => Math.abs(d!) === 1);
    if (!adjacent) return false;
    // `m[i] = max(m[i - 1], x)`, `g[i] = gcd(g[i + 1], x)`, `p[j] = add(p[j - 1], f(x))`: the entry
    // and the input handed to one function is a running aggregate; `max(dp[i - 1] + x, x)`
    // (Kadane) computes before choosing, which is a recurrence.
    if (write.calls.length > 0 && write.ops.length === 0) return write.calls.every((c) => FOLD.test(c));
    if (write.calls.some((c) => CHOICE.test(c))) return false;
    const op = combining(write);
    return !!op && ACCUMULATE.has(op);
  }
  if (index.length !== 2 || distinct.length !== 3 || !write.ops.includes('-')) return false;
  const set = new Set(shifts.map((s) => s.join(',')));
  return set.has('-1,0') && set.has('0,-1') && set.has('-1,-1');
}

/**
 * A table of a closed form (`pow2[i + 1] = pow2[i] * 2`, `fact[i + 1] = fact[i] * (i + 1)`,
 * `idx[j] = idx[j - 1] + 1`): one earlier entry and nothing from the input or a choice — neither
 * a running total nor a recurrence over sub-problems.
 */
function tabulates(write: Write, self: Write['reads']): boolean {
  const distinct = new Set(self.map((r) => r.index.join()));
  return distinct.size === 1 && write.operator === '=' && write.calls.length === 0 && !hasInput(write);
}

/**
 * The value uses something besides the table and its own index: another table's element, an
 * element variable (`prefix[i] + x`). Constants (`MOD`, all capitals) and the index are no input.
 */
function hasInput(write: Write): boolean {
  const index = write.index!.join(' ');
  return (
    write.reads.some((r) => bare(r.table) !== bare(write.target)) ||
    write.names.some(
      (n) =>
        n !== bare(write.target) && !mentions(index, n) && !write.calls.includes(n) && !/^[A-Z_\d]+$/.test(n),
    )
  );
}

function drained(loop: LoopFlow): boolean {
  return loop.bound.kind === 'linear' && loop.bound.amortised === 'drains';
}

/** Plain variables set from a loop variable inside the loops (`l = i`): positions, not sizes. */
function positionsIn(unit: Unit, around: LoopFlow[], vars: string[]): Set<string> {
  const outer = around[0]!;
  return new Set(
    unit.writes
      .filter(
        (w) =>
          !w.index &&
          outer.line <= w.line &&
          w.line <= (outer.endLine ?? outer.line) &&
          w.reads.length === 0 &&
          w.names.some((n) => vars.includes(n)),
      )
      .map((w) => w.target),
  );
}

/** The table recurrences of one unit: DP tables and prefix-sum tables, by line. */
export function recurrences(unit: Unit): RecurrenceHit[] {
  const loops = loopsOf(unit.body);
  const hits: RecurrenceHit[] = [];
  for (const write of unit.writes) {
    if (!write.index) continue;
    const around = loopsAround(loops, write.line);
    if (around.length === 0 || around.some(drained)) continue;
    const vars = around.flatMap(loopVariables);
    const byLoop = (index: string[]) => index.some((i) => vars.some((v) => mentions(i, v)));
    // The written cell is a loop variable give or take a term (`dp[i]`, `p[i + 1]`), not a mirror
    // (`s[n - 1 - i]`) or a computed position.
    const plain = (text: string) => unwrap(unwrap(text).replace(/%[\w$]+$|&1$/, ''));
    const cell = (x: string) =>
      vars.some(
        (v) => plain(x) === v || (plain(x).startsWith(v) && /^[+-][^[\]]*$/.test(plain(x).slice(v.length))),
      );
    if (!byLoop(write.index) || !write.index.some(cell)) continue;
    const key = write.index.join('][');
    const self = write.reads.filter(
      (r) =>
        bare(r.table) === bare(write.target) &&
        r.index.length === write.index!.length &&
        r.index.join('][') !== key,
    );
    if (self.length === 0 || !self.every((r) => byLoop(r.index))) continue;
    const positions = positionsIn(unit, around, vars);
    if (!self.every((r) => r.index.every((x, k) => reaches(write.index![k]!, x, vars, positions)))) continue;
    // `a[j] = a[j - 1]` only moves an element (insertion sort's shift): nothing is computed.
    const copy =
      write.operator === '=' && !write.valueOp && write.calls.length === 0 && write.reads.length === 1;
    if (copy) continue;
    if (isPrefix(write, self)) hits.push({ concept: 'prefix sums', line: write.line });
    else if (!tabulates(write, self)) hits.push({ concept: 'dynamic programming', line: write.line });
  }
  return hits;
}
