// The cost of a loop: its iteration count (read from the header's bound) times its body, except
// for inner loops whose passes are shared out over the outer loop's passes (amortised: a drained
// work list, a pointer the outer loop never resets, neighbour lists of a drained queue), which add
// their total once.
import type { Flow, LoopFlow } from '../model';
import { splitBreakArms, splitExitArms } from './earlyExit';
import { hashHitArm } from './hashHits';
import { statementsIn } from './traversal';
import { quickSelectRange } from './quickSelect';
import { amortisedIn, bucketOwner } from './amortised';
import { compressesAfterClimb, filledByCompressedClimb } from './compressedClimbs';
import { sumOverItems } from './itemTotals';
import { harmonicStep, stridePasses } from './harmonic';
import { yieldEachPass } from './generators';
import {
  type Cost,
  type Term,
  add,
  constant,
  doubted,
  exponential,
  linear,
  logarithmic,
  multiply,
  squareRoot,
  unknown,
} from './cost';
import type { Estimator, Walk } from './walk';
import { splitSharedTraversals } from './sharedTraversals';
import { dataValueDoubt, multiplesDoubt } from './valueBounds';
import { enumeratedIndex, localCountDoubt, rootCount } from './localCounts';
import { rebuiltListDoubt } from './rebuiltLists';
import { elementNameDoubt } from './elementCounts';
import { compoundingDoubt } from './compounding';
import { compoundingCountDoubt, productCountDoubt } from './productCounts';
import { filledByFixedLoops } from './boundedFill';
import { productPasses } from './productBound';
import { ownResultsLoop } from './ownResults';
import { drainedAcrossCalls } from './drainedAcrossCalls';
import { workListGrid } from './gridCells';
import { workListStates } from './workListStates';
import { allocatedStates } from './stateSizes';
import { bitMaskLoop } from './powerSized';
import { stridedTotal } from './strided';
import { poppedStack } from './poppedStacks';
import { lengthGuarded } from './cappedRows';
import { parsedText } from './digits';
import { bitLengthCount } from './bitLengths';
import { foldedValuesLoop } from './foldedValues';
import { appendedSize } from './appendedLists';
import { letterKeyed } from './letterKeys';
import { reducedModulo } from './reducedValues';
import { dividedOut } from './dividedOut';
import { distinctItems, markedLevel, markMade } from './markedLevels';

