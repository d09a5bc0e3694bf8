// The cost of a call: a function of the same file adds its own cost (parameters renamed to the
// caller's arguments); a library operation adds what the language's table says (sorting
// O(n log n), scans O(n), iterating methods run their callback per element); membership tests
// scan a collection unless it is a hash set or map.
import { allocationCost } from './allocations';
import { FIXED_KEY, dropFixed, paramsFilledBy, renameThroughArguments } from './fixedArguments';
import type { Flow, Unit } from '../model';
import { collectionKey } from '../extract/bounds';
import {
  type Cost,
  add,
  constant,
  doubted,
  linear,
  linearithmic,
  logarithmic,
  multiply,
  type Term,
  renameKeys,
} from './cost';
import { bucketSortCost } from './bucketSort';
import { containerKind } from './elementKind';
import { membershipCost } from './membership';
import { boundedByArguments } from './boundedCalls';
import { substrWidthCost } from './substrWidth';
import { fromPosition, scannedStretch } from './rangedScan';
import { sumOverCallbackItems } from './itemTotals';
import { isSelfCall } from './recursion';
import { dataCountDoubt } from './valueBounds';
import { frontTakeDoubt } from './frontTakes';
import { isCollectionText, operandCost } from './operandCosts';
import { loopAt } from './compounding';
import { abuttingCall, abuttingRange } from './abuttingStretches';
import { appendedSize } from './appendedLists';
import { letterKeyed, textCopy } from './letterKeys';
import { nestedCtor } from './space';
import { fixedNumber } from './reducedValues';
import { assignedValues, declares } from './localCounts';
import { statementsIn } from './traversal';
import { balanced, escape } from '../extract/boundText';
import { splitSharedTraversals } from './sharedTraversals';
import { strideCall } from './strideBlocks';
import { runningGcdCost } from './runningGcd';
import { sizedSort } from './sizedSorts';
import type { Estimator, Walk } from './walk';

// (`_` is lodash, global in LeetCode's JS environment: `_.sortedIndex(xs, x)` searches `xs`.)
const NAMESPACES =
  /^(_|JSON|Math|Object|Array|Number|String|Promise|Reflect|std|std::ranges|std::views|console|Collections|Arrays|Stream|IntStream|Files|Paths|Enumerable|Regex|Array|collections|itertools|heapq|bisect|math|functools|operator)$/;
/**
 * C++'s `ranges::sort(v)` / `views::iota(0, n)` name a namespace without `std::`; elsewhere `ranges`
 * is a list like any other (`ranges.sort((a, b) => a[0] - b[0])` sorts it).
 */
const CPP_NAMESPACES = /^(ranges|views)$/;
/** Go standard packages, called without their import in snippets: `strings.Split(s, " ")` works on `s`. */
const GO_PACKAGES = /^(strings|slices|sort|bytes|strconv|maps|heap|bits|utf8|unicode|math|fmt)$/;

