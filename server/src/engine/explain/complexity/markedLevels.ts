// Searches whose work list takes an item only under a mark that stays set, walked by a loop that
// something else repeats:
// - levels counted by another bound: `while (level-- > 0) { const nq = []; for (const i of q) for
//   (const j of g[i]) if (!vis[j]) { vis[j] = true; nq.push(j); } q = nq; }`, Python `for _ in
//   range(k): for _ in range(len(q)): i = q.popleft(); … if j not in vis: vis.add(j); q.append(j)`;
// - a search started from every unmarked cell: `for i … for j … if (!vis[i][j]) { vis[i][j] = true;
//   const q = [[i, j]]; for (const [x, y] of q) … if (vis[a][b]) return true; q.push([a, b]);
//   vis[a][b] = true; }`.
// The outer loops repeat the walk, but every item enters the list only when the mark it tests is
// set for it, and the mark is never unset: over all passes the walk takes each marked item once,
// so its passes add up to the mark's items (plus one start per pass), not passes × list size. The
// rule asks that the list the loop walks be the next level made empty on each pass and swapped in
// (`q = nq`), a list the walking loop takes an item off on each pass (`q.popleft()`, `q.shift()`),
// or a list made in the pass with at most one listed item; that every append to it inside the outer
// loop sit under such a guard (an `if` testing the mark unset, or a jump out when it is set, with the
// mark set in the same block); and that nothing else write it there.
import type { LoopFlow, Statement } from '../model';
import { escape } from '../extract/boundText';
import type { Cost } from './cost';
import { markedItems } from './markedStates';
import { loopAt } from './compounding';
import { blockEnd, loopAround, statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

const APPENDS = /^(?:push|append|add|offer|push_back|emplace_back|addLast|offerLast|Add|Enqueue|PushBack)$/;
const TAKES = /^(?:popleft|pop|shift|poll|pollFirst|removeFirst|pop_front|PopFront|Dequeue|remove)$/;
// A start of at most one listed item: `[id]`, `[[i, j]]`, `deque([id])`, Go `[]int{id}`, `new ArrayDeque<>()`.
const START =
  /^(?:\[\s*(?:[^,[\]]*|\[[^[\]]*\])\s*\]|(?:collections\.)?deque\(\s*(?:\[\s*(?:[^,[\]]*|\([^()]*\))\s*\])?\s*\)|\[\][\w.*]+\{[^,{}]*\}|new \w+(?:<[\w<>, ]*>)?\(\)|list\(\)|array\(\)|nil|make\(\[\][\w.*]+,\s*0\))$/;
const EMPTY =
  /^(?:\[\]|\[\][\w.*]+\{\}|list\(\)|deque\(\)|array\(\)|nil|new \w+(?:<[\w<>, ]*>)?\(\)|make\(\[\][\w.*]+,\s*0\))$/;
// Values that leave a flag mark unset (`vis[j] = false`).
const UNSET = /^(?:false|False|0|-1|null|nil|None|nullptr)$/;
const SUBSCRIPTS = String.raw`(?:\s*\[[^[\]]+\])+`;

/** A mark test: the mark, whether the test asks for the item unmarked, and the literal compared with. */
interface MarkTest {
  mark: string;
  unmarked: boolean;
  literal?: string;
}

/** The mark tests among the conjuncts of `condition` (`!vis[j]`, `j not in vis`, `grid[a][b] === '1'`, `vis[a][b]`). */
function markTests(condition: string, parts = /&&|\band\b/): MarkTest[] {
  const tests: MarkTest[] = [];
  for (const part of condition.split(parts)) {
    const c = part
      .trim()
      .replace(/^\((.*)\)$/s, '$1')
      .trim();
    const negated =
      new RegExp(`^!\\s*(?:isset\\s*\\(\\s*)?([A-Za-z_$][\\w$]*)${SUBSCRIPTS}\\s*\\)?$`).exec(c) ??
      /^!\s*([A-Za-z_$][\w$]*)\s*\.\s*(?:has|contains|includes|containsKey|Contains)\s*\([^()]*\)$/.exec(c) ??
      /^[\w$.]+\s+not\s+in\s+([A-Za-z_$][\w$]*)$/.exec(c) ??
      /^\(?[\w$.,\s]+\)?\s+not\s+in\s+([A-Za-z_$][\w$]*)$/.exec(c);
    if (negated) tests.push({ mark: negated[1]!, unmarked: true });
    const set =
      new RegExp(`^([A-Za-z_$][\\w$]*)${SUBSCRIPTS}$`).exec(c) ??
      /^([A-Za-z_$][\w$]*)\s*\.\s*(?:has|contains|includes|containsKey|Contains)\s*\([^()]*\)$/.exec(c) ??
      /^\(?[\w$.,\s]+\)?\s+in\s+([A-Za-z_$][\w$]*)$/.exec(c);
    if (set && !/\bnot\s+in\b/.test(c)) tests.push({ mark: set[1]!, unmarked: false });
    // (a cell still holding a literal: `grid[a][b] === '1'`, which marking overwrites)
    const holds = new RegExp(`^([A-Za-z_$][\\w$]*)${SUBSCRIPTS}\\s*===?\\s*('[^']*'|"[^"]*"|-?\\d+)$`).exec(
      c,
    );
    if (holds) tests.push({ mark: holds[1]!, unmarked: true, literal: holds[2]! });
  }
  return tests;
}

/** An `if`'s condition, read from its line when the facts cut it short (`a >= 0 && … ...`). */
function conditionOf(s: Statement): string {
  const c = s.condition ?? '';
  if (!c.endsWith('...')) return c;
  const line = /^(?:\}\s*else\s+)?(?:el)?if\s*(.*?)\s*(?:\{|:)?$/.exec(s.code.trim())?.[1] ?? c;
  return /^\(.*\)$/s.test(line) ? line.slice(1, -1) : line;
}

/** The collection a statement marks and the value it stores (`vis[j] = true`, `vis.add(j)`). */
function marked(s: Statement): { mark: string; value?: string } | undefined {
  if (s.kind === 'assignment' && s.operator === '=' && s.target) {
    const mark = new RegExp(`^([A-Za-z_$][\\w$]*)${SUBSCRIPTS}$`).exec(s.target.trim())?.[1];
    return mark ? { mark, value: s.value?.trim() } : undefined;
  }
  const mark =
    s.kind === 'call'
      ? /^([A-Za-z_$][\w$]*)\s*\.\s*(?:add|Add|insert|set|put)$/.exec(s.callee ?? '')?.[1]
      : undefined;
  return mark ? { mark } : undefined;
}

/** The test marks the item when the store is made: a flag set, or a literal overwritten. */
function setsMark(test: MarkTest, s: Statement): boolean {
  const m = marked(s);
  if (m?.mark !== test.mark) return false;
  if (test.literal !== undefined)
    return m.value !== undefined && m.value !== test.literal && !UNSET.test(m.value);
  return m.value === undefined || !UNSET.test(m.value);
}

/**
 * The mark guarding the append `s`: the `if` most closely enclosing it tests the item unmarked, or
 * an `if` before it in its block jumps out when the item is marked; either way its block marks
 * it. Undefined when there is no such guard.
 */
function guardOf(statements: Statement[], s: Statement, outerLine: number): MarkTest | undefined {
  const at = statements.indexOf(s);
  let start = at;
  while (start > 0 && statements[start - 1]!.depth >= s.depth && statements[start - 1]!.line > outerLine)
    start--;
  const header = statements[start - 1];
  const end = statements.findIndex((t, i) => i > at && t.depth < s.depth);
  const block = statements.slice(start, end < 0 ? undefined : end).filter((t) => t.depth === s.depth);
  const marks = (test: MarkTest) => block.some((t) => setsMark(test, t));
  const enclosing =
    header && header.line > outerLine && header.kind === 'if' && header.condition
      ? markTests(conditionOf(header)).filter((t) => t.unmarked)
      : [];
  const found = enclosing.find(marks);
  if (found) return found;
  // `if (vis[v]) continue;` / `if v in vis: continue` before the append, in the same block.
  for (const t of block) {
    if (t.line >= s.line || t.kind !== 'if' || !t.condition) continue;
    const i = statements.indexOf(t);
    const exit = statements[i + 1];
    const body = statements.slice(i + 1).findIndex((u) => u.depth <= t.depth);
    if (!exit || exit.depth !== t.depth + 1 || body !== 1) continue;
    if (exit.kind !== 'return' && !(exit.kind === 'jump' && /^(?:continue|break)$/.test(exit.keyword ?? '')))
      continue;
    const condition = conditionOf(t);
    // (a jump when any part holds: `if (vis[v] || d > k) continue;`)
    const test = markTests(condition, /\|\||\bor\b/).find((m) => !m.unmarked);
    if (test && marks(test)) return test;
  }
  return undefined;
}

const named = (l: string) => new RegExp(`(?<![\\w$.])${escape(l)}(?![\\w$])`);

/**
 * The one mark guarding every append to `lists` among `scope` (statements in `skip` and reads or
 * takes aside); undefined when an append has no such guard, the guards differ, or anything else
 * writes the lists. Appends outside every loop (`q.offer(id)`) add a fixed number of items.
 */
function guardedAppends(
  statements: Statement[],
  scope: Statement[],
  lists: string[],
  skip: Set<Statement>,
  from: number,
  fixedOutsideLoops = false,
): MarkTest | undefined {
  let mark: MarkTest | undefined;
  for (const s of scope) {
    for (const l of lists) {
      if (!named(l).test(s.code) || skip.has(s)) continue;
      const method = new RegExp(`(?<![\\w$.])${escape(l)}\\s*\\.\\s*(\\w+)\\s*\\(`).exec(s.code)?.[1];
      const goAppend =
        s.target?.trim() === l &&
        new RegExp(`^append\\(\\s*${escape(l)}\\s*,[^,.]+\\)$`).test(s.value?.trim() ?? '');
      if ((s.kind === 'call' && method && APPENDS.test(method) && !/\.\.\./.test(s.code)) || goAppend) {
        if (fixedOutsideLoops && !loopAround(statements, s)) continue;
        const guard = guardOf(statements, s, from);
        if (!guard || (mark && (guard.mark !== mark.mark || guard.literal !== mark.literal)))
          return undefined;
        mark = guard;
        continue;
      }
      // Reads and takes only: no other write of the list.
      if (method && !TAKES.test(method) && !/^(?:length|size|isEmpty|empty|len|Count)$/.test(method))
        return undefined;
      if (s.target && named(l).test(s.target)) return undefined;
    }
  }
  return mark;
}

/**
 * The mark stays set: nothing in the function unsets it (a flag written false, the tested literal
 * written back, an entry changed in place or removed), and nothing between lines `from` and `to`
 * makes it anew.
 */
function staysSet(statements: Statement[], m: MarkTest, from: number, to: number): boolean {
  return !statements.some((s) => {
    const store = marked(s);
    if (store?.mark === m.mark && store.value !== undefined && s.kind === 'assignment')
      return m.literal !== undefined ? store.value === m.literal : UNSET.test(store.value);
    // (an entry changed in place, `vis[x] ^= 1`, `cnt[x] -= 1`, may go back to unmarked)
    if (
      s.kind === 'assignment' &&
      s.operator !== '=' &&
      new RegExp(`^${escape(m.mark)}${SUBSCRIPTS}$`).test(s.target?.trim() ?? '')
    )
      return true;
    return (
      new RegExp(`^${escape(m.mark)}\\s*\\.\\s*(?:delete|remove|discard|erase|clear|pop|Remove)\\b`).test(
        s.callee ?? '',
      ) ||
      (s.line > from && s.line <= to && s.target?.trim().replace(/^.*\s/, '') === m.mark)
    );
  });
}

/**
 * A list that holds each item at most once: made with at most one listed item, it gains items only
 * under a mark that stays set (a fixed number outside every loop aside), directly or through a
 * next level made empty and swapped in (`q = nq`). A loop over it then works on each item once, so
 * scans of `g[u]` for its items add up to one pass over `g` (loopCost.ts reads it as a drained list).
 */
export function distinctItems(est: Estimator, flow: LoopFlow, walk: Walk): boolean {
  if (flow.bound.kind !== 'linear' || flow.counting || !flow.variable) return false;
  const list = flow.bound.key;
  if (!/^[A-Za-z_$][\w$]*$/.test(list)) return false;
  const statements = statementsIn(est.facts, walk.unit);
  if (positionsOnce(est, walk, list, statements, flow)) return true;
  const target = (s: Statement) => s.target?.trim().replace(/^.*\s/, '');
  // (Go appends by assignment, `q = append(q, x)`: guardedAppends reads those)
  const writesOf = (l: string) =>
    statements.filter(
      (s) =>
        (s.kind === 'declaration' || s.kind === 'assignment') &&
        target(s) === l &&
        !new RegExp(`^append\\(\\s*${escape(l)}\\s*,`).test(s.value?.trim() ?? ''),
    );
  const writes = writesOf(list);
  const [created, ...swaps] = writes;
  if (!created || !START.test(created.value?.trim() ?? '') || created.line >= flow.line) return false;
  const lists = [list];
  const skip = new Set<Statement>(writes);
  for (const swap of swaps) {
    const next = /^[A-Za-z_$][\w$]*$/.exec(swap.value?.trim() ?? '')?.[0];
    const made = next ? writesOf(next) : [];
    if (!next || swap.operator !== '=' || !made.length) return false;
    if (!made.every((s) => (s.value?.trim() ? EMPTY.test(s.value.trim()) : s.kind === 'declaration')))
      return false;
    lists.push(next);
    made.forEach((s) => skip.add(s));
  }
  skip.add(statements.find((s) => s.kind === 'loop' && s.line === flow.line)!);
  const mark = guardedAppends(statements, statements, [...new Set(lists)], skip, created.line, true);
  // (made once: its first write is where it starts)
  const made =
    mark &&
    statements.find((s) => (s.kind === 'declaration' || s.kind === 'assignment') && target(s) === mark.mark);
  return !!mark && staysSet(statements, mark, made?.line ?? -1, Infinity);
}

/**
 * A list made empty that gains only the position of a loop directly around it (no other loop between
 * where the list is made and that loop), once per pass
 * (`for i, c := range coins { if … { q = append(q, i) } }`, `for (int i = 0; i < n; ++i) if (…)
 * q.push(i);`), before the loop `flow` walks it: it holds each position at most once.
 */
function positionsOnce(
  est: Estimator,
  walk: Walk,
  list: string,
  statements: Statement[],
  flow: LoopFlow,
): boolean {
  const l = escape(list);
  const used = new RegExp(String.raw`(?<![\w$.])${l}(?![\w$])`);
  // (the last time the list is made empty before the walk: an earlier list of the same name is another)
  const made = statements
    .filter(
      (s) =>
        s.line < flow.line &&
        (s.kind === 'declaration' || (s.kind === 'assignment' && s.operator === '=')) &&
        s.target?.trim().replace(/^.*\s/, '') === list &&
        EMPTY.test(s.value?.trim() ?? ''),
    )
    .at(-1);
  if (!made) return false;
  const grows = statements.filter((s) => s.line > made.line && s.line < flow.line && used.test(s.code));
  const push = new RegExp(
    String.raw`^(?:${l}\s*\.\s*(?:push|push_back|emplace_back|append|add|offer|Add)\s*\(\s*([\w$]+)\s*\)|${l}\s*=\s*append\(\s*${l}\s*,\s*([\w$]+)\s*\));?$`,
  );
  const m = grows.length === 1 ? push.exec(grows[0]!.code.trim()) : undefined;
  const header = m ? loopAround(statements, grows[0]!) : undefined;
  // (the filling loop sits directly where the list is made: made again, it starts empty again)
  if (!m || !header || loopAround(statements, header) !== loopAround(statements, made)) return false;
  const fill = loopAt(walk.unit.body, header.line);
  if (!fill?.variable || (fill.endLine ?? Infinity) >= flow.line) return false;
  const names = fill.variable.split(/[\s,()]+/).filter(Boolean);
  const position = fill.counting
    ? fill.variable.trim()
    : est.facts.language === 'go' || (names.length > 1 && /\benumerate\b/.test(header.code))
      ? names[0] // (Go's `range` binds the position first, or alone: `for i := range xs`)
      : undefined;
  return !!position && (m[1] ?? m[2]) === position;
}

/** How the walked list is kept between passes of `outer`, or undefined when it is none of the three forms. */
function listForm(
  body: Statement[],
  statements: Statement[],
  list: string,
  inner: LoopFlow,
  outer: LoopFlow,
): { lists: string[]; skip: Set<Statement> } | undefined {
  const target = (s: Statement) => s.target?.trim().replace(/^.*\s/, '');
  const made = (s: Statement, l: string, value: RegExp) =>
    (s.kind === 'declaration' || (s.kind === 'assignment' && s.operator === '=')) &&
    target(s) === l &&
    (s.value?.trim() ? value.test(s.value.trim()) : s.kind === 'declaration');
  const header = body.find((s) => s.kind === 'loop' && s.line === inner.line)!;
  // A list made in the pass, before the walk, with at most one listed item.
  const fresh = body.find((s) => s.line < inner.line && made(s, list, START));
  if (fresh) return { lists: [list], skip: new Set([fresh, header]) };
  const created = statements.find((s) => s.line < outer.line && named(list).test(s.code));
  if (!created || !made(created, list, START)) return undefined;
  // The next level swapped in (`q = nq`), made empty in the pass before the walk.
  const swaps = body.filter((s) => s.kind === 'assignment' && s.operator === '=' && target(s) === list);
  if (swaps.length > 1) return undefined;
  if (swaps.length === 1) {
    const next = /^[A-Za-z_$][\w$]*$/.exec(swaps[0]!.value?.trim() ?? '')?.[0];
    const emptied =
      next && body.find((s) => s.line < inner.line && s.depth === swaps[0]!.depth && made(s, next, EMPTY));
    return emptied ? { lists: [list, next], skip: new Set([swaps[0]!, emptied, header]) } : undefined;
  }
  // ... or the walk takes an item off the list on each of its passes.
  const innerEnd = blockEnd(statements, header);
  const take = new RegExp(`^${escape(list)}\\s*\\.\\s*(\\w+)\\s*\\(\\s*\\)!?$`);
  const takes = body.some(
    (s) =>
      s.line > inner.line &&
      s.line <= innerEnd &&
      s.depth === header.depth + 1 &&
      TAKES.test(take.exec(s.value?.trim() ?? s.code.trim().replace(/;$/, ''))?.[1] ?? ''),
  );
  return takes ? { lists: [list], skip: new Set([header]) } : undefined;
}

/**
 * The mark whose items bound the passes of `inner` over all passes of `outer` (and of the loops
 * around it), when `inner` walks a list that takes items only under that mark (see above), with
 * the items it can hold as the total; undefined otherwise.
 */
export function markedLevel(
  est: Estimator,
  inner: LoopFlow,
  outer: LoopFlow,
  walk: Walk,
): { total: Cost; mark: string } | undefined {
  if (inner.bound.kind !== 'linear' || !/^[A-Za-z_$][\w$]*$/.test(inner.bound.key)) return undefined;
  const list = inner.bound.key;
  // (a loop draining the list itself is read by the work-list rules)
  if (outer.bound.kind === 'linear' && outer.bound.key === list) return undefined;
  const statements = statementsIn(est.facts, walk.unit);
  const end = outer.endLine ?? outer.line;
  const body = statements.filter((s) => s.line > outer.line && s.line <= end);
  if (!body.some((s) => s.kind === 'loop' && s.line === inner.line)) return undefined;
  const form = listForm(body, statements, list, inner, outer);
  if (!form) return undefined;
  const mark = guardedAppends(statements, body, form.lists, form.skip, outer.line);
  if (!mark || !staysSet(statements, mark, outer.line, end)) return undefined;
  const m = mark;
  const why = `the loop at line ${inner.line} walks \`${list}\`, which takes an item only when \`${m.mark}\` marks it, and the mark stays set: over all passes of the loop at line ${outer.line} it walks each marked item once (amortised)`;
  return { total: markedItems(est, walk.unit, m.mark, walk, why), mark: m.mark };
}

/** The line where `mark` is first written in the unit walked (undefined when it is a parameter). */
export function markMade(est: Estimator, mark: string, walk: Walk): number | undefined {
  return statementsIn(est.facts, walk.unit).find(
    (s) =>
      (s.kind === 'declaration' || s.kind === 'assignment') && s.target?.trim().replace(/^.*\s/, '') === mark,
  )?.line;
}
