// Facts about a function read from its statements (which carry the source text of conditions,
// targets and values): which variables hold a half of the input (`mid = (lo + hi) // 2`), and
// whether a recursion marks what it has visited and skips marked items (graph traversal, flood
// fill) rather than undoing the mark after the call (backtracking).
import type { SourceFacts, Statement, Unit } from '../model';
import { splitArgs, escape } from '../extract/boundText';

/** Statements inside `unit`'s lines (nested functions included). */
export function statementsIn(facts: SourceFacts, unit: Unit): Statement[] {
  return facts.statements.filter((s) => s.line > unit.line && s.line <= unit.endLine);
}

const HALF_EXPRESSION = /(\/\s*2\b|\/\/\s*2\b|>>>?\s*1\b|\bdiv\s+2\b|\bmid\b|\bmiddle\b|\bhalf\b)/;

/** Variables assigned a midpoint or half (`mid = (lo + hi) // 2`, `const middleIndex = len / 2`). */
export function halvedNames(facts: SourceFacts, unit: Unit): Set<string> {
  const names = new Set<string>();
  // Tuple assignments pair their names and values (`l1, l2 = head, slow.next`).
  const assignments = statementsIn(facts, unit)
    .filter((s) => (s.kind === 'assignment' || s.kind === 'declaration') && s.target && s.value)
    .flatMap(assignedPairs)
    .filter(([target]) => /^[\w$]+$/.test(target));
  for (const name of middleOfList(facts, unit)) names.add(name);
  // Follow one step at a time: `middle = len / 2` makes `left = xs.slice(0, middle)` a half too.
  for (let changed = true; changed;) {
    changed = false;
    for (const [target, value] of assignments) {
      if (names.has(target)) continue;
      const fromHalf = [...names].some((n) => new RegExp(`(^|[^\\w$.])${escape(n)}\\b`).test(value));
      if (HALF_EXPRESSION.test(value) || fromHalf) {
        names.add(target);
        changed = true;
      }
    }
  }
  return names;
}

/** Name/value pairs a statement assigns: `a, b = x, y`, `auto slow = head, fast = head;`. */
export function assignedPairs(s: Statement): [string, string][] {
  if (s.kind === 'declaration' && /,/.test(s.code)) {
    const declared = [...s.code.matchAll(/([A-Za-z_$][\w$]*)\s*=\s*([^,;=]+)/g)];
    if (declared.length > 1) return declared.map((m) => [m[1]!, m[2]!.trim()]);
  }
  // (JS/TS destructuring: `let [a, b] = [0, Math.floor(Math.sqrt(c))]` pairs item by item.)
  const list = (t: string) => /^(?:(?:let|const|var)\s+)?\[([^[\]]*)\]$/.exec(t.trim())?.[1];
  const [target, value] = [
    list(s.target ?? ''),
    splitArgs(s.value ?? '').length === 1 && /^\[.*\]$/s.test(s.value!.trim())
      ? s.value!.trim().slice(1, -1)
      : undefined,
  ];
  const targets = splitArgs(target !== undefined && value !== undefined ? target : (s.target ?? ''));
  const values = splitArgs(target !== undefined && value !== undefined ? value : (s.value ?? ''));
  if (targets.length !== values.length) return [[s.target ?? '', s.value ?? '']];
  return targets.map((t, i) => [t.trim(), values[i]!.trim()]);
}

/**
 * Parameters of `unit` its own statements step from their own value (`k += grid[i][j]`, `k -= 1`,
 * `k = k * x % m`): passed on by name afterwards, they pass a new value. Statements of functions nested in the unit
 * are left out (their names are their own).
 */
export function reassignedParams(facts: SourceFacts, unit: Unit): Set<string> {
  const params = new Set(
    unit.params.map((p) =>
      p
        .replace(/^[.*&$]+/, '')
        .replace(/[:=].*$/, '')
        .trim(),
    ),
  );
  const nested = facts.units.filter(
    (u) => u.id !== unit.id && u.line > unit.line && u.endLine <= unit.endLine,
  );
  const names = new Set<string>();
  for (const s of statementsIn(facts, unit)) {
    if (s.kind !== 'assignment' || !s.target || nested.some((u) => s.line > u.line && s.line <= u.endLine))
      continue;
    // (stepped from its own value — `k += x`, `k = k * x % m` — not set afresh: `memo = {}`)
    for (const [target, value] of assignedPairs(s))
      if (
        params.has(target) &&
        ((s.operator !== undefined && s.operator !== '=') ||
          new RegExp(`(^|[^\\w$.])${escape(target)}(?![\\w$])`).test(value))
      )
        names.add(target);
  }
  // `k += …; if k > 2: return 0` caps the value passed on: a fixed number of values, not a size.
  const statements = statementsIn(facts, unit);
  statements.forEach((s, i) => {
    const capped = /^\(?\s*([A-Za-z_$][\w$]*)\s*>=?\s*\d+\s*\)?$/.exec(s.condition?.trim() ?? '')?.[1];
    if (s.kind === 'if' && capped && statements[i + 1]?.kind === 'return') names.delete(capped);
  });
  return names;
}