export function callCost(est: Estimator, call: Extract<Flow, { kind: 'call' }>, walk: Walk): Cost {
  // A callback run per element that calls a traversal whose visited mark outlives the call
  // (`filter(lambda v: dfs(v, seen), range(n))`) enters each item once over all its runs, as the
  // same call in a loop does (sharedTraversals.ts): that call is added once, not per element.
  const perElement = est.costs.iterating.test(call.callee);
  const callbacks = call.callbacks.map((body) => {
    if (!perElement) return est.flows(body, walk);
    const { rest, once } = splitSharedTraversals(est, body, walk, walk.loopLines[0] ?? call.line);
    for (const f of once) walk.once.push(est.flows([f], walk));
    return est.flows(rest, walk);
  });
  // A function of this file passed by name (`items.map(score)`) runs like a callback — but only
  // where the library runs callbacks (iterating, sorting); elsewhere it may just be registered.
  // Python's `key=check` is a key function wherever it is passed: `bisect_left(range(lo, hi),
  // True, key=check)` runs `check` once per probe, as a `key=lambda` already does.
  const iterates = est.costs.iterating.test(call.callee) || est.costs.sorting.test(call.callee);
  const keyed = est.facts.language === 'python' && !!est.costs.logarithmic?.test(call.callee);
  for (const arg of call.args.filter((a) => iterates || (keyed && /^key\s*=/.test(a)))) {
    const named = est.byName.get(arg.replace(/^key\s*=\s*|^&/, ''));
    if (named?.length === 1 && named[0]!.id !== walk.unit.id) callbacks.push(est.of(named[0]!).cost);
  }
  const callbackCost = add(constant(), ...callbacks);
  const inLoop = walk.loopLines.length > 0;
  const loopLine = walk.loopLines.at(-1);
  if (isSelfCall(call, walk.unit)) return constant();
  if (est.costs.blockingIo?.test(call.callee))
    walk.notes.push(`\`${call.callee}\` (line ${call.line}) is blocking I/O`);
  if (inLoop && est.costs.regexCompile?.test(call.callee.replace(/^new /, ''))) {
    walk.notes.push(
      `compiles a regular expression inside the loop at line ${loopLine} (line ${call.line}); compiling it once outside would avoid repeated work`,
    );
  }
  noteGrowth(est, call, walk);
  // `make([]int, n)`, `new int[n]`, `vec![0; n]`, `[0] * n`: one write per entry (allocations.ts).
  const allocation = allocationCost(est, call, walk);
  if (allocation) return add(allocation, callbackCost);
  const local = localCallee(est, call, walk.unit);
  if (local) {
    const callee = est.of(local);
    const params = paramsFilledBy(local, call.args);
    const rename = (k: string) => {
      // Sizes the arguments fix (`matrixExpo(T, n)`, T a literal matrix) and locals sized from a
      // parameter follow the argument (fixedArguments.ts).
      const through = renameThroughArguments(est, est.facts, local, call.args, k, walk.unit);
      if (through !== undefined) return through === FIXED_KEY ? through : est.resolveKey(through, walk);
      const index = params.indexOf(k);
      const arg = index >= 0 ? call.args[index] : undefined;
      return arg ? est.resolveKey(collectionKey(arg) ?? k, walk) : k;
    };
    // A stretch the caller's loop hands over and then moves past (abuttingStretches.ts): the
    // callee's work over it adds up to one pass of that loop over all calls.
    const stretch =
      inLoop && local.id !== walk.unit.id
        ? stretchShared(est, call, local, params, callee.recurring ?? callee.cost, walk)
        : undefined;
    const renamed = dropFixed(renameKeys(stretch ?? callee.recurring ?? callee.cost, rename));
    const via = {
      terms: [{ powers: {}, logs: {}, why: [`calls \`${local.name}\` (line ${call.line})`] }],
      unknown: [],
    };
    // A table the callee extends lazily outlives the call: paid once in all, not once per pass.
    if (callee.persistent && local.id !== walk.unit.id)
      walk.persistent.push(multiply(via, renameKeys(callee.persistent, rename)));
    // The callee's own memory is in use while it runs (not multiplied by the loops around the
    // call: each call's memory is released before the next).
    if (callee.space && local.id !== walk.unit.id)
      walk.grown.push(
        multiply(
          via,
          renameKeys(callee.space, (k) => {
            const index = params.indexOf(k);
            const arg = index >= 0 ? call.args[index] : undefined;
            return arg ? est.resolveKey(collectionKey(arg) ?? k, walk) : k;
          }),
        ),
      );
    // `g = gcd(g, x)` in a loop: Euclid's steps over all passes telescope (runningGcd.ts).
    const running = inLoop ? runningGcdCost(est, call, local, renamed, walk) : undefined;
    return add(multiply(via, running ?? renamed), callbackCost);
  }
  // A function of an imported JS module (`path.join`) is not an array method.
  const jsFamily = /^(javascript|typescript|javascriptreact|typescriptreact)$/.test(est.facts.language);
  if (call.receiver && jsFamily && est.modules.has(call.receiver)) return callbackCost;
  // `list.pop(0)` / `insert(0, x)` shift every element (Python lists, Ruby/JS equivalents are in the
  // tables); a `SortedList`'s `pop(0)` takes its smallest entry in O(log n) (below).
  if (
    est.facts.language === 'python' &&
    call.receiver &&
    /^(pop|insert)$/.test(call.name) &&
    call.args[0] === '0' &&
    containerKind(est, walk.unit, collectionKey(call.receiver) ?? call.receiver) !== 'ordered'
  ) {
    const list = collectionKey(call.receiver) ?? call.receiver;
    if (inLoop)
      walk.notes.push(
        `\`${call.callee}(0${call.name === 'insert' ? ', ...' : ''})\` (line ${call.line}) shifts every element of \`${list}\` on each pass; \`collections.deque\` makes it O(1)`,
      );
    return linear(
      est.resolveKey(list, walk),
      `\`${call.callee}(0)\` shifts every element (line ${call.line})`,
    );
  }
  // Operations costing one particular operand: prefix tests, `String.join`, `append(xs, ys...)`.
  const operand = operandCost(est, call, walk);
  if (operand) return add(operand, callbackCost);
  const key = collectionOf(est, call, walk.unit);
  // `max(a, b)` / `Math.min(x, y)` compare their arguments; only `max(xs)` scans a collection.
  // Rust's `a.max(b)` (`Ord::max`) compares its receiver with its one argument; an iterator's
  // `max()` takes none.
  const positional = call.args.filter((a) => !/^\w+\s*=[^=]/.test(a));
  const scalar =
    /^(max|min|Max|Min)$/.test(call.name) &&
    (positional.length >= 2 || (est.facts.language === 'rust' && !!call.receiver && positional.length === 1));
  const resolved =
    key && !scalar && isCollectionText(key) && !est.fixedSize(key, walk.unit) && !letterKeyed(est, key, walk)
      ? est.resolveKey(key, walk)
      : undefined;
  const target = call.callee;
  const log = logarithmicKey(est, call, walk, resolved);
  if (log) {
    const probes = logarithmic(log.key, log.why);
    // A library binary search calls its predicate or comparator once per probe (Go
    // `sort.Search(m, func(v int) bool { …loop over nums… })`: O(n log m)); a tree's operation
    // runs its callback at most once (`computeIfAbsent`).
    const perProbe = callbacks.length > 0 && !!est.costs.logarithmic?.test(call.callee);
    return add(probes, perProbe ? multiply(probes, callbackCost) : callbackCost);
  }
  // `cnt.most_common(1)`: `nlargest` with a literal count keeps that many while it scans: one pass.
  if (resolved && call.name === 'most_common' && /^\d+$/.test(positional[0]?.trim() ?? ''))
    return add(
      linear(resolved, `\`${target}(${positional[0]!.trim()})\` scans \`${key}\` once (line ${call.line})`),
      callbackCost,
    );
  if (resolved && est.costs.sorting.test(target)) {
    walk.patterns.push({ concept: 'sorting', line: call.line });
    // Each bucket of a collection filled by appends, sorted once in a loop over the buckets.
    const buckets = bucketSortCost(est, call, walk, key!);
    if (buckets) return add(buckets, callbackCost);
    if (inLoop)
      walk.notes.push(
        `sorts inside the loop at line ${loopLine} (line ${call.line}): the collection is re-sorted on every pass`,
      );
    const sort =
      filledSort(est, call, key!, walk, target) ??
      sizedSort(est, call, key!, walk, target) ??
      linearithmic(resolved, `\`${target}\` sorts \`${key}\`: O(n log n) (line ${call.line})`);
    // Python's sorts take a key function, run once per element (no comparator: `cmp_to_key(f)`
    // is a call, not a callback); elsewhere the callback compares, once per comparison.
    if (est.facts.language === 'python' && callbacks.length > 0)
      return add(
        sort,
        multiply(
          linear(resolved, `the key function runs once per element of \`${key}\` (line ${call.line})`),
          callbackCost,
        ),
      );
    return add(sort, multiply(sort, callbackCost));
  }
  if (resolved && est.costs.iterating.test(target) && callbacks.length > 0) {
    // A local list as long as the loops that filled it (appendedLists.ts), with a callback of
    // fixed cost: priced by those loops' passes.
    const flat = callbackCost.terms.every(
      (t) => !Object.keys(t.powers).length && !Object.keys(t.logs).length,
    );
    const appended = flat && !callbackCost.unknown.length ? appendedSize(est, call, key!, walk) : undefined;
    if (appended) return appended;
    const passes = linear(
      resolved,
      `\`${call.name}\` runs its callback for each element of \`${key}\` (line ${call.line})`,
    );
    // A callback working on its own item adds up to the items' total size (itemTotals.ts).
    return (
      sumOverCallbackItems(
        est,
        call.line,
        resolved,
        passes,
        callbackCost,
        walk,
        call.args,
        // `reduce((acc, x) => …)` and C++ `accumulate(b, e, init, [](acc, x) {…})` pass the item
        // second, after the accumulator.
        /^(?:reduce(Right)?|accumulate)$/.test(call.name) ? 1 : 0,
      ) ?? multiply(passes, callbackCost)
    );
  }
  // Java `xs.remove(xs.size() - 1)`, C# `xs.RemoveAt(xs.Count - 1)`: the last element goes, nothing shifts.
  if (
    call.receiver &&
    /^(remove|RemoveAt)$/.test(call.name) &&
    call.args.length === 1 &&
    /^([\w$.]+)\.(size\(\)|Count|length)\s*-\s*1$/.exec(call.args[0]!.trim())?.[1] === call.receiver
  )
    return callbackCost;
  // JS/TS `q.splice(0, q.length, ...next)` in the loop draining `q` level by level: it drops the
  // level the pass walked and copies the next one in, each item once over all passes, as `q = next`.
  if (levelSwap(call, walk)) return callbackCost;
  // Java `q.remove()` without an argument takes the head of a queue or deque: O(1), not a search.
  if (est.facts.language === 'java' && call.name === 'remove' && call.args.length === 0) return callbackCost;
  if (resolved && est.costs.membership?.test(target))
    return add(membershipCost(est, call.receiver ?? key!, call.line, walk, `\`${call.name}\``), callbackCost);
  // `seen.remove(x)` / `counts.count(k)` on a hash set or map is a hashed lookup, not a scan.
  const hashedReceiver =
    !!call.receiver &&
    /^(remove|discard|pop|get|delete|erase|count|find|contains|insert|index)$/.test(call.name) &&
    containerKind(est, walk.unit, collectionKey(call.receiver) ?? call.receiver) === 'hashed';
  if (
    resolved &&
    !hashedReceiver &&
    !boundedByArguments(est, call, walk) &&
    (est.costs.linear.test(target) || textCopy(est, call.receiver, call.name, walk)) &&
    !scannedStretch(est, call, walk, key!)
  ) {
    if (
      inLoop &&
      /^(includes|indexOf|index|in_array|array_search|find|contains|Contains|include\?|count)$/.test(
        call.name,
      )
    ) {
      walk.notes.push(
        `\`${target}\` inside the loop at line ${loopLine} (line ${call.line}) scans \`${key}\` on every pass; a set or map would make the lookup O(1)`,
      );
    }
    // PHP `array_shift` renumbers every key: a queue drained by it is quadratic.
    if (inLoop && /^(array_shift|array_unshift)$/.test(call.name))
      walk.notes.push(
        `\`${call.name}\` (line ${call.line}) renumbers every key of \`${key}\` on each pass; \`SplQueue\` takes from the front in O(1)`,
      );
    // A local list one loop filled, one entry per pass (appendedLists.ts): as long as its passes.
    const appended = callbacks.length ? undefined : appendedSize(est, call, key!, walk);
    if (appended) return appended;
    // C++ `vector<string> grid(m, string(n, '.'))`: `m` rows, each a fill of `n` entries.
    const table = tableFill(est, call, walk);
    if (table) return add(table, callbackCost);
    const charge = add(
      linear(resolved, `\`${call.name}\` is O(n) in \`${key}\` (line ${call.line})`),
      multiply(linear(resolved, 'callback per element'), callbackCost),
    );
    const countDoubt = est.costs.counted?.test(call.name)
      ? dataCountDoubt(call.name, key!, call.line)
      : undefined;
    if (countDoubt) return doubted(charge, countDoubt);
    const frontDoubt = frontTakeDoubt(est.facts.language, call, inLoop);
    if (frontDoubt) return doubted(charge, frontDoubt);
    // C/C++ `substr(pos, len)` copies `len` characters (substrWidth.ts).
    const width = substrWidthCost(est, call, walk);
    if (width) return add(width, callbackCost);
    // Ranges that abut (`reverse(s.begin() + i, s.begin() + j); i = j + 1`) cover the loop's range once.
    if (fromPosition(call, walk, resolved) && abuttingRange(est, call, walk.unit)) return callbackCost;
    return fromPosition(call, walk, resolved)
      ? doubted(
          charge,
          `\`${call.name}\` works from a position inside the loop over \`${key}\` (line ${call.line}): each pass covers only the stretch from that position, which the code does not bound (all passes together are one scan when the positions only advance)`,
        )
      : charge;
  }
  return callbackCost;
}

