// The states of a search: a BFS, 0-1 BFS, A* or Dijkstra drains a work list whose items are
// tuples — a cell `(r, c)`, a node with a bit set `(u, mask)`, a position with what is left
// `(pos, k)` — and pops each state at most as often as it is pushed, so its passes are the number
// of distinct states the code lets in. A reader counts them from what marks a state as done: the
// shape of the visited or distance table (`[[INF] * (1 << k) for _ in range(n)]` → n·2^k states)
// or, for a visited set of tuples, the range each part is held to by the push guards
// (`0 <= nr < len(grid)`, `nc < C`). Where the code shows no such bound — a part of the tuple no
// guard holds, a work list of tuples with no visited check at all — the count is a guess, and the
// loop's term carries a doubt (cost.ts: `doubted`) so a claim it dominates is withheld with the
// reason. Work lists of plain items (graph nodes) keep the drain reading (loopCost.ts), and grid
// work lists the matrix rule already sizes (gridCells.ts) never reach here.
import type { LoopFlow, Statement } from '../model';
import { balanced, escape, splitArgs } from '../extract/boundText';
import { assignedPairs, statementsIn } from './traversal';
import { type Cost, isConstant, multiply } from './cost';
import type { Estimator, Walk } from './walk';
import { allocationDims, sizeOf } from './stateSizes';
import {
  TYPED_WORK_LISTS,
  structFields,
  typedItem,
  typedPop,
  typedPushes,
  typedSize,
  typedTableDims,
} from './typedWorkLists';
import { compositeSetMark, tiedNames } from './cppStateTables';

export type WorkListStates = { iterations: Cost } | { doubt: string };

const NAME = /^[A-Za-z_$][\w$]*$/;

const GROW = 'append|appendleft|push|push_back|push_front|put|emplace|emplace_back|emplace_front|offer';

/**
 * The text of the call arguments starting at `from` (just after the `(`). A statement's text may be
 * cut (`…append((nb, k-int(grid[nb[0]][n...`): then what is shown, with its brackets closed, so a
 * tuple keeps its parts; undefined when the text is cut inside the first part.
 */
