// The bound of a `while` loop from its condition and body texts (split from bounds.ts, which uses
// it for `for` headers that read as a `while`). Shared by every extractor, as bounds.ts is.
import type { LoopBound } from '../model';
import { growthBound, topLevelLines } from './loopProgress';
import { markedWalk } from './markedWalk';
import { productLimit } from './productLimits';
import { counterSum, drawnDown, stepsUp } from './counterSums';
import { shortenedText } from './shortenedText';
import { emptyTest, characterLimit, reslices, submaskWalk, whileLetDrain } from './loopIdioms';
import { balanced, collectionKey, escape, measureOf, shorten, withoutCasts } from './boundText';
import {
  offsetCounter,
  parentLinks,
  followsLinks,
  LOW_BIT_WHY,
  squareBound,
  dividedVariable,
  lowBitVariable,
  multipliedVariable,
  euclid,
  mutualReduction,
  stepsByConstant,
  HALVING,
  indexPointer,
  replacesList,
  twoPointers,
  countedDownEntry,
  doublingLimit,
} from './loopSteps';

/**
 * A test of a chain of links from one variable, for truth or against null: `(fast->next)`,
 * `p.next.next`, `node.next is not None`, `cur->next != nullptr` — the variable's name.
 */
const LINK_TEST =
  /^\(?\s*([A-Za-z_$][\w$]*)(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)+\s*\)?(?:\s*(?:!==?|\sis\s+not\s)\s*(?:nullptr|NULL|null|None|nil))?$/;

/**
 * The bound of a `while` loop from its condition and body text. A range that is halved is
 * logarithmic; a size comparison or a work-list drained by the body is linear; anything else is
 * honestly unknown.
 */
