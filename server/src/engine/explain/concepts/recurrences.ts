// Dynamic programming and prefix sums from tables filled in loops: an element written from other
// elements of the same table (`dp[i] = max(dp[i - 1], dp[i - 2] + x)`). Which of the two it is
// depends on how the entries are combined: a running total of the previous entry and the input
// (`prefix[i + 1] = prefix[i] + xs[i]`, and the 2-D inclusion–exclusion form) is a prefix sum;
// anything else (several earlier entries, a min/max choice, a 2-D table, a jump back by more than
// one) is a recurrence solved bottom-up. Distances relaxed from a drained work list (BFS,
// Dijkstra) and links climbed in a `while` (union-find) also read the table they write, but
// their indices are not loop variables, so they are neither.
import type { LoopFlow, SourceFacts, Unit, Write } from '../model';
import { loopVariables, loopsAround, loopsOf, mentions } from './loops';
import { stepName } from '../complexity/harmonic';
import { escape } from '../extract/boundText';

export interface RecurrenceHit {
  concept: 'dynamic programming' | 'prefix sums';
  line: number;
}

const ACCUMULATE = new Set(['+', '-', '*', '^', '|', '&', '+=', '-=', '*=', '^=', '|=', '&=']);
const CHOICE = /^(max|min|fmax|fmin)$/;
/** Functions that fold two values into one (library and the usual helper names). */
const FOLD = /^(max|min|fmax|fmin|gcd|__gcd|lcm|add|addmod|mul|mult|mulmod)$/;

const bare = (table: string) => table.replace(/^(this|self|\$this)(\.|->)/, '');
/** `(i - 1)` → `i - 1`; `(i - j) % n` stays whole (its parentheses do not wrap it). */
function unwrap(text: string): string {
  if (!/^\(.*\)$/.test(text)) return text;
  let depth = 0;
  for (let k = 0; k < text.length - 1; k++) {
    if (text[k] === '(') depth++;
    else if (text[k] === ')') depth--;
    if (depth === 0) return text;
  }
  return text.slice(1, -1);
}

/**
 * What may follow a loop variable in an index that a recurrence reaches: a term added or taken
 * away (`i - 1`, `j - coin`), or a bit set, cleared or flipped in a mask (`mask | 1 << v`,
 * `mask ^ (1 << j)`, `i & (i - 1)`: bitmask DP). A shift or a product (`i << 1`, `2 * i`: a
 * segment tree's children) is neither.
 */
const SHIFT = /^([+-]|[|^&](?!\s*1\s*$))[^[\]]*$/;

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
    longer.startsWith(base) && SHIFT.test(longer.slice(base.length));
  const related = shifted(r, w) || shifted(w, r) || vars.some((v) => r === v || shifted(r, v));
  return related && ![...positions].some((p) => mentions(r, p));
}

/** The value's combining operator: the compound assignment's, else the first outside `% MOD`. */
function combining(write: Write): string | undefined {
  if (write.operator !== '=') return write.operator;
  return write.ops.find((op) => op !== '%');
}

/** What a write's loops tell about it: the names that change from pass to pass, scan directions. */
interface Context {
  /** Loop variables, and names assigned or declared inside the outermost loop around the write. */
  varying: Set<string>;
  /** Loop variables whose loop counts down (`reversed(range(n))`, `--i`, `i -= 1`), and up. */
  descending: Set<string>;
  ascending: Set<string>;
  /** The write sits in more than one loop (a row of a table filled per pass of an outer loop). */
  nested: boolean;
  /** Names that change between entries of one table (`varying`, less the loops that bind the table). */
  stepping: Set<string>;
}

/** `i - k` against `i`, with `k` the same on every pass: a stride (`d[i] *= d[i - k]`). */
function strided(written: string, read: string, ctx: Context): boolean {
  const m = /^(.*)([+-])([\w$]+)$/.exec(unwrap(read));
  return !!m && m[1] === unwrap(written) && !/^\d/.test(m[3]!) && !ctx.stepping.has(m[3]!);
}

/**
 * A running total, product, minimum or maximum: one earlier entry, adjacent along one dimension
 * (or a constant stride behind), read in the direction the loop scans — so that it was written on
 * this pass — and combined with the input (`p[i + 1] = p[i] + x`, `m[i] = max(m[i - 1], x)`), or
 * the 2-D inclusion–exclusion `p[i+1][j+1] = p[i][j+1] + p[i+1][j] - p[i][j] + g[i][j]`.
 */
