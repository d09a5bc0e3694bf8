// Loop idioms of particular languages that bound a loop without a plain comparison (used by
// bounds.ts): work lists tested for emptiness in each language's words and drained by its own
// means (Go re-slicing, Rust `while let`), C strings run to their terminator, counters bounded by
// character literals or counted down to zero by truthiness.
import type { LoopBound } from '../model';
import { splitArgs, escape } from './boundText';

const EMPTY_CHECK =
  /^\s*!?\s*\(?\s*([\w$.]+?)(?:(?:\.|->)(?:length|size\(\)|Count|Length|len\(\)|isEmpty\(\)|empty\(\)|Empty\(\)|is_empty\(\)|any\?|empty\?))?\s*\)?\s*(?:(?:>|!=|!==)\s*0)?\s*$/;

/** C++17 `!empty(q)` / `!std::empty(q)`: the free-function form of the same test. */
const EMPTY_CALL = /^\s*!\s*(?:std::)?empty\s*\(\s*([\w$.]+)\s*\)\s*$/;

/**
 * Go / Python `len(q) > 0`, PHP `count($q) > 0`, Go `pq.Len() > 0` (container/heap), `q.Size() > 0`;
 * the count alone is a truth test too (PHP `while (count($stk) && …)`, Python `while len(q):`).
 */
const LEN_CHECK =
  /^\s*(?:(?:len|count)\s*\(\s*([\w$.]+)\s*\)|([\w$.]+?)\.(?:Len|Size)\(\))\s*(?:(?:>|!=)\s*0\s*)?$/;

/**
 * A size kept above one (`len(h) > 1`, `stk.length > 1`, `pq.size() >= 2`, PHP `count($q) > 1` and
 * SPL `$pq->count() > 1`): the loop runs while two items are left, as Last Stone Weight's does. Read
 * through a size accessor only: a bare `n > 1` is a number, not a work list. `pq.size() != 1`
 * (merging two items into one until one is left) and `q.size() == 1` (a topological order that
 * must stay unique) test the same list for items left: drained by a pop in the body, as `!q.empty()`.
 */
const SIZE_ABOVE_ONE =
  /^\s*(?:(?:len|count|size)\s*\(\s*([\w$.]+)\s*\)|([\w$.]+?)(?:\.|->)(?:length|size\(\)|Count|Length|len\(\)|count\(\)|Len\(\)|Size\(\)))\s*(?:>\s*1|>=\s*2|!=\s*1|==\s*1)\s*$/;

/** PHP SPL `$pq->count() > 0` / `!$q->count()`: the size method of SplPriorityQueue, SplQueue, SplStack. */
const SPL_COUNT = /^\s*!?\s*(\$[\w]+)->count\(\)\s*(?:(?:>|!=|!==)\s*0)?\s*$/;

