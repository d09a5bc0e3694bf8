// The cost of a recursive function from its shape: visited-guarded recursion is a traversal
// (O(V + E)), recursion inside a loop without a lasting mark is backtracking (exponential), halving
// recursion is solved with the Master theorem, one shrinking call is linear in depth, and branching
// recursion is exponential unless memoized.
import type { Flow, Unit } from '../model';
import { isMemoized } from '../concepts/memoization';
import { type Cost, add, constant, exponential, linear, multiply, power } from './cost';
import { recursionShape } from './recursion';
import { solveMaster } from './recurrence';
import { halvedNames, visitedMark } from './traversal';
import type { Estimator, Walk } from './walk';

export function recursiveCost(
  est: Estimator,
  unit: Unit,
  body: Cost,
  walk: Walk,
): { cost: Cost; recursion?: string; mark?: string } {
  const shape = recursionShape(unit, halvedNames(est.facts, unit));
  if (!shape) return { cost: body };
  if (shape.redispatch && !shape.insideLoop) return { cost: body };
  const key = est.resolveKey(shape.key, walk);
  const at = `line${shape.lines.length > 1 ? 's' : ''} ${shape.lines.join(', ')}`;
  const perCall = add(constant(), body);
  const calls = shape.callsPerInvocation;
  const mark = calls > 1 || shape.insideLoop ? visitedMark(est.facts, unit, shape.lines) : undefined;
  const line = shape.lines[0]!;
  if (mark) {
    // A memo table is marked and tested the same way: that is dynamic programming, not a graph.
    const memo = isMemoized(unit, est.facts);
    walk.patterns.push({ concept: memo ? 'dynamic programming' : 'graph traversal', line });
    // Each item is entered once (the mark is tested before recursing and never undone), and each
    // neighbour list is scanned once per item: O(V + E), whatever the branching.
    const edges = neighbourLists(unit.body);
    const why = `visits each item of \`${mark}\` once: it is marked and tested before recursing (${at}), never unmarked`;
    // A mark the function does not create itself (a parameter, a field, an outer variable) stays
    // set across calls, so calls made one after another share one traversal.
    const shared = !est.facts.statements.some(
      (s) =>
        s.line >= unit.line &&
        s.line <= unit.endLine &&
        (s.kind === 'assignment' || s.kind === 'declaration') &&
        s.target?.trim() === mark &&
        (s.operator === undefined || s.operator === '=' || s.operator === 'constant'),
    );
    return {
      cost: add(
        linear(mark, why),
        ...edges.map((e) => linear(e, `scans each neighbour list \`${e}[...]\` once in all`)),
      ),
      recursion: shared
        ? 'graph traversal (visited-guarded, shared mark)'
        : 'graph traversal (visited-guarded)',
      mark,
    };
  }
  if (shape.insideLoop) {
    walk.patterns.push({ concept: 'backtracking', line });
    walk.notes.push(
      `\`${unit.name}\` recurses inside a loop (${at}) without a visited mark: the number of calls grows exponentially (backtracking)`,
    );
    const why = `recursive call inside a loop (${at}) with no visited mark that stays set: exponential number of calls (backtracking)`;
    return { cost: multiply(exponential(key, why), perCall), recursion: 'backtracking (exponential)' };
  }
  if (shape.halving) {
    // Master theorem on T(n) = calls·T(n/2) + f(n); f is the per-call work (all sizes collapsed).
    const top = perCall.terms.reduce(
      (best, t) => {
        const degree = Object.values(t.powers).reduce((a, b) => a + b, 0);
        const logs = Object.values(t.logs).reduce((a, b) => a + b, 0);
        return degree > best.degree || (degree === best.degree && logs > best.logs) ? { degree, logs } : best;
      },
      { degree: 0, logs: 0 },
    );
    if (perCall.terms.some((t) => t.exponential)) return { cost: perCall };
    // One call on a midpoint of a range is a binary search; one call on `n / 2` of a number
    // (fast exponentiation) is decrease and conquer, reported as divide and conquer.
    if (!shape.subtrees)
      walk.patterns.push({
        concept: calls <= 1 && shape.midpoint ? 'binary search' : 'divide and conquer',
        line,
      });
    const solved = solveMaster({ calls: Math.max(1, calls), divisor: 2, ...top });
    const split = shape.subtrees
      ? 'recurses on the left and right subtrees'
      : `halves \`${shape.key}\` on each call`;
    const why = `${split} (${at}), ${calls} call${calls > 1 ? 's' : ''} per invocation: ${solved.text}${shape.subtrees ? '' : ', assuming balanced halves'}`;
    return {
      cost: power(key, solved.degree, solved.logs, why),
      recursion: calls > 1 ? 'divide and conquer' : 'binary search (halving recursion)',
    };
  }
  if (calls <= 1 && compressesPath(est, unit)) {
    // Union-find `find` with path compression: every call re-points `parent[x]` at the root, so a
    // sequence of calls costs O(α(n)) each, amortised — constant for any practical n.
    const why = `re-points \`${compressesPath(est, unit)}\` at the root on each call (${at}), path compression: amortised O(α(n)), effectively O(1)`;
    return {
      cost: { terms: perCall.terms.map((t) => ({ ...t, why: [why, ...t.why] })), unknown: perCall.unknown },
      recursion: 'path compression (amortised)',
    };
  }
  if (calls <= 1) {
    const why = `one recursive call per level, ${at}: recursion depth grows with \`${shape.key}\``;
    return { cost: multiply(linear(key, why), perCall), recursion: 'linear recursion' };
  }
  if (isMemoized(unit, est.facts)) {
    walk.patterns.push({ concept: 'dynamic programming', line });
    const why = `${calls} recursive calls (${at}) but memoized: each distinct argument is computed once`;
    return { cost: multiply(linear(key, why), perCall), recursion: 'memoized branching recursion' };
  }
  walk.notes.push(
    `\`${unit.name}\` makes ${calls} recursive calls per invocation (${at}) without memoization: exponential time`,
  );
  const why = `${calls} recursive calls per invocation (${at}), each on a slightly smaller input`;
  return { cost: multiply(exponential(key, why), perCall), recursion: 'branching recursion (exponential)' };
}