/** Operations that change or search a heap or balanced tree; its size and views stay O(1). */
// (`firstKey`, `pop_first`… walk to an end of the tree; a heap's `peek`/`top` is O(1), not listed.
// Rust's `BTreeMap::entry` / `get_mut` / `contains_key` search the tree like `get`.)
const ORDERED_OPS =
  /^(push|pop|emplace|insert|erase|find|count|contains|lower_bound|upper_bound|equal_range|add|remove|discard|bisect|bisect_left|bisect_right|bisect_key_left|bisect_key_right|index|irange|offer|poll|put|get|containsKey|floorKey|ceilingKey|lowerKey|higherKey|floor|ceiling|lower|higher|pollFirst|pollLast|firstKey|lastKey|firstEntry|lastEntry|pollFirstEntry|pollLastEntry|floorEntry|ceilingEntry|lowerEntry|higherEntry|merge|pop_first|pop_last|first_key_value|last_key_value|entry|get_mut|contains_key|Add|Remove|Contains|ContainsKey|TryGetValue|Enqueue|Dequeue|TryDequeue|extract|enqueue|dequeue|Put|Get|Floor|Ceiling|Push|Pop)$/;

/**
 * The collection an O(log n) operation works on: a heap push/pop or binary search from the
 * language's table (`heappush(h, x)`, `std::lower_bound(begin(v), end(v), x)`), or a method that
 * changes or searches a variable built as a heap or balanced tree (`pq.push(x)`, `seen.insert(x)`
 * on a `std::set`, `sl.add(x)` on a `SortedList`).
 */
