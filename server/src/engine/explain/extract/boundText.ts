// Reading loop-header text: argument lists, the collection an expression measures (`a.length`,
// `len(xs)`, `s.size()`), names as patterns, and short quotes of code for a bound's reason.
import type { LoopBound } from '../model';
import { clausesEnd } from './comprehensions';

/** Calls that only view or wrap a collection: iterating them iterates their argument. */
export const WRAPPERS =
  /^(?:Object\.(?:keys|values|entries)|Array\.from|range|xrange|len|enumerate|reversed|sorted|list|tuple|set|iter|zip|(?:itertools\.)?izip|count|sizeof|(?:std::)?(?:size|ssize|begin|cbegin|rbegin|crbegin|end|cend|rend|crend|data)|Arrays\.asList|Arrays\.stream|array_keys|array_values|array_reverse|array_flip|str_split|mb_str_split|strlen|mb_strlen|strrev|(?:itertools\.)?(?:islice|pairwise)|sort\.(?:Reverse|IntSlice|StringSlice|Float64Slice))\s*\((.*)\)$/s;

/** Trailing accessors that keep the size of the collection they are called on. */
export const VIEWS =
  /(?:\.(?:items|keys|values|iteritems|iterkeys|itervalues|viewitems|viewkeys|viewvalues|entries|iter|iter_mut|into_iter|chars|bytes|as_bytes|as_slice|as_str|into_bytes|lines|stream|entrySet|keySet|enumerate|each_with_index|each|split|toCharArray|begin|cbegin|end|cend|rbegin|crbegin|rend|crend)\s*\([^()]*\)|\.(?:length|size|Count|Length|len)(?:\s*\(\s*\))?)$/;

/**
 * Methods returning a view or copy of the collection they are called on (same size or smaller).
 * The receiver may be a one-argument conversion (`String(x).split('')`, `str(n).split()`), which
 * has the size of its argument's text.
 */
export const VIEW_METHOD =
  /^([A-Za-z_$@][\w$]*(?:\.[A-Za-z_$][\w$]*)*?(?:\(\s*[\w$.]+\s*\))?)\s*(?:\.|->)\s*(?:slice|substring|substr|subList|filter|select|reject|map|collect|flat_map|split|trim|strip|lower|upper|toLowerCase|toUpperCase|copy|clone|to_vec|iter|iter_mut|into_iter|keys|values|items|entries|stream|chars|bytes|lines|reversed|sorted|each|each_with_index|with_index|enumerate|cloned|rev|asList|toList|ToList|Where|Select|split_whitespace|char_indices)\b\s*(?:[({]|do\b)/;

/** `Object.keys(d)` of `Object.keys(d).map(Number)`: a wrapper call with a method chained on it. */
function chainedWrapper(key: string): string | undefined {
  const head = /^(?:Object\.(?:keys|values|entries)|Array\.from)\s*\(/.exec(key);
  if (!head) return undefined;
  let depth = 0;
  for (let i = head[0].length - 1; i < key.length; i++) {
    if ('([{'.includes(key[i]!)) depth++;
    else if (')]}'.includes(key[i]!) && --depth === 0)
      return /^\s*\.\s*[A-Za-z_$]/.test(key.slice(i + 1)) ? key.slice(0, i + 1) : undefined;
  }
  return undefined;
}

/** True when every bracket in the text closes in order (so `(a)..(b)` is not one group). */
export function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth < 0) return false;
  }
  return depth === 0;
}