/**
 * The parent array `unit` compresses: it stores its own recursive result back into the entry it
 * recursed on (`parent[x] = find(parent[x])`), the union-find path compression.
 */
function compressesPath(est: Estimator, unit: Unit): string | undefined {
  const name = unit.name.replace(/[$]/g, '\\$&');
  for (const s of est.facts.statements) {
    if (s.line < unit.line || s.line > unit.endLine || !s.target || !s.value) continue;
    const entry = /^([\w$.>-]+)\[\s*([\w$]+)\s*\]$/.exec(s.target.trim());
    if (!entry) continue;
    const [, parent, x] = entry;
    const self = new RegExp(
      `\\b${name}\\s*\\(\\s*${parent!.replace(/[$.]/g, '\\$&')}\\s*\\[\\s*${x}\\s*\\]\\s*\\)`,
    );
    if (self.test(s.value)) return parent;
  }
  return undefined;
}

/** `graph` for a loop over `graph[node]`: the adjacency lists a traversal scans. */
function neighbourLists(flows: Flow[]): string[] {
  const lists = new Set<string>();
  const visit = (fs: Flow[]) => {
    for (const f of fs) {
      if (f.kind === 'loop') {
        const base = f.bound.kind === 'linear' ? /^([\w$.]+)\[/.exec(f.bound.key)?.[1] : undefined;
        if (base) lists.add(base);
        visit(f.body);
      } else if (f.kind === 'branch') f.arms.forEach(visit);
    }
  };
  visit(flows);
  return [...lists];
}