export function loopCost(est: Estimator, loop: Extract<Flow, { kind: 'loop' }>, walk: Walk): Cost {
  // A Python stack popped on every pass of a loop reading its top is drained (poppedStacks.ts).
  const popped = poppedStack(est, loop);
  const flow = popped ? { ...loop, bound: popped } : loop;
  const bound = flow.bound;
  const grows = bound.kind === 'linear' ? bound.grows : undefined;
  if (grows && (/^(self|this)(\.|->)/.test(grows) || !walk.unit.locals.has(grows))) {
    // `while len(inv) <= n: inv.append(...)` on a table that outlives the call (a field, a global):
    // each entry is added once over all calls, so callers pay the extension once (estimate.ts).
    const why = `extends \`${grows}\` until its size reaches the bound (line ${flow.line}): it outlives the call, so each entry is added once over all calls`;
    walk.persistent.push(
      multiply(
        { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] },
        loopCost(est, { ...flow, bound: { ...bound, grows: undefined } as LoopFlow['bound'] }, walk),
      ),
    );
    return constant();
  }
  const drained = drainedAcrossCalls(est, flow, walk);
  if (drained) {
    // Pops only, from a list pushed elsewhere (drainedAcrossCalls.ts): paid once over all calls.
    const why = `pops \`${drained}\` (line ${flow.line}), which outlives the call and is only pushed elsewhere: over all calls it pops at most what was pushed, so the drain is paid once in all`;
    walk.persistent.push(
      multiply(
        { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] },
        loopCost(est, { ...flow, bound: { ...bound, amortised: undefined } as LoopFlow['bound'] }, walk),
      ),
    );
    return constant();
  }
  // `while self.__curr != False: self.__cv.wait()`: a thread waiting for another to change the
  // condition; its passes are wake-ups, with no work of their own.
  if (flow.body.length && flow.body.every((f) => f.kind === 'call' && /^(wait|wait_for|Wait)$/.test(f.name)))
    return {
      terms: [
        {
          powers: {},
          logs: {},
          why: [
            `the loop at line ${flow.line} only waits for another thread to change its condition: no work of its own`,
          ],
        },
      ],
      unknown: [],
    };
  const perValue = yieldEachPass(est, flow, walk);
  let iterations: Cost;
  let key: string | undefined;
  let masks: { key: string; iterations: Cost } | undefined;
  let root: string | undefined;
  let appended: Cost | undefined;
  let letters: string | undefined;
  let folded: Cost | undefined;
  if (perValue) {
    // A generator resumed by `next()` runs one pass, up to its `yield`, per value asked for.
    const why = perValue.nested
      ? `per value: the loop at line ${flow.line} moves on only once the loop inside it has yielded its values (line ${perValue.line}), so its passes are spread over them (amortised)`
      : `per value: each \`next()\` runs one pass of the loop at line ${flow.line} up to its \`yield\` (line ${perValue.line})`;
    iterations = { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] };
  } else if (
    bound.kind !== 'constant' &&
    bound.kind !== 'unknown' &&
    !(bound.kind === 'linear' && bound.alsoKeys?.length) &&
    (est.fixedSize(bound.key, walk.unit) ||
      est.fixedSize(est.resolveKey(bound.key, walk), walk.unit) ||
      filledByFixedLoops(est, bound.key, walk) ||
      // `for j in cnts.keys()` under `if len(cnts) == k:` with `k` fixed (cappedRows.ts).
      (est.facts.language === 'python' &&
        lengthGuarded(est.facts.statements, flow.line, bound.key, (k) => est.fixedSize(k, walk.unit))))
  ) {
    // `for d in DIRECTIONS`, `range(ALPHABET_SIZE)`: a literal-sized collection or small constant.
    iterations = constant();
  } else if (
    bound.kind === 'linear' &&
    ((bound.climb && compressesAfterClimb(est, walk, bound.key)) ||
      (bound.amortised === 'drains' && filledByCompressedClimb(est, walk, bound.key)))
  ) {
    // `while parent[x] != x: x = parent[x]` followed by a pass re-pointing the path at the root
    // (`while stk: parent[stk.pop()] = x`): path compression, amortised O(α(n)).
    iterations = {
      terms: [
        {
          powers: {},
          logs: {},
          why: [
            `climbs \`${bound.key}\` links (line ${flow.line}) and the function re-points them at the root: path compression, amortised O(α(n)), effectively O(1)`,
          ],
        },
      ],
      unknown: [],
    };
  } else if ((masks = bitMaskLoop(est, bound, walk, flow.line))) {
    // `mask < size(dp)` with `vector<int> dp(1 << n)`: every bit mask of n bits (powerSized.ts).
    ({ key, iterations } = masks);
  } else if (bound.kind === 'linear' && ownResultsLoop(bound.key, walk.unit, est.facts)) {
    iterations = unknown(
      `the loop at line ${flow.line} runs over the results of the recursive call \`${bound.key}\`: their number is the size of its output, which the code does not bound by the input`,
    );
  } else if (bound.kind === 'linear' && (root = rootCount(est, bound, walk))) {
    // `b = (long) Math.sqrt(c); while (a <= b)`: the count is a square root (localCounts.ts).
    if (bound.twoPointers) walk.patterns.push({ concept: 'two pointers', line: flow.line });
    key = est.resolveKey(root, walk);
    iterations = squareRoot(
      key,
      `loop over \`${bound.key}\` (line ${flow.line}), the square root of \`${root}\`: √ iterations`,
    );
  } else if (bound.kind === 'linear' && (letters = letterKeyed(est, bound.key, walk))) {
    // `for c in cnt` with `cnt = Counter(word)`, `word: str`: one key per letter (letterKeys.ts).
    const why = `\`${bound.key}\` is keyed by the letters of the text \`${letters}\` (line ${flow.line}): at most the alphabet, a fixed number of passes`;
    iterations = { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] };
  } else if ((folded = foldedValuesLoop(est, flow, walk))) {
    // `for y in pre` where `pre` holds the distinct ORs of the stretches ending at the item (foldedValues.ts).
    iterations = folded;
  } else if (
    bound.kind === 'linear' &&
    !bound.alsoKeys?.length &&
    !bound.amortised &&
    (appended = appendedSize(est, flow, bound.key, walk, true))
  ) {
    // `for (const w of t)` over a list filled only by appends, in this pass or in one loop before.
    iterations = appended;
  } else if (bound.kind === 'linear') {
    if (bound.twoPointers) walk.patterns.push({ concept: 'two pointers', line: flow.line });
    key = est.resolveKey(bound.key, walk);
    const step = bound.alsoKeys?.length ? undefined : harmonicStep(est, flow, key, walk);
    // A bound that is a product of sizes, or a stride by an outer bound, counts its passes itself.
    const plain = !step && !bound.alsoKeys?.length;
    // A bit length (`max(nums).bit_length()`, `bit_width(mx)`) is the logarithm of its number (bitLengths.ts).
    const bits = plain ? bitLengthCount(est, bound.key, walk, flow.line) : undefined;
    if (bits) walk.valueKeys.add(bits);
    const counted =
      (bits
        ? logarithmic(
            bits,
            `loop over the bits of \`${bits}\` (\`${bound.key}\`, line ${flow.line}): its bit length, O(log) of the number`,
          )
        : undefined) ??
      (plain ? productPasses(est, bound.key, flow.line, walk) : undefined) ??
      (plain ? stridePasses(est, flow, key, walk) : undefined);
    iterations =
      counted ??
      (step
        ? logarithmic(
            key,
            `loop over \`${bound.key}\` stepping by the outer counter \`${step}\` (line ${flow.line}): ${bound.key} / ${step} passes, O(n log n) over all \`${step}\` (harmonic sum)`,
          )
        : add(
            linear(key, `loop over \`${bound.key}\` (line ${flow.line})`),
            ...(bound.alsoKeys ?? []).map((k) =>
              linear(est.resolveKey(k, walk), `loop over \`${k}\` (line ${flow.line})`),
            ),
          ));
    // A count read from the data (`j < nums[i]`) is no size the code shows (valueBounds.ts).
    const valueDoubt =
      step || bits
        ? undefined
        : (multiplesDoubt(bound, flow.line) ??
          dataValueDoubt(bound, flow.line) ??
          elementNameDoubt(est, bound, walk, flow.line) ??
          localCountDoubt(est, bound, walk, flow.line) ??
          rebuiltListDoubt(est, flow, walk) ??
          compoundingDoubt(est, flow, walk) ??
          productCountDoubt(est, flow, walk) ??
          compoundingCountDoubt(est, flow, walk));
    if (valueDoubt) iterations = doubted(iterations, valueDoubt);
    // A work list of grid cells holds at most rows × width of them (gridCells.ts).
    const grid = step || valueDoubt ? undefined : workListGrid(est, flow, walk);
    if (grid) {
      const why = `the work list \`${bound.key}\` holds cells of \`${grid}\` (its items carry both indexes of \`${grid}[…][…]\`, line ${flow.line}): at most rows × width items`;
      // (a table the function allocates has the sizes of its allocation, `(1 << k)` columns)
      iterations =
        allocatedStates(est, walk, grid, why) ??
        multiply(linear(est.resolveKey(grid, walk), why), linear(est.resolveKey(`${grid}[0]`, walk), why));
    }
    // Other work lists of tuples: as many passes as the states their mark admits (workListStates.ts).
    const states = grid || step || valueDoubt ? undefined : workListStates(est, flow, walk);
    if (states) iterations = 'doubt' in states ? doubted(iterations, states.doubt) : states.iterations;
  } else if (bound.kind === 'log') {
    if (bound.search) walk.patterns.push({ concept: 'binary search', line: flow.line });
    key = est.resolveKey(bound.key, walk);
    // A number parsed from a text parameter (`n = int(num)`) has one digit per character (digits.ts).
    const text = /divided/.test(bound.why ?? '') ? parsedText(est.facts, walk.unit, bound.key) : undefined;
    // A value reduced modulo a fixed constant first (`b %= MOD`) is halved a fixed number of times.
    const reduced =
      !text && /divided/.test(bound.why ?? '')
        ? reducedModulo(est, walk.unit, bound.key, flow.line)
        : undefined;
    iterations = reduced
      ? {
          terms: [
            {
              powers: {},
              logs: {},
              why: [
                `loop \`${bound.key}\` is divided on each pass (line ${flow.line}) after \`${bound.key} %= ${reduced[0]}\` (line ${reduced[1]}): it starts below a fixed constant, so the passes are a fixed number`,
              ],
            },
          ],
          unknown: [],
        }
      : text
        ? linear(
            est.resolveKey(text, walk),
            `loop \`${bound.key}\` is divided on each pass (line ${flow.line}), and \`${bound.key}\` is the number written in \`${text}\`: one pass per character`,
          )
        : logarithmic(key, `loop ${bound.why ?? 'halving its range'} (line ${flow.line})`);
  } else if (bound.kind === 'exponential') {
    key = est.resolveKey(bound.key, walk);
    iterations = exponential(
      key,
      `loop over every bit mask of \`${bound.key}\` bits: 2^n iterations (line ${flow.line})`,
    );
  } else if (bound.kind === 'sqrt') {
    key = est.resolveKey(bound.key, walk);
    iterations = squareRoot(
      key,
      bound.why
        ? `loop over \`${bound.key}\` (line ${flow.line}): ${bound.why}`
        : `loop while the counter's square stays within \`${bound.key}\`: √ iterations (line ${flow.line})`,
    );
  } else if (bound.kind === 'constant')
    iterations = bound.why
      ? { terms: [{ powers: {}, logs: {}, why: [`${bound.why} (line ${flow.line})`] }], unknown: [] }
      : constant();
  else
    iterations = unknown(
      `the loop at line ${flow.line} has an unknown number of iterations: ${bound.reason}`,
    );
  // A number bound (`range(n)`) stays a value unless it resolved to a collection (`n = len(xs)`).
  if (
    bound.kind !== 'constant' &&
    bound.kind !== 'unknown' &&
    bound.measure === 'value' &&
    key === bound.key
  ) {
    // (both spellings of a PHP name: sizes drop the `$`, cost.ts)
    walk.valueKeys.add(key).add(key.replace(/^\$/, ''));
  }
  const loopKeys = new Map(walk.loopKeys);
  if (flow.variable && key && flow.counting)
    for (const v of flow.variable.split(/[\s,()[\]]+/).filter(Boolean)) loopKeys.set(v, key);
  // `for i, x in enumerate(xs)`: `i` is a position in `xs` (localCounts.ts).
  const index = key ? enumeratedIndex(est, flow) : undefined;
  if (index && key) loopKeys.set(index, key);
  const inner: Walk = {
    ...walk,
    loopKeys,
    loopLines: [...walk.loopLines, flow.line],
    iterations: [...walk.iterations, iterations],
  };
  inner.loopPasses.set(
    flow.line,
    inner.iterations.reduce((a, b) => multiply(a, b)),
  );
  // (also a list that holds each item once, markedLevels.ts)
  const drains = bound.kind === 'linear' && (bound.amortised === 'drains' || distinctItems(est, flow, walk));
  const select = key && !iterations.unknown.length ? quickSelectRange(est, flow) : undefined;
  if (select) {
    // Quick-select (quickSelect.ts): the passes' work adds up to about one pass, in expectation.
    const why = `random pivot, one side of \`${select.lo}..${select.hi}\` kept on each pass (line ${flow.line}): the range shrinks geometrically, so all passes together cost about one pass (expected)`;
    const once = passes(est, flow, constant(), inner, drains, walk);
    return add(logarithmic(key!, why), {
      terms: once.terms.map((t) => ({ ...t, why: [why, ...t.why] })),
      unknown: once.unknown,
    });
  }
  return passes(est, flow, iterations, inner, drains, walk);
}