function argsAt(code: string, from: number): string | undefined {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    if ('([{'.includes(code[i]!)) depth++;
    else if (')]}'.includes(code[i]!) && --depth < 0) return code.slice(from, i);
  }
  if (!code.endsWith('...')) return undefined;
  const shown = code.slice(from, -3);
  const open: string[] = [];
  for (const ch of shown)
    if ('([{'.includes(ch)) open.push(ch);
    else if (')]}'.includes(ch)) open.pop();
  const closed =
    shown +
    open
      .reverse()
      .map((ch) => ({ '(': ')', '[': ']', '{': '}' })[ch])
      .join('');
  // Only the outer tuple may be cut open: its first parts must be whole.
  return /^\s*[([]\s*[\w$.[\]]+\s*,/.test(shown) ? closed : undefined;
}

/** The parts of a tuple display (`(a, b)`, `[a, b]`, `{a, b}`), or undefined for anything else. */
function tupleParts(text: string): string[] | undefined {
  const t = text.trim();
  if (!/^[([{]/.test(t) || !')]}'.includes(t[t.length - 1]!) || !balanced(t.slice(1, -1))) return undefined;
  const parts = splitArgs(t.slice(1, -1));
  return parts.length >= 2 ? parts : undefined;
}

/** What each push onto one of `lists` in `code` pushes; `null` when a list grows in a way not read. */
function pushesIn(code: string, lists: Set<string>, typed: boolean): string[] | null {
  // (Java's `add` / `offerLast` and Go's `append`: typedWorkLists.ts)
  const found: string[] = typed ? typedPushes(code, lists) : [];
  for (const l of lists) {
    const e = escape(l);
    const direct = new RegExp(`(?<![\\w$.])${e}\\s*\\.\\s*(?:${GROW})\\s*\\(`, 'g');
    for (const m of code.matchAll(direct)) {
      const args = argsAt(code, m.index! + m[0].length);
      if (args === undefined) return null;
      // C++ builds the item from the call's own arguments (`q.emplace(r, c)`).
      found.push(splitArgs(args).length >= 2 ? `(${args})` : args);
    }
    for (const m of code.matchAll(new RegExp(`\\bheappush\\s*\\(\\s*${e}\\s*,`, 'g'))) {
      const args = argsAt(code, m.index! + m[0].length);
      if (args === undefined) return null;
      found.push(args);
    }
    if (new RegExp(`(?<![\\w$.])${e}\\s*\\.\\s*(?:extend|insert)\\s*\\(|\\b${e}\\s*\\+=`).test(code))
      return null;
  }
  // `(closer if good else detour).append(nb)`: a push onto whichever list the test picks.
  for (const m of code.matchAll(/\)\s*\.\s*(?:append|appendleft)\s*\(/g)) {
    let depth = 0;
    let open = -1;
    for (let i = m.index!; i >= 0 && open < 0; i--) {
      if (code[i] === ')') depth++;
      else if (code[i] === '(' && --depth === 0) open = i;
    }
    const pick = /^\s*([\w$.]+)\s+if\b[\s\S]*\belse\s+([\w$.]+)\s*$/.exec(code.slice(open + 1, m.index!));
    if (open < 0 || !pick || !(lists.has(pick[1]!) || lists.has(pick[2]!))) continue;
    const args = argsAt(code, m.index! + m[0].length);
    if (args === undefined) return null;
    found.push(args);
  }
  return found;
}

/** The work list `list` and every name it is swapped or replaced with inside the loop. */
function listNames(list: string, inLoop: Statement[]): Set<string> {
  const lists = new Set([list]);
  for (let pass = 0; pass < 2; pass++)
    for (const s of inLoop)
      if (s.kind === 'assignment' || s.kind === 'declaration')
        for (const [t, v] of assignedPairs(s)) {
          const [a, b] = [t.trim(), v.trim()];
          if (!NAME.test(a) || !NAME.test(b)) continue;
          if (lists.has(a)) lists.add(b);
          if (lists.has(b)) lists.add(a);
        }
  return lists;
}

/**
 * The states of the work list drained by `flow` (see the head of the file): a count when the
 * visited or distance structure shows it, a doubt when the items are tuples and nothing bounds
 * them, undefined when the items are plain (the drain reading stands) or the code is not read.
 */
export function workListStates(est: Estimator, flow: LoopFlow, walk: Walk): WorkListStates | undefined {
  if (flow.bound.kind !== 'linear' || flow.bound.amortised !== 'drains' || flow.variable) return undefined;
  // The marks, guards and allocations read here are Python's (`seen.add(b)`, `0 <= r < len(g)`,
  // `[[INF] * m for _ in range(n)]`), Java's and Go's spelled the same way (typedWorkLists.ts) and
  // C++'s tables (cppStateTables.ts); other languages' sets and keys, and C++ sets, are not read yet.
  const typed = TYPED_WORK_LISTS.has(est.facts.language);
  const cpp = est.facts.language === 'cpp';
  if (est.facts.language !== 'python' && !typed && !cpp) return undefined;
  const item = (text: string) => (typed ? typedItem(text) : text);
  const list = flow.bound.key;
  if (!NAME.test(list) || !walk.unit.locals.has(list)) return undefined;
  const unitStatements = statementsIn(est.facts, walk.unit);
  const end = flow.endLine ?? flow.line;
  const inLoop = unitStatements.filter((s) => s.line >= flow.line && s.line <= end);
  const lists = listNames(list, inLoop);
  const pushed: string[] = [];
  for (const s of inLoop) {
    const p = pushesIn(s.code, lists, typed);
    if (p === null) return undefined;
    pushed.push(...p);
  }
  if (!pushed.length) return undefined;
  // Tuple names: `nb = (b[0] + dr, b[1] + dc)`, then `closer.append(nb)`.
  const tupleOf = new Map<string, string[]>();
  for (const s of unitStatements)
    if (s.kind === 'assignment' || s.kind === 'declaration')
      for (const [t, v] of assignedPairs(s)) {
        const parts = tupleParts(item(v));
        if (parts && NAME.test(t.trim())) tupleOf.set(t.trim(), parts);
      }
  const items = pushed.map((p) => tupleParts(item(p)) ?? tupleOf.get(p.trim()));
  if (items.some((t) => !t)) return undefined; // plain items (nodes): the drain reading stands
  const width = items[0]!.length;
  if (items.some((t) => t!.length !== width)) return undefined;
  // The texts that name each position of the state: the pushed parts, `nb[i]` of a tuple name,
  // and the names a pop or a level loop binds (`b, k = closer.pop()`, `for r, c in q`).
  const alias: Set<string>[] = Array.from({ length: width }, () => new Set<string>());
  const itemNames = new Set<string>();
  for (const p of pushed) if (tupleOf.has(p.trim())) itemNames.add(p.trim());
  for (const t of items) t!.forEach((part, i) => alias[i]!.add(part.replace(/\s+/g, '')));
  const popped = new RegExp(
    `^(?:(?:${[...lists].map(escape).join('|')})\\s*\\.\\s*(?:pop|popleft|get|top|front)\\s*\\([^()]*\\)|heapq\\.heappop\\s*\\(\\s*(?:${[...lists].map(escape).join('|')})\\s*\\)|heappop\\s*\\(\\s*(?:${[...lists].map(escape).join('|')})\\s*\\))$`,
  );
  for (const s of inLoop) {
    let target: string | undefined;
    if (
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.value &&
      (popped.test(s.value.trim()) || (typed && typedPop(s.value, lists)))
    )
      target = s.target;
    else if (s.kind === 'loop' && s.loopKind === 'for-each' && s.collection && lists.has(s.collection.trim()))
      target = s.item;
    if (!target) continue;
    const names = tiedNames(target)
      .replace(/^[([]|[)\]]$/g, '')
      .split(',')
      .map((x) => x.trim());
    if (names.length === width) names.forEach((n, i) => alias[i]!.add(n));
    else if (names.length === 1 && NAME.test(names[0]!)) itemNames.add(names[0]!);
  }
  for (const n of itemNames) for (let i = 0; i < width; i++) alias[i]!.add(`${n}[${i}]`);
  // A Go struct's fields name its positions (`cur.r` of `state{r, c, mask}`).
  const structType = typed ? /^([A-Za-z_]\w*)\s*\{/.exec(pushed[0]!.trim())?.[1] : undefined;
  const fields = structType
    ? structFields(
        est.facts.statements.map((s) => s.code),
        structType,
      )
    : undefined;
  if (fields?.length === width)
    for (const n of itemNames) fields.forEach((f, i) => alias[i]!.add(`${n}.${f}`));
  const why = `the work list \`${list}\` holds search states (\`${pushed[0]!.trim()}\`, line ${flow.line})`;
  const loopCode = inLoop.map((s) => `${s.condition ?? ''}\n${s.code}`).join('\n');
  // A table the loop tests and writes at the state's indexes (`dist[u][mask]`, `lookup[r][c]`).
  for (const m of loopCode.matchAll(
    /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\[([^[\]]+)\]\s*\[([^[\]]+)\](?:\s*\[([^[\]]+)\])?/g,
  )) {
    const table = m[1]!;
    if (lists.has(table)) continue;
    const idx = [m[2]!, m[3]!, m[4]].filter((x): x is string => !!x).map((x) => x.replace(/\s+/g, ''));
    if (!idx.every((x) => alias.some((a) => a.has(x)))) continue;
    const written = new RegExp(
      `(?<![\\w$.])${escape(table)}\\s*\\[[^\\]]+\\]\\s*\\[[^\\]]+\\](?:\\s*\\[[^\\]]+\\])?\\s*=(?!=)`,
    );
    if (!inLoop.some((s) => written.test(s.code)) && !unitStatements.some((s) => written.test(s.code)))
      continue;
    const alloc =
      allocationDims(est, unitStatements, table, idx.length) ??
      (typed ? typedTableDims(table, unitStatements.flatMap(assignedPairs)) : undefined);
    const tableWhy = `${why}; \`${table}\` marks each state (line ${flow.line}), one entry per state`;
    if (alloc) {
      const dims = alloc.map((d) => sizeOf(est, walk, d, tableWhy));
      if (dims.every((d): d is Cost => !!d)) return { iterations: dims.reduce((a, b) => multiply(a, b)) };
      return { doubt: `${why}: the table \`${table}\` that marks them has a size the code does not name` };
    }
    return undefined;
  }
  // A set or map of whole states: `if b in lookup: continue; lookup.add(b)`, `dist[(r, c)] = d`.
  const keyOf = (key: string): number[] | undefined => {
    const k = key.replace(/\s+/g, '');
    if (itemNames.has(k) || tupleOf.has(k)) return [...Array(width).keys()];
    const parts = tupleParts(item(key));
    if (parts) {
      const pos = parts.map((p) => alias.findIndex((a) => a.has(p.replace(/\s+/g, ''))));
      return pos.every((p) => p >= 0) ? pos : undefined;
    }
    const one = alias.findIndex((a) => a.has(k));
    return one >= 0 ? [one] : undefined;
  };
  let marked: { set: string; positions: number[]; kept?: number } | undefined;
  for (const s of inLoop) {
    const add = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*add\s*\((.*)\)\s*$/.exec(s.code.trim());
    const store = /^([A-Za-z_$][\w$]*)\s*\[(.+)\]\s*=(?!=)/.exec(s.code.trim());
    const hit = add ?? store;
    if (!hit || lists.has(hit[1]!)) continue;
    const positions = keyOf(hit[2]!);
    if (!positions) continue;
    const tested = new RegExp(
      `\\bin\\s+${escape(hit[1]!)}\\b|(?<![\\w$.])${escape(hit[1]!)}\\s*(?:\\[|\\.get\\s*\\()`,
    );
    // (a set that only gains states is a mark even where a long test is cut from the text)
    if (!add && !inLoop.some((t) => t.condition && tested.test(t.condition)) && !tested.test(loopCode))
      continue;
    // `lookup[b] = k` keeps another part of the state beside the key, and a test on it
    // (`lookup[b] >= k`) lets the key in again: that part counts too.
    const kept = store
      ? alias.findIndex((a, i) => !positions.includes(i) && a.has((s.value ?? '').replace(/\s+/g, '')))
      : -1;
    marked = { set: hit[1]!, positions, ...(kept >= 0 ? { kept } : {}) };
    break;
  }
  // Each marked part's range, from a guard that holds it below a size (`0 <= nr < len(grid)`); a
  // part that is itself a cell (`(nb, k)` with `nb = (r + dr, c + dc)`) ranges over its parts.
  const allText = unitStatements.map((s) => `${s.condition ?? ''}\n${s.code}`).join('\n');
  const allCode = typed ? typedSize(allText) : allText;
  const BOUND = String.raw`len\(\s*[\w$.]+(?:\[\s*0\s*\])?\s*\)|[\w$.]+(?:\s*\*\*\s*\d+)?`;
  const guarded = (texts: Iterable<string>, part: string, depth: number): Cost | undefined => {
    for (const a of texts) {
      const inner = tupleOf.get(a);
      if (inner && depth < 2) {
        const sub = inner.map((_, j) =>
          guarded([`${a}[${j}]`, inner[j]!.replace(/\s+/g, '')], `${a}[${j}]`, depth + 1),
        );
        if (sub.every((c): c is Cost => !!c)) return sub.reduce((x, y) => multiply(x, y));
      }
      const e = escape(a);
      // Upper ends only: `a < X`, `a >= X` (a guard that skips), `X > a`, `X <= a`; a lower end is
      // a small literal (`0 <= a`, `a >= 0`).
      // (two patterns: one match must not consume the part another needs, `0 <= a < len(g)`)
      const guards = [
        new RegExp(`(?<![\\w$.\\]])${e}\\s*(?:<=?|>=)\\s*(${BOUND})`, 'g'),
        new RegExp(`(${BOUND})\\s*(?:>=?|<=)\\s*${e}(?![\\w$.\\[])`, 'g'),
      ];
      for (const g of guards.flatMap((re) => [...allCode.matchAll(re)])) {
        const bound = g[1]!.trim();
        if (/^-?\d$/.test(bound)) continue;
        const range = sizeOf(est, walk, bound, `${why}; \`${part}\` is held below \`${bound}\``);
        if (range) return range;
      }
    }
    return undefined;
  };
  // C++ sets of states (`lookup.emplace(r * n + c)`, `lookup.emplace(nr, nc)`) are not read: how
  // many states they let in is not shown (cppStateTables.ts).
  if (!marked && cpp) {
    const set = compositeSetMark(loopCode, lists, new Set(alias.flatMap((a) => [...a])));
    return set
      ? {
          doubt: `${why}, marked in \`${set.set}\` by a key built from several parts (\`${set.key}\`): the number of states the search visits is not shown`,
        }
      : undefined;
  }
  if (!marked) {
    // Without a mark a state may be pushed again and again: withheld when the states are cells
    // the guards hold to sizes (two parts or more, a walk over a grid), whose revisits nothing
    // stops; a work list of a tree's nodes with what they carry (`(node.left, depth)`) or a k-way
    // merge advancing one index (`(xs[i + 1], j, i + 1)`) keeps its reading.
    if (alias.filter((a) => guarded(a, [...a][0]!, 0)).length < 2) return undefined;
    return {
      doubt: `${why}, and nothing in the loop marks a state as seen: the number of states the search visits is not shown`,
    };
  }
  const ranges: Cost[] = [];
  for (const i of new Set(marked.positions)) {
    const range = guarded(alias[i]!, [...alias[i]!][0]!, 0);
    if (!range) {
      if (marked.positions.length === 1 && width > 1) return undefined; // a node carried with its distance
      return {
        doubt: `${why}, marked in \`${marked.set}\`, but no guard holds part ${i + 1} (\`${[...alias[i]!][0]}\`) to a size: the number of states the search visits is not shown`,
      };
    }
    ranges.push(range);
  }
  if (marked.kept !== undefined) {
    const range = guarded(alias[marked.kept]!, [...alias[marked.kept]!][0]!, 0);
    if (!range)
      return {
        doubt: `${why}: \`${marked.set}\` keeps part ${marked.kept + 1} (\`${[...alias[marked.kept]!][0]}\`) for each key and lets a key in again when it changes, and no guard holds that part to a size: how often a state re-enters is not shown`,
      };
    ranges.push(range);
  }
  // States held only to small literals (`0 <= nx <= MAX_X`): the drain reading stands.
  if (!ranges.length || ranges.every(isConstant)) return undefined;
  return { iterations: ranges.reduce((a, b) => multiply(a, b)) };
}
