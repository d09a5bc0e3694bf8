// Turns the texts of a loop header into a LoopBound. Shared by every extractor: each one only
// finds the header's parts (iterable, or init/condition/update, or while-condition) in its tree.
import type { LoopBound } from '../model';
import { fixedWidthRange, growthBound, literalExpression, topLevelLines } from './loopProgress';
import {
  countDownCondition,
  emptyTest,
  letterCount,
  reslices,
  terminatedString,
  whileLetDrain,
} from './loopIdioms';

/** Calls that only view or wrap a collection: iterating them iterates their argument. */
const WRAPPERS =
  /^(?:Object\.(?:keys|values|entries)|Array\.from|range|xrange|len|enumerate|reversed|sorted|list|tuple|set|iter|zip|count|sizeof|(?:std::)?(?:size|ssize|begin|cbegin|rbegin|crbegin|end|cend|rend|crend|data)|Arrays\.asList|Arrays\.stream|array_keys|array_values|(?:itertools\.)?islice)\s*\((.*)\)$/s;
/** Trailing accessors that keep the size of the collection they are called on. */
const VIEWS =
  /(?:\.(?:items|keys|values|entries|iter|iter_mut|into_iter|chars|bytes|lines|stream|entrySet|keySet|enumerate|each_with_index|each|split|toCharArray|begin|cbegin|end|cend|rbegin|crbegin|rend|crend)\s*\([^()]*\)|\.(?:length|size|Count|Length|len)(?:\s*\(\s*\))?)$/;

/** Methods returning a view or copy of the collection they are called on (same size or smaller). */
const VIEW_METHOD =
  /^([A-Za-z_$@][\w$]*(?:\.[A-Za-z_$][\w$]*)*?)\s*(?:\.|->)\s*(?:slice|substring|substr|subList|filter|select|reject|map|collect|flat_map|split|trim|strip|lower|upper|toLowerCase|toUpperCase|copy|clone|to_vec|iter|iter_mut|into_iter|keys|values|items|entries|stream|chars|bytes|lines|reversed|sorted|each|each_with_index|with_index|enumerate|cloned|rev|asList|toList|ToList|Where|Select|split_whitespace|char_indices)\b\s*(?:[({]|do\b)/;

/** True when every bracket in the text closes in order (so `(a)..(b)` is not one group). */
function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth < 0) return false;
  }
  return depth === 0;
}