/**
 * A list cut at its middle by slow and fast pointers (`slow = slow.next` beside
 * `fast = fast.next.next`, linked-list merge sort): the slow pointer ends at the middle, so it and
 * the list it started from (`slow = head`) each hold half of the list.
 */
function middleOfList(facts: SourceFacts, unit: Unit): string[] {
  const pairs = statementsIn(facts, unit)
    .filter((s) => (s.kind === 'assignment' || s.kind === 'declaration') && s.value !== undefined)
    .flatMap(assignedPairs);
  const step = (name: string, times: number) =>
    new RegExp(`^${escape(name)}${'\\s*(\\.|->)\\s*next'.repeat(times)}$`);
  const fast = pairs.find(([t, v]) => /^[\w$]+$/.test(t) && step(t, 2).test(v))?.[0];
  const slow = pairs.find(([t, v]) => t !== fast && /^[\w$]+$/.test(t) && step(t, 1).test(v))?.[0];
  if (!fast || !slow) return [];
  const starts = pairs
    .filter(([t, v]) => (t === slow || t === fast) && /^[\w$]+$/.test(v) && v !== slow && v !== fast)
    .map(([, v]) => v);
  return [slow, ...starts];
}

/** `seen.add(x)`, `visited[v] = true`, `grid[i][j] = '#'`: the collection a statement marks. */
function markedCollection(s: Statement): string | undefined {
  if (s.kind === 'assignment' && s.operator === '=' && s.target) {
    // `(*lookup)[i] = 1` marks `lookup` through a pointer; PHP marks a member as `$this->vis[$u]`.
    return /^\(?\s*\*?\s*((?:[\w$.]|->)+)\s*\)?\s*\[/.exec(s.target.trim())?.[1];
  }
  if (s.kind === 'call' && s.callee)
    return /^([\w$.]+)\s*(?:\.|->)(add|insert|emplace|set|Add|put)$/.exec(s.callee)?.[1];
  return undefined;
}

/** `seen.remove(x)`, `used[i] = false` after the call: the mark is undone, so this is backtracking. */
function unmarks(s: Statement, name: string): boolean {
  if (markedCollection(s) === name && s.kind === 'assignment') return true;
  // PHP's free functions: `array_pop($path)`, `unset($used[$i])`.
  if (new RegExp(`^(?:array_pop|array_splice|unset)\\s*\\(\\s*${escape(name)}(?![\\w$])`).test(s.code.trim()))
    return true;
  return (
    s.kind === 'call' &&
    !!s.callee &&
    new RegExp(`^${escape(name)}\\s*(?:\\.|->)(remove|discard|erase|delete|pop|Remove)$`).test(s.callee)
  );
}

/**
 * A write after the call that moves the item to a third state, not back to unvisited: the
 * three-colour search (`lookup[node] = GRAY; … dfs(child) …; lookup[node] = BLACK` with `lookup =
 * [WHITE] * n`) writes a value that is neither the one the list was filled with nor the one the
 * item was marked with before the call, nor a falsy literal — the item stays marked.
 */
function finishes(facts: SourceFacts, statements: Statement[], s: Statement, name: string): boolean {
  const value = s.kind === 'assignment' ? s.value?.trim() : undefined;
  const word = /^[A-Za-z_$][\w$]*$|^\d+$/;
  if (!value || !word.test(value) || /^(?:0|False|false|None|null|nil|undefined)$/.test(value)) return false;
  const own = new RegExp(`^${escape(name)}\\s*=$`);
  const fill = facts.statements
    .filter((t) => (t.kind === 'assignment' || t.kind === 'declaration') && own.test(`${t.target?.trim()}=`))
    .map((t) => /^\[\s*([A-Za-z_$][\w$]*|\d+)\s*\]\s*\*/.exec(t.value?.trim() ?? '')?.[1]);
  const before = statements.filter(
    (t) => t.line < s.line && markedCollection(t) === name && t.kind === 'assignment',
  );
  return (
    fill.length > 0 &&
    new Set(fill).size === 1 &&
    !!fill[0] &&
    fill[0] !== value &&
    before.length > 0 &&
    before.every(
      (t) => word.test(t.value?.trim() ?? '') && t.value!.trim() !== value && t.value!.trim() !== fill[0],
    )
  );
}

/** The last line of the block opened by `header` (by the extractor's depths). */
export function blockEnd(statements: Statement[], header: Statement): number {
  const at = statements.indexOf(header);
  let end = header.line;
  for (let i = at + 1; i < statements.length && statements[i]!.depth > header.depth; i++)
    end = statements[i]!.line;
  return end;
}

/** The loop header most closely enclosing statement `s` (undefined at its function's top level). */
export function loopAround(statements: Statement[], s: Statement): Statement | undefined {
  let depth = s.depth;
  for (let i = statements.indexOf(s) - 1; i >= 0; i--) {
    const t = statements[i]!;
    if (t.depth >= depth) continue;
    if (t.kind === 'loop') return t;
    if (t.kind === 'unit') return undefined;
    depth = t.depth;
  }
  return undefined;
}

/**
 * The last line of the innermost loop of `unit` that holds `line` (by statement depth), or
 * undefined when `line` is in no loop. A store after that loop has ended is a result kept once
 * the loop is done (`f[i] = -1` after trying every move), not a choice undone between passes.
 */
export function enclosingLoopEnd(facts: SourceFacts, unit: Unit, line: number): number | undefined {
  const inUnit = statementsIn(facts, unit);
  let end: number | undefined;
  for (const loop of inUnit.filter((s) => s.kind === 'loop' && s.line <= line)) {
    let last = loop.line;
    for (const s of inUnit) {
      if (s.line <= loop.line) continue;
      if (s.depth <= loop.depth) break;
      last = s.line;
    }
    if (last >= line) end = end === undefined ? last : Math.min(end, last);
  }
  return end;
}

/** `c` without the reads of `name`'s size (`name.size()`, `len(name)`, `name.Count`, `count($name)`). */
function withoutSizeReads(c: string, name: string): string {
  const n = escape(name);
  return c
    .replace(
      new RegExp(
        `(?<![\\w$.])${n}\\s*(?:\\.|->)\\s*(?:size|length|len|count|isEmpty|is_empty|empty)\\s*\\(\\s*\\)|(?<![\\w$.])${n}\\s*\\.\\s*(?:length|Length|Count|size)\\b(?!\\s*\\()`,
        'g',
      ),
      ' ',
    )
    .replace(new RegExp(`\\b(?:len|size|count|sizeof|std::size)\\s*\\(\\s*${n}\\s*\\)`, 'g'), ' ');
}

/**
 * The collection a recursive function uses as its visited mark: it is marked in the function, tested
 * in a condition of the function, and not unmarked after the last recursive call.
 */
export function visitedMark(facts: SourceFacts, unit: Unit, callLines: number[]): string | undefined {
  const statements = statementsIn(facts, unit);
  const lastCall = Math.max(...callLines);
  const conditions = statements
    .filter((s) => s.kind === 'if' || s.kind === 'loop' || s.kind === 'return')
    .map((s) => `${s.condition ?? ''} ${s.kind === 'return' ? '' : (s.value ?? '')}`);
  // A store computed from the collection itself (`t[i] = t[i].toUpperCase()`, a toggle) transforms
  // an entry rather than marking it: a mark or memo stores a flag or a result (`vis[i] = true`).
  const marks = (s: Statement): string | undefined => {
    const name = markedCollection(s);
    if (!name) return undefined;
    const value = s.kind === 'assignment' ? (s.value ?? '') : '';
    // ... unless the value holds the recursion's result (`f[i][j] = max(f[i][j], dfs(x, y) + 1)`).
    const transforms =
      new RegExp(`(^|[^\\w$.])${escape(name)}\\s*\\[`).test(value) &&
      !new RegExp(`(^|[^\\w$.])${escape(unit.name)}\\s*\\(`).test(value);
    return transforms ? undefined : name;
  };
  const marked = new Set(statements.map(marks).filter((n): n is string => !!n));
  const loopEnd = enclosingLoopEnd(facts, unit, lastCall) ?? Infinity;
  // A condition that reads only the collection's size (`ans.size() >= k`, `len(path) == n`) counts
  // what was added, it does not ask whether an item was visited: such a list is an output. A
  // condition cut short in the facts (`…`) may test the item after the cut: it keeps its reads.
  const tested = [...marked].filter((name) => {
    const word = new RegExp(`(^|[^\\w$.])${escape(name)}\\b`);
    return conditions.some((c) => word.test(c.includes('...') ? c : withoutSizeReads(c, name)));
  });
  const undone = (name: string) =>
    statements.some(
      (s) =>
        s.line > lastCall && s.line <= loopEnd && unmarks(s, name) && !finishes(facts, statements, s, name),
    );
  // A tested mark unmarked inside the loop right after the call (`vis[j] = false` of a permutation
  // search) makes the recursion a backtracking search: another collection it writes and reads
  // (`t[i] = j`, the path being built) is a buffer, not a mark that stays set.
  if (loopEnd !== Infinity && tested.some(undone)) return undefined;
  return tested.find((name) => !undone(name));
}
