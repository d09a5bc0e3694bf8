// Turns the texts of a loop header into a LoopBound. Shared by every extractor: each one only
// finds the header's parts (iterable, or init/condition/update, or while-condition) in its tree.
import type { LoopBound } from '../model';
import { fixedWidthRange, growthBound, literalExpression } from './loopProgress';
import {
  countDownCondition,
  emptyTest,
  letterCount,
  characterLimit,
  windowAhead,
  reslices,
  terminatedString,
  whileLetDrain,
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
} from './boundText';
import {
  MULTIPLICATIVE,
  splitConjuncts,
  counterOf,
  offsetCounter,
  parentLinks,
  followsLinks,
  LOW_BIT_WHY,
  squareBound,
  dividedVariable,
  lowBitVariable,
  euclid,
  stepsByConstant,
  HALVING,
  indexPointer,
  replacesList,
  twoPointers,
} from './loopSteps';
import { headerIgnored } from './headerCondition';

export { collectionKey, compact, isCountingIterable, shorten, splitArgs } from './boundText';
export { dividedVariable, lowBitVariable, offsetCounter } from './loopSteps';

/** The bound of a for-each loop over `iterable`. */
export function forEachBound(iterable: string): LoopBound {
  // Strings count as one element, whatever brackets they hold (`((f, '('), (g, ')'))`).
  const written = iterable.trim().replace(/(['"])(?:\\.|(?!\1).)*\1/g, '0');
  const literal = /^[[(]\s*([^[\]()]*)[\])]$/.exec(written);
  if (literal) return { kind: 'constant', value: splitArgs(literal[1]!).length };
  // A list of written pairs (`[(0, 1), (1, 0)]`, `[[0, 1], [1, 0]]`): one pass per element written.
  const pairs = /^\[(.*)\]$|^\((.*)\)$/s.exec(written);
  const listed = pairs && (pairs[1] ?? pairs[2])!;
  if (listed && balanced(listed) && !/\bfor\b|\.\./.test(listed) && splitArgs(listed).length >= 2)
    return { kind: 'constant', value: splitArgs(listed).length };
  // A braced initializer list (`for (auto d : {-1, 1})`, `{pair(i, j), pair(j, i)}`, a set display
  // `{1, 2}`): as many passes as elements written, whatever they hold. Not a comprehension. A typed
  // literal lists its elements the same way: Go `[]int{a, b}`, Java `new int[] {a, b}`, C# `new[] {a, b}`.
  // (The type may hold commas: C++ `vector<pair<int, int>>{{i + 1, j}, {i - 1, j}}`.)
  const braced = /^\{(.*)\}$/s.exec(written.replace(/^(?:new\s+)?[\w.:<>[\],\s]*?(?=\{)/, ''));
  if (braced && balanced(braced[1]!) && braced[1]!.trim() && !/\bfor\b|\.\.\.|[:;]/.test(braced[1]!))
    return { kind: 'constant', value: splitArgs(braced[1]!).length };
  // Java's `List.of(i + x, i - x)` / `Arrays.asList(a, b)` / `Set.of(…)` / `Stream.of(…)`: the
  // elements written as arguments (one argument may be a whole array, so two or more).
  const factory = /^(?:(?:List|Set|Stream)\.of|Arrays\.asList)\s*\((.*)\)$/s.exec(written)?.[1];
  if (factory && balanced(factory) && splitArgs(factory).length >= 2)
    return { kind: 'constant', value: splitArgs(factory).length };
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
  const literal = literalExpression(counting);
  if (literal) return { kind: 'constant', value: 1, why: `bounded by \`${literal}\`, fixed by the text` };
  const key = collectionKey(counting);
  if (!key) return { kind: 'constant', value: 1 };
  const masks = MULTIPLICATIVE.test(update) ? undefined : powerOfTwoBound(key);
  if (masks) return masks;
  return { kind: MULTIPLICATIVE.test(update) ? 'log' : 'linear', key, ...measureOf(counting) };
}

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
  // `while i < m or j < n` with both counters stepped forward in the body (or a work list the body
  // drains: `while i < len(xs) or heap`): each pass that steps a counter or takes an item brings
  // the total closer to its end, so the passes are linear in all the limits.
  const disjuncts = cond.split(/\s*(?:\|\||\bor\b)\s*/).filter(Boolean);
  if (disjuncts.length > 1 && !/&&|\band\b/.test(cond)) {
    const bounds = disjuncts.map((part) => whileBound(part, body));
    // A value the body divides on every pass (`k > 0` with `k /= 10`) ends within a logarithmic
    // number of passes, fewer than the pointers beside it: it adds no pass of its own.
    const linear = bounds.filter(
      (b): b is Extract<LoopBound, { kind: 'linear' }> =>
        b.kind === 'linear' && (b.amortised === 'pointer' || b.amortised === 'drains') && !b.alsoKeys?.length,
    );
    const divided = bounds.filter(
      (b) => b.kind === 'log' && b.measure === 'value' && /divided/.test(b.why ?? ''),
    );
    if (linear.length > 0 && linear.length + divided.length === bounds.length)
      return { ...linear[0]!, alsoKeys: linear.slice(1).map((b) => b.key) };
    return {
      kind: 'unknown',
      reason: `the condition \`${shorten(cond, 40)}\` has no bound the analyser can see`,
    };
  }
  // Python's chained comparison `0 <= i < n` keeps `i` below its upper end: `i < n` bounds it (it
  // was read as `0 <= (i < n)`, a bound named after the comparison's text).
  const chained = /^[\w$.]+\s*(?:<=|<)\s*([\w$.]+\s*(?:<=|<)\s*[^<>=]+)$/.exec(cond);
  if (chained) return whileBound(chained[1]!, body);
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
  // Python's `is not` and PHP's `isset($x)` are the null tests of those languages.
  const comparison = /^([\w$.]+)\s*(<=|<|>=|>|!==|!=|\sis\s+not\s)\s*(.+)$/.exec(shifted);
  const tested =
    comparison?.[1] ?? /^!?\s*([\w$]+)$/.exec(cond)?.[1] ?? /^isset\s*\(\s*(\$\w+)\s*\)$/.exec(cond)?.[1];
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
    const character = characterLimit(comparison[3]!);
    if (character) return character;
    const key = collectionKey(comparison[3]!);
    const pointer = comparison[1]!.replace(/^\$/, '');
    // `p.next != nil` compares with no value: the null literal is not a size.
    if (
      key &&
      !/^\d/.test(key) &&
      !/^(nil|null|None|nullptr|NULL|undefined)$/.test(key) &&
      !/&&|\|\||\band\b|\bor\b/.test(comparison[3]!)
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
  // `while (!res.done) { res = gen.next(…) }`: one value of the iterator `gen` per pass.
  const result = /^!\s*([\w$]+)\.done$/.exec(cond.trim())?.[1];
  const iterator = result && new RegExp(`\\b${result}\\s*=\\s*([\\w$.]+)\\.next\\(`).exec(body)?.[1];
  if (iterator) return { kind: 'linear', key: iterator, amortised: 'drains' };
  const drained = emptyTest(cond);
  if (
    drained &&
    // `next(it)` takes an item and `cur = cur.next` follows a link; a list merely named `next`
    // (the next level, spread as `...next`) does neither.
    (/\b(pop|heappop|heappushpop|heapreplace|popitem|shift|popleft|dequeue|poll|pollFirst|pollLast|remove|pop_front|pop_back|popFront|popBack|Dequeue|Pop|array_pop|array_shift|extract)\b|\bnext\s*\(|(?<!\.)\.next\b|->next\b/.test(
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