function isPrefix(write: Write, self: Write['reads'], ctx: Context): boolean {
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
      hasInput(write, ctx);
    if (!input) return false;
    const read = distinct[0]!.index;
    const s = shifts[0]!;
    const moved = s.flatMap((d, k) => (d === 0 ? [] : [k]));
    const adjacent =
      (s.every((d) => d !== undefined) && moved.length === 1 && Math.abs(s[moved[0]!]!) === 1) ||
      (s.filter((d) => d !== 0).length === 1 &&
        s.every((d, k) => d === 0 || strided(index[k]!, read[k]!, ctx)));
    if (!adjacent) return false;
    // The entry read must be this pass's: reading `dp[j]` into `dp[j + 1]` while `j` counts down
    // reads the previous pass's row (a DP step over the outer loop), not a running total.
    if (againstScan(write, distinct[0]!, ctx)) return false;
    // `m[i] = max(m[i - 1], x)`, `g[i] = gcd(g[i + 1], x)`, `p[j] = add(p[j - 1], f(x))`: the entry
    // and the input handed to one function is a running aggregate; `max(dp[i - 1] + x, x)`
    // (Kadane) computes before choosing, which is a recurrence.
    if (write.calls.length > 0 && write.ops.length === 0)
      return FOLD.test(write.calls[0]!) && !write.calls.slice(1).some((c) => CHOICE.test(c));
    if (write.calls.some((c) => CHOICE.test(c))) return false;
    const op = combining(write);
    return !!op && ACCUMULATE.has(op);
  }
  if (index.length !== 2 || distinct.length !== 3 || !write.ops.includes('-')) return false;
  const set = new Set(shifts.map((s) => s.join(',')));
  return set.has('-1,0') && set.has('0,-1') && set.has('-1,-1');
}

/**
 * The one earlier entry read lies ahead of the loop's scan (`dp[j + 1] = dp[j + 1] + dp[j]` while
 * `j` counts down, `a[i] += a[i + 1]` while `i` counts up): it was not written on this pass, so
 * this is no running total. Unknown when the loop's direction is not known (a `while` loop).
 */
function againstScan(write: Write, read: Write['reads'][number], ctx: Context): boolean {
  return read.index.some((x, k) => {
    const at = write.index![k]!;
    const d = offset(at, x) ?? (strided(at, x, ctx) ? (/^.*-[\w$]+$/.test(unwrap(x)) ? -1 : 1) : 0);
    if (d === 0) return false;
    if ([...ctx.descending].some((v) => mentions(at, v))) return d < 0;
    if ([...ctx.ascending].some((v) => mentions(at, v))) return d > 0;
    return false;
  });
}

/**
 * A table of a closed form (`pow2[i + 1] = pow2[i] * 2`, `fact[i + 1] = fact[i] * (i + 1)`,
 * `pw[i] = pw[i - 1] * base % mod`, a capped `min(cnt[i] * (i + 2), k)`): one earlier entry and
 * nothing from the input — neither a running total nor a recurrence over sub-problems.
 */
function tabulates(write: Write, self: Write['reads'], ctx: Context): boolean {
  const distinct = new Set(self.map((r) => r.index.join()));
  // A jump computed from the index (`dp[i & (i - 1)] + 1`, `dp[i >> 1]`) solves a sub-problem.
  const fixedStep = self.every((r) => r.index.every((x, k) => offset(write.index![k]!, x) !== undefined));
  return (
    distinct.size === 1 &&
    fixedStep &&
    write.operator === '=' &&
    write.calls.every((c) => CHOICE.test(c)) &&
    // `dp[j + 1] = dp[j + 1] + dp[j]` adds into the cell: an accumulation, not a closed form.
    !write.reads.some(
      (r) => bare(r.table) === bare(write.target) && r.index.join() === write.index!.join(),
    ) &&
    !hasInput(write, ctx)
  );
}

/**
 * The value uses something besides the table and its own index: another table's element, or a
 * name that changes from pass to pass (`prefix[i] + x`). Constants (`MOD`), and names the loops
 * never change (`base`, `mod`, `k`), are no input.
 */
