// Range queries and range updates on a segment tree: a recursion over the halves of a node's range
// (child indexes `u << 1`, `2 * node + 1`, or `lo..mid` / `mid + 1..hi`) that passes the query's
// bounds on unchanged and returns as soon as the node's range lies inside the query (or outside
// it). On each level at most two nodes straddle a bound of the query, and only they recurse: the
// calls visit O(log n) nodes, not every node as the two calls per invocation alone would suggest.
// Building the tree (the halves themselves are passed on, no bound passes through) stays O(n).
import type { CallFlow, Unit } from '../model';
import { selfCallsOf } from './recursion';
import { statementsIn } from './traversal';
import type { Estimator } from './walk';
import { escape } from '../extract/boundText';

/** The parameters every recursive call passes on unchanged, at their own position. */
function passedThrough(unit: Unit, calls: CallFlow[]): string[] {
  const params = unit.params.map(
    (p) => /^[&*$]*([\w$]+)/.exec(p.trim().replace(/^(?:final\s+)?[\w$<>[\]]+\s+(?=[\w$])/, ''))?.[1] ?? '',
  );
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  return usable.filter(
    (p, i) =>
      p !== '' && calls.every((c) => c.args[i + (c.args.length > usable.length ? offset : 0)]?.trim() === p),
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
  const through = passedThrough(unit, calls);
  if (through.length < 2) return undefined;
  const statements = statementsIn(est.facts, unit);
  const callLines = new Set(calls.map((c) => c.line));
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    if (s.kind !== 'if' || !s.condition || callLines.has(s.line)) continue;
    const bounds = through.filter((p) => compared(s.condition!, p));
    if (bounds.length < 2) continue;
    // The arm: a return on the same line (`if (...) return t[u];`, which the C and C++ extractors
    // keep inside the `if` statement's own text) or the first statement nested under it.
    const next = statements[i + 1];
    const arm =
      statements.find((t) => t.line === s.line && t.kind === 'return') ??
      (/^\s*if\b.*[)\s:]return\b/.test(s.code) ? s : undefined) ??
      (next && next.depth > s.depth && next.kind === 'return' ? next : undefined);
    if (arm && !callLines.has(arm.line)) return [bounds[0]!, bounds[1]!];
  }
  return undefined;
}
