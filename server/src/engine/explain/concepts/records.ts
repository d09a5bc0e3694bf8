// The complexity estimator records an algorithm concept with the shape that justifies its cost
// claim, but a cost shape is looser than the algorithm a reader would name. Three records are
// re-checked here against the shape that names the algorithm:
// - graph traversal read from a loop: an inner loop over `xs[...]` amortised across the passes of
//   an outer loop is a traversal only when the outer loop drains a work list (BFS, an iterative
//   DFS) or runs over a list it appends to (`for u in q: ... q.append(v)`); bucket loops (`for i in range(n): for x in buckets[i]`, a counting sort's output pass,
//   offers grouped by end point in a DP) share the same cost and are no graph;
// - binary search read from a loop: a range halved on each pass needs a midpoint computed from its
//   two ends (`(lo + hi) // 2`, `lo + (hi - lo) / 2`); a window whose left end is merely named
//   `mid` halves nothing;
// - backtracking: the choice must be taken back inside the loop that makes it, after the call
//   (`path.pop()` before the next pass), or passed on as a new value; a statement after the loop
//   (dropping a trailing separator of a serialiser) undoes nothing.
import { passesNewChoice } from '../complexity/recursiveCost';
import { undoesChoice } from '../complexity/treeWalk';
import { selfCallsOf } from '../complexity/recursion';
import { type LoopFlow, type SourceFacts, type Unit, isFunctionUnit } from '../model';
import { loopsAround, loopsOf } from './loops';
import { escape } from '../extract/boundText';

/** A midpoint of two ends: a sum or difference halved (`/ 2`, `// 2`, `>> 1`), or `midpoint(a, b)`. */
const MIDPOINT =
  /[\w$\])]\s*[+-]\s*[\w$([][^;]*?(\/\/?\s*2\b|>>>?\s*1\b|\bdiv\s+2\b|\.div\(\s*2\s*\)|\bquo\s+2\b)|\bmidpoint\s*\(/;

/** The innermost function unit whose lines hold `line`. */
function unitAt(facts: SourceFacts, line: number): Unit | undefined {
  return facts.units
    .filter((u) => isFunctionUnit(u) && u.line <= line && line <= u.endLine)
    .sort((a, b) => b.line - a.line)[0];
}

function loopAt(unit: Unit, line: number): LoopFlow | undefined {
  return loopsOf(unit.body).find((l) => l.line === line);
}

function hasMidpoint(facts: SourceFacts, loop: LoopFlow): boolean {
  return facts.statements.some(
    (s) => s.line >= loop.line && s.line <= (loop.endLine ?? loop.line) && MIDPOINT.test(s.code),
  );
}

/** The loop runs over a list its body appends to (`for u in q: ... q.append(v)`): a work list. */
function grows(facts: SourceFacts, loop: LoopFlow): boolean {
  if (loop.bound.kind !== 'linear' || !/^[\w$]+$/.test(loop.bound.key)) return false;
  const append = new RegExp(
    `(^|[^\\w$.])${escape(loop.bound.key)}\\s*(\\.|->)\\s*(append|push|push_back|emplace_back|add|offer|enqueue)\\s*\\(`,
  );
  return facts.statements.some(
    (s) => s.line > loop.line && s.line <= (loop.endLine ?? loop.line) && append.test(s.code),
  );
}

/** True when the estimator's record of `concept` at `line` has the shape that names it. */
export function confirmsRecord(facts: SourceFacts, concept: string, line: number): boolean {
  const unit = unitAt(facts, line);
  if (!unit) return true;
  const recursiveHere = selfCallsOf(unit.body, unit).some((c) => c.line === line);
  const loop = loopAt(unit, line);
  if (concept === 'graph traversal' && loop && !recursiveHere)
    return loopsAround(loopsOf(unit.body), line).some(
      (l) => (l.bound.kind === 'linear' && l.bound.amortised === 'drains') || grows(facts, l),
    );
  if (concept === 'binary search' && loop && !recursiveHere) return hasMidpoint(facts, loop);
  if (concept === 'backtracking') {
    if (passesNewChoice({ facts }, unit)) return true;
    const around = loopsAround(loopsOf(unit.body), line);
    const inner = around[around.length - 1];
    if (!inner) return true;
    return facts.statements.some(
      (s) => s.line > line && s.line <= (inner.endLine ?? inner.line) && undoesChoice(s),
    );
  }
  return true;
}
