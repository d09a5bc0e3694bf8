// Lists as long as the loop that filled them: `result = []; while n: n, r = divmod(n, 10);
// result.append(r); result.reverse()` (also C++ `string result; while (n) { result.push_back(…);
// n /= 36; } reverse(begin(result), end(result));`). The list starts empty in the function and
// gains at most one entry per pass of one loop, which ended before the operation: it holds at most
// that loop's passes — a logarithmic count here — not an input's size. callCost.ts prices a library
// operation on such a list by those passes, and loopCost.ts a loop over it (`for (const x of row)`
// after `const row: number[] = [];` and a loop pushing to it, in the same pass).
import type { Flow, Statement } from '../model';
import { escape } from '../extract/boundText';
import { type Cost, multiply } from './cost';
import { assignedPairs, blockEnd, loopAround, statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';
import { firstSeenLetters } from './firstSeenLetters';

const APPEND = /^(?:append|push_back|emplace_back|push|Add|add)$/;
// A start of a fixed number of entries: empty, or one listed item (no spread: `[x]`, `[words[i]]`,
// Go `[]string{words[i]}`); Java `new ArrayList<>()`, Go `make([]int, 0)`; Python `set()` (gaining
// entries by `add`, at most one a call) and `deque()`.
const STARTS =
  /^(?:\[\]|list\(\)|set\(\)|(?:collections\.)?deque\(\)|Vec::new\(\)|vec!\[\]|String::new\(\)|new (?:Array|Linked)?List<[\w<>, ]*>\(\)|\[(?![^\]]*\.\.\.)[^,\]]+(?:\[[^\]]*\])?\]|\[\][\w.*]+\{(?:[^,{}.]+(?:\[[^\]]*\])?)?\}|make\(\[\][\w.*]+,\s*0\))$/;
const KEEPS =
  /^(?:reverse|sort|size|length|empty|back|front|begin|end|count|index|join|slice|includes|indexOf|at|Reverse|Sort|get|isEmpty)$/;

/**
 * The list's first statement starts it empty or with one listed item: Python `result = []`, C++
 * `string result;` / `vector<int> result;`, JS/TS `const t: number[] = [];` or `const t =
 * [words[i]];` (a declaration's operator is its keyword there), Rust `let mut t = Vec::new();`, C#
 * `var t = new List<string>();` (appended to by `Add`).
 */
function startsEmpty(created: Statement, key: string): boolean {
  const value = created.value?.trim() ?? '';
  return (
    created.target?.trim().replace(/^.*\s/, '') === key &&
    ((created.kind === 'declaration' && !value) ||
      ((created.operator === '=' || created.operator === ':=' || created.kind === 'declaration') &&
        STARTS.test(value)))
  );
}

/** A call statement appending one entry to the list `k` (escaped): `t.append(c)`, `t.push_back(c)`. */
function appendCall(s: Statement, k: string): boolean {
  const method = new RegExp(`^${k}\\s*(?:\\.|->)\\s*(\\w+)\\s*\\(`).exec(s.code.trim())?.[1];
  return s.kind === 'call' && APPEND.test(method ?? '');
}

/**
 * Reads only: no write of the list (`result = …`, `result += …`; `k` is its escaped name, `named`
 * finds it), and no method on it but those that keep its length (`reverse`, `sort`, `size`, …).
 */
function onlyReads(s: Statement, k: string, named: RegExp): boolean {
  if (s.target && named.test(s.target)) return false;
  const method = new RegExp(`(?<![\\w$.])${k}\\s*(?:\\.|->)\\s*(\\w+)\\s*\\(`).exec(s.code)?.[1];
  if (method && !KEEPS.test(method)) return false;
  return !new RegExp(`(?<![\\w$.])${k}\\s*(?:\\+=|=(?!=))`).test(s.code);
}

/**
 * What a library operation (or a loop) linear in the local list `key` costs, when the list starts empty and
 * gains entries only by appends (no other write), each in a loop that ended before the call:
 * - outside every loop, the passes of the one loop that filled it (`result` of a dividing loop is
 *   logarithmic);
 * - inside a loop whose pass creates the list anew (`vector<int> vals;` in the pass), nothing more
 *   than the appends of that pass, which the loops that made them already pay for (constant).
 * - a list that outlives the loop but is emptied right after this use: its appends
 *   (`emptiedAfterUse`).
 * Undefined otherwise, and for the first and last cases when `perPassOnly` (a loop over the list).
 */