/**
 * The cost of `iterations` passes of `flow`'s body. Inner loops whose passes are shared out over
 * this loop's passes (a stack popped at most once per push, a window pointer that only advances,
 * neighbour lists of a drained queue) add their total instead of multiplying: O(n) overall, not
 * O(n) per pass. `drains` says this loop handles the items of a drained work list, so a loop over
 * a neighbour list `g[u]` directly inside it is shared too — also when the work list is walked by
 * an inner loop (`while q: for u in q: for v in g[u]`).
 */
function passes(
  est: Estimator,
  flow: LoopFlow,
  iterations: Cost,
  inner: Walk,
  drains: boolean,
  walk: Walk,
): Cost {
  // Amortised loops directly in the body or in one of its branches (`if step == 1: for v in adj[u]`
  // of an iterative DFS): a branch only decides whether the shared loop runs on this pass.
  // Arms that return end the call: their work is paid once, not on every pass (earlyExit.ts).
  // (also an arm that checks a hash hit and returns on a match: hashHits.ts)
  const { rest: staying, exits } = splitExitArms(flow.body, (branch, arm) =>
    hashHitArm(est, walk, branch, arm),
  );
  for (const exit of exits) {
    const why = exit.why ?? `runs at most once per call: the branch at line ${exit.line} returns`;
    const armWalk: Walk = { ...inner, iterations: walk.iterations };
    walk.once.push(
      multiply(
        { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] },
        est.flows(exit.flows, armWalk),
      ),
    );
  }
  // Arms that end this loop with `break` run at most once per run of it (earlyExit.ts).
  const broken = splitBreakArms(staying, statementsIn(est.facts, walk.unit), flow.line);
  const brokenCost = broken.exits.map((exit) =>
    multiply(
      {
        terms: [
          {
            powers: {},
            logs: {},
            why: [
              `runs at most once per run of the loop at line ${flow.line}: the branch at line ${exit.line} ends it with \`break\``,
            ],
          },
        ],
        unknown: [],
      },
      est.flows(exit.flows, { ...inner, iterations: walk.iterations }),
    ),
  );
  const { rest: unshared, shared } = splitAmortised(est, broken.rest, flow, walk, drains);
  const { rest: repeated, once } = splitSharedTraversals(est, unshared, walk, walk.loopLines[0] ?? flow.line);
  // Added once for the whole function, outside every enclosing loop.
  for (const f of once) walk.once.push(est.flows([f], inner));
  for (const f of shared) {
    const b = f.bound as Extract<LoopFlow['bound'], { kind: 'linear' }>;
    if (!b.amortised && stridedTotal(est, f, flow, walk)) continue;
    if (b.amortised === 'pointer' && !b.twoPointers && !b.failureLinks && !b.linkWalk)
      walk.patterns.push({ concept: 'sliding window', line: f.line });
    else if (b.amortised !== 'pointer' && /\[/.test(b.key))
      walk.patterns.push({ concept: 'graph traversal', line: flow.line });
  }
  const sharedCost = shared.map((f) => {
    const why = `the loop at line ${f.line} runs at most once per element over all passes of the loop at line ${flow.line} (amortised)`;
    // (dividedOut.ts: the factors taken out over all divisors are at most log x in all)
    const factors =
      f.bound.kind === 'log' && dividedOut(est, f, flow)
        ? logarithmic(
            est.resolveKey(f.bound.key, inner),
            `the loop at line ${f.line} divides \`${f.bound.key}\` by each divisor of the loop at line ${flow.line} while it divides it: all its passes together take out at most log \`${f.bound.key}\` factors`,
          )
        : undefined;
    const marked = markedLevel(est, f, flow, walk);
    const level = marked?.total;
    // A mark made before every loop around bounds the walk over all their passes: added once.
    const made = marked && markMade(est, marked.mark, walk);
    const once = !!marked && walk.loopLines.length > 0 && (made ?? -1) < walk.loopLines[0]!;
    const total =
      factors ??
      level ??
      stridedTotal(est, f, flow, walk) ??
      (iterations.unknown.length ? iterations : amortisedTotal(est, f, flow, iterations, why, inner));
    const b = f.bound as Extract<LoopFlow['bound'], { kind: 'linear' }>;
    // (also through a size alias: `sz := len(q); for ; sz > 0; sz--`, as amortisedIn reads it)
    const walksList =
      !!level ||
      (drains &&
        flow.bound.kind === 'linear' &&
        (b.key === flow.bound.key || est.resolveKey(b.key, inner) === est.resolveKey(flow.bound.key, walk)));
    // The amortised loop's total replaces this loop's count for what its body grows.
    const fWalk: Walk = {
      ...inner,
      loopLines: [...inner.loopLines, f.line],
      iterations: once ? [total] : [...walk.iterations, total],
    };
    fWalk.loopPasses.set(
      f.line,
      fWalk.iterations.reduce((a, b) => multiply(a, b)),
    );
    const cost = passes(est, f, total, fWalk, b.amortised === 'drains' || walksList, inner);
    if (!once) return cost;
    walk.once.push(cost);
    return constant();
  });
  sharedCost.push(...brokenCost);
  const body = neighbourScansShared(est.flows(repeated, inner), drains, iterations, flow, sharedCost);
  if (flow.bound.kind === 'linear' && flow.bound.levels && !iterations.unknown.length) {
    // Each pass replaces the work list by the next level, so work linear in the current level
    // (`sum(q)`, `enumerate(q)`) adds up to one pass over all levels: add it, do not multiply.
    const list = est.resolveKey(flow.bound.key, walk);
    const perLevel = body.terms.filter((t) => (t.powers[list] ?? 0) > 0 && !t.exponential);
    if (perLevel.length) {
      const rest = { terms: body.terms.filter((t) => !perLevel.includes(t)), unknown: body.unknown };
      return add(
        multiply(iterations, rest.terms.length ? rest : constant()),
        { terms: perLevel, unknown: [] },
        ...sharedCost,
      );
    }
  }
  // Work on each pass's own item adds up to the items' total size (itemTotals.ts).
  const collection = flow.bound.kind === 'linear' ? est.resolveKey(flow.bound.key, walk) : undefined;
  const perItem = sumOverItems(est, flow, collection, iterations, body, walk);
  return add(perItem ?? multiply(iterations, body), ...sharedCost);
}

