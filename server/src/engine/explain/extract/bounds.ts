// Turns the texts of a loop header into a LoopBound. Shared by every extractor: each one only
// finds the header's parts (iterable, or init/condition/update, or while-condition) in its tree.
import type { LoopBound } from '../model';
import { fixedWidthRange, literalExpression } from './loopProgress';
import {
  countDownCondition,
  emptyTest,
  letterCount,
  characterLimit,
  letterStretch,
  submaskWalk,
  windowAhead,
  terminatedString,
} from './loopIdioms';
import {
  balanced,
  splitArgs,
  collectionKey,
  escape,
  measureOf,
  isCountingIterable,
  powerOfTwoBound,
  shorten,
  withoutCasts,
} from './boundText';
import {
  MULTIPLICATIVE,
  splitConjuncts,
  counterOf,
  offsetCounter,
  LOW_BIT_WHY,
  squareBound,
  dividedVariable,
  lowBitVariable,
  indexPointer,
  multipleCondition,
  countedDownEntry,
  mutualReduction,
  doublingLimit,
  multipliedVariable,
} from './loopSteps';
import { headerIgnored } from './headerCondition';
import { markedWalk } from './markedWalk';
import { counterSum, stepsUp } from './counterSums';
import { poppedDrain, whileBound } from './whileBound';
import { productLimit } from './productLimits';

export { collectionKey, compact, isCountingIterable, shorten, splitArgs } from './boundText';
export { dividedVariable, lowBitVariable, offsetCounter } from './loopSteps';

