// How a loop's variable moves on each pass: by a constant, halving or dividing, by its lowest set
// bit, along parent or next links, by Euclid's step, two pointers closing in, an index pointer.
// `bounds.ts` turns these into a LoopBound.
import type { LoopBound } from '../model';
import { topLevelLines } from './loopProgress';
import { splitArgs, collectionKey, escape, measureOf } from './boundText';
import { stepsUp } from './counterSums';

// `i = i * 2` multiplies; `i += k * 2` adds a stride (the `=` of a compound `+=` / `-=` is not it).
export const MULTIPLICATIVE =
  /(\*=|\/=|<<=|>>=|>>>=|(?<![-+])=\s*\w+\s*[*/]\s*\d|(?<![-+])=\s*\w+\s*(>>|<<)\s*\d)/;

/** Top-level `&&` / `and` parts of a condition (not those inside brackets). */
export function splitConjuncts(condition: string): string[] {
  return splitTopLevel(condition, '&&');
}

/** The parts of a condition between top-level occurrences of `operator` (not inside brackets). */
export function splitTopLevel(condition: string, operator: '&&' | '||'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  const text = condition.trim();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (depth === 0 && text.startsWith(operator, i)) {
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

/** The variable a counter loop's update steps (`++i`, `i += 2`, `i--`). */
export function counterOf(update: string): string | undefined {
  const m = /(?:\+\+|--)\s*([\w$]+)|([\w$]+)\s*(?:\+\+|--|[-+]=)/.exec(update);
  return m?.[1] ?? m?.[2];
}

/**
 * An entry of a table counted down by one on every pass until it is spent: `while (cnt[x]) { …;
 * --cnt[x]; }`, `while (cnt[x]--)`, `while (cnt[x] > 0) { cnt[x] -= 1; … }`, `for (; cnt[d];
 * --cnt[d])` (the update given as the first line of `body`). The loop runs as many passes as the
 * entry holds, as `for (k = 0; k < cnt[x]; ++k)` does: the entry (`cnt[x]`), or undefined. Only
 * when the lowering is at the body's top level (every pass), the body never raises an entry of the
 * table or writes this one otherwise, and the index stays the same entry (no call, no name the body
 * writes).
 */
export function countedDownEntry(cond: string, body: string): string | undefined {
  const ENTRY = '([A-Za-z_$][\\w$.]*\\[[^\\[\\]]+\\])';
  const c = cond
    .trim()
    .replace(/^\((.*)\)$/s, '$1')
    .trim();
  const post = new RegExp(`^${ENTRY}\\s*--(?:\\s*(?:>|!=)\\s*0)?$`).exec(c)?.[1];
  const entry =
    post ??
    new RegExp(`^${ENTRY}(?:\\s*(?:>|!=)\\s*0)?$`).exec(c)?.[1] ??
    new RegExp(`^0\\s*<\\s*${ENTRY}$`).exec(c)?.[1];
  if (!entry) return undefined;
  // The same entry on every pass: an index with no call (`gone[pq.top()]` moves with the heap) and
  // none of whose names the body writes.
  const index = /\[(.*)\]$/.exec(entry)![1]!;
  const names = index.replace(/'[^']*'/g, '').match(/[A-Za-z_$][\w$]*/g) ?? [];
  if (
    /\(/.test(index) ||
    names.some((n) =>
      new RegExp(
        `(?:\\+\\+|--)\\s*${escape(n)}\\b|(?<![\\w$.])${escape(n)}\\s*(?:\\+\\+|--|[-+*/]?=(?!=))`,
      ).test(body),
    )
  )
    return undefined;
  const e = escape(entry)
    .replace(/\\\[\s*/g, '\\[\\s*')
    .replace(/\s*\\\]/g, '\\s*\\]');
  const lowered = new RegExp(`(?:--\\s*${e}|${e}\\s*(?:--|-=\\s*1\\b))`);
  const written = new RegExp(`(?:(?:\\+\\+|--)\\s*${e}|${e}\\s*(?:\\+\\+|--|[-+*/]?=(?!=)))`, 'g');
  const writes = body.match(written)?.length ?? 0;
  // (a body that raises any entry of the table may raise this one again)
  const t = escape(/^[^[]+/.exec(entry)![0].trim());
  if (
    new RegExp(`(?:\\+\\+\\s*${t}\\s*\\[|(?:^|[^\\w$.])${t}\\s*\\[[^\\]]*\\]\\s*(?:\\+\\+|\\+=))`).test(body)
  )
    return undefined;
  if (post) return writes === 0 ? entry : undefined;
  const top = topLevelLines('', body).slice(1);
  return top.some((l) => lowered.test(l)) && writes === 1 ? entry : undefined;
}

/**
 * The counter of a loop that steps it by one upward (`++d`, `d++`, `d += 1`) and tests it times a
 * name (`d * y <= mx`, `y * d < n`): the loop walks the multiples of that name up to the limit, limit
 * / name passes. The name must be a plain name other than the counter; a literal factor is a scale
 * (`offsetCounter`), a second use of the counter (`j * j <= n`) a square root.
 */
export function multipleCondition(
  condition: string,
  update: string,
): { counter: string; factor: string; op: string; limit: string } | undefined {
  const counter = /^\s*(?:\+\+\s*([\w$]+)|([\w$]+)\s*(?:\+\+|\+=\s*1))\s*$/.exec(update);
  const c = counter?.[1] ?? counter?.[2];
  if (!c) return undefined;
  const e = escape(c);
  const m = new RegExp(
    `^\\s*\\(?\\s*(?:${e}\\s*\\*\\s*([A-Za-z_$][\\w$]*)|([A-Za-z_$][\\w$]*)\\s*\\*\\s*${e})\\s*\\)?\\s*(<=|<)\\s*(.+)$`,
  ).exec(condition);
  const factor = m?.[1] ?? m?.[2];
  if (!m || !factor || factor === c) return undefined;
  const limit = m[4]!.trim();
  if (new RegExp(`(^|[^\\w$])${e}([^\\w$]|$)`).test(limit)) return undefined;
  return { counter: c, factor, op: m[3]!, limit };
}

/**
 * A comparison whose left side is the counter shifted or scaled by something fixed during the loop
 * (`i + 1 < size(s)`, `2 * i < n`, `j + (1 << k) <= n`) is rewritten as a comparison of the
 * counter itself: the offset or constant factor changes the iteration count by a constant amount
 * or factor, not its growth class.
 */
/** `1 << i`, `(1LL << i)`: a power of two written as a shift of one; the exponent's name. */
const SHIFTED_ONE = String.raw`\(?\s*1(?:ll|LL|l|L|u|U|ull|ULL)?\s*<<\s*([A-Za-z_$][\w$]*)\s*\)?`;

/**
 * `for (int i = 0; (1 << i) <= n; ++i)`, `while ((1 << H) < N) ++H;` (also `n >= 1 << i`): a power
 * of two whose exponent the loop steps up by a constant passes the limit after about log2(limit)
 * passes — a logarithm of the limit, not a walk up to it. `steps` is the update and body text; the
 * exponent must be stepped up there and never down. Undefined for anything else.
 */
export function doublingLimit(cond: string, steps: string): LoopBound | undefined {
  const t = cond.trim();
  const up = new RegExp(`^${SHIFTED_ONE}\\s*(?:<=|<)\\s*(.+)$`).exec(t);
  const down = new RegExp(`^(.+?)\\s*(?:>=|>)\\s*${SHIFTED_ONE}$`).exec(t);
  const [exponent, limit] = up ? [up[1]!, up[2]!.trim()] : down ? [down[2]!, down[1]!.trim()] : [];
  if (!exponent || !limit || /<<|[<>]=?/.test(limit)) return undefined;
  const e = escape(exponent);
  if (!stepsUp(exponent, steps) || new RegExp(`(^|[^\\w$.])${e}\\s*(?:--|-=)|--\\s*${e}\\b`, 'm').test(steps))
    return undefined;
  return {
    kind: 'log',
    key: collectionKey(limit) ?? limit,
    ...measureOf(limit),
    why: `\`1 << ${exponent}\` doubles on each pass until it passes \`${limit}\``,
  };
}

export function offsetCounter(condition: string, counter: string | undefined): string {
  if (!counter) return condition;
  const c = escape(counter);
  const shifted = new RegExp(
    `^\\s*\\(?\\s*(?:\\d+\\s*\\*\\s*)?${c}(?:\\s*\\*\\s*\\d+)?(?:\\s*[-+]\\s*(?:[\\w$.]+|\\((?:[^()<>=]|<<|>>)*\\)))+\\s*\\)?\\s*(<=|<|>=|>|!=)\\s*(.+)$|^\\s*(?:\\d+\\s*\\*\\s*${c}|${c}\\s*\\*\\s*\\d+)\\s*(<=|<|>=|>|!=)\\s*(.+)$`,
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
export function parentLinks(cond: string, body: string): LoopBound | undefined {
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
export function followsLinks(name: string, body: string): boolean {
  const n = escape(name);
  // One link or several (`fast = fast.next.next` moves two nodes per pass: still one walk).
  const member = `${n}(?:\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*)+(?:\\s*\\(\\s*\\)|\\s*\\[\\s*\\d+\\s*\\])?`;
  if (new RegExp(`(^|[^\\w$.>])${n}\\s*=(?!=)\\s*${member}\\s*($|[;\\n)])`, 'm').test(body)) return true;
  // `curr = x < curr->val ? curr->left : curr->right` (one path down a search tree).
  if (new RegExp(`(^|[^\\w$.>])${n}\\s*=(?!=)[^;\\n]*\\?\\s*${member}\\s*:\\s*${member}`, 'm').test(body))
    return true;
  // PHP temporaries carry their `$` (`$next = $cur->next; $cur = $next;`).
  const via =
    new RegExp(`(^|[^\\w$.>])${n}\\s*=(?!=)\\s*(\\$?[A-Za-z_]\\w*)\\s*;?\\s*$`, 'm').exec(body)?.[2] ??
    destructured(name, body);
  if (via !== undefined && new RegExp(`^${member}$`).test(via)) return true;
  return (
    !!via &&
    via !== name &&
    /^\$?[A-Za-z_]\w*$/.test(via) &&
    // (TS declares the temporary with its type: `let t: ListNode = cur.next;`; Go with `:=`.)
    new RegExp(
      `(^|[^\\w$.>])${escape(via)}(?:\\s*:\\s*[\\w$.<>[\\]| ]+)?\\s*:?=(?!=)\\s*${member}\\s*($|[;\\n)])`,
      'm',
    ).test(body)
  );
}

/**
 * The value a destructuring or tuple assignment gives `name` (`[pre, cur] = [cur, next]`,
 * `pre, cur = cur, cur.next`): the item at its position on the right, or undefined.
 */
function destructured(name: string, body: string): string | undefined {
  for (const line of body.split('\n')) {
    const m = /^\s*\[?\s*([\w$.]+(?:\s*,\s*[\w$.]+)+)\s*\]?\s*=(?!=)\s*\[?\s*(.+?)\s*\]?\s*;?\s*$/.exec(line);
    if (!m) continue;
    const k = m[1]!
      .split(',')
      .map((t) => t.trim())
      .indexOf(name);
    const value = k >= 0 ? splitArgs(m[2]!)[k]?.trim() : undefined;
    if (value) return value;
  }
  return undefined;
}

export const LOW_BIT_WHY = (name: string) =>
  `\`${name}\` moves by its lowest set bit on each pass (Fenwick tree)`;

/** `i * i <= n`, `i <= n / i`, `i <= sqrt(n)`: the loop runs about √n times. */
export function squareBound(condition: string): LoopBound | undefined {
  const square =
    /^\s*\(?\s*([\w$]+)\s*\*\s*\1\s*\)?\s*(?:<=|<)\s*(.+?)\s*$/.exec(condition) ??
    /^\s*([\w$]+)\s*(?:<=|<)\s*(.+?)\s*\/\s*\1\s*$/.exec(condition) ??
    /^\s*([\w$]+)\s*(?:<=|<)\s*(?:(?:Math\.|math\.|std::)?(?:sqrt|isqrt)\s*\((.+)\))\s*$/.exec(condition);
  const limit = square?.[2];
  const key = limit ? collectionKey(limit) : undefined;
  return key ? { kind: 'sqrt', key, ...measureOf(limit!) } : undefined;
}

/**
 * What may wrap a division that truncates: `Math.floor(`, `int(`, `floor(`, `Math.trunc(`,
 * `intval(`, a cast (`(int) (`, `(int)`, `(long)`), JS's double bitwise not (`~~(x / 10)`, which
 * truncates to an integer), or plain parentheses.
 */
const TRUNCATE =
  '(?:Math\\.floor|Math\\.trunc|int|floor|intval)\\s*\\(|\\(\\s*(?:int|long|integer)\\s*\\)\\s*\\(?|~~\\s*\\(|\\(';

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
    `(?:^|[^\\w$.])(${v})\\s*=\\s*(?:${TRUNCATE})?\\s*\\1\\s*(?://|/|(>>>?)|\\bdiv\\b)\\s*(\\w+)`,
  ).exec(text);
  if (plain && (plain[2] || plain[3] !== '1')) return plain[1];
  // `$x = intdiv($x, 10)` (PHP), `x = Math.floorDiv(x, 10)` (Java): calls dividing their first argument.
  const call = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*=\\s*(?:intdiv|Math\\.floorDiv)\\s*\\(\\s*\\1\\s*,\\s*(\\w+)`,
  ).exec(text);
  if (call && call[2] !== '1') return call[1];
  // `n, r = divmod(n, 10)`: the quotient replaces `n`.
  const divmod = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*,\\s*[\\w$]+\\s*=\\s*divmod\\s*\\(\\s*\\1\\s*,\\s*(\\w+)`,
  ).exec(text);
  if (divmod && divmod[2] !== '1') return divmod[1];
  const bits = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*(?:&=\\s*\\(?\\s*\\1\\s*-\\s*1|=\\s*\\1\\s*&\\s*\\(?\\s*\\1\\s*-\\s*1)`,
  ).exec(text);
  return bits?.[1];
}

/**
 * Whether an update multiplies `name` by a literal of at least 2 or shifts it left (`x *= 10`,
 * `x = x * 3 + d`, `x <<= 1`), so a loop running it up to a limit ends after logarithmically many
 * passes.
 */
export function multipliedVariable(text: string, name: string): boolean {
  const v = escape(name);
  const m = new RegExp(
    `(?:^|[^\\w$.])${v}\\s*(?:\\*=\\s*(\\d+)\\b|<<=\\s*[1-9]|=\\s*${v}\\s*\\*\\s*(\\d+)\\b|=\\s*(\\d+)\\s*\\*\\s*${v}(?![\\w$])|=\\s*${v}\\s*<<\\s*[1-9])`,
    'm',
  ).exec(text);
  return !!m && Number(m[1] ?? m[2] ?? m[3] ?? 2) >= 2;
}

/**
 * Fenwick-tree steps: `i += i & -i`, `i -= lowbit(i)`, `i |= i + 1`, `i = (i & (i + 1)) - 1` move
 * the counter to the next power-of-two boundary, so it visits O(log n) positions.
 */
export function lowBitVariable(text: string, name?: string): string | undefined {
  const v = name ? escape(name) : '[A-Za-z_$][\\w$]*';
  // Fenwick-tree steps: `i += i & -i`, `i -= lowbit(i)` (or `this.lowbit(i)`), `i |= i + 1`, `i = (i & (i + 1)) - 1`
  // move to the next power-of-two boundary, so the counter has O(log n) positions to visit.
  const lowbit = new RegExp(
    `(?:^|[^\\w$.])(${v})\\s*(?:[-+]=\\s*\\(?\\s*(?:\\1\\s*&\\s*\\(?\\s*-\\s*\\1|-\\s*\\1\\s*&\\s*\\1|(?:\\$?\\w+\\s*(?:\\.|->|::)\\s*)?(?:lower_?bit|lowbit|lsb)\\s*\\(\\s*\\1\\s*\\))|\\|=\\s*\\(?\\s*\\1\\s*\\+\\s*1|=\\s*\\(\\s*\\1\\s*&\\s*\\(\\s*\\1\\s*\\+\\s*1\\s*\\)\\s*\\)\\s*-\\s*1)`,
  ).exec(text);
  return lowbit?.[1];
}

/** `a, b = b, a % b` / `[a, b] = [b, a % b]` / `b = a % b` / `tie(a, b) = make_pair(b, a % b)`: Euclid's remainder step on `name`. */
export function euclid(name: string, body: string): boolean {
  const n = escape(name);
  return (
    new RegExp(`%\\s*${n}\\b`).test(body) &&
    new RegExp(`(^|[^\\w$.])${n}\\s*([)\\]]\\s*)?=(?!=)|,\\s*${n}\\s*([)\\]]\\s*)?=(?!=)`, 'm').test(body)
  );
}

/** How many writes of `name` the text holds: assignments (`=`, `+=`, `<<=`, …), `++` and `--`. */
export function writesOf(name: string, text: string): number {
  const n = String.raw`(?<![\w$.])${escape(name)}(?![\w$])`;
  const write = String.raw`${n}\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|${n}\s*(?:\+\+|--)|(?:\+\+|--)\s*${n}`;
  return text.match(new RegExp(write, 'g'))?.length ?? 0;
}

/**
 * `while (a != 0 && b != 0)` (`a && b`, `a > 0 and b > 0`) whose body compares the two and
 * reduces the larger by the smaller — `a %= b` / `b %= a` (Euclid: the larger at least halves
 * every two passes, O(log) passes) or `a -= b` / `b -= a` (each pass takes at least one from
 * `a + b`: O(a + b) passes) — and writes neither otherwise.
 */
export function mutualReduction(cond: string, body: string): LoopBound | undefined {
  const side = String.raw`\(?\s*(\$?[A-Za-z_]\w*)\s*(?:!==?\s*0|>\s*0)?\s*\)?`;
  const m = new RegExp(String.raw`^${side}\s*(?:&&|\band\b)\s*${side}$`).exec(cond.trim());
  if (!m || m[1] === m[2]) return undefined;
  const [a, b] = [m[1]!, m[2]!];
  const name = (n: string) => String.raw`(?<![\w$.])${escape(n)}(?![\w$])`;
  const compared = new RegExp(String.raw`${name(a)}\s*[<>]=?\s*${name(b)}|${name(b)}\s*[<>]=?\s*${name(a)}`);
  if (!compared.test(body)) return undefined;
  const reduces = (x: string, y: string, op: string) =>
    new RegExp(
      String.raw`${name(x)}\s*(?:${escape(op)}=\s*${name(y)}|=\s*${name(x)}\s*${escape(op)}\s*${name(y)})\s*;?\s*$`,
      'm',
    );
  const writes = (x: string) => writesOf(x, body);
  for (const op of ['%', '-']) {
    if (!reduces(a, b, op).test(body) || !reduces(b, a, op).test(body)) continue;
    if (writes(a) !== 1 || writes(b) !== 1) return undefined;
    return op === '%'
      ? {
          kind: 'log',
          key: a,
          measure: 'value',
          why: `the larger of \`${a}\` and \`${b}\` is replaced by its remainder by the other on each pass (Euclid)`,
        }
      : { kind: 'linear', key: a, alsoKeys: [b], measure: 'value' };
  }
  return undefined;
}

/** `name += 1`, `name--`, `name = name - 1`: a counter moving by a constant step. */
export function stepsByConstant(name: string, body: string): boolean {
  // Only a name steps (`lo`, `$i`, `this.n`); an expression (`-(2**30)`, `10**9`) never does.
  if (!/^\$?[\w.]+$/.test(name.trim())) return false;
  // A PHP `$i` is matched as `i` after its `$` (`\\b` cannot precede a `$`).
  const n = escape(name.trim().replace(/^\$/, ''));
  if (
    new RegExp(
      `(\\b${n}\\s*(\\+=|-=)\\s*\\d|\\b${n}\\s*(\\+\\+|--)|(\\+\\+|--)\\s*\\$?${n}\\b|\\b${n}\\s*=\\s*\\$?${n}\\s*[-+]\\s*\\d)`,
    ).test(body)
  )
    return true;
  // A tuple assignment stepping it in its place (`h, i = h + 1, i + 1`).
  return body.split('\n').some((line) => {
    const m = /^\s*([\w$.]+(?:\s*,\s*[\w$.]+)+)\s*=\s*(.+?)\s*;?\s*$/.exec(line);
    if (!m) return false;
    const at = m[1]!
      .split(',')
      .map((t) => t.trim())
      .indexOf(name);
    const value = at >= 0 ? splitArgs(m[2]!)[at] : undefined;
    return !!value && new RegExp(`^\\$?${n}\\s*[-+]\\s*\\d+$`).test(value.trim());
  });
}

export const HALVING = /(\/\s*2\b|\/\/\s*2\b|>>>?\s*1\b|\bmid\b|\/=\s*2|>>=\s*1|\*=\s*2|<<=\s*1)/;

/**
 * An index the loop moves one way by a constant step on every pass (at the top level of the body,
 * never assigned otherwise there) and uses to subscript a collection (`nums[++start]`,
 * `array[j - 1]`): a loop that stays within the collection makes at most as many passes as it has
 * elements, whatever its condition tests — linear in it, and amortised like a window pointer when
 * an enclosing loop does not reset the index.
 */
export function indexPointer(cond: string, body: string, tested?: string): LoopBound | undefined {
  const text = `${cond}\n${body}`;
  // Lines at the top level of the body (not under an `if` or inner loop), and the header itself.
  const topLines = topLevelLines(cond, body);
  for (const m of text.matchAll(/([A-Za-z_$][\w$.]*)\s*\[([^\][]*)\]/g)) {
    // PHP names lose their `$` (`$s[$l]` → `s`, `l`), as in every key: `\b` cannot precede a `$`.
    const collection = m[1]!.replace(/^\$/, '');
    for (const name of m[2]!.match(/[A-Za-z_$][\w$]*/g)?.map((n) => n.replace(/^\$/, '')) ?? []) {
      if (name === tested?.replace(/^\$/, '') || name === collection) continue;
      const n = escape(name);
      // (a prefix `++` / `--` sits on the name's own line: Go's `cnt[s[l]]--` then `l++` on the
      // next line is no `--l`)
      const up = new RegExp(`(\\+\\+[ \\t]*\\$?${n}\\b|\\b${n}\\s*\\+\\+|\\b${n}\\s*\\+=\\s*\\d)`);
      const down = new RegExp(`(--[ \\t]*\\$?${n}\\b|\\b${n}\\s*--|\\b${n}\\s*-=\\s*\\d)`);
      const steps = topLines.some((l) => up.test(l) || down.test(l));
      const oneWay = up.test(text) !== down.test(text);
      const reassigned = new RegExp(`(^|[^\\w$.])\\$?${n}\\s*=(?!=)`, 'm').test(body);
      if (steps && oneWay && !reassigned)
        return { kind: 'linear', key: collection, amortised: 'pointer', pointer: name };
    }
  }
  return undefined;
}

/** The body assigns the whole list `name` anew (`q = new_q`, `q = move(next)`, `q, nq = nq, []`, `swap(q, nq)`, `q.splice(0, q.length, ...nq)`). */
export function replacesList(name: string, body: string): boolean {
  const n = escape(name.replace(/^\$/, ''));
  // The body must also walk the list (`for u in q`, `for (auto& u : q)`, `len(q)`, PHP
  // `foreach ($q as $u)` and `count($q)`): a plain `x = f(x)` on a scalar is not a level of work.
  // (Emptying it, `q.length = 0`, reads its length but walks nothing.)
  const cleared = new RegExp(`(^|[^\\w$.])${n}\\.length\\s*=\\s*0\\b`);
  const walks = new RegExp(
    `\\bin\\s+${n}\\s*:|:\\s*${n}\\s*\\)|\\bof\\s+${n}\\s*\\)|\\b(len|size|count)\\(\\s*\\$?${n}\\s*\\)|\\b${n}(\\.|->)(size\\(\\)|length\\b)|\\bforeach\\s*\\(\\s*\\$${n}\\s+as\\b`,
  ).test(body.replace(new RegExp(cleared.source, 'g'), '$1'));
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
      new RegExp(`\\bswap\\s*\\(\\s*${n}\\s*,|\\b${n}\\.swap\\s*\\(`).test(body) ||
      // JS `q.splice(0, q.length, ...next)`: the level's items are replaced by the next level's;
      // `q.length = 0` empties the list before the next level is pushed into it.
      new RegExp(`\\b${n}\\.splice\\(\\s*0\\s*,\\s*${n}\\.length\\s*,\\s*\\.\\.\\.`).test(body) ||
      cleared.test(body))
  );
}

/**
 * `while lo < hi` whose body steps both ends by a constant (`lo += 1` / `hi -= 1`) and never
 * assigns a midpoint to either: two pointers meeting in the middle, linear — not a halving search
 * even if the body happens to compute `mid` or `/ 2` for other purposes.
 */
export function twoPointers(low: string, high: string, body: string): boolean {
  const hi = high.trim();
  if (!/^[\w$.]+$/.test(hi)) return false;
  const halves = new RegExp(`\\b(${escape(low)}|${escape(hi)})\\s*=\\s*[^=\\n;]*(\\bmid\\b|/\\s*2|>>\\s*1)`);
  return (stepsByConstant(low, body) || stepsByConstant(hi, body)) && !halves.test(body);
}