/** Splits a call's top-level argument list ("a, f(b, c)" → ["a", "f(b, c)"]). */
export function splitArgs(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
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
  // A Python slice `xs[i:]` / `xs[a:b]` is at most the size of `xs`.
  key = key.replace(/^([\w$.]+)\[[^[\]]*:[^[\]]*\]$/, '$1');
  // A spread copy `[...xs]` has the size of `xs`.
  key = key.replace(/^\[\s*\.\.\.\s*([\w$.]+)\s*\]$/, '$1');
  for (let i = 0; i < 8; i++) {
    const before = key;
    key = key
      .replace(/\s+(as|satisfies)\s+[\w$.<>[\]|&, ]+$/, '')
      .replace(/!$/, '')
      // A C/C++ declaration's text keeps its `;` (`int i = size(q) - 1;`).
      .replace(/\s*;$/, '')
      .replace(/^[&*$]+/, '')
      .replace(/^\((.*)\)$/s, (whole, inner: string) => (balanced(inner) ? inner : whole))
      .trim();
    const wrapped = WRAPPERS.exec(key);
    if (wrapped) {
      const args = splitArgs(wrapped[1]!);
      // range(a, b[, step]) iterates up to b; the other wrappers iterate their first argument.
      key = (/^x?range\s*\(/.test(key) && args.length >= 2 ? args[1] : args[0]) ?? '';
    }
    key = key.replace(VIEWS, '');
    // A method called on a collection works on that collection: `items.slice(1)` → `items`.
    const method = VIEW_METHOD.exec(key);
    if (method) key = method[1]!;
    key = key.replace(/(\s*[-+]\s*[\w$]+)+$/, '');
    if (/^\d+(\.\d+)?$/.test(key)) return undefined;
    const range = /^(.+?)\.\.=?(.+)$/.exec(key); // Rust 0..n, Ruby 0..n / 0...n
    if (range) key = range[2]!.replace(/^\./, '');
    if (key === before) break;
  }
  key = key.replace(/^\$/, '').replace(/\s*-\s*\d+$/, '');
  if (!key || /^\d+(\.\d+)?$/.test(key)) return undefined;
  return key.length > 40 ? `${key.slice(0, 37)}...` : key;
}

/** The bound of a for-each loop over `iterable`. */
export function forEachBound(iterable: string): LoopBound {
  const literal = /^[[(]\s*([^[\]()]*)[\])]$/.exec(iterable.trim());
  if (literal) return { kind: 'constant', value: splitArgs(literal[1]!).length };
  // A list of written pairs (`[(0, 1), (1, 0)]`, `[[0, 1], [1, 0]]`): one pass per element written.
  const pairs = /^\[(.*)\]$|^\((.*)\)$/s.exec(iterable.trim());
  const listed = pairs && (pairs[1] ?? pairs[2])!;
  if (listed && balanced(listed) && !/\bfor\b|\.\./.test(listed) && splitArgs(listed).length >= 2)
    return { kind: 'constant', value: splitArgs(listed).length };
  // A braced initializer list (`for (auto d : {-1, 1})`, `{pair(i, j), pair(j, i)}`, a set display
  // `{1, 2}`): as many passes as elements written, whatever they hold. Not a comprehension. A typed
  // literal lists its elements the same way: Go `[]int{a, b}`, Java `new int[] {a, b}`, C# `new[] {a, b}`.
  const braced = /^\{(.*)\}$/s.exec(iterable.trim().replace(/^(?:new\s+)?[\w.:<>[\]\s]*?(?=\{)/, ''));
  if (braced && balanced(braced[1]!) && braced[1]!.trim() && !/\bfor\b|\.\.\.|[:;]/.test(braced[1]!))
    return { kind: 'constant', value: splitArgs(braced[1]!).length };
  const range = /^x?range\s*\((.*)\)$/s.exec(iterable.trim());
  const rangeArgs = range ? splitArgs(range[1]!) : [];
  const fixed =
    rangeArgs.length === 1 || rangeArgs.length === 2
      ? fixedWidthRange(rangeArgs.length === 2 ? rangeArgs[0]! : '0', rangeArgs.at(-1)!)
      : undefined;
  if (fixed !== undefined) return { kind: 'constant', value: fixed };
  const literalLimit =
    rangeArgs.length && !/^\s*\d+\s*$/.test(rangeArgs.at(-1)!)
      ? literalExpression(rangeArgs.at(-1)!)
      : undefined;
  if (literalLimit)
    return { kind: 'constant', value: 1, why: `bounded by \`${literalLimit}\`, fixed by the text` };
  const constantRange = /^(?:x?range\s*\(\s*(\d+)\s*\)|(\d+)\s*\.\.=?\s*(\d+))$/.exec(iterable.trim());
  if (constantRange) return { kind: 'constant', value: Number(constantRange[1] ?? constantRange[3]) };
  const key = collectionKey(iterable);
  if (!key) return { kind: 'constant', value: Number(iterable) || 1 };
  const masks = powerOfTwoBound(key);
  if (masks) return masks;
  return isCountingIterable(iterable)
    ? { kind: 'linear', key, ...measureOf(iterable) }
    : { kind: 'linear', key };
}

const MULTIPLICATIVE = /(\*=|\/=|<<=|>>=|>>>=|=\s*\w+\s*[*/]\s*\d|=\s*\w+\s*(>>|<<)\s*\d)/;

/** The bound of a counter loop `for (init; condition; update)`. */
export function counterBound(init: string, condition: string, update: string, body = ''): LoopBound {
  // `for i := 0; ; i++ { ... s[i] ... }`: no condition, but an index stepped one way that subscripts
  // a collection keeps the loop within it (it returns or breaks before running off the end).
  if (!condition.trim())
    return indexPointer(update, body) ?? { kind: 'unknown', reason: 'the loop has no condition' };
  // `for (; j < n && s[j] == c; ++j)`: the loop ends at the first conjunct that fails, so a
  // counter bound in any conjunct bounds it.
  const conjuncts = splitConjuncts(condition);
  if (conjuncts.length > 1) {
    const bounds = conjuncts.map((c) => counterBound(init, c, update, body));
    const known = bounds.find((b) => b.kind !== 'unknown');
    if (known) return known;
  }
  const bound = singleCounterBound(init, condition, update, body);
  // No initialiser: the counter continues from where an earlier loop left it (a window pointer).
  const counter = counterOf(update);
  if (
    bound.kind === 'linear' &&
    !init.trim() &&
    counter &&
    new RegExp(`\\b${escape(counter)}\\b`).test(condition)
  )
    return { ...bound, amortised: 'pointer', pointer: counter };
  return bound;
}

/** Top-level `&&` / `and` parts of a condition (not those inside brackets). */
function splitConjuncts(condition: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  const text = condition.trim();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (depth === 0 && text.startsWith('&&', i)) {
      parts.push(current.trim());
      current = '';
      i++;
      continue;
    }
    current += ch;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

function singleCounterBound(init: string, condition: string, update: string, body: string): LoopBound {
  // `for (int d = 0; !empty(q); ++d)`: a work-list loop that also counts its passes.
  if (emptyTest(condition.trim()) && !/^\s*\d+\s*$/.test(condition)) {
    const list = whileBound(condition, body);
    if (list.kind === 'linear' && list.amortised === 'drains') return list;
  }
  const root = squareBound(condition);
  if (root) return root;
  // `for (; curr; curr = curr->next)`: walks a linked list.
  const link = /^\s*([\w$]+)\s*=\s*\1\s*(?:\.|->)\s*(?:next|Next|parent|left|right)\b/.exec(update)?.[1];
  if (link) return { kind: 'linear', key: link };
  // `for (; i < n; i += i & -i)`: a Fenwick-tree walk.
  const fenwick = lowBitVariable(update);
  if (fenwick && new RegExp(`\\b${escape(fenwick)}\\b`).test(condition))
    return { kind: 'log', key: fenwick, measure: 'value', why: LOW_BIT_WHY(fenwick) };
  // `for (; n > 0; n /= 10)` / `for (x = n; x; x >>= 1)`: the counter itself shrinks geometrically.
  const shrinking = dividedVariable(update);
  if (shrinking && new RegExp(`\\b${escape(shrinking)}\\b`).test(condition) && !/\*=|<<=/.test(update))
    return { kind: 'log', key: shrinking, measure: 'value', why: `\`${shrinking}\` is divided on each pass` };
  const counter = counterOf(update);
  const terminated = counter && terminatedString(condition, counter);
  if (terminated) return { kind: 'linear', key: terminated };
  const comparison = /^\s*!?\(?\s*([\w$.]+)\s*(<=|<|>=|>|!==|!=)\s*(.+?)\)?\s*$/.exec(
    offsetCounter(countDownCondition(condition, counter, update), counter),
  );
  if (!comparison)
    return { kind: 'unknown', reason: `its condition \`${shorten(condition, 40)}\` is not a simple bound` };
  const [, tested, op, limitText] = comparison;
  // `for (j = i - W; j < i; ++j)`: a window of fixed width W behind the counter `i`, however
  // large `i` grows: W passes (a literal width is a constant, a name is its own size).
  const limitName = /^[\w$]+$/.test(limitText!.trim()) ? limitText!.trim() : undefined;
  const width = limitName
    ? new RegExp(`^[^=]*=\\s*${escape(limitName)}\\s*-\\s*([\\w$]+)\\s*;?$`).exec(init)?.[1]
    : undefined;
  if (width && /^\+\+|\+\+$|\+=\s*1\b/.test(update.trim()) && (op === '<' || op === '<='))
    return /^\d+$/.test(width)
      ? { kind: 'constant', value: Number(width) }
      : { kind: 'linear', key: width, measure: 'value' };
  // Counting down (`i > 0`) starts from the initialiser, or, without one (`for (; V > 0; --V)`),
  // from the tested variable's current value.
  const start = /=\s*(.+)$/.exec(init)?.[1] ?? (tested === counterOf(update) ? tested : undefined);
  const counting = op === '>' || op === '>=' ? (start ?? limitText!) : limitText!;
  // `i < min(n, 8)`, `for (i = max(r - 1, 0); i <= min(r + 1, n - 1); ++i)`: a literal fixes the count.
  const fixed = (op === '<' || op === '<=') && start ? fixedWidthRange(start, limitText!) : undefined;
  if (fixed !== undefined) return { kind: 'constant', value: fixed };
  if (/^\s*\d+\s*$/.test(counting)) return { kind: 'constant', value: Number(counting) };
  const letters = letterCount(counting, start);
  if (letters !== undefined) return { kind: 'constant', value: letters };
  const literal = literalExpression(counting);
  if (literal) return { kind: 'constant', value: 1, why: `bounded by \`${literal}\`, fixed by the text` };
  const key = collectionKey(counting);
  if (!key) return { kind: 'constant', value: 1 };
  const masks = MULTIPLICATIVE.test(update) ? undefined : powerOfTwoBound(key);
  if (masks) return masks;
  return { kind: MULTIPLICATIVE.test(update) ? 'log' : 'linear', key, ...measureOf(counting) };
}

/**
 * A limit of `1 << n`, `2 ** n` or `pow(2, n)`: a loop counting up to it runs once per bit mask of
 * `n` bits, 2^n times (a literal exponent is a constant count).
 */
function powerOfTwoBound(limit: string): LoopBound | undefined {
  const m =
    /^(?:1\s*<<|2\s*\*\*)\s*(.+)$/.exec(limit.trim()) ??
    /^(?:Math\.|math\.|std::)?pow\s*\(\s*2\s*,\s*(.+)\)$/.exec(limit.trim());
  if (!m || !balanced(m[1]!)) return undefined;
  const exponent = m[1]!.trim();
  if (/^\d+$/.test(exponent)) return { kind: 'constant', value: 2 ** Math.min(Number(exponent), 30) };
  const key = collectionKey(exponent);
  return key ? { kind: 'exponential', key, ...measureOf(exponent) } : undefined;
}

/** The variable a counter loop's update steps (`++i`, `i += 2`, `i--`). */
function counterOf(update: string): string | undefined {
  const m = /(?:\+\+|--)\s*([\w$]+)|([\w$]+)\s*(?:\+\+|--|[-+]=)/.exec(update);
  return m?.[1] ?? m?.[2];
}

/**
 * A comparison whose left side is the counter shifted or scaled by something fixed during the loop
 * (`i + 1 < size(s)`, `2 * i < n`, `j + (1 << k) <= n`) is rewritten as a comparison of the
 * counter itself: the offset or constant factor changes the iteration count by a constant amount
 * or factor, not its growth class.
 */
export function offsetCounter(condition: string, counter: string | undefined): string {
  if (!counter) return condition;
  const c = escape(counter);
  const shifted = new RegExp(
    `^\\s*\\(?\\s*(?:\\d+\\s*\\*\\s*)?${c}(?:\\s*\\*\\s*\\d+)?(?:\\s*[-+]\\s*(?:[\\w$.]+|\\([^()<>=]*\\)))+\\s*\\)?\\s*(<=|<|>=|>|!=)\\s*(.+)$|^\\s*(?:\\d+\\s*\\*\\s*${c}|${c}\\s*\\*\\s*\\d+)\\s*(<=|<|>=|>|!=)\\s*(.+)$`,
  ).exec(condition);
  if (!shifted) return condition;
  const [, op1, limit1, op2, limit2] = shifted;
  // A limit that mentions the counter again is not a fixed bound.
  const limit = (limit1 ?? limit2)!;
  if (new RegExp(`\\b${c}\\b`).test(limit)) return condition;
  return `${counter} ${op1 ?? op2} ${limit}`;
}

/**
 * `while parent[x] != x: x = parent[x]`: climbing a union-find tree. With path compression or
 * halving in the body (`parent[x] = parent[parent[x]]`) a climb is amortised O(α(n)), effectively
 * constant; without it a climb can pass every element once (linear in `parent`).
 */
function parentLinks(cond: string, body: string): LoopBound | undefined {
  const test =
    /^([\w$.>-]+)\[\s*([\w$]+)\s*\]\s*(?:!=|!==)\s*([\w$]+)$/.exec(cond) ??
    /^([\w$]+)\s*(?:!=|!==)\s*([\w$.>-]+)\[\s*([\w$]+)\s*\]$/.exec(cond);
  if (!test) return undefined;
  const [parent, x] =
    /\[/.test(test[1]!) || (!/\[/.test(test[2]!) && test[3]) ? [test[1]!, test[2]!] : [test[2]!, test[3]!];
  if (/\[/.test(parent) || !x) return undefined;
  const p = escape(parent);
  const follows =
    new RegExp(`(^|[^\\w$.\\]])${escape(x)}\\s*=(?!=)\\s*${p}\\s*\\[`, 'm').test(body) ||
    new RegExp(`,\\s*${escape(x)}\\s*=(?!=)\\s*[^,\\n]+,\\s*${p}\\s*\\[`).test(body);
  if (!follows) return undefined;
  const compresses = new RegExp(`${p}\\s*\\[\\s*${escape(x)}\\s*\\]\\s*(,[^=\\n]*)?=(?!=)`).test(body);
  return compresses
    ? {
        kind: 'constant',
        value: 1,
        why: `climbs \`${parent}\` links with path compression: amortised O(α(n)), effectively O(1)`,
      }
    : { kind: 'linear', key: parent, climb: true };
}

/** `node = node.next`, `curr = curr->left`, `curr = curr.getNext()`, or via a temporary (`next = curr->next; curr = next`). */
function followsLinks(name: string, body: string): boolean {
  const n = escape(name);
  // One link or several (`fast = fast.next.next` moves two nodes per pass: still one walk).
  const member = `${n}(?:\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*)+(?:\\s*\\(\\s*\\)|\\s*\\[\\s*\\d+\\s*\\])?`;
  if (new RegExp(`(^|[^\\w$.>])${n}\\s*=(?!=)\\s*${member}\\s*($|[;\\n)])`, 'm').test(body)) return true;
  // `curr = x < curr->val ? curr->left : curr->right` (one path down a search tree).
  if (new RegExp(`(^|[^\\w$.>])${n}\\s*=(?!=)[^;\\n]*\\?\\s*${member}\\s*:\\s*${member}`, 'm').test(body))
    return true;
  const via = new RegExp(`(^|[^\\w$.>])${n}\\s*=(?!=)\\s*([A-Za-z_]\\w*)\\s*;?\\s*$`, 'm').exec(body)?.[2];
  return (
    !!via && via !== name && new RegExp(`\\b${via}\\s*=(?!=)\\s*${member}\\s*($|[;\\n)])`, 'm').test(body)
  );
}

const LOW_BIT_WHY = (name: string) => `\`${name}\` moves by its lowest set bit on each pass (Fenwick tree)`;

function escape(name: string): string {
  return name.replace(/[$.]/g, '\\$&');
}

/** `i * i <= n`, `i <= n / i`, `i <= sqrt(n)`: the loop runs about √n times. */
function squareBound(condition: string): LoopBound | undefined {
  const square =
    /^\s*\(?\s*([\w$]+)\s*\*\s*\1\s*\)?\s*(?:<=|<)\s*(.+?)\s*$/.exec(condition) ??
    /^\s*([\w$]+)\s*(?:<=|<)\s*(.+?)\s*\/\s*\1\s*$/.exec(condition) ??
    /^\s*([\w$]+)\s*(?:<=|<)\s*(?:(?:Math\.|math\.|std::)?(?:sqrt|isqrt)\s*\((.+)\))\s*$/.exec(condition);
  const limit = square?.[2];
  const key = limit ? collectionKey(limit) : undefined;
  return key ? { kind: 'sqrt', key, ...measureOf(limit!) } : undefined;
}

/**
 * The variable an update divides by a constant or shifts right (`n //= 10`, `n = Math.floor(n / 10)`,
 * `n >>= 1`, `n &= n - 1`), so a loop on it runs once per digit / bit: logarithmic in its value.
 */
export function dividedVariable(text: string, name?: string): string | undefined {
  const v = name ? escape(name) : '[A-Za-z_$][\\w$]*';
  // Dividing by 1 does not shrink; shifting by 1 halves.
  const compound = new RegExp(`(?:^|[^\\w$.])(${v})\\s*(?://=|/=|(>>=|>>>=))\\s*(\\w+)`).exec(text);
  if (compound && (compound[2] || compound[3] !== '1')) return compound[1];
  const plain = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*=\\s*(?:Math\\.floor\\s*\\(|int\\s*\\(|\\()?\\s*\\1\\s*(?://|/|(>>>?)|\\bdiv\\b)\\s*(\\w+)`,
  ).exec(text);
  if (plain && (plain[2] || plain[3] !== '1')) return plain[1];
  // `n, r = divmod(n, 10)`: the quotient replaces `n`.
  const divmod = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*,\\s*[\\w$]+\\s*=\\s*divmod\\s*\\(\\s*\\1\\s*,\\s*(\\w+)`,
  ).exec(text);
  if (divmod && divmod[2] !== '1') return divmod[1];
  const bits = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*(?:&=\\s*\\1\\s*-\\s*1|=\\s*\\1\\s*&\\s*\\(?\\s*\\1\\s*-\\s*1)`,
  ).exec(text);
  return bits?.[1];
}

/**
 * Fenwick-tree steps: `i += i & -i`, `i -= lowbit(i)`, `i |= i + 1`, `i = (i & (i + 1)) - 1` move
 * the counter to the next power-of-two boundary, so it visits O(log n) positions.
 */
export function lowBitVariable(text: string, name?: string): string | undefined {
  const v = name ? escape(name) : '[A-Za-z_$][\\w$]*';
  // Fenwick-tree steps: `i += i & -i`, `i -= lowbit(i)`, `i |= i + 1`, `i = (i & (i + 1)) - 1`
  // move to the next power-of-two boundary, so the counter has O(log n) positions to visit.
  const lowbit = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*(?:[-+]=\\s*\\(?\\s*(?:\\1\\s*&\\s*\\(?\\s*-\\s*\\1|-\\s*\\1\\s*&\\s*\\1|(?:lower_?bit|lowbit|lsb)\\s*\\(\\s*\\1\\s*\\))|\\|=\\s*\\(?\\s*\\1\\s*\\+\\s*1|=\\s*\\(\\s*\\1\\s*&\\s*\\(\\s*\\1\\s*\\+\\s*1\\s*\\)\\s*\\)\\s*-\\s*1)`,
  ).exec(text);
  return lowbit?.[1];
}

/** `a, b = b, a % b` / `b = a % b` / `tie(a, b) = make_pair(b, a % b)`: Euclid's remainder step on `name`. */
function euclid(name: string, body: string): boolean {
  const n = escape(name);
  return (
    new RegExp(`%\\s*${n}\\b`).test(body) &&
    new RegExp(`(^|[^\\w$.])${n}\\s*(\\)\\s*)?=(?!=)|,\\s*${n}\\s*(\\)\\s*)?=(?!=)`, 'm').test(body)
  );
}

/** `name += 1`, `name--`, `name = name - 1`: a counter moving by a constant step. */
function stepsByConstant(name: string, body: string): boolean {
  const n = name.replace(/[$.]/g, '\\$&');
  return new RegExp(
    `(\\b${n}\\s*(\\+=|-=)\\s*\\d|\\b${n}\\s*(\\+\\+|--)|(\\+\\+|--)\\s*${n}\\b|\\b${n}\\s*=\\s*${n}\\s*[-+]\\s*\\d)`,
  ).test(body);
}

const SIZE_ACCESS = /\.(length|size|Count|Length|len)\b|\b(len|count|sizeof|strlen)\s*\(|\.size\(\)/;

/** A bound written as a number (`i < n`) rather than a collection's size (`i < xs.length`). */
function measureOf(limit: string): { measure?: 'value' } {
  return SIZE_ACCESS.test(limit) ? {} : { measure: 'value' };
}

/** True when a for-each iterates a numeric range, so its variable is a counter. */
export function isCountingIterable(iterable: string): boolean {
  return /^(x?range\s*\(|\(?\s*[\w$.]+\s*\.\.|\d)/.test(iterable.trim());
}

const HALVING = /(\/\s*2\b|\/\/\s*2\b|>>>?\s*1\b|\bmid\b|\/=\s*2|>>=\s*1|\*=\s*2|<<=\s*1)/;
/**
 * The bound of a `while` loop from its condition and body text. A range that is halved is
 * logarithmic; a size comparison or a work-list drained by the body is linear; anything else is
 * honestly unknown.
 */
export function whileBound(condition: string, body: string): LoopBound {
  const cond = condition
    .trim()
    .replace(/^\((.*)\)$/s, (whole, inner: string) => (balanced(inner) ? inner : whole))
    .trim();
  if (/^(true|1|True)$/.test(cond) || cond === '')
    return indexPointer('', body) ?? { kind: 'unknown', reason: 'it loops until a `break`' };
  const taken = whileLetDrain(cond, body);
  if (taken) return taken;
  const conjuncts = cond.split(/\s*(?:&&|\band\b)\s*/).filter(Boolean);
  if (conjuncts.length > 1) {
    const bounds = conjuncts.map((part) => whileBound(part, body));
    const linear = bounds.filter((b): b is Extract<LoopBound, { kind: 'linear' }> => b.kind === 'linear');
    if (linear.length === bounds.length) {
      // The loop ends at the first bound reached; an amortised pointer in any conjunct keeps it amortised.
      const pointer = linear.find((b) => b.amortised);
      return {
        ...(pointer ?? linear[0]!),
        key: linear[0]!.key,
        alsoKeys: linear.slice(1).map((b) => b.key),
      };
    }
    const known = bounds.find((b) => b.kind !== 'unknown');
    if (known) return known;
  }
  const root = squareBound(cond);
  if (root) return root;
  // `while (getline(ss, token, ','))` / `while (ss >> word)`: each pass consumes part of the
  // stream, so the passes are at most its length.
  const stream =
    /^(?:std::)?getline\s*\(\s*([\w$.]+)\s*,/.exec(cond)?.[1] ?? /^([\w$.]+)\s*>>\s*[\w$.]+$/.exec(cond)?.[1];
  if (stream) return { kind: 'linear', key: stream };
  // `while len(xs) <= n: xs.append(...)`: the body grows the collection tested, one entry per pass.
  const grown = growthBound(cond, body);
  const grownKey = grown && collectionKey(grown.limit);
  if (grown && grownKey && !/^\d/.test(grownKey))
    return { kind: 'linear', key: grownKey, ...measureOf(grown.limit), grows: grown.list };
  // `while (k--)` / `while (k-- > 0)`: counts `k` down once per pass.
  const postDecrement = /^(?:([\w$]+)\s*--|--\s*([\w$]+))(?:\s*(?:>|!=)\s*0)?$/.exec(cond);
  if (postDecrement) {
    const counter = (postDecrement[1] ?? postDecrement[2])!;
    return { kind: 'linear', key: counter, measure: 'value', amortised: 'pointer', pointer: counter };
  }
  // `while i + 1 < len(s): ... i += 1`: the offset does not change the growth of the count.
  const first = /^([\w$]+)\s*[-+*]/.exec(cond)?.[1];
  const shifted = first && stepsByConstant(first, body) ? offsetCounter(cond, first) : cond;
  const comparison = /^([\w$.]+)\s*(<=|<|>=|>|!==|!=)\s*(.+)$/.exec(shifted);
  const tested = comparison?.[1] ?? /^!?\s*([\w$]+)$/.exec(cond)?.[1];
  // `while n > 0: n //= 10` runs once per digit of n.
  if (tested && dividedVariable(body, tested))
    return { kind: 'log', key: tested, measure: 'value', why: `\`${tested}\` is divided on each pass` };
  if (tested && lowBitVariable(body, tested))
    return { kind: 'log', key: tested, measure: 'value', why: LOW_BIT_WHY(tested) };
  // `while curr: ... curr = curr.next` / `curr = curr->left`: walks a linked structure one node per
  // pass (a list, or one path down a tree), so at most once per node.
  // The walk only moves `tested` forward, so an enclosing loop that does not reset it shares
  // these passes out (`while (p) { while (p && p->val == v) p = p->next; }`: one walk in all).
  if (tested && followsLinks(tested, body))
    return { kind: 'linear', key: tested, amortised: 'pointer', pointer: tested, linkWalk: true };
  // `while (p.next != null) p = p.next`: the link tested belongs to the variable the body advances.
  const holder = tested && /^([\w$]+)\s*(?:\.|->)\s*[A-Za-z_]\w*$/.exec(tested)?.[1];
  if (holder && followsLinks(holder, body))
    return { kind: 'linear', key: holder, amortised: 'pointer', pointer: holder, linkWalk: true };
  // Union-find `find`: `while parent[x] != x: x = parent[x]` climbs parent links.
  const climb = parentLinks(cond, body);
  if (climb) return climb;
  // Euclid: `while b: a, b = b, a % b` — the remainder at least halves every two passes.
  if (tested && euclid(tested, body))
    return {
      kind: 'log',
      key: tested,
      measure: 'value',
      why: `\`${tested}\` is replaced by a remainder on each pass (Euclid)`,
    };
  // `while n: ... n -= 1` counts the tested variable down by a constant step.
  if (tested && !comparison && stepsByConstant(tested, body))
    return { kind: 'linear', key: tested, measure: 'value', amortised: 'pointer', pointer: tested };
  // KMP / Z-function: `while j > 0 and ...: j = prefix[j - 1]` follows failure links back.
  if (
    comparison &&
    new RegExp(`\\b${escape(comparison[1]!)}\\s*=\\s*[\\w$.]+\\[\\s*${escape(comparison[1]!)}\\b`).test(body)
  )
    return {
      kind: 'linear',
      key: comparison[1]!,
      measure: 'value',
      amortised: 'pointer',
      pointer: comparison[1]!,
      failureLinks: true,
    };
  if (comparison && HALVING.test(body) && !twoPointers(comparison[1]!, comparison[3]!, body)) {
    return {
      kind: 'log',
      key: collectionKey(comparison[3]!) ?? comparison[3]!,
      ...measureOf(comparison[3]!),
      search:
        /\bmid\b|\bmiddle\b/.test(body) ||
        new RegExp(`\\b${escape(comparison[1]!)}\\s*=\\s*\\w+\\s*[-+]\\s*1\\b`).test(body),
    };
  }
  // `while (sum >= s) sum -= nums[++start];`: the tested value is an accumulator, not a counter;
  // what bounds the passes is the index the body steps through `nums` (see indexPointer).
  const walker = tested && !stepsByConstant(tested, body) ? indexPointer(cond, body, tested) : undefined;
  if (walker) return walker;
  if (comparison) {
    const key = collectionKey(comparison[3]!);
    const pointer = comparison[1]!.replace(/^\$/, '');
    // `p.next != nil` compares with no value: the null literal is not a size.
    if (
      key &&
      !/^\d/.test(key) &&
      !/^(nil|null|None|nullptr|NULL|undefined)$/.test(key) &&
      !/&&|\|\|/.test(comparison[3]!)
    )
      return {
        kind: 'linear',
        key,
        ...measureOf(comparison[3]!),
        ...(stepsByConstant(pointer, body) ? { amortised: 'pointer' as const, pointer } : {}),
        ...(stepsByConstant(pointer, body) &&
        /^[\w$]+$/.test(comparison[3]!.trim()) &&
        stepsByConstant(comparison[3]!.trim(), body)
          ? { twoPointers: true }
          : {}),
      };
    // `while n > 0: ... n -= 1` counts the variable down (or up) by a constant step.
    const counter = comparison[1]!.replace(/^\$/, '');
    if (stepsByConstant(counter, body))
      return { kind: 'linear', key: counter, measure: 'value', amortised: 'pointer', pointer: counter };
  }
  const drained = emptyTest(cond);
  if (
    drained &&
    (/\b(pop|heappop|heappushpop|heapreplace|popitem|shift|popleft|dequeue|poll|pollFirst|pollLast|remove|pop_front|pop_back|Dequeue|Pop|next)\b/.test(
      body,
    ) ||
      reslices(drained, body))
  ) {
    return { kind: 'linear', key: drained.replace(/^\$/, ''), amortised: 'drains' };
  }
  // Level-by-level BFS: `while q: new_q = [...]; for u in q: ...; q = new_q` replaces the queue
  // with the next level, so over all passes each item of every level is handled once, as when
  // popping it.
  if (drained && replacesList(drained, body)) {
    return { kind: 'linear', key: drained.replace(/^\$/, ''), amortised: 'drains', levels: true };
  }
  if (drained && /\.next\b|->next\b|\.Next\b|\.parent\b/.test(body)) {
    return { kind: 'linear', key: drained.replace(/^\$/, '') };
  }
  const stepped = indexPointer(cond, body);
  if (stepped) return stepped;
  return {
    kind: 'unknown',
    reason: `the condition \`${shorten(cond, 40)}\` has no bound the analyser can see`,
  };
}

/**
 * An index the loop moves one way by a constant step on every pass (at the top level of the body,
 * never assigned otherwise there) and uses to subscript a collection (`nums[++start]`,
 * `array[j - 1]`): a loop that stays within the collection makes at most as many passes as it has
 * elements, whatever its condition tests — linear in it, and amortised like a window pointer when
 * an enclosing loop does not reset the index.
 */
function indexPointer(cond: string, body: string, tested?: string): LoopBound | undefined {
  const text = `${cond}\n${body}`;
  // Lines at the top level of the body (not under an `if` or inner loop), and the header itself.
  const topLines = topLevelLines(cond, body);
  for (const m of text.matchAll(/([A-Za-z_$][\w$.]*)\s*\[([^\][]*)\]/g)) {
    const [, collection, index] = m;
    for (const name of index!.match(/[A-Za-z_$][\w$]*/g) ?? []) {
      if (name === tested || name === collection) continue;
      const n = escape(name);
      const up = new RegExp(`(\\+\\+\\s*${n}\\b|\\b${n}\\s*\\+\\+|\\b${n}\\s*\\+=\\s*\\d)`);
      const down = new RegExp(`(--\\s*${n}\\b|\\b${n}\\s*--|\\b${n}\\s*-=\\s*\\d)`);
      const steps = topLines.some((l) => up.test(l) || down.test(l));
      const oneWay = up.test(text) !== down.test(text);
      const reassigned = new RegExp(`(^|[^\\w$.])${n}\\s*=(?!=)`, 'm').test(body);
      if (steps && oneWay && !reassigned)
        return { kind: 'linear', key: collection!, amortised: 'pointer', pointer: name };
    }
  }
  return undefined;
}

/** The body assigns the whole list `name` anew (`q = new_q`, `q = move(next)`, `q, nq = nq, []`, `swap(q, nq)`). */
function replacesList(name: string, body: string): boolean {
  const n = escape(name.replace(/^\$/, ''));
  // The body must also walk the list (`for u in q`, `for (auto& u : q)`, `len(q)`): a plain
  // `x = f(x)` on a scalar is not a level of work.
  const walks = new RegExp(
    `\\bin\\s+${n}\\s*:|:\\s*${n}\\s*\\)|\\bof\\s+${n}\\s*\\)|\\b(len|size)\\(\\s*${n}\\s*\\)|\\b${n}(\\.|->)(size\\(\\)|length\\b)`,
  ).test(body);
  // A comprehension over the list (`[c for node in q for c in node.children]`) walks it too.
  const comprehension = new RegExp(`\\bfor\\s+[^\\n]*?\\bin\\s+${n}\\s*(for|if|\\]|\\))`).test(body);
  // `prev, q = q, [...]`: a tuple assignment gives `q` the value at its own position.
  const tuple = body.split('\n').some((line) => {
    const m = /^\s*([\w$]+(?:\s*,\s*[\w$]+)+)\s*=(?!=)\s*(.+)$/.exec(line);
    if (!m) return false;
    const k = m[1]!
      .split(',')
      .map((t) => t.trim())
      .indexOf(name.replace(/^\$/, ''));
    const value = k >= 0 ? splitArgs(m[2]!)[k] : undefined;
    return !!value && !new RegExp(`^${n}\\b`).test(value);
  });
  return (
    (walks || comprehension) &&
    (tuple ||
      new RegExp(`(^|[^\\w$.\\]])\\$?${n}\\s*(,\\s*[\\w$]+\\s*)?=(?!=)\\s*(?!${n}\\b)`, 'm').test(body) ||
      new RegExp(`\\bswap\\s*\\(\\s*${n}\\s*,|\\b${n}\\.swap\\s*\\(`).test(body))
  );
}

/**
 * `while lo < hi` whose body steps both ends by a constant (`lo += 1` / `hi -= 1`) and never
 * assigns a midpoint to either: two pointers meeting in the middle, linear — not a halving search
 * even if the body happens to compute `mid` or `/ 2` for other purposes.
 */
function twoPointers(low: string, high: string, body: string): boolean {
  const hi = high.trim();
  if (!/^[\w$.]+$/.test(hi)) return false;
  const halves = new RegExp(`\\b(${escape(low)}|${escape(hi)})\\s*=\\s*[^=\\n;]*(\\bmid\\b|/\\s*2|>>\\s*1)`);
  return (stepsByConstant(low, body) || stepsByConstant(hi, body)) && !halves.test(body);
}

/** First line of a text, trimmed and cut to `max` characters. */
export function shorten(text: string, max = 100): string {
  const line = text.trim().split('\n')[0]!.trim();
  const oneLine = text.includes('\n') && !line.endsWith('{') && !line.endsWith(':') ? `${line} ...` : line;
  return oneLine.length > max ? `${oneLine.slice(0, max - 3)}...` : oneLine;
}

/** A whole expression on one line (whitespace collapsed), cut to `max` characters. */
export function compact(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}