export function appendedSize(
  est: Estimator,
  call: Pick<Flow, 'line'>,
  key: string,
  walk: Walk,
  perPassOnly = false,
): Cost | undefined {
  const filled = filledSize(est, call, key, walk, perPassOnly);
  return filled || perPassOnly ? filled : emptiedAfterUse(est, call, key, walk);
}

function filledSize(
  est: Estimator,
  call: Pick<Flow, 'line'>,
  key: string,
  walk: Walk,
  perPassOnly: boolean,
): Cost | undefined {
  // A Python slice of the list (`t[:-1]`, `t[1:]`) holds no more than the list.
  key = /^([A-Za-z_$][\w$]*)\s*\[[^[\]:]*:[^[\]:]*\]$/.exec(key)?.[1] ?? key;
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return undefined;
  const statements = statementsIn(est.facts, walk.unit);
  const k = escape(key);
  const named = new RegExp(`(?<![\\w$.])${k}(?![\\w$])`);
  const mentions = statements.filter((s) => s.line < call.line && named.test(s.code));
  const [created, ...rest] = mentions;
  if (!created || !startsEmpty(created, key)) return undefined;
  // The loop whose pass creates the list (none: the function's top level) must be the call's own.
  const home = loopAround(statements, created);
  if ((home?.line ?? -1) !== (walk.loopLines.at(-1) ?? -1)) return undefined;
  const append = new RegExp(`^${k}\\s*(?:\\.|->)\\s*(\\w+)\\s*\\(`);
  // Go appends by assignment: `t = append(t, x)` (one item, no spread).
  const goAppend = new RegExp(`^append\\(\\s*${k}\\s*,(?![^)]*\\.\\.\\.)[^,]+\\)$`);
  const loops = new Set<Statement>();
  const appends: { statement: Statement; item: string }[] = [];
  for (const s of rest) {
    const op = append.exec(s.code.trim())?.[1];
    const goAppended = s.target?.trim() === key && s.operator === '=' && goAppend.test(s.value?.trim() ?? '');
    // (a spread, `t.push(...row)`, appends a whole list, not a fixed number of entries)
    if (op && APPEND.test(op) && s.kind === 'call' && /\.\.\./.test(s.code)) return undefined;
    if (goAppended || (op && APPEND.test(op) && s.kind === 'call')) {
      const at = loopAround(statements, s);
      // (in the pass itself: a fixed number of entries per pass)
      if (at && at !== home) {
        if (at.line < created.line || blockEnd(statements, at) >= call.line) return undefined;
        loops.add(at);
      }
      const item = goAppended
        ? /^append\(\s*[^,]+,\s*(.+?)\s*\)$/.exec(s.value!.trim())?.[1]
        : new RegExp(`^${k}\\s*(?:\\.|->)\\s*\\w+\\s*\\(\\s*(.+?)\\s*\\)\\s*;?$`).exec(s.code.trim())?.[1];
      appends.push({ statement: s, item: item ?? '' });
      continue;
    }
    if (!onlyReads(s, k, named)) return undefined;
  }
  if (home) {
    if (!loops.size) return undefined;
    // A loop over the list pays for one walk of it, no more: a loop nested in it (`for i < size(bits)`
    // around `for j < size(bits)`) walks it once per entry, which the appends do not pay for.
    const header = perPassOnly
      ? statements.find((s) => s.kind === 'loop' && s.line === call.line)
      : undefined;
    if (
      header &&
      statements.some(
        (s) => s.kind === 'loop' && s.line > header.line && s.line <= blockEnd(statements, header),
      )
    )
      return undefined;
    const why = `\`${key}\` is created on each pass of the loop at line ${home.line} and gains entries only by appends made in that pass (line ${call.line}): the loops that append pay for its length`;
    return { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] };
  }
  // (a loop over the list, loopCost.ts: the passes of a loop that ran inside others count its
  // items' total, which can be far more than the list holds — kamyu104 candidates kept one per group)
  if (perPassOnly) return undefined;
  const [loop, ...others] = loops;
  if (!loop || others.length) return undefined;
  // Each distinct character of a text once (firstSeenLetters.ts): the alphabet, a fixed number.
  const letters = firstSeenLetters(est.facts.statements, statements, walk.unit, loop, appends, key);
  if (letters) return { terms: [{ powers: {}, logs: {}, why: [letters] }], unknown: [] };
  const passes = walk.loopPasses.get(loop.line);
  if (!passes || passes.unknown.length) return undefined;
  const why = `\`${key}\` gains a fixed number of entries per pass of the loop at line ${loop.line} and no others: it is as long as that loop ran (line ${call.line})`;
  return multiply({ terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] }, passes);
}