export function whileBound(condition: string, body: string): LoopBound {
  const cond = withoutCasts(condition)
    .trim()
    .replace(/^\((.*)\)$/s, (whole, inner: string) => (balanced(inner) ? inner : whole))
    .trim();
  if (/^(true|1|True)$/.test(cond) || cond === '') {
    return (
      indexPointer('', body) ??
      poppedDrain(body) ?? {
        kind: 'unknown',
        reason: 'it loops until a `break`',
      }
    );
  }
  const taken = whileLetDrain(cond, body) ?? markedWalk(cond, body) ?? submaskWalk(cond, body);
  if (taken) return taken;
  // `while a != 0 && b != 0` reducing the larger by the smaller (Euclid by remainders or by
  // subtraction): bounded by the two values together, though neither conjunct is alone.
  const mutual = mutualReduction(cond, body);
  if (mutual) return mutual;
  const conjuncts = cond.split(/\s*(?:&&|\band\b)\s*/).filter(Boolean);
  if (conjuncts.length > 1) {
    // `while i < len(buf) and i < 4: …; i += 1`: a counter stepped up on every pass and capped by
    // a literal in one conjunct ends within that many passes, whatever the other conjuncts allow.
    const cap = conjuncts.map((part) => literalCap(part, cond, body)).find((c) => c !== undefined);
    if (cap !== undefined)
      return {
        kind: 'constant',
        value: cap.limit,
        why: `at most ${cap.limit} passes: \`${cap.name}\` steps up on every pass to the literal in \`${shorten(cap.part, 30)}\``,
      };
    const bounds = conjuncts.map((part) => whileBound(part, body));
    // `while (j !== -1 && !vis[j]) { vis[j] = true; j = next[j]; }`: the loop ends at the first
    // entry already marked, whatever the other conjuncts allow, so the marked walk bounds it alone.
    const marked = bounds.find((b) => b.kind === 'linear' && b.amortised === 'marks');
    if (marked) return marked;
    const linear = bounds.filter((b): b is Extract<LoopBound, { kind: 'linear' }> => b.kind === 'linear');
    if (linear.length === bounds.length) {
      // The loop ends at the first bound reached; an amortised pointer in any conjunct keeps it amortised.
      // (a pointer compared with a limit, `j < n`, before a count taken down to zero, `k` in
      // `while k and j < n`: the count is often reset on each outer pass, the pointer kept)
      const pointer =
        linear.find((b) => b.amortised === 'pointer' && b.pointer !== b.key) ??
        linear.find((b) => b.amortised);
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
  // `while k * cnt < n` (`cnt *= 10`), `for d := 1; d*y <= mx; d++`: a product of two names capped.
  const product = productLimit(cond, body);
  if (product) return product;
  // `while ((1 << H) < N) ++H;`: a power of two doubled on each pass (loopSteps.ts).
  const doubling = doublingLimit(cond, body);
  if (doubling) return doubling;
  // `while (x % p == 0) x /= p;`: takes the factor `p` out of `x` as often as it divides it.
  const divisible = /^([\w$]+)\s*%\s*([\w$]+)\s*===?\s*0$/.exec(cond);
  if (divisible && dividedVariable(body, divisible[1]))
    return {
      kind: 'log',
      key: divisible[1]!,
      measure: 'value',
      why: `\`${divisible[1]}\` is divided by \`${divisible[2]}\` while \`${divisible[2]}\` divides it`,
      divisor: divisible[2]!,
    };
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
  // (`while (left + 1 < right) { mid = …; … left = mid; }`: a search whose ends stay one apart)
  const shifted =
    first && (stepsByConstant(first, body) || (HALVING.test(body) && /^[\w$]+\s*\+\s*1\s*</.test(cond)))
      ? offsetCounter(cond, first)
      : cond;
  // `while (r - l > eps) { mid = (l + r) / 2; if (…) r = mid; else l = mid; }`: a bisection of a
  // real range, halved on every pass until it is narrower than the precision: log(range / eps).
  const gap = /^([\w$]+)\s*-\s*([\w$]+)\s*>=?\s*([\w$.+-]+)$/.exec(cond);
  if (
    gap &&
    HALVING.test(body) &&
    [gap[1]!, gap[2]!].every((end) => new RegExp(`(?<![\\w$.])${escape(end)}\\s*=\\s*mid\\b`).test(body))
  )
    return {
      kind: 'log',
      key: gap[1]!,
      measure: 'value',
      why: `\`${gap[1]} - ${gap[2]}\` is halved on each pass until it is at most \`${gap[3]}\` (a bisection of a range of values)`,
      search: true,
    };
  // Python's `is not` and PHP's `isset($x)` are the null tests of those languages.
  const comparison = /^([\w$.]+)\s*(<=|<|>=|>|!==|!=|\sis\s+not\s)\s*(.+)$/.exec(shifted);
  const tested =
    comparison?.[1] ?? /^!?\s*([\w$]+)$/.exec(cond)?.[1] ?? /^isset\s*\(\s*(\$\w+)\s*\)$/.exec(cond)?.[1];
  // `while n > 0: n //= 10` runs once per digit of n.
  // (not when it is divided by the element at an index the body steps, `prod /= nums[left]; left
  // += 1`: an element may be 1, and the index bounds the passes — a window pointer, below)
  if (tested && dividedVariable(body, tested) && !dividedByStepped(body, tested))
    return { kind: 'log', key: tested, measure: 'value', why: `\`${tested}\` is divided on each pass` };
  // `while y < x: …; x //= 10` (the while twin of `for (; y < x; x /= 10)`): the side the counter
  // must stay below is divided on each pass.
  const far = comparison && /^<=?$/.test(comparison[2]!.trim()) ? comparison[3]!.trim() : undefined;
  if (far && /^[\w$]+$/.test(far) && dividedVariable(body, far))
    return { kind: 'log', key: far, measure: 'value', why: `\`${far}\` is divided on each pass` };
  // `while curr <= n: … curr *= 10` (the while twin of `for (; i <= n; i *= 10)`, or `n >= p`
  // with `p` multiplied): the counter is multiplied on every pass, so it passes the limit after
  // logarithmically many passes. Only a multiplication on every pass counts (not one in a branch).
  const [low, high] = !comparison
    ? []
    : /^<=?$/.test(comparison[2]!.trim())
      ? [comparison[1]!, comparison[3]!.trim()]
      : /^>=?$/.test(comparison[2]!.trim())
        ? [comparison[3]!.trim(), comparison[1]!]
        : [];
  if (
    low &&
    high &&
    /^[\w$]+$/.test(low) &&
    multipliedVariable(topLevelLines(cond, body).slice(1).join('\n'), low)
  )
    return {
      kind: 'log',
      key: collectionKey(high) ?? high,
      ...measureOf(high),
      why: `\`${low}\` is multiplied on each pass`,
    };
  if (tested && lowBitVariable(body, tested))
    return { kind: 'log', key: tested, measure: 'value', why: LOW_BIT_WHY(tested) };
  // `while curr: ... curr = curr.next` / `curr = curr->left`: walks a linked structure one node per
  // pass (a list, or one path down a tree), so at most once per node.
  // The walk only moves `tested` forward, so an enclosing loop that does not reset it shares
  // these passes out (`while (p) { while (p && p->val == v) p = p->next; }`: one walk in all).
  if (tested && followsLinks(tested, body))
    return { kind: 'linear', key: tested, amortised: 'pointer', pointer: tested, linkWalk: true };
  // `while (p.next != null) p = p.next`: the link tested belongs to the variable the body advances
  // (also tested for truth: `while (temp.left) temp = temp.left;`, Python `while node.left:`, or a
  // chain of links: `while (fast->next && fast->next->next)`, `while fast.next is not None`).
  const holder =
    /^([\w$]+)\s*(?:\.|->)\s*[A-Za-z_]\w*$/.exec(tested || cond)?.[1] ?? LINK_TEST.exec(cond)?.[1];
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
  // KMP / Z-function: `while j > 0 and ...: j = prefix[j - 1]` follows failure links back (also
  // with the link index kept one below the position: `while j + 1 > 0 and …: j = prefix[j]`).
  // (PHP names keep their `$`, which no `\b` can precede: `$j = $next[$j - 1]`.)
  const linked = (comparison?.[1] ?? /^([\w$]+)\s*\+\s*1\s*>\s*0$/.exec(cond)?.[1])?.replace(/^\$/, '');
  if (
    linked &&
    new RegExp(
      `(?:^|[^\\w$])\\$?${escape(linked)}\\s*=\\s*[\\w$.]+\\[\\s*\\$?${escape(linked)}\\b`,
      'm',
    ).test(body)
  )
    return {
      kind: 'linear',
      key: linked,
      measure: 'value',
      amortised: 'pointer',
      pointer: linked,
      failureLinks: true,
    };
  if (
    comparison &&
    HALVING.test(body) &&
    halvesTestedName(cond, body) &&
    !twoPointers(comparison[1]!, comparison[3]!, body)
  ) {
    // A search that may also move one end by one (`r--` when `nums[mid] == nums[r]`: rotated
    // arrays with duplicates) shrinks by one on the worst input: linear, not logarithmic.
    if (stepsByConstant(comparison[1]!, body) || stepsByConstant(comparison[3]!, body))
      return {
        kind: 'linear',
        key: collectionKey(comparison[3]!) ?? comparison[3]!,
        ...measureOf(comparison[3]!),
      };
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
  // `while i <= s: s -= i; i += 2`: the limit loses the counter on every pass (counterSums.ts).
  const summed =
    comparison && /^<=?$/.test(comparison[2]!.trim()) && stepsUp(comparison[1]!, body)
      ? counterSum(comparison[1]!, comparison[3]!, body)
      : undefined;
  if (summed) return summed;
  // `while candies > 0: candies -= min(candies, i + 1); i += 1` (counterSums.ts).
  const drawn = drawnDown(cond, body);
  if (drawn) return drawn;
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
  const iterator = result && new RegExp(`\\b${escape(result)}\\s*=\\s*([\\w$.]+)\\.next\\(`).exec(body)?.[1];
  if (iterator) return { kind: 'linear', key: iterator, amortised: 'drains' };
  // `while (cnt[x]) { …; --cnt[x]; }`: as many passes as the entry holds (a count read as one).
  const spent = countedDownEntry(cond, body);
  if (spent) return { kind: 'linear', key: spent, measure: 'value', spends: true };
  const drained = emptyTest(cond);
  if (
    drained &&
    // `next(it)` takes an item and `cur = cur.next` follows a link; a list merely named `next`
    // (the next level, spread as `...next`) does neither.
    (/\b(pop|heappop|heappushpop|heapreplace|popitem|shift|popleft|dequeue|poll|pollFirst|pollLast|remove|pop_front|pop_back|popFront|popBack|Dequeue|Pop|PopBack|PopFront|Remove|array_pop|array_shift|extract)\b|\bnext\s*\(|(?<!\.)\.next\b|->next\b/.test(
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
  const shortened = shortenedText(cond, body);
  if (shortened) return shortened;
  return {
    kind: 'unknown',
    reason: `the condition \`${shorten(cond, 40)}\` has no bound the analyser can see`,
  };
}

/** `tested /= xs[i]` (also `//=`, `tested = tested / xs[i]`, `xs[l++]`) with `i` stepped by a constant in the body. */
function dividedByStepped(body: string, tested: string): boolean {
  const t = escape(tested);
  const divisor = new RegExp(
    `(?:^|[^\\w$.])${t}\\s*(?:\\/\\/?=|=\\s*${t}\\s*\\/\\/?)\\s*[\\w$.]+\\s*\\[\\s*(?:\\+\\+|--)?\\s*\\$?([A-Za-z_$][\\w$]*)\\s*(?:\\+\\+|--)?\\s*\\]`,
  ).exec(body);
  return !!divisor && stepsByConstant(divisor[1]!, body);
}

/**
 * Whether the body moves a name the condition tests by a halving: `hi = mid`, `lo = m + 1` after
 * `m = (lo + hi) // 2`, `n >>= 1`. A halving elsewhere in the body (`ans += (j - i) * (j - i + 1)
 * // 2` while `i = j` moves the counter) does not shrink the range the loop tests: when the body
 * writes the tested names and no write halves, the loop is not read as halving its range.
 */
function halvesTestedName(cond: string, body: string): boolean {
  const halved = new Set(['mid', 'middle']);
  const readsHalved = (value: string) =>
    HALVING.test(value) ||
    [...halved].some((h) => new RegExp(`(?<![\\w$.])${escape(h)}(?![\\w$])`).test(value));
  for (let size = -1; size !== halved.size;) {
    size = halved.size;
    for (const m of body.matchAll(
      /(?<![\w$.])([A-Za-z_$][\w$]*)\s*((?:[-+*%&|^:]|\/\/?|>>>?|<<)?=)(?!=)([^;\n]*)/g,
    ))
      if (readsHalved(`${m[2]}${m[3]}`)) halved.add(m[1]!);
  }
  const tested = new Set(cond.match(/[A-Za-z_$][\w$]*/g) ?? []);
  const writes = [
    ...body.matchAll(
      /(?<![\w$.])((?:[A-Za-z_$][\w$]*\s*,\s*)*[A-Za-z_$][\w$]*)\s*((?:[-+*%&|^]|\/\/?|>>>?|<<)?=)(?!=)([^;\n]*)/g,
    ),
  ].filter((m) => m[1]!.split(',').some((n) => tested.has(n.trim())));
  // (a body that writes no tested name, as far as its text shows, keeps the halving it has)
  return writes.length === 0 || writes.some((m) => readsHalved(`${m[2]}${m[3]}`));
}

/**
 * The literal `L` of a conjunct `x < L` / `x <= L` (also `L > x`) whose counter `x` the body steps
 * up by a constant on every pass (at its top level), never steps down and never assigns
 * otherwise; undefined for anything else, or a literal above 1024.
 */
function literalCap(
  part: string,
  cond: string,
  body: string,
): { limit: number; name: string; part: string } | undefined {
  const t = part.trim().replace(/^\((.*)\)$/s, (whole, inner: string) => (balanced(inner) ? inner : whole));
  const m =
    /^([A-Za-z_$][\w$]*)\s*(<=|<)\s*(\d+)$/.exec(t.trim()) ??
    /^(\d+)\s*(>=|>)\s*([A-Za-z_$][\w$]*)$/.exec(t.trim())?.reverse().slice(0, 3).reverse();
  if (!m) return undefined;
  const [name, op, literal] = /^\d+$/.test(m[1]!) ? [m[3]!, m[2]!, m[1]!] : [m[1]!, m[2]!, m[3]!];
  const limit = Number(literal) + (/=/.test(op) ? 1 : 0);
  if (limit > 1024) return undefined;
  const n = escape(name.replace(/^\$/, ''));
  const up = new RegExp(
    `(\\+\\+\\s*\\$?${n}\\b|\\b${n}\\s*\\+\\+|\\b${n}\\s*\\+=\\s*\\d|\\b${n}\\s*=\\s*\\$?${n}\\s*\\+\\s*\\d)`,
  );
  const down = new RegExp(`(--\\s*\\$?${n}\\b|\\b${n}\\s*--|\\b${n}\\s*-=)`);
  const assigned = new RegExp(`(^|[^\\w$.])\\$?${n}\\s*=(?!=)(?!\\s*\\$?${n}\\s*\\+\\s*\\d)`, 'm');
  const steps = topLevelLines(cond, body)
    .slice(1)
    .some((l) => up.test(l));
  return steps && !down.test(body) && !assigned.test(body) ? { limit, name, part: t.trim() } : undefined;
}

/** A work list's item taken off by a call: `q.pop()`, `pq.pop_front()`, `q.poll()`, `heappop(q)`, Go `heap.Pop(&pq)`. */
const TAKE =
  /(?:^|[^\w$.])(?:([A-Za-z_$][\w$]*)\s*(?:\.|->)\s*(?:pop|pop_front|pop_back|popleft|poll|pollFirst|pollLast|shift|dequeue|Dequeue|Pop|PopFront|PopBack)\s*\(\s*\)|(?:heapq\s*\.\s*)?heappop\s*\(\s*([A-Za-z_$][\w$.]*)\s*\)|heap\s*\.\s*Pop\s*\(\s*&?\s*([A-Za-z_$][\w$.]*)\s*\))/;

/**
 * `while (1) { auto [d, i, j] = pq.top(); pq.pop(); if (i == m - 1 && …) return d; … }` (also
 * `for (;;)`, `while True:` with `heappop(q)`): a loop with no condition whose body takes an item
 * off a work list on every pass — at its top level, before any `continue`, `break` or `return` —
 * cannot outlast the items pushed on the list (one more pass would take from an empty list), so it
 * is the drain `while (!pq.empty())` would be; undefined otherwise.
 */
export function poppedDrain(body: string): LoopBound | undefined {
  const top = new Set(topLevelLines('', body).slice(1));
  for (const line of body.split('\n')) {
    if (/\b(continue|break|return)\b/.test(line)) return undefined;
    const m = top.has(line) ? TAKE.exec(line) : null;
    if (m) return { kind: 'linear', key: (m[1] ?? m[2] ?? m[3])!.replace(/^\$/, ''), amortised: 'drains' };
  }
  return undefined;
}
