// Range queries and range updates on a segment tree: a recursion over the halves of a node's range
// (child indexes `u << 1`, `2 * node + 1`, or `lo..mid` / `mid + 1..hi`) that passes the query's
// bounds on unchanged and returns as soon as the node's range lies inside the query (or outside
// it). On each level at most two nodes straddle a bound of the query, and only they recurse: the
// calls visit O(log n) nodes, not every node as the two calls per invocation alone would suggest.
// Building the tree (the halves themselves are passed on, no bound passes through) stays O(n).
import type { CallFlow, Statement, Unit } from '../model';
import { selfCallsOf } from './recursion';
import { statementsIn } from './traversal';
import type { Estimator } from './walk';
import { escape } from '../extract/boundText';

/**
 * The parameters every recursive call passes on unchanged, at their own position — or clipped to
 * the child's half (`query(u << 1, l, mid)`, `query(u << 1 | 1, mid + 1, r)`, with `mid` a
 * midpoint the unit computes), as long as one call passes it unchanged.
 */
function passedThrough(unit: Unit, calls: CallFlow[], midpoints: Set<string> = new Set()): string[] {
  const params = unit.params.map(
    (p) => /^[&*$]*([\w$]+)/.exec(p.trim().replace(/^(?:final\s+)?[\w$<>[\]]+\s+(?=[\w$])/, ''))?.[1] ?? '',
  );
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  const argOf = (c: CallFlow, i: number) => c.args[i + (c.args.length > usable.length ? offset : 0)]?.trim();
  const clipped = (arg: string | undefined) =>
    !!arg && midpoints.has(arg.replace(/\s*[-+]\s*1$/, '').replace(/^(?:this|self)\s*\.\s*/, ''));
  return usable.filter(
    (p, i) =>
      p !== '' &&
      calls.every((c) => argOf(c, i) === p || clipped(argOf(c, i))) &&
      calls.some((c) => argOf(c, i) === p),
  );
}

function compared(condition: string, name: string): boolean {
  const n = escape(name);
  return new RegExp(`(?:[<>]=?\\s*${n}\\b|\\b${n}\\s*[<>]=?)`).test(condition);
}

/**
 * The two query bounds of a segment-tree range query or range update, when `unit` recurses two or
 * more times, passes two bounds through every call unchanged, and has a condition comparing both
 * bounds (`tr[u].l >= l and tr[u].r <= r`, `r < start or end < l`) whose arm returns without
 * recursing.
 */
export function rangeQueryBounds(est: Estimator, unit: Unit): [string, string] | undefined {
  const calls = selfCallsOf(unit.body, unit);
  if (calls.length < 2) return undefined;
  const statements = statementsIn(est.facts, unit);
  // (names the unit sets to a midpoint: `mid := (tr[u].l + tr[u].r) >> 1`, `m = (lo + hi) // 2`)
  const midpoints = new Set(
    statements
      .filter((t) => /(?:>>\s*1|\/\/?\s*2)\s*\)?;?$/.test(t.value?.trim() ?? '') && !!t.target)
      .map((t) => t.target!.trim().replace(/^.*\s/, '')),
  );
  const unchanged = passedThrough(unit, calls);
  const through = unchanged.length >= 2 ? unchanged : passedThrough(unit, calls, midpoints);
  if (through.length < 2) return undefined;
  // Clipped bounds must be tested against the node's own range (`tr[u].l >= l`), not only against
  // each other: a build passes its halves the same way and stops at `if (l >= r)`.
  const clipping = unchanged.length < 2;
  const callLines = new Set(calls.map((c) => c.line));
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    if (s.kind !== 'if' || !s.condition || callLines.has(s.line)) continue;
    const bounds = through.filter((p) => compared(s.condition!, p));
    if (bounds.length < 2) continue;
    const others = (s.condition.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((w) => !through.includes(w));
    if (clipping && !others.length) continue;
    // The arm: a return on the same line (`if (...) return t[u];`, which the C and C++ extractors
    // keep inside the `if` statement's own text) or the first statement nested under it.
    const next = statements[i + 1];
    // (or a block that first marks the node — a lazy range update — and then returns, calling
    // itself nowhere: `if (covered) { tr[u].s = …; tr[u].lazy ^= 1; return; }`)
    const block: Statement[] = [];
    for (let j = i + 1; j < statements.length && statements[j]!.depth > s.depth; j++)
      block.push(statements[j]!);
    const blockReturn =
      block.some((t) => t.kind === 'return' && t.depth === s.depth + 1) &&
      !block.some((t) => callLines.has(t.line))
        ? block.find((t) => t.kind === 'return')
        : undefined;
    const arm =
      statements.find((t) => t.line === s.line && t.kind === 'return') ??
      (/^\s*if\b.*[)\s:]return\b/.test(s.code) ? s : undefined) ??
      (next && next.depth > s.depth && next.kind === 'return' ? next : undefined) ??
      blockReturn;
    if (arm && !callLines.has(arm.line)) return [bounds[0]!, bounds[1]!];
  }
  return undefined;
}