/** Splits a loop body into the inner loops amortised over its passes (also inside branches) and the rest. */
function splitAmortised(
  est: Estimator,
  flows: Flow[],
  outer: LoopFlow,
  walk: Walk,
  drains: boolean,
): { rest: Flow[]; shared: LoopFlow[] } {
  const rest: Flow[] = [];
  const shared: LoopFlow[] = [];
  for (const f of flows) {
    // (strided.ts: `j += k` under `i < k` covers the range once in all)
    if (
      f.kind === 'loop' &&
      (amortisedIn(est, f, outer, walk, drains) ||
        stridedTotal(est, f, outer, walk) ||
        dividedOut(est, f, outer))
    )
      shared.push(f);
    else if (f.kind === 'branch') {
      const arms = f.arms.map((arm) => splitAmortised(est, arm, outer, walk, drains));
      rest.push({ ...f, arms: arms.map((a) => a.rest) });
      shared.push(...arms.flatMap((a) => a.shared));
    } else rest.push(f);
  }
  return { rest, shared };
}

/**
 * In a loop draining a work list, work linear in a neighbour list of the item taken (`adj[u]`:
 * `sum(dp[v] for v in adj[u])`, `reversed(adj[u])`) is done once per item, so over all passes it
 * adds up to one pass over every list: O(V + E) in total. Such terms are moved out of the
 * per-pass cost, renamed to the whole collection (`adj`) and added once.
 */