function logarithmicKey(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  walk: Walk,
  resolved: string | undefined,
): { key: string; why: string } | undefined {
  if (resolved && est.costs.logarithmic?.test(call.callee))
    return { key: resolved, why: `\`${call.name}\` is O(log n) in \`${resolved}\` (line ${call.line})` };
  // Python `pow(b, e, m)`: modular exponentiation squares its way through the bits of `e`, O(log e)
  // multiplications of numbers below `m` (an exponent the code fixes, `mod - 2`, costs O(1)).
  if (est.facts.language === 'python' && call.callee === 'pow' && call.args.length === 3) {
    const exponent = collectionKey(call.args[1]!);
    if (!exponent || est.fixedSize(exponent, walk.unit)) return undefined;
    // (a name the function or the file sets to a written number only, `mod = 10**9 + 7`, is a
    // constant here)
    const written = [
      ...assignedValues(statementsIn(est.facts, walk.unit), exponent),
      ...assignedValues(
        est.facts.statements.filter((st) => st.unitId === undefined),
        exponent,
      ),
    ];
    if (written.length && written.every((w) => /^(?:int\s*\()?[\d\s+\-*/().e_]+\)?$/.test(w.value.trim())))
      return undefined;
    walk.valueKeys.add(exponent);
    return {
      key: est.resolveKey(exponent, walk),
      why: `\`pow\` with a modulus squares its way through the bits of \`${call.args[1]!.trim()}\`: O(log) multiplications (line ${call.line})`,
    };
  }
  const receiver = call.receiver && (collectionKey(call.receiver) ?? call.receiver);
  // `count()` without a key is a size (PHP `SplHeap::count`), not a search (C++ `set.count(x)`).
  const sizeOnly = call.name === 'count' && call.args.length === 0;
  if (
    receiver &&
    !sizeOnly &&
    ORDERED_OPS.test(call.name) &&
    containerKind(est, walk.unit, receiver) === 'ordered'
  ) {
    const key = est.resolveKey(receiver.replace(/^(this|self)(\.|->)/, ''), walk);
    return {
      key,
      why: `\`${call.callee}\` is O(log n) on the heap/tree \`${receiver}\` (line ${call.line})`,
    };
  }
  return undefined;
}