function hasInput(write: Write, ctx: Context): boolean {
  const index = write.index!.join(' ');
  return (
    write.reads.some((r) => bare(r.table) !== bare(write.target)) ||
    write.names.some(
      (n) =>
        n !== bare(write.target) &&
        !mentions(index, n) &&
        !write.calls.includes(n) &&
        !/^[A-Z_\d]+$/.test(n) &&
        ctx.varying.has(n),
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

const DESCENDING =
  /\breversed\s*\(|\brange\s*\([^)]*,\s*-\s*\d+\s*\)|--|-=|\.rev\(\)|\bdownTo\b|\bdownto\b|\bstep\s*-/;

/** Loop variables of `loops`, and names assigned or declared inside the first of them. */
function namesChangedIn(unit: Unit, facts: SourceFacts, loops: LoopFlow[]): Set<string> {
  const first = loops[0];
  if (!first) return new Set();
  const inside = (line: number) => first.line <= line && line <= (first.endLine ?? first.line);
  const names = new Set(loops.flatMap(loopVariables));
  for (const w of unit.writes) if (!w.index && inside(w.line)) names.add(w.target);
  for (const s of facts.statements)
    if (s.kind === 'declaration' && inside(s.line) && s.line > first.line) {
      const name = /([\w$]+)\s*$/.exec((s.target ?? '').replace(/[*&\s]+$/, ''))?.[1];
      if (name) names.add(name);
    }
  return names;
}

function contextOf(unit: Unit, facts: SourceFacts, around: LoopFlow[], table: string): Context {
  // A table bound by a loop (`for k, diff in diffs`) is a new table on each of its passes: a name
  // of that loop is the same for every entry of one table.
  const binding = around.map((l) => loopVariables(l).includes(table)).lastIndexOf(true);
  const descending = new Set<string>();
  const ascending = new Set<string>();
  for (const loop of around) {
    const header = facts.statements.find((s) => s.line === loop.line)?.code ?? '';
    // `for (int i = n - 1; i >= 0; --i)`: the header steps the counter down.
    if (DESCENDING.test(header)) loopVariables(loop).forEach((v) => descending.add(v));
    else if (loop.counting) loopVariables(loop).forEach((v) => ascending.add(v));
  }
  return {
    varying: namesChangedIn(unit, facts, around),
    stepping: namesChangedIn(unit, facts, around.slice(binding + 1)),
    descending,
    ascending,
    nested: around.length > 1,
  };
}

/**
 * Entries of `table` read through a local computed inside the loops (`auto best = dp[j][k - 1] +
 * w; dp[i + 1][k] = min(dp[i][k], best)`): the value combines them too.
 */
function readsThroughLocals(write: Write, facts: SourceFacts, around: LoopFlow[]): Write['reads'] {
  const outer = around[0]!;
  const table = escape(bare(write.target));
  const out: Write['reads'] = [];
  for (const s of facts.statements) {
    if (s.line <= outer.line || s.line > (outer.endLine ?? outer.line) || s.line >= write.line) continue;
    if (s.kind !== 'declaration' && s.kind !== 'assignment') continue;
    const name = /([\w$]+)\s*$/.exec((s.target ?? '').replace(/[*&\s]+$/, ''))?.[1];
    if (!name || name === bare(write.target) || !write.names.includes(name)) continue;
    for (const m of (s.value ?? s.code).matchAll(
      new RegExp(`(?:^|[^\\w$.])${table}((?:\\[[^\\[\\]]*\\])+)`, 'g'),
    ))
      out.push({
        table: write.target,
        index: [...m[1]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!.replace(/\s+/g, '')),
      });
  }
  return out;
}

/** `x` is the variable of a loop in `around` that steps by a written index (`for j in range(i, n, i)`). */
function overMultiples(x: string, written: string[], around: LoopFlow[], facts: SourceFacts): boolean {
  const v = unwrap(x);
  return around.some((loop) => {
    if (!loopVariables(loop).includes(v)) return false;
    const step = stepName(
      facts.statements.find((s) => s.kind === 'loop' && s.line === loop.line)?.code ?? '',
    );
    return !!step && written.some((w) => unwrap(w) === step);
  });
}

/** The table recurrences of one unit: DP tables and prefix-sum tables, by line. */
export function recurrences(unit: Unit, facts: SourceFacts): RecurrenceHit[] {
  const loops = loopsOf(unit.body);
  const hits: (RecurrenceHit & { table: string; cell?: string; reads?: string[] })[] = [];
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
      vars.some((v) => plain(x) === v || (plain(x).startsWith(v) && SHIFT.test(plain(x).slice(v.length))));
    if (!byLoop(write.index) || !write.index.some(cell)) continue;
    const key = write.index.join('][');
    const direct = write.reads.filter(
      (r) =>
        bare(r.table) === bare(write.target) &&
        r.index.length === write.index!.length &&
        r.index.join('][') !== key,
    );
    const indirect = readsThroughLocals(write, facts, around).filter(
      (r) => r.index.length === write.index!.length && r.index.join('][') !== key,
    );
    const self = [...direct, ...indirect];
    if (self.length === 0 || !self.every((r) => byLoop(r.index))) continue;
    // `f[i] -= f[j]` with `j` stepping by `i` (`range(2 * i, n + 1, i)`, `j += i`): a sum over the
    // multiples of `i` (Möbius inversion, a sieve), whose loop is harmonic — neither a running
    // total nor a recurrence over neighbouring entries.
    if (self.some((r) => r.index.some((x) => overMultiples(x, write.index!, around, facts)))) continue;
    const positions = positionsIn(unit, around, vars);
    if (!self.every((r) => r.index.every((x, k) => reaches(write.index![k]!, x, vars, positions)))) continue;
    // `a[j] = a[j - 1]` only moves an element (insertion sort's shift, one side of a swap):
    // nothing is computed. Calls inside the written index (`a[(i - k) % len(a)]`) are no value.
    const valueCalls = write.calls.filter((c) => !write.index!.some((i) => mentions(i, c)));
    // A bare local (`a[j + 1] = tmp` of a swap) moves an element too.
    const copy =
      write.operator === '=' &&
      !write.valueOp &&
      write.ops.length === 0 &&
      valueCalls.length === 0 &&
      write.reads.length <= 1;
    if (copy) continue;
    const table = bare(write.target);
    const ctx = contextOf(unit, facts, around, table);
    // One entry read ahead of the scan inside a single loop is a difference of neighbours, not a
    // recurrence; inside an outer loop it is the previous pass's row (a DP step, in place).
    if (direct.length === 1 && !indirect.length && !ctx.nested && againstScan(write, direct[0]!, ctx))
      continue;
    if (indirect.length === 0 && isPrefix(write, direct, ctx))
      hits.push({
        concept: 'prefix sums',
        line: write.line,
        table,
        cell: `${around[around.length - 1]!.line}:${key}`,
        reads: direct.map((r) => r.index.map((x, k) => offset(write.index![k]!, x) ?? x).join(',')),
      });
    else if (!tabulates(write, self, ctx))
      hits.push({ concept: 'dynamic programming', line: write.line, table });
  }
  // A table is one structure: a carried row or a running maximum inside a DP table
  // (`dp[i + 1][k] = min(dp[i][k], ...)` beside the transitions) is part of the DP.
  // So is a cell that one pass adds several earlier entries into, each by its own write
  // (`dp[i] += dp[i - zero]; dp[i] += dp[i - one]`): two transitions, not a running total — unless
  // they are the 2-D inclusion–exclusion of a box sum, written in steps.
  const box = new Set(['-1,0', '0,-1', '-1,-1']);
  const readsByCell = new Map<string, Set<string>>();
  for (const h of hits)
    if (h.cell) readsByCell.set(h.cell, new Set([...(readsByCell.get(h.cell) ?? []), ...h.reads!]));
  for (const h of hits) {
    const reads = h.cell ? readsByCell.get(h.cell)! : undefined;
    if (reads && reads.size > 1 && ![...reads].every((r) => box.has(r))) h.concept = 'dynamic programming';
  }
  const dpTables = new Set(hits.filter((h) => h.concept === 'dynamic programming').map((h) => h.table));
  return hits
    .filter((h) => h.concept === 'dynamic programming' || !dpTables.has(h.table))
    .map(({ concept, line }) => ({ concept, line }));
}