function neighbourScansShared(
  body: Cost,
  drains: boolean,
  iterations: Cost,
  flow: LoopFlow,
  sharedCost: Cost[],
): Cost {
  if (!drains || iterations.unknown.length) return body;
  const owner = (t: Term): string | undefined => {
    const keys = Object.keys(t.powers).filter((k) => (t.powers[k] ?? 0) > 0);
    if (t.exponential || keys.length !== 1 || t.powers[keys[0]!] !== 1 || Object.keys(t.logs).length)
      return undefined;
    // (Java's map of lists spells the item's list `g.get(u)`, C++'s checked access `g.at(u)`)
    return /^([\w$.]+)(?:\[[^\]]+\]|\.get\([^()]+\)|\.at\([A-Za-z_$][\w$]*\))$/.exec(keys[0]!)?.[1];
  };
  const moved = body.terms.filter((t) => owner(t) !== undefined);
  if (!moved.length) return body;
  const why = `scans of each item's neighbour list inside the work-list loop at line ${flow.line} add up to one pass over all lists (amortised)`;
  for (const t of moved) sharedCost.push(linear(owner(t)!, why));
  const rest = body.terms.filter((t) => !moved.includes(t));
  return { terms: rest.length ? rest : constant().terms, unknown: body.unknown };
}

/** Iterations of an amortised inner loop over all passes of its outer loop. */
function amortisedTotal(
  est: Estimator,
  inner: LoopFlow,
  outerLoop: LoopFlow,
  outer: Cost,
  why: string,
  walk: Walk,
): Cost {
  const edges =
    inner.bound.kind === 'linear'
      ? (/^([\w$.]+)\[/.exec(inner.bound.key)?.[1] ??
        (bucketOwner(inner, outerLoop) && outerLoop.bound.kind === 'linear'
          ? outerLoop.bound.key
          : undefined))
      : undefined;
  if (edges)
    return add(linear(est.resolveKey(edges, walk), why), {
      terms: outer.terms.map((t) => ({ ...t, why: [why] })),
      unknown: [],
    });
  return { terms: outer.terms.map((t) => ({ ...t, why: [why] })), unknown: outer.unknown };
}