/** Splits a call's top-level argument list ("a, f(b, c)" → ["a", "f(b, c)"]); `separator` splits another way (`*`: factors). */
export function splitArgs(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (ch === separator && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/**
 * C++ named casts unwrapped to their operand: `static_cast<int>(size(xs))` → `(size(xs))`. A cast
 * changes the type, not the value a bound compares, and its `<` was read as a comparison
 * (`static_cast<int64_t>(r - l + 1) * w > k` as `static_cast` less than a size named after the rest).
 */
export function withoutCasts(text: string): string {
  return text.replace(
    /\b(?:std::)?(?:static|reinterpret|const)_cast\s*<[^<>()]*(?:<[^<>()]*>[^<>()]*)?>\s*(?=\()/g,
    '',
  );
}

/**
 * The collection (or count) a loop iterates, as a key naming it: `Object.keys(obj)` → `obj`,
 * `range(len(xs))` → `xs`, `items.length` → `items`, `$arr` → `arr`. Undefined for a literal number.
 */
export function collectionKey(text: string): string | undefined {
  let key = text.trim();
  // A header regex may have cut the closing bracket of `size(nums)`; restore it.
  const open = (key.match(/\(/g) ?? []).length - (key.match(/\)/g) ?? []).length;
  if (open > 0 && open < 4) key += ')'.repeat(open);
  // An iterator offset (`begin(nums) + (k - 1)`) still points into the same collection.
  key = key.replace(/\s*[-+]\s*\([^()]*\)\s*$/, '');
  // The last k items (`xs[-3:]`, `xs.slice(-3)`) or the first k (`xs[:3]`), k written as a
  // number, are at most k: no size of the input.
  if (/^[\w$.]+(?:\[\s*-\d+\s*:\s*\]|\[\s*:\s*\d+\s*\]|\.slice\(\s*-\d+\s*\))$/.test(key)) return undefined;
  // A Python slice `xs[i:]` / `xs[a:b]` is at most the size of `xs`.
  key = key.replace(/^([\w$.]+)\[[^[\]]*:[^[\]]*\]$/, '$1');
  // A default for a missing entry (`$g[$u] ?? []`, `adj[u] || []`) adds nothing to the size.
  key = key.replace(/\s*(?:\?\?|\|\|)\s*(?:\[\s*\]|\{\s*\}|array\(\s*\)|''|""|null)\s*$/, '');
  // A spread copy `[...xs]` (also of a view, `[...cnt.values()]`) has the size of `xs`.
  key = key.replace(/^\[\s*\.\.\.\s*([^,]+?)\s*\]$/, (whole, inner: string) =>
    balanced(inner) ? inner : whole,
  );
  // A Rust cast of an index (`keys[u as usize]`) names the same element as `keys[u]`.
  key = key.replace(/\s+as\s+(?:usize|isize|[iu](?:8|16|32|64|128))\b/g, '');
  for (let i = 0; i < 8; i++) {
    const before = key;
    key = key
      .replace(/\s+(as|satisfies)\s+[\w$.<>[\]|&, ]+$/, '')
      .replace(/!$/, '')
      // A C/C++ declaration's text keeps its `;` (`int i = size(q) - 1;`).
      .replace(/\s*;$/, '')
      .replace(/^(?:[&*$]+|\.\.\.)/, '')
      // Rust `&mut vis` lends `vis` itself.
      .replace(/^mut\s+/, '')
      .replace(/^\((.*)\)$/s, (whole, inner: string) => (balanced(inner) ? inner : whole))
      .trim();
    // A chain on a wrapper (`Object.keys(d).map(Number)`, `Array.from(m.values()).filter(f)`)
    // works on the wrapper's value: the wrapper alone is read next.
    const chained = chainedWrapper(key);
    if (chained) {
      key = chained;
      continue;
    }
    const wrapped = WRAPPERS.exec(key);
    if (wrapped) {
      const args = splitArgs(wrapped[1]!);
      // range(a, b[, step]) iterates up to b — down from a when the step is negative
      // (`range(n - 1, -1, -1)`); the other wrappers iterate their first argument.
      const down = args.length === 3 && /^\s*-/.test(args[2]!);
      key = (/^x?range\s*\(/.test(key) && args.length >= 2 && !down ? args[1] : args[0]) ?? '';
    }
    // A written tuple of numbers (`pairwise((-1, 0, 1, 0, -1))`) has a fixed size.
    if (key.includes(',') && /^[\s\d.,+-]+$/.test(key)) return undefined;
    key = key.replace(VIEWS, '');
    // A method called on a collection works on that collection: `items.slice(1)` → `items`.
    const method = VIEW_METHOD.exec(key);
    if (method) key = method[1]!;
    key = key.replace(/(\s*[-+]\s*[\w$]+)+$/, '');
    // Half (a third…) of a size runs as many passes up to a constant factor: `(s.length() + 1) / 2`,
    // `len(s) // 2`, `n >> 1` are read as the size they divide (its key, so what is known of it —
    // the digits of a number, a fixed count — still applies).
    key = key.replace(/\s*(?:\/\/?|>>)\s*\d+$/, '');
    if (/^\d+(\.\d+)?$/.test(key)) return undefined;
    // Rust `(0..n).rev()`, `(1..=n).step_by(2)`: an adapter over a parenthesised range.
    const adapted = /^\((.*)\)\s*\.\s*(?:rev\(\)|into_iter\(\)|iter\(\)|step_by\([^()]*\))$/s.exec(key);
    if (adapted && balanced(adapted[1]!)) key = adapted[1]!;
    const range = /^(.+?)\.\.=?(.+)$/.exec(key); // Rust 0..n, Ruby 0..n / 0...n
    // (`(0..n)` is unwrapped first: its end is `n`, not `n)`.)
    if (range && balanced(range[2]!)) key = range[2]!.replace(/^\./, '');
    if (key === before) break;
  }
  key = key.replace(/^\$/, '').replace(/\s*-\s*\d+$/, '');
  if (!key || /^\d+(\.\d+)?$/.test(key)) return undefined;
  return key.length > 40 ? `${key.slice(0, 37)}...` : key;
}

/**
 * `text` (a name or an expression taken from the code: `$dp`, `self.memo`, `(*memo)[key]`,
 * `v<int>`) as a pattern that matches exactly that text. Every character with a meaning in a
 * pattern is escaped: a reading that needs pattern syntax around a name (an optional `this.`, a
 * choice of names) writes it in its own pattern, never through the code's text.
 */
export function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

// C++17 `size(xs)` / C++20 `ssize(xs)` read a size like `xs.size()` (`j < size(grid[0])` was taken
// for a number stored in `grid[0]`).
export const SIZE_ACCESS =
  /\.(length|size|Count|Length|len)\b|\b(len|count|sizeof|strlen|size|ssize)\s*\(|\.size\(\)/;

/** A bound written as a number (`i < n`) rather than a collection's size (`i < xs.length`). */
export function measureOf(limit: string): { measure?: 'value' } {
  return SIZE_ACCESS.test(limit) ? {} : { measure: 'value' };
}

/** True when a for-each iterates a numeric range, so its variable is a counter. */
export function isCountingIterable(iterable: string): boolean {
  return /^(x?range\s*\(|\(?\s*[\w$.]+\s*\.\.|\d)/.test(iterable.trim());
}

/**
 * A limit of `1 << n`, `2 ** n` or `pow(2, n)`: a loop counting up to it runs once per bit mask of
 * `n` bits, 2^n times (a literal exponent is a constant count).
 */
export function powerOfTwoBound(limit: string): LoopBound | undefined {
  const m =
    /^(?:1\s*<<|2\s*\*\*)\s*(.+)$/.exec(limit.trim()) ??
    /^(?:Math\.|math\.|std::)?pow\s*\(\s*2\s*,\s*(.+)\)$/.exec(limit.trim());
  if (!m || !balanced(m[1]!)) return undefined;
  const exponent = m[1]!.trim();
  if (/^\d+$/.test(exponent)) return { kind: 'constant', value: 2 ** Math.min(Number(exponent), 30) };
  const key = collectionKey(exponent);
  return key ? { kind: 'exponential', key, ...measureOf(exponent) } : undefined;
}

/** First line of a text, trimmed and cut to `max` characters. */
export function shorten(text: string, max = 100): string {
  const line = text.trim().split('\n')[0]!.trim();
  const oneLine = text.includes('\n') && !line.endsWith('{') && !line.endsWith(':') ? `${line} ...` : line;
  return oneLine.length > max ? `${oneLine.slice(0, max - 3)}...` : oneLine;
}

/**
 * A whole expression on one line (whitespace collapsed), cut to `max` characters — but never inside
 * a comprehension's clauses: `[[[-1] * k for _ in xrange(n)] for _ in xrange(m)]` cut before its
 * last `for` loses a dimension of the table, so the cut falls after the last clause's iterable
 * (and nothing is cut when only closing brackets follow). Kept within a hard cap for huge inputs.
 */
export function compact(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const clauses = Math.min(clausesEnd(flat), CLAUSES_CAP);
  if (clauses + 3 <= max) return `${flat.slice(0, max - 3)}...`;
  return /^[\s)\]}]*$/.test(flat.slice(clauses)) ? flat : `${flat.slice(0, clauses)} ...`;
}

/** The longest text kept to show every comprehension clause. */
const CLAUSES_CAP = 400;

/** The index of the last `ch` in `text` outside any brackets, or -1. */
export function topLevel(text: string, ch: string): number {
  let depth = 0;
  let found = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ch && depth === 0) found = i;
  }
  return found;
}