/**
 * A C++ table built with a fill that is itself a sized container (`vector<string> g(m, string(n,
 * '.'))`, `vector<vector<int>> dp(n, vector<int>(m))`): the construction writes every entry of every
 * row, rows × row size, not one entry per row. Undefined for other calls and for fills of a fixed size.
 */
function tableFill(est: Estimator, call: Extract<Flow, { kind: 'call' }>, walk: Walk): Cost | undefined {
  if (est.facts.language !== 'cpp' || call.args.length < 2) return undefined;
  if (!/^(?:std::)?(?:vector|deque)\s*<.*>$/.test(call.callee)) return undefined;
  const fill = /^(?:std::)?(?:vector|string|deque)\b[^(]*\(([^,()]+)/.exec(call.args[1]!.trim())?.[1];
  // (a count the code fixes, `L + 1` with `static const int L = 1`, leaves the usual charge)
  const fixed = (text: string) => fixedNumber(est, text.trim().replace(/\s*[-+]\s*\d+$/, ''));
  if (!fill || fixed(call.args[0]!) || fixed(fill)) return undefined;
  const cost = nestedCtor(
    est,
    call.args.join(', '),
    walk,
    (what) => `\`${call.callee}\` (line ${call.line}) writes ${what}`,
  );
  // (a fill of a fixed size leaves one factor: the usual charge on the rows stands)
  return cost?.terms.some((t) => Object.values(t.powers).reduce((a, b) => a + b, 0) >= 2) ? cost : undefined;
}

function collectionOf(est: Estimator, call: Extract<Flow, { kind: 'call' }>, unit: Unit): string | undefined {
  // `sorted(x for x in nums)`, `sorted([(x, i) for i, x in enumerate(nums)])`: the sort takes every
  // item one comprehension over `nums` yields. The comprehension is charged as its own loop beside
  // the call, but that loop's pass is less than the sort, so the sort is charged here too (other
  // calls on a bare generator are left to that loop, below).
  const sorted =
    est.facts.language === 'python' &&
    !call.receiver &&
    call.args.length === 1 &&
    est.costs.sorting.test(call.callee)
      ? // (also through a copy that keeps every item: `sorted(set(tuple(x) for x in points))`)
        /^(?:(?:set|list|tuple|frozenset)\(|[([])([\s\S]*)[)\]]$/.exec(call.args[0]!.trim())?.[1]
      : undefined;
  const walked =
    sorted && balanced(sorted) && (sorted.match(/\bfor\b/g) ?? []).length === 1
      ? /\bfor\s+.+?\s+in\s+(.+?)(?:\s+if\s.*)?$/s.exec(sorted)?.[1]
      : undefined;
  if (walked) return collectionKey(walked);
  // `sum(x for x in nums)`, `any(c in s for c in word)`: the generator iterates `nums` / `word`.
  const generator =
    call.args.length === 1 ? /\bfor\s+.+?\s+in\s+(.+?)(?:\s+if\s.*)?$/s.exec(call.args[0]!) : null;
  if (generator && !call.receiver) return collectionKey(generator[1]!);
  // A bare generator argument (`sum(x.val for x in q)`, parsed as `x.val` + `for x in q`) is
  // modelled as its own loop beside the call; charging the call again would count it twice.
  if (call.args.some((a) => /^\s*(async\s+)?for\s/.test(a))) return undefined;
  const isNamespace =
    !call.receiver ||
    NAMESPACES.test(call.receiver) ||
    (est.facts.language === 'cpp' && CPP_NAMESPACES.test(call.receiver)) ||
    est.modules.has(call.receiver) ||
    (est.facts.language === 'go' && GO_PACKAGES.test(call.receiver)) ||
    // C# keyword types call static methods: `string.Join(",", parts)` joins `parts`.
    (est.facts.language === 'csharp' &&
      /^(string|char|int|long|double|decimal|bool|object)$/.test(call.receiver)) ||
    (/^[A-Z]/.test(call.receiver) &&
      !/^(new\s+)?Array\s*\(/.test(call.receiver) &&
      // A JS or Java chain on a conversion's or a static call's result (`String(x).split('')`,
      // `Object.keys(cnt).sort()`, `Array.from(m.values()).sort()`, Java
      // `String.valueOf(num).replaceFirst(…)`) works on that value.
      !(/^(javascript|typescript|java)$/.test(est.facts.language) && /^[A-Z][\w$.]*\(/.test(call.receiver)) &&
      !isFileConstant(est, call.receiver) &&
      !isParameter(est, unit, call.receiver));
  // `xs.extend(ys)` copies `ys` and `sep.join(ys)` concatenates `ys`: the cost is the argument's
  // size, not the receiver's.
  const byArgument =
    est.facts.language === 'python' && (call.name === 'extend' || call.name === 'join') && call.receiver;
  // `Arrays.asList(a, b)` lists the elements written as its arguments (one argument is an array).
  if (call.name === 'asList' && call.args.length >= 2) return undefined;
  // `Array(n).fill(0)` / `new Array(n).fill(0)` fills a new array of `n` entries.
  const made = call.receiver && /^(?:new\s+)?Array\s*\(\s*([^,()]+)\s*\)$/.exec(call.receiver)?.[1];
  // `Array.from({ length: m }, f)` builds `m` entries, calling `f` for each.
  // A chain on it (`Array.from({ length: n }, f).filter(g)`) runs over those `n` entries.
  const sized =
    call.callee === 'Array.from'
      ? /^\{\s*length\s*:\s*([^,{}]+?)\s*\}$/.exec(call.args[0] ?? '')?.[1]
      : call.receiver && /^Array\.from\(\s*\{\s*length\s*:\s*([^,{}]+?)\s*\}/.exec(call.callee)?.[1];
  const text =
    made ??
    sized ??
    (isNamespace || byArgument ? call.args[est.costs.collectionArg?.[call.name] ?? 0] : call.receiver);
  return text ? collectionKey(text) : undefined;
}

/**
 * `VOWELS` in `VOWELS.find(c)`: an upper-case name the file itself assigns is a constant of the
 * file (a string or table), searched like any receiver — not a namespace or class whose method
 * takes the collection as its argument (`Arrays.sort(xs)`).
 */
function isFileConstant(est: Estimator, receiver: string): boolean {
  if (!/^[A-Z][A-Z0-9_]*$/.test(receiver)) return false;
  return est.facts.statements.some(
    (s) =>
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      /^(?:(?:self|this)\.)?([A-Za-z_$][\w$]*)/.exec(s.target?.trim() ?? '')?.[1] === receiver,
  );
}

/**
 * `A` in `A.sort()` inside `def f(self, A)`: a parameter of the function (or of one enclosing it)
 * holds a value, whatever its case — not a namespace or class whose method takes the collection as
 * its argument.
 */
function isParameter(est: Estimator, unit: Unit, receiver: string): boolean {
  for (let u: Unit | undefined = unit; u; u = u.parent === undefined ? undefined : est.facts.units[u.parent])
    if (u.params.some((p) => declares(p, receiver))) return true;
  return false;
}

function levelSwap(call: Extract<Flow, { kind: 'call' }>, walk: Walk): boolean {
  const q = call.receiver;
  if (call.name !== 'splice' || !q || call.args.length !== 3 || call.args[0]!.trim() !== '0') return false;
  if (call.args[1]!.replace(/\s+/g, '') !== `${q}.length` || !/^\.\.\.\s*[\w$]+$/.test(call.args[2]!.trim()))
    return false;
  const line = walk.loopLines.at(-1);
  const loop = line === undefined ? undefined : loopAt(walk.unit.body, line);
  return loop?.bound.kind === 'linear' && loop.bound.key === q && loop.bound.amortised === 'drains';
}

export function localCallee(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  from: Unit,
): Unit | undefined {
  const candidates = (est.byName.get(call.name) ?? []).filter((u) => u.id !== from.id);
  if (call.receiver && !/^(this|self|Self|\$this|static)$/.test(call.receiver)) {
    // `bit.add(i)` on an instance of a class of this file (`bit = BIT(n)`, `BIT bit(n);`): that
    // class's method, so a Fenwick tree or union-find defined beside the caller is charged (a Go
    // method is declared beside its type: `func (t *Trie) insert`).
    const owner = est.instanceClass(call.receiver);
    return owner ? candidates.find((u) => u.parent === owner.id || u.receiverType === owner.name) : undefined;
  }
  if (candidates.length === 1) return candidates[0];
  // A helper defined inside the caller (`const auto& bfs = [&]() {...}` in a method, a nested
  // `def dfs`) is the one called, whatever other classes of the file define under that name.
  const nested = candidates.filter((u) => u.parent === from.id);
  if (nested.length === 1) return nested[0];
  // `self.add(x)` where several classes define `add`: the caller's own class.
  const own = candidates.filter((u) => u.parent !== undefined && u.parent === from.parent);
  return own.length === 1 ? own[0] : undefined;
}

const GROWS =
  /^(append|appendleft|push|push_back|push_front|emplace_back|emplace_front|emplace|add|insert|unshift|put|offer|Add|Push|Enqueue|extend)$/;

/**
 * `out.append(x)` / `seen.add(x)` / `heappush(h, x)` on a collection local to the function: it
 * holds at most one entry per pass of the loops around the call (amortised loops count their
 * total), so the function's memory grows by that much.
 */
function noteGrowth(est: Estimator, call: Extract<Flow, { kind: 'call' }>, walk: Walk): void {
  const target = GROWS.test(call.name)
    ? call.receiver
    : /^(heapq\.)?heappush$/.test(call.callee)
      ? call.args[0]
      : undefined;
  const name = target?.trim();
  if (!name || !/^[\w$]+$/.test(name)) return;
  const params = walk.unit.params.map((p) =>
    p
      .replace(/^[.*&$]+/, '')
      .replace(/[:=].*$/, '')
      .trim()
      .split(/\s+/)
      .pop(),
  );
  if (!walk.unit.locals.has(name) || params.includes(name)) return;
  const why = `\`${call.callee}\` adds an entry on each pass (line ${call.line})`;
  const entries = walk.iterations.length ? walk.iterations.reduce((a, b) => multiply(a, b)) : constant();
  walk.grown.push(multiply({ terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] }, entries));
}

/**
 * The callee's cost without its work over a stretch the call hands over (abuttingStretches.ts),
 * that work being added once for the enclosing loop instead (`walk.once`, one pass of the loop);
 * undefined when the call passes no such stretch, when that work is not linear in the stretch, or
 * when the loop is itself inside another loop (a new run of stretches on each of its passes).
 */
function stretchShared(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  local: Unit,
  params: string[],
  cost: Cost,
  walk: Walk,
): Cost | undefined {
  if (walk.loopLines.length !== 1 || cost.unknown.length) return undefined;
  // (or a block of a strided range: `for i in range(0, n, l): reverse(i, i + l - 1)`, strideBlocks.ts)
  const abutting = abuttingCall(est, call, params, walk.unit);
  const strided = abutting ? undefined : strideCall(est, call, params, walk.unit);
  const pair = abutting ?? strided?.pair;
  if (!pair) return undefined;
  const ends = new RegExp(`(?<![\\w$.])(?:${pair.map(escape).join('|')})(?![\\w$])`);
  // (also a local of the callee written once from the stretch's ends: `int n = end - begin;`)
  const alias = (k: string) => {
    const writes = est.facts.statements.filter(
      (s) =>
        s.line > local.line &&
        s.line <= local.endLine &&
        (s.kind === 'declaration' || s.kind === 'assignment') &&
        s.target?.trim() === k,
    );
    return writes.length === 1 && ends.test(writes[0]!.value ?? '');
  };
  const over = (t: Term) =>
    Object.keys(t.powers).some((k) => (t.powers[k] ?? 0) > 0 && (ends.test(k) || alias(k)));
  const stretchTerms = cost.terms.filter(over);
  if (!stretchTerms.length) return undefined;
  const linearIn = (t: Term) => {
    const keys = Object.keys(t.powers).filter((k) => (t.powers[k] ?? 0) > 0);
    return (
      keys.length === 1 &&
      t.powers[keys[0]!] === 1 &&
      !Object.keys(t.logs).length &&
      !t.exponential &&
      !t.factorial
    );
  };
  if (!stretchTerms.every(linearIn)) return undefined;
  const why = strided
    ? `calls \`${local.name}\` (line ${call.line}) on the block \`${pair.join('..')}\`, and the loop at line ${walk.loopLines[0]} jumps past it by \`${strided.stride}\`: the blocks do not overlap, so their work adds up to one pass of the loop`
    : `calls \`${local.name}\` (line ${call.line}) on the stretch \`${pair.join('..')}\`, whose start the loop at line ${walk.loopLines[0]} then moves to its end: the stretches abut, so their work adds up to one pass of the loop`;
  const pass = walk.iterations[0]!;
  walk.once.push({ terms: pass.terms.map((t) => ({ ...t, why: [why] })), unknown: [] });
  const rest = cost.terms.filter((t) => !over(t));
  return { terms: rest.length ? rest : constant().terms, unknown: [] };
}

/**
 * A sort of a local list outside every loop, when the list is as long as the passes P of the one
 * loop that filled it (appendedLists.ts: `ans.push(x)` in the inner loop of `for i < m, for j <
 * n`): P log P, in the loop's own sizes (m·n·log(m·n)) rather than in a letter of the list's own.
 * Only for passes that are a product of sizes, none an item of a loop or an expression (a count or
 * a length read from an item adds up to far fewer passes than the product; no logarithm of a
 * logarithm is written).
 */
function filledSort(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  key: string,
  walk: Walk,
  target: string,
): Cost | undefined {
  if (walk.loopLines.length) return undefined;
  const filled = appendedSize(est, call, key, walk);
  const term = filled?.terms.length === 1 && !filled.unknown.length ? filled.terms[0]! : undefined;
  const keys = term ? Object.keys(term.powers) : [];
  if (!term || Object.keys(term.logs).length || term.exponential) return undefined;
  // A list of a fixed number of entries (a fixed count of passes, the letters of an alphabet).
  if (!keys.length)
    return {
      terms: [
        {
          powers: {},
          logs: {},
          why: [`\`${target}\` sorts \`${key}\`, a fixed number of entries (line ${call.line})`, ...term.why],
        },
      ],
      unknown: [],
    };
  const items = new Set(
    statementsIn(est.facts, walk.unit)
      .filter((s) => s.kind === 'loop' && s.loopKind === 'for-each')
      .flatMap((s) => (s.item ?? '').split(/[^\w$]+/)),
  );
  // (a loop over an item, `for &v in x` with `x` a row of `nums`, runs the items' total, not count × longest)
  const readValue = (k: string) =>
    !/^[A-Za-z_$][\w$.]*(?:\[0\])*$/.test(k) || items.has(k.replace(/[.[].*$/, ''));
  if (keys.some((k) => !Number.isInteger(term.powers[k]) || term.powers[k]! < 1 || readValue(k)))
    return undefined;
  const why = `\`${target}\` sorts \`${key}\`, as long as the passes of the loop that filled it: O(P log P) (line ${call.line})`;
  return {
    terms: keys.map((k) => ({ powers: { ...term.powers }, logs: { [k]: 1 }, why: [why, ...term.why] })),
    unknown: [],
  };
}