/** The bound of a for-each loop over `iterable`. */
export function forEachBound(iterable: string): LoopBound {
  // Strings count as one element, whatever brackets they hold (`((f, '('), (g, ')'))`).
  const written = iterable.trim().replace(/(['"])(?:\\.|(?!\1).)*\1/g, '0');
  const literal = /^[[(]\s*([^[\]()]*)[\])]$/.exec(written);
  if (literal) return { kind: 'constant', value: splitArgs(literal[1]!).length };
  // Python's bare tuple `for k in n - x, -x - 1:`: as many passes as the parts written.
  const bare = splitArgs(written);
  if (bare.length >= 2 && bare.every((part) => part.trim())) return { kind: 'constant', value: bare.length };
  // A list of written pairs (`[(0, 1), (1, 0)]`, `[[0, 1], [1, 0]]`): one pass per element written.
  const pairs = /^\[(.*)\]$|^\((.*)\)$/s.exec(written);
  const listed = pairs && (pairs[1] ?? pairs[2])!;
  if (listed && balanced(listed) && !/\bfor\b|\.\./.test(listed) && splitArgs(listed).length >= 2)
    return { kind: 'constant', value: splitArgs(listed).length };
  // A braced initializer list (`for (auto d : {-1, 1})`, `{pair(i, j), pair(j, i)}`, a set display
  // `{1, 2}`): as many passes as elements written, whatever they hold. Not a comprehension. A typed
  // literal lists its elements the same way: Go `[]int{a, b}`, Java `new int[] {a, b}`, C# `new[] {a, b}`.
  // (The type may hold commas: C++ `vector<pair<int, int>>{{i + 1, j}, {i - 1, j}}`.)
  const alphabet = pythonAlphabet(iterable);
  if (alphabet) return alphabet;
  const braced = /^\{(.*)\}$/s.exec(written.replace(/^(?:new\s+)?[\w.:<>[\],\s]*?(?=\{)/, ''));
  if (braced && balanced(braced[1]!) && braced[1]!.trim() && !/\bfor\b|\.\.\.|[:;]/.test(braced[1]!))
    return { kind: 'constant', value: splitArgs(braced[1]!).length };
  // Java's `List.of(i + x, i - x)` / `Arrays.asList(a, b)` / `Set.of(…)` / `Stream.of(…)`: the
  // elements written as arguments (one argument may be a whole array, so two or more).
  const factory = /^(?:(?:List|Set|Stream)\.of|Arrays\.asList)\s*\((.*)\)$/s.exec(written)?.[1];
  if (factory && balanced(factory) && splitArgs(factory).length >= 2)
    return { kind: 'constant', value: splitArgs(factory).length };
  // Python `enumerate((node.left, node.right))`, `reversed([a, b])`: the display written inside.
  const wrapped = /^(?:enumerate|reversed)\s*\((.*)\)$/s.exec(iterable.trim())?.[1];
  const shown = wrapped && balanced(wrapped) ? splitArgs(wrapped)[0]?.trim() : undefined;
  if (shown && /^[[(]/.test(shown)) {
    const fixed = forEachBound(shown);
    if (fixed.kind === 'constant' && !fixed.why) return fixed;
  }
  // `permutations((a, b, c))`, `combinations([x, y, z], 2)`: the orderings or choices of the items
  // written, a fixed number (3! = 6) — not a size read from the input.
  const chosen = /^(?:itertools\.)?(permutations|combinations)\s*\((.*)\)$/s.exec(iterable.trim());
  const chosenArgs = chosen && balanced(chosen[2]!) ? splitArgs(chosen[2]!) : [];
  const items = /^[[(]/.test(chosenArgs[0]?.trim() ?? '') ? forEachBound(chosenArgs[0]!.trim()) : undefined;
  const r = chosenArgs.length === 2 ? /^(?:r\s*=\s*)?(\d+)$/.exec(chosenArgs[1]!.trim())?.[1] : undefined;
  if (items?.kind === 'constant' && !items.why && (chosenArgs.length === 1 || r !== undefined)) {
    const k = items.value;
    const take = r === undefined ? k : Math.min(Number(r), k);
    let count = 1;
    for (let i = 0; i < take; i++) count = (count * (k - i)) / (chosen![1] === 'combinations' ? i + 1 : 1);
    return { kind: 'constant', value: Math.max(1, Math.round(count)) };
  }
  // `zip(xs, ((0, 1), (1, 0)))` stops at its shortest argument: a literal one fixes the count.
  const zipped = /^(?:itertools\.)?i?zip\s*\((.*)\)$/s.exec(iterable.trim())?.[1];
  if (zipped && balanced(zipped)) {
    const fixed = splitArgs(zipped)
      .filter((a) => /^[[({]/.test(a.trim()))
      .map(forEachBound)
      .find((b) => b.kind === 'constant' && !b.why);
    if (fixed) return fixed;
  }
  // `reversed(range(a, b))` runs the same passes backwards.
  const backwards = /^reversed\s*\((.*)\)$/s.exec(iterable.trim())?.[1];
  const range = /^x?range\s*\((.*)\)$/s.exec(
    backwards && balanced(backwards) ? backwards.trim() : iterable.trim(),
  );
  const rangeArgs = range ? splitArgs(range[1]!) : [];
  const fixed =
    rangeArgs.length === 1 || rangeArgs.length === 2
      ? fixedWidthRange(rangeArgs.length === 2 ? rangeArgs[0]! : '0', rangeArgs.at(-1)!)
      : undefined;
  if (fixed !== undefined) return { kind: 'constant', value: fixed };
  // `range(i, i + k)`, `range(i, min(i + k, n))`: a window of width k ahead of `i`, as C's
  // `for (j = i; j < i + k; ++j)` (it was read as a loop up to `i`).
  const ahead =
    rangeArgs.length === 2 ? windowAhead(`_ = ${rangeArgs[0]!.trim()}`, '_', rangeArgs[1]!) : undefined;
  if (ahead)
    return /^\d+$/.test(ahead)
      ? { kind: 'constant', value: Number(ahead) }
      : { kind: 'linear', key: ahead, measure: 'value' };
  // Rust `i.saturating_sub(1)..=(i + 1).min(m - 1)`, `i..(i + 3).min(n)`: a window of fixed width.
  const ends = rangeEnds(iterable);
  const window = ends && fixedWidthRange(ends[0], ends[1]);
  if (window !== undefined) return { kind: 'constant', value: window };
  // `range(start, stop, step)`: the count runs from start to stop (the step is no limit); counting
  // down (`range(n, 0, -1)`) the start is the far end.
  const far =
    rangeArgs.length === 3 ? (/^\s*-/.test(rangeArgs[2]!) ? rangeArgs[0]! : rangeArgs[1]!) : rangeArgs.at(-1);
  const literalLimit = far && !/^\s*\d+\s*$/.test(far) ? literalExpression(far) : undefined;
  if (literalLimit)
    return { kind: 'constant', value: 1, why: `bounded by \`${literalLimit}\`, fixed by the text` };
  // `range(ord('a'), ord(c))`: up to a character's code, a stretch of the alphabet.
  const character = far && /^x?range\s*\(/.test(iterable.trim()) ? characterLimit(far) : undefined;
  if (character) return character;
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

/**
 * Python's `string` constants (`ascii_lowercase`, `string.digits`, …), alone or under `enumerate`,
 * `permutations(…, 2)`, `product(…, repeat=2)`: a fixed number of passes, not a collection read
 * from the input. A bare `digits` is a name of the code's own (a parameter, a list), so only
 * `string.digits` counts.
 */
function pythonAlphabet(iterable: string): LoopBound | undefined {
  const m =
    /^(?:(?:itertools\.)?(?:enumerate|reversed|sorted|list|set|permutations|combinations|product)\s*\(\s*)?((?:string\.)?(?:ascii_lowercase|ascii_uppercase|ascii_letters)|string\.(?:digits|hexdigits|octdigits))\s*(?:,\s*(?:r\s*=\s*|repeat\s*=\s*)?\d+\s*)?\)?$/.exec(
      iterable.trim(),
    );
  if (!m || (m[0].endsWith(')') && !m[0].includes('('))) return undefined;
  return { kind: 'constant', value: 26, why: `\`${m[1]}\` is a fixed set of characters` };
}

/** The two ends of a Rust range written `a..b` / `a..=b` (brackets around it dropped). */
function rangeEnds(iterable: string): [string, string] | undefined {
  let text = iterable.trim();
  const inner = /^\((.*)\)$/s.exec(text)?.[1];
  if (inner !== undefined && balanced(inner)) text = inner.trim();
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (depth === 0 && ch === '.' && text[i + 1] === '.' && i > 0)
      return [
        text.slice(0, i).trim(),
        text
          .slice(i + 2)
          .replace(/^[.=]/, '')
          .trim(),
      ];
  }
  return undefined;
}

/**
 * A parallel update `n, i = n>>1, i^1` written as the parts it pairs (`n = n>>1, i = i^1`), when no
 * part reads another target (`a, b = b, a % b` is kept whole: each part reads the other's old value).
 */
function pairedUpdate(update: string): string {
  const m = /^\s*([\w$]+(?:\s*,\s*[\w$]+)+)\s*=(?!=)\s*(.+?)\s*;?\s*$/.exec(update);
  if (!m) return update;
  const targets = m[1]!.split(',').map((t) => t.trim());
  const values = splitArgs(m[2]!);
  if (values.length !== targets.length) return update;
  const reads = (v: string, t: string) => new RegExp(`(?<![\\w$.])${escape(t)}(?![\\w$])`).test(v);
  if (values.some((v, i) => targets.some((t, j) => j !== i && reads(v, t)))) return update;
  return targets.map((t, i) => `${t} = ${values[i]!.trim()}`).join(', ');
}

/** The bound of a counter loop `for (init; condition; update)`. */
export function counterBound(init: string, rawCondition: string, update: string, body = ''): LoopBound {
  const condition = withoutCasts(rawCondition);
  // `for i := 0; ; i++ { ... s[i] ... }`: no condition, but an index stepped one way that subscripts
  // a collection keeps the loop within it (it returns or breaks before running off the end).
  // (`for (;;) { auto [d, u] = pq.top(); pq.pop(); … }`: one item off a work list per pass, whileBound.ts)
  if (!condition.trim())
    return (
      indexPointer(update, body) ??
      poppedDrain(body) ?? { kind: 'unknown', reason: 'the loop has no condition' }
    );
  // `for (; j < n && s[j] == c; ++j)`: the loop ends at the first conjunct that fails, so a
  // counter bound in any conjunct bounds it.
  // `for (; a && b; ++ans)` reducing the larger by the smaller (loopSteps.ts `mutualReduction`).
  const mutual = mutualReduction(condition, body);
  if (mutual) return mutual;
  const conjuncts = splitConjuncts(condition);
  if (conjuncts.length > 1) {
    const bounds = conjuncts.map((c) => counterBound(init, c, update, body));
    // The conjunct on the header's own counter first (`for (; k > 0 && j < n; j++)` walks `j`).
    const stepped = counterOf(update);
    const own = stepped ? new RegExp(`(^|[^\\w$.])${escape(stepped)}\\b`) : undefined;
    const known =
      bounds.find((b, i) => b.kind !== 'unknown' && !!own?.test(conjuncts[i]!)) ??
      bounds.find((b) => b.kind !== 'unknown');
    if (known) return known;
  }
  const unrelated = headerIgnored(init, condition, update, body, whileBound);
  if (unrelated) return unrelated;
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

function singleCounterBound(init: string, condition: string, update: string, body: string): LoopBound {
  const submasks = submaskWalk(condition, update);
  if (submasks) return submasks;
  // `for (int d = 0; !empty(q); ++d)`: a work-list loop that also counts its passes; `for (let
  // pre = dummy; pre.next; )`: a walk along links the body advances.
  if (emptyTest(condition.trim()) && !/^\s*\d+\s*$/.test(condition)) {
    const list = whileBound(condition, body);
    if (list.kind === 'linear' && (list.amortised === 'drains' || list.linkWalk)) return list;
  }
  // `for (int i = 0, p = 1; !vis[i]; ++p) { vis[i] = true; i = … }`: a walk marking what it tests.
  const marked = markedWalk(condition, body);
  if (marked) return marked;
  const root = squareBound(condition);
  if (root) return root;
  // `for (d = 1; d * y <= mx; ++d)`: a product capped, the header's counter one factor (productLimits.ts).
  const product = productLimit(condition, `${update}\n${body}`);
  if (product) return product;
  // `for (int i = 0; (1 << i) <= n; ++i)`: a power of two doubled on each pass (loopSteps.ts).
  const doubling = doublingLimit(condition, `${update}\n${body}`);
  if (doubling) return doubling;
  // `for (; curr; curr = curr->next)`: walks a linked list.
  const link = /^\s*([\w$]+)\s*=\s*\1\s*(?:\.|->)\s*(?:next|Next|parent|left|right)\b/.exec(update)?.[1];
  if (link) return { kind: 'linear', key: link };
  // `for (; i < n; i += i & -i)`: a Fenwick-tree walk.
  const fenwick = lowBitVariable(update);
  if (fenwick && new RegExp(`\\b${escape(fenwick)}\\b`).test(condition))
    return { kind: 'log', key: fenwick, measure: 'value', why: LOW_BIT_WHY(fenwick) };
  // `for (; n > 0; n /= 10)` / `for (x = n; x; x >>= 1)`: the counter itself shrinks geometrically
  // (also beside a place value grown in the same update: `for (curr = n, base = 1; curr; base *=
  // 10, curr /= 10)` — only a counter also grown there is not shrinking; and in a Go parallel
  // update, `n, i = n>>1, i^1`, read part by part).
  const shrinking = dividedVariable(update) ?? dividedVariable(pairedUpdate(update));
  if (
    shrinking &&
    new RegExp(`\\b${escape(shrinking)}\\b`).test(condition) &&
    !multipliedVariable(update, shrinking)
  )
    return { kind: 'log', key: shrinking, measure: 'value', why: `\`${shrinking}\` is divided on each pass` };
  // `for (; cnt[d]; --cnt[d])`: as many passes as the entry holds (a count read as one).
  const spent = countedDownEntry(condition, `${update}\n${body}`);
  if (spent) return { kind: 'linear', key: spent, measure: 'value', spends: true };
  // `for (d = 1; d * y <= mx; ++d)`: the multiples of `y` up to `mx`, mx / y passes (harmonic.ts).
  const multiple = multipleCondition(condition, update);
  const multipleKey = multiple && collectionKey(multiple.limit);
  if (multiple && multipleKey)
    return { kind: 'linear', key: multipleKey, multipleOf: multiple.factor, ...measureOf(multiple.limit) };
  const counter = counterOf(update);
  const terminated = counter && terminatedString(condition, counter);
  if (terminated) return { kind: 'linear', key: terminated };
  const comparison = /^\s*!?\(?\s*([\w$.]+)\s*(<=|<|>=|>|!==|!=)\s*(.+?)\)?\s*$/.exec(
    offsetCounter(countDownCondition(condition, counter, update), counter),
  );
  if (!comparison)
    return { kind: 'unknown', reason: `its condition \`${shorten(condition, 40)}\` is not a simple bound` };
  const [, tested, op, limitText] = comparison;
  // `for (let i = 2; i <= s; i += 2) s -= i;`: the limit loses the counter on every pass (counterSums.ts).
  const summed =
    (op === '<' || op === '<=') && tested === counter && stepsUp(tested, update)
      ? // (the comparison above may leave a call's closing parenthesis out: `Math.max(a, b`)
        counterSum(tested, balanced(limitText!) ? limitText! : `${limitText!})`, body)
      : undefined;
  if (summed) return summed;
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
  // `for (j = i; j < i + W; ++j)`, `j < Math.min(i + W, n)`: a window of width W ahead of `i`.
  const ahead = windowAhead(init, tested!, limitText!);
  if (ahead && /^\+\+|\+\+$|\+=\s*1\b/.test(update.trim()) && (op === '<' || op === '<='))
    return /^\d+$/.test(ahead)
      ? { kind: 'constant', value: Number(ahead) }
      : { kind: 'linear', key: ahead, measure: 'value' };
  // Counting down (`i > 0`) starts from the initialiser, or, without one (`for (; V > 0; --V)`),
  // from the tested variable's current value.
  // Several declarations (`let h = m * n, i = 0`): the counter's own initial value.
  const own = new RegExp(`(?:^|[\\s,])${escape(tested!)}\\s*=\\s*([^,=]+?)\\s*(?:,|;?$)`).exec(init)?.[1];
  const start =
    (own && balanced(own) ? own : /=\s*(.+)$/.exec(init)?.[1]) ??
    (tested === counterOf(update) ? tested : undefined);
  const counting = op === '>' || op === '>=' ? (start ?? limitText!) : limitText!;
  // `i < min(n, 8)`, `for (i = max(r - 1, 0); i <= min(r + 1, n - 1); ++i)`: a literal fixes the count.
  const fixed = (op === '<' || op === '<=') && start ? fixedWidthRange(start, limitText!) : undefined;
  if (fixed !== undefined) return { kind: 'constant', value: fixed };
  if (/^\s*\d+\s*$/.test(counting)) return { kind: 'constant', value: Number(counting) };
  const letters = letterCount(counting, start);
  if (letters !== undefined) return { kind: 'constant', value: letters };
  const character = characterLimit(counting);
  if (character) return character;
  const stretch = letterStretch(op === '>' || op === '>=' ? limitText! : start, counting);
  if (stretch) return stretch;
  const characters = charCounter(init, tested!, update, counting);
  if (characters) return characters;
  const literal = literalExpression(counting);
  if (literal) return { kind: 'constant', value: 1, why: `bounded by \`${literal}\`, fixed by the text` };
  // `for i, j := 0, len(t)-1; i < j; i, j = i+1, j-1`: two pointers that meet; the far one starts
  // at the end of `t`, so the passes are half of `t`, not a value of `j`.
  const far =
    /^[\w$]+$/.test(counting.trim()) && op !== '>' && op !== '>='
      ? pointerStart(init, counting.trim(), update)
      : undefined;
  const key = collectionKey(far ?? counting);
  if (!key) return { kind: 'constant', value: 1 };
  const masks = MULTIPLICATIVE.test(update) ? undefined : powerOfTwoBound(key);
  if (masks) return masks;
  return { kind: MULTIPLICATIVE.test(update) ? 'log' : 'linear', key, ...measureOf(far ?? counting) };
}

/**
 * A counter declared as a character (`for (char c = start; c <= end; ++c)`, `unsigned char`) and
 * stepped by one: it takes at most the character set's few values, whatever its limits hold — a
 * stretch of the alphabet, not a size of the input (the limits are characters too). A pointer
 * (`char* p`) is not a character; a limit written as a size or named as one (`n`) is left alone.
 */
function charCounter(init: string, tested: string, update: string, limit: string): LoopBound | undefined {
  // (a limit named as a size, `c < n`, keeps that size, as `letterStretch` does)
  const name = limit.trim();
  if (!/^[A-Za-z_$][\w$]*(?:\[[\w$]+\])?$/.test(name) || /^(?:n|m|k|len|size|length)$/i.test(name))
    return undefined;
  const t = escape(tested);
  if (!new RegExp(`^\\s*(?:(?:const|unsigned|signed)\\s+)*char\\s+${t}\\s*=`).test(init)) return undefined;
  if (!new RegExp(`^\\s*(?:\\+\\+|--)\\s*${t}\\s*$|^\\s*${t}\\s*(?:\\+\\+|--|[-+]=\\s*1)\\s*$`).test(update))
    return undefined;
  return {
    kind: 'constant',
    value: 26,
    why: `the counter \`${tested}\` is a \`char\`: it runs through a stretch of the character set`,
  };
}

/**
 * The start the header gives `name`, a second pointer the update steps down (`j--`, `j = j-1`):
 * `j = n - 1` in `int i = 0, j = n - 1`, Go's parallel `i, j := 0, len(t)-1`.
 */
function pointerStart(init: string, name: string, update: string): string | undefined {
  const n = escape(name);
  if (
    !new RegExp(`(^|[^\\w$])(?:--\\s*${n}\\b|${n}\\s*(?:--|-=\\s*1\\b|=\\s*${n}\\s*-\\s*1\\b))`).test(update)
  ) {
    // Go's parallel update `i, j = i+1, j-1`.
    const parallel = /^\s*([\w$\s,]+?)\s*=\s*(.+)$/.exec(update);
    const names = parallel?.[1]!.split(',').map((x) => x.trim()) ?? [];
    const values = parallel ? splitArgs(parallel[2]!) : [];
    const at = names.indexOf(name);
    if (at < 0 || names.length !== values.length || !new RegExp(`^${n}\\s*-\\s*1$`).test(values[at]!.trim()))
      return undefined;
  }
  const parallel = /^\s*([\w$\s,]+?)\s*:?=\s*(.+)$/.exec(init);
  if (parallel && parallel[1]!.includes(',')) {
    const names = parallel[1]!.split(',').map((x) => x.trim());
    const values = splitArgs(parallel[2]!);
    const at = names.indexOf(name);
    return at >= 0 && names.length === values.length ? values[at]!.trim() : undefined;
  }
  const own = new RegExp(`(?:^|[\\s,])${n}\\s*=\\s*([^,=]+?)\\s*(?:,|;?$)`).exec(init)?.[1];
  return own && balanced(own) ? own : undefined;
}
