// Two pointers over two different sequences: a loop that runs while one index is inside one
// sequence and another index inside another (`while i < len(a) and j < len(b)`, `for (int i = 0,
// j = 0; i < size(a) && j < size(b);)`), reads both (`a[i]`, `b[j]`) and moves the indices
// forward separately — at least one of them only on some passes (`if a[i] < b[j]: i += 1 else:
// j += 1`): a merge, an intersection, a subsequence check. Two indices stepped together on every
// pass walk the sequences in lockstep (a zip), which is no two-pointer technique.
import { type LoopFlow, type SourceFacts, type Unit, sizeAlias } from '../model';
import { balanced, escape } from '../extract/boundText';
import type { PointerHit } from './pointers';

/** `i < len(a)` / `i < size(a)` / `i < a.size()` / `i < a.length` / `i < n` (n = len(a)): [`i`, `a`]. */
function indexBound(part: string, facts: SourceFacts, unit: Unit): [string, string] | undefined {
  const bare = /^\((.*)\)$/s.exec(part.trim())?.[1];
  const text = bare && balanced(bare) ? bare : part.trim();
  const m = /^([A-Za-z_$][\w$]*)\s*(?:<|<=|!=)\s*(.+)$/.exec(text.trim());
  if (!m) return undefined;
  const limit = m[2]!.trim();
  const sequence =
    /^(?:len|size|std::size)\s*\(\s*([\w$.]+)\s*\)$/.exec(limit)?.[1] ??
    /^([\w$.]+)\s*(?:\.|->)\s*(?:size\(\)|length\(\)|length|len\(\)|Length|Count|count\(\))$/.exec(
      limit,
    )?.[1] ??
    (/^[\w$]+$/.test(limit) ? sizeAlias(facts, unit, limit) : undefined);
  return sequence ? [m[1]!, sequence] : undefined;
}

/** The merge-like two-pointer walk of `loop`, if it is one. */
export function mergeWalk(unit: Unit, loop: LoopFlow, facts: SourceFacts): PointerHit | undefined {
  const header = facts.statements.find((s) => s.kind === 'loop' && s.line === loop.line);
  const parts = header?.condition?.split(/\s*(?:&&|\band\b)\s*/) ?? [];
  if (!header || parts.length !== 2) return undefined;
  const bounds = parts.map((p) => indexBound(p, facts, unit));
  if (bounds.some((b) => !b)) return undefined;
  const [[i, a], [j, b]] = bounds as [string, string][];
  if (i === j || a === b) return undefined;
  const end = loop.endLine ?? loop.line;
  const body = facts.statements.filter((s) => s.line > loop.line && s.line <= end);
  const reads = (seq: string, index: string) =>
    body.some((s) => new RegExp(`\\b${escape(seq)}\\s*\\[\\s*${escape(index)}\\s*\\]`).test(s.code));
  if (!reads(a!, i!) || !reads(b!, j!)) return undefined;
  // Forward steps of each index, in the body or the header's update.
  const steps = (name: string) =>
    unit.writes.filter(
      (w) =>
        w.line >= loop.line &&
        w.line <= end &&
        !w.index &&
        w.target === name &&
        (w.operator === '++' || (w.operator === '+=' && !w.names.length)),
    );
  const si = steps(i!);
  const sj = steps(j!);
  if (!si.length || !sj.length) return undefined;
  // At least one step is conditional: not a plain statement of the loop body's top level (it sits
  // in an `if`, or inside a compound statement that began on an earlier line).
  const topLevel = (line: number) =>
    body.some((s) => s.line === line && s.depth === header.depth + 1 && s.kind !== 'if');
  const conditional = [...si, ...sj].some((w) => w.line > loop.line && !topLevel(w.line));
  return conditional ? { concept: 'two pointers', line: loop.line } : undefined;
}