/** The work list a condition tests for emptiness (`q`, `!q.empty()`, `len(q) > 0`), if any. */
export function emptyTest(rawCond: string): string | undefined {
  // `current.empty() == false` / `q.isEmpty() != true`: the same test written against a boolean.
  const cond = rawCond.replace(
    /^\s*([^!\s][^=!]*?)\s*(?:===?\s*(?:false|False)|!==?\s*(?:true|True))\s*$/,
    '!$1',
  );
  const m =
    EMPTY_CHECK.exec(cond) ??
    EMPTY_CALL.exec(cond) ??
    LEN_CHECK.exec(cond) ??
    SPL_COUNT.exec(cond) ??
    SIZE_ABOVE_ONE.exec(cond);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** Go / Python `q = q[1:]`, `stk = stk[:len(stk)-1]`: the body takes items off the list by re-slicing it. */
export function reslices(name: string, body: string): boolean {
  const n = escape(name);
  return new RegExp(`\\b${n}\\s*=\\s*${n}\\[[^\\]\\n]*:`).test(body);
}

/**
 * An item taken in the test and compared with the "empty" value: PHP `($x = array_pop($stk)) !==
 * null` (or `array_shift`), Java `(node = q.poll()) != null`, JS `(x = stk.pop()) !== undefined`.
 * The loop ends when the list is empty, one item taken per pass: the list's name, without PHP's `$`.
 */
function takenInTest(cond: string): string | undefined {
  const m =
    /^\(\s*\$?[A-Za-z_][\w$]*\s*=\s*(?:array_(?:pop|shift)\s*\(\s*(\$?[A-Za-z_][\w$]*)\s*\)|([\w$.]+?)\s*(?:\.|->)\s*(?:pop|poll|pollFirst|pollLast|shift|dequeue)\s*\(\s*\))\s*\)\s*!==?\s*(?:null|undefined|NULL|nil)$/.exec(
      cond.trim(),
    );
  return m ? (m[1] ?? m[2])!.replace(/^\$/, '') : undefined;
}

/**
 * Rust `while let Some(x) = q.pop_front()`, or a peek (`while let Some(&top) = stk.last()`) the
 * body pops: one item is taken off the work list per pass.
 */
export function whileLetDrain(cond: string, body: string): LoopBound | undefined {
  const assigned = takenInTest(cond);
  if (assigned) return { kind: 'linear', key: assigned, amortised: 'drains' };
  const taken = /^let\s.+?=\s*([\w$.]+)\.(pop\w*|last|first|peek|front|back)\(\)$/s.exec(cond);
  if (!taken) return linkWalk(cond, body);
  const [, list, method] = taken as unknown as [string, string, string];
  if (!/^pop/.test(method) && !new RegExp(`\\b${escape(list)}\\.pop\\w*\\(`).test(body)) return undefined;
  return { kind: 'linear', key: list, amortised: 'drains' };
}

/**
 * `while let Some(node) = head { …; head = node.next.take(); }`, `while let Some(ref mut n) =
 * p.next { p = p.next.as_mut().unwrap(); }`: the loop follows a linked list, one node per pass.
 */
function linkWalk(cond: string, body: string): LoopBound | undefined {
  const link = /^let\s.+?=\s*&?\s*(?:mut\s+)?([\w$.]+?)(?:\.(?:as_ref|as_mut|take|clone)\(\))?$/s.exec(
    cond,
  )?.[1];
  if (!link) return undefined;
  const holder = link.replace(/\.next$/, '');
  const follows = new RegExp(`(^|[^\\w$.])${escape(holder)}\\s*=\\s*[^;=]*\\.next\\b`);
  return follows.test(body) ? { kind: 'linear', key: holder } : undefined;
}

/** C strings: `for (i = 0; s[i]; ++i)` / `s[i] != '\0'` runs to the terminator — the string `s`. */
export function terminatedString(condition: string, counter: string): string | undefined {
  return new RegExp(
    `^\\s*([\\w$.]+(?:\\[[^\\]]*\\])*)\\[\\s*${escape(counter)}\\s*\\](?:\\s*!=\\s*(?:'\\\\0'|0|NULL))?\\s*$`,
  ).exec(condition)?.[1];
}

/** `for (char c = 'a'; c <= 'z'; ++c)`: character literals fix the count (26 letters). */
export function letterCount(limit: string, start: string | undefined): number | undefined {
  const letter = (t?: string) => /^\s*'(\\?.)'\s*$/.exec(t ?? '')?.[1];
  const last = letter(limit);
  if (last === undefined) return undefined;
  const first = letter(start);
  return first ? Math.abs(last.charCodeAt(0) - first.charCodeAt(0)) + 1 : 1;
}

/**
 * A limit that is one character or its code (`'z'`, `s[i].charCodeAt(0)`, `ord(c)`,
 * `c.codePointAt(0)`): the counter runs through part of the alphabet, a fixed number of passes
 * however large the input — not over a collection named `'z'` or `s[i]`.
 */
export function characterLimit(limit: string): LoopBound | undefined {
  let t = limit.trim();
  // A header regex may have cut the closing bracket (`s[i].charCodeAt(0`).
  if ((t.match(/\(/g) ?? []).length > (t.match(/\)/g) ?? []).length) t += ')';
  // A character code moved by a literal (`ord(c) + 1`, one past the last letter) is still a letter's code.
  t = t.replace(/(?<=\))\s*[+-]\s*\d+$/, '');
  if (
    /^(['"])\\?.\1$/.test(t) ||
    /^[\w$.[\]]+\.(?:charCodeAt|codePointAt)\(\s*\d*\s*\)?$/.test(t) ||
    /^ord\(\s*[\w$.[\]'"]+\s*\)?$/.test(t)
  )
    return {
      kind: 'constant',
      value: 1,
      why: `bounded by the character \`${t}\`: a fixed stretch of the alphabet`,
    };
  return undefined;
}

/**
 * Submask enumeration: `for (j = i; j; j = (j - 1) & i)`, PHP `$j = ($j - 1) & $i`, Python
 * `while j: … j = (j - 1) & i`. Each pass clears the lowest set bit below the next submask, so the
 * passes are the submasks of `i`: at most `i` + 1 (as many as a counter stepping down from `i`).
 * The condition must test the counter alone (`j`, `j > 0`, `j != 0`); `update` is the header's
 * update or the loop's body.
 */
export function submaskWalk(condition: string, update: string): LoopBound | undefined {
  const test = /^\s*\(?\s*(\$?[A-Za-z_]\w*)\s*(?:(?:>|!==?)\s*0\s*)?\)?\s*$/.exec(condition)?.[1];
  if (!test) return undefined;
  const t = escape(test);
  const step = new RegExp(
    `(?:^|[\\s;{])${t}\\s*=\\s*\\(\\s*${t}\\s*-\\s*1\\s*\\)\\s*&\\s*(\\$?[A-Za-z_]\\w*)\\b`,
  ).exec(update)?.[1];
  if (!step || step === test) return undefined;
  return { kind: 'linear', key: step.replace(/^\$/, ''), measure: 'value' };
}

/**
 * A counter run from a character written as a literal (`'a'`, Go `byte('a')` / `rune('a')`, Java
 * `(char) 'a'`) up to a character held in a name or an element (`c2 < c1`, `c <= s[i]`), or down
 * from such a name to the literal: the counter holds a character, so the passes are a stretch of the
 * alphabet however long the input. A limit that is a size or a sum (`n`, `'a' + k`) is left alone.
 */
export function letterStretch(literalEnd: string | undefined, named: string): LoopBound | undefined {
  const letter = /^\s*(?:(?:byte|rune|char)\s*\(\s*'(\\?.)'\s*\)|(?:\(\s*char\s*\)\s*)?'(\\?.)')\s*$/.exec(
    literalEnd ?? '',
  );
  const name = named.trim();
  if (!letter || !/^[A-Za-z_$][\w$]*(?:\[[\w$]+\])?$/.test(name) || /^(?:n|m|k|len|size|length)$/i.test(name))
    return undefined;
  return {
    kind: 'constant',
    value: 26,
    why: `runs from the character '${letter[1] ?? letter[2]}' to the character in \`${name}\`: a stretch of the alphabet`,
  };
}

/**
 * `for (let i = n - 1; ~i; --i)` (JS: `~i` is 0 only at -1) and `for (; i; --i)` count the counter
 * down to zero: the same as `i >= 0` / `i > 0`. Other conditions are returned unchanged.
 */
export function countDownCondition(condition: string, counter: string | undefined, update: string): string {
  const truthy = /^\s*(~\s*)?([\w$]+)\s*$/.exec(condition);
  if (!counter || truthy?.[2] !== counter || !/--|-=\s*1\b/.test(update)) return condition;
  return `${counter} ${truthy[1] ? '>=' : '>'} 0`;
}

/**
 * The width W of a counter started at a name and run up to that name plus W (`j = i; j < i + W`,
 * or the smaller of that and a limit: `Math.min(i + W, n)`, `min(i + W, n)`), or undefined.
 */
export function windowAhead(init: string, counter: string, limit: string): string | undefined {
  const from = new RegExp(`(?:^|[\\s,])${escape(counter)}\\s*=\\s*([A-Za-z_$][\\w$]*)\\s*(?:,|;?$)`).exec(
    init,
  )?.[1];
  if (!from) return undefined;
  const sum = (t: string) => {
    const m = new RegExp(
      `^\\s*(?:${escape(from)}\\s*\\+\\s*([\\w$]+)|([\\w$]+)\\s*\\+\\s*${escape(from)})\\s*$`,
    ).exec(t);
    return m?.[1] ?? m?.[2];
  };
  const text = limit.trim();
  const smaller = /^(?:Math\.|std::)?min\s*\((.*)\)?$/s.exec(text)?.[1];
  if (smaller === undefined) return sum(text);
  const parts = splitArgs(smaller.replace(/\)\s*$/, ''));
  return parts.length === 2 ? (sum(parts[0]!) ?? sum(parts[1]!)) : undefined;
}