/**
 * Statements that empty the list `k` (escaped): Python `t.clear()`, `t = []`, `t = list()`, `del
 * t[:]`; JS/TS `t.length = 0`; C++ `t.clear()` / `t->clear()`; Rust `t = Vec::new()`.
 */
const emptying = (k: string) =>
  new RegExp(
    `^(?:${k}\\s*(?:\\.|->)\\s*(?:clear\\s*\\(\\s*\\)|length\\s*=\\s*0)|${k}\\s*=\\s*(?:\\[\\]|list\\(\\)|Vec::new\\(\\)|vec!\\[\\])|del\\s+${k}\\s*\\[\\s*:\\s*\\])\\s*;?$`,
  );

/**
 * `t.append(c)` in the passes of a loop, then `ans.append("".join(t)); t.clear()` (JS/TS
 * `ans.push(t.join('')); t.length = 0;`) in one block: the list outlives the loop the operation
 * runs in, but the same block that reads it empties it right after, before any jump, and it gains
 * entries only by appends, one each (other statements only read it through methods that keep its
 * length). Each entry is then read once over all passes, so the appends pay for the operation:
 * O(1) here. Undefined otherwise (a list never emptied, emptied under another branch, or grown in
 * bulk).
 */
function emptiedAfterUse(
  est: Estimator,
  call: Pick<Flow, 'line'>,
  key: string,
  walk: Walk,
): Cost | undefined {
  const inner = walk.loopLines.at(-1);
  if (!/^[A-Za-z_$][\w$]*$/.test(key) || inner === undefined) return undefined;
  const statements = statementsIn(est.facts, walk.unit);
  const k = escape(key);
  const named = new RegExp(`(?<![\\w$.])${k}(?![\\w$])`);
  const reset = emptying(k);
  const mentions = statements.filter((s) => named.test(s.code));
  const [created, ...rest] = mentions;
  // (also in a tuple: `result, newline = [], []`)
  const empty = (s: Statement) =>
    startsEmpty(s, key) ||
    reset.test(s.code.trim()) ||
    (s.kind === 'assignment' &&
      s.operator === '=' &&
      assignedPairs(s).some(([t, v]) => t === key && /^(?:\[\]|list\(\))$/.test(v)));
  // Created empty before the loop the operation runs in.
  if (!created || !empty(created) || created.line >= inner) return undefined;
  for (const s of rest) {
    if (reset.test(s.code.trim()) || appendCall(s, k)) continue;
    if (!onlyReads(s, k, named)) return undefined;
  }
  // The statement making the call, then (same block, no jump between) the reset.
  const at = statements.findIndex((s) => s.line === call.line);
  if (at < 0) return undefined;
  const depth = statements[at]!.depth;
  for (let i = at + 1; i < statements.length && statements[i]!.depth >= depth; i++) {
    const s = statements[i]!;
    // (a line no statement starts on may be an `else:`, which ends the block)
    if (s.kind === 'jump' || s.line !== statements[i - 1]!.line + 1) return undefined;
    if (s.depth === depth && reset.test(s.code.trim())) {
      const why = `\`${key}\` gains entries only by appends and is emptied right after this use (line ${s.line}): each entry is used once over all passes, paid by its append (line ${call.line})`;
      return { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] };
    }
  }
  return undefined;
}
