// The cost of a loop: its iteration count (read from the header's bound) times its body, except
// for inner loops whose passes are shared out over the outer loop's passes (amortised: a drained
// work list, a pointer the outer loop never resets, neighbour lists of a drained queue), which add
// their total once.
import type { Flow, LoopFlow, Statement, Unit } from '../model';
import { localCallee } from './callCost';
import { splitExitArms } from './earlyExit';
import { quickSelectRange } from './quickSelect';
import {
  type Cost,
  type Term,
  add,
  constant,
  exponential,
  linear,
  logarithmic,
  multiply,
  squareRoot,
  unknown,
} from './cost';
import type { Estimator, UnitComplexity, Walk } from './walk';

export function loopCost(est: Estimator, flow: Extract<Flow, { kind: 'loop' }>, walk: Walk): Cost {
  const bound = flow.bound;
  let iterations: Cost;
  let key: string | undefined;
  if (
    bound.kind !== 'constant' &&
    bound.kind !== 'unknown' &&
    !(bound.kind === 'linear' && bound.alsoKeys?.length) &&
    (est.fixedSize(bound.key) || est.fixedSize(est.resolveKey(bound.key, walk)))
  ) {
    // `for d in DIRECTIONS`, `range(ALPHABET_SIZE)`: a literal-sized collection or small constant.
    iterations = constant();
  } else if (bound.kind === 'linear') {
    if (bound.twoPointers) walk.patterns.push({ concept: 'two pointers', line: flow.line });
    key = est.resolveKey(bound.key, walk);
    iterations = add(
      linear(key, `loop over \`${bound.key}\` (line ${flow.line})`),
      ...(bound.alsoKeys ?? []).map((k) =>
        linear(est.resolveKey(k, walk), `loop over \`${k}\` (line ${flow.line})`),
      ),
    );
  } else if (bound.kind === 'log') {
    if (bound.search) walk.patterns.push({ concept: 'binary search', line: flow.line });
    key = est.resolveKey(bound.key, walk);
    iterations = logarithmic(key, `loop ${bound.why ?? 'halving its range'} (line ${flow.line})`);
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
      `loop while the counter's square stays within \`${bound.key}\`: √ iterations (line ${flow.line})`,
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
    walk.valueKeys.add(key);
  }
  const loopKeys = new Map(walk.loopKeys);
  if (flow.variable && key && flow.counting)
    for (const v of flow.variable.split(/[\s,()[\]]+/).filter(Boolean)) loopKeys.set(v, key);
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
  const drains = bound.kind === 'linear' && bound.amortised === 'drains';
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
  const { rest: staying, exits } = splitExitArms(flow.body);
  for (const exit of exits) {
    const why = `runs at most once per call: the branch at line ${exit.line} returns`;
    const armWalk: Walk = { ...inner, iterations: walk.iterations };
    walk.once.push(
      multiply(
        { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] },
        est.flows(exit.flows, armWalk),
      ),
    );
  }
  const { rest: unshared, shared } = splitAmortised(est, staying, flow, walk, drains);
  const { rest: repeated, once } = splitSharedTraversals(est, unshared, walk, walk.loopLines[0] ?? flow.line);
  // Added once for the whole function, outside every enclosing loop.
  for (const f of once) walk.once.push(est.flows([f], inner));
  for (const f of shared) {
    const b = f.bound as Extract<LoopFlow['bound'], { kind: 'linear' }>;
    if (b.amortised === 'pointer' && !b.twoPointers && !b.failureLinks && !b.linkWalk)
      walk.patterns.push({ concept: 'sliding window', line: f.line });
    else if (b.amortised !== 'pointer' && /\[/.test(b.key))
      walk.patterns.push({ concept: 'graph traversal', line: flow.line });
  }
  const sharedCost = shared.map((f) => {
    const why = `the loop at line ${f.line} runs at most once per element over all passes of the loop at line ${flow.line} (amortised)`;
    const total = iterations.unknown.length
      ? iterations
      : amortisedTotal(est, f, flow, iterations, why, inner);
    const b = f.bound as Extract<LoopFlow['bound'], { kind: 'linear' }>;
    const walksList = drains && flow.bound.kind === 'linear' && b.key === flow.bound.key;
    // The amortised loop's total replaces this loop's count for what its body grows.
    const fWalk: Walk = {
      ...inner,
      loopLines: [...inner.loopLines, f.line],
      iterations: [...walk.iterations, total],
    };
    fWalk.loopPasses.set(
      f.line,
      fWalk.iterations.reduce((a, b) => multiply(a, b)),
    );
    return passes(est, f, total, fWalk, b.amortised === 'drains' || walksList, inner);
  });
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
  return add(multiply(iterations, body), ...sharedCost);
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
    if (f.kind === 'loop' && amortisedIn(est, f, outer, walk, drains)) shared.push(f);
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
    return /^([\w$.]+)\[[^\]]+\]$/.exec(keys[0]!)?.[1];
  };
  const moved = body.terms.filter((t) => owner(t) !== undefined);
  if (!moved.length) return body;
  const why = `scans of each item's neighbour list inside the work-list loop at line ${flow.line} add up to one pass over all lists (amortised)`;
  for (const t of moved) sharedCost.push(linear(owner(t)!, why));
  const rest = body.terms.filter((t) => !moved.includes(t));
  return { terms: rest.length ? rest : constant().terms, unknown: body.unknown };
}

/**
 * Separates, from a loop body, the calls to a visited-guarded traversal whose mark outlives the call
 * (`for i, j in cells: if grid[i][j]: dfs(i, j)` where `dfs` marks `grid`): together they enter each
 * item once, so their cost is added once rather than multiplied by the loop's passes.
 */
function splitSharedTraversals(
  est: Estimator,
  flows: Flow[],
  walk: Walk,
  loopLine: number,
): { rest: Flow[]; once: Flow[] } {
  const rest: Flow[] = [];
  const once: Flow[] = [];
  for (const f of flows) {
    if (f.kind === 'call') {
      const callee = localCallee(est, f, walk.unit);
      if (callee && callee.id !== walk.unit.id && sharesMark(est, est.of(callee), f, loopLine)) {
        once.push(f);
        continue;
      }
    } else if (f.kind === 'branch') {
      const arms = f.arms.map((arm) => splitSharedTraversals(est, arm, walk, loopLine));
      rest.push({ ...f, arms: arms.map((a) => a.rest) });
      once.push(...arms.flatMap((a) => a.once));
      continue;
    }
    rest.push(f);
  }
  return { rest, once };
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

/**
 * True when `inner`, directly inside `outer`, is amortised: it drains a work list, or moves a
 * pointer that `outer` does not reset (no plain `pointer = ...` between the two loop headers and
 * the pointer is not the outer loop's own variable), or it scans a neighbour list `g[v]` of an
 * item `outer` takes from a drained queue, or walks the level of work list `outer` drains.
 */
function amortisedIn(est: Estimator, inner: LoopFlow, outer: LoopFlow, walk: Walk, drains: boolean): boolean {
  const unit = walk.unit;
  const bound = inner.bound;
  if (bound.kind !== 'linear') return false;
  if (bound.amortised === 'drains') return true;
  if (drains && /^[\w$.]+\[[^\]]+\]$/.test(bound.key)) return true;
  // `for child in node.children` of an item `node` taken from a drained list: each item's own
  // neighbour list is scanned once in all.
  const item = outer.variable?.trim();
  if (drains && item && /^[\w$]+$/.test(item) && new RegExp(`^${item}(\\.|->)[\\w$]+$`).test(bound.key))
    return true;
  // ... also when the item is a local taken from the list in the body (`node = stack.pop()`).
  const owner = /^([\w$]+)(?:\.|->)[\w$]+$/.exec(bound.key)?.[1];
  if (drains && owner && outer.bound.kind === 'linear' && takenFrom(est, owner, outer, inner)) return true;
  // `while q: for u in q: ...; q = next_level`: the inner loop walks each level once (also through
  // a size alias: `int size = que.size(); for (int i = 0; i < size; ++i)`).
  if (
    drains &&
    outer.bound.kind === 'linear' &&
    (bound.key === outer.bound.key ||
      est.resolveKey(bound.key, walk) === est.resolveKey(outer.bound.key, walk))
  )
    return true;
  if (bucketIndex(inner, outer) && filledByAppends(est, bucketIndex(inner, outer)!)) return true;
  // Counting sort: `for i in range(len(cnt)): for _ in range(cnt[i])` where `cnt[x] += 1` once per
  // element: the inner passes add up to the number of increments.
  if (inner.counting && bucketIndex(inner, outer) && countedUp(est, bucketIndex(inner, outer)!)) return true;
  if (linearSieve(est, inner, outer)) return true;
  if (bucketOwner(inner, outer) && outer.bound.kind === 'linear' && filledByAppends(est, outer.bound.key))
    return true;
  if (bound.amortised !== 'pointer' || !bound.pointer) return false;
  const pointer = bound.pointer;
  const counter = outerCounter(est, outer);
  if (outer.variable?.split(/[\s,()[\]]+/).includes(pointer) || pointer === counter) {
    // The inner loop advances the outer loop's own counter (`for (i = 0; i < n; ++i) while (i < n
    // && s[i] != ' ') ++i;`): both loops move one counter forward, so together they pass each
    // position once. A for-each (Python `for i in range(n)`) rebinds its variable on every pass,
    // so advancing it inside does not skip anything there.
    return counter === pointer && sameDirection(est, pointer, outer);
  }
  // `j = i; while (j < n && ...) ++j; i = j;`: the inner pointer starts at the outer counter and
  // the outer counter jumps to where the pointer stopped, so again each position is passed once.
  if (counter && startsAtAndJumps(est, pointer, counter, outer, inner, unit)) return true;
  const reset = est.facts.statements.some(
    (s) =>
      s.line > outer.line &&
      s.line < inner.line &&
      s.line <= unit.endLine &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      // `left, right = j + 1, n - 1` resets both names.
      !!s.target
        ?.replace(/^[([]|[)\]]$/g, '')
        .split(',')
        .some((t) => t.trim() === pointer) &&
      (s.kind === 'declaration' || s.operator === '=') &&
      // `left = max(left, i + 1)` only moves the pointer forward: not a reset.
      !new RegExp(`^\\s*(?:std::)?max\\s*\\(\\s*${pointer.replace(/[$]/g, '\\$&')}\\s*,`).test(s.value ?? ''),
  );
  return !reset;
}

/**
 * The counter a C-style `for` or a `while` loop tests (`i` in `for (int i = 0; i < n; ++i)` or
 * `while i < n`); undefined for a for-each, whose variable is rebound on every pass.
 */
function outerCounter(est: Estimator, outer: LoopFlow): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === outer.line);
  if (!header || (header.loopKind !== 'counter' && header.loopKind !== 'while' && header.loopKind !== 'do'))
    return undefined;
  if (header.loopKind === 'counter' && outer.variable && /^[\w$]+$/.test(outer.variable.trim()))
    return outer.variable.trim();
  const cond = (header.condition ?? '').trim().replace(/^\(+/, '');
  return /^([A-Za-z_$][\w$]*)\s*(?:<=|<|>=|>|!=)/.exec(cond)?.[1];
}

/** Every step of `name` in the outer loop (header included) goes one way: all increments or all decrements. */
function sameDirection(est: Estimator, name: string, outer: LoopFlow): boolean {
  const n = name.replace(/[$]/g, '\\$&');
  const up = new RegExp(`(\\+\\+\\s*${n}\\b|\\b${n}\\s*\\+\\+|\\b${n}\\s*\\+=)`);
  const down = new RegExp(`(--\\s*${n}\\b|\\b${n}\\s*--|\\b${n}\\s*-=)`);
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === outer.line);
  const inside = est.facts.statements.filter(
    (s) => header && s.line >= outer.line && s.line <= loopEndLine(est, header),
  );
  const lines = inside.map((s) => ({
    code: s.kind === 'loop' && s.line === outer.line ? s.code : s.code.split('\n')[0]!,
  }));
  const ups = lines.some((s) => up.test(s.code));
  const downs = lines.some((s) => down.test(s.code));
  return ups !== downs;
}

/** The last line of the statements nested in loop `header` (by statement depth). */
function loopEndLine(est: Estimator, header: Statement): number {
  let end = header.line;
  for (const s of est.facts.statements) {
    if (s.line <= header.line) continue;
    if (s.depth <= header.depth) break;
    end = s.line;
  }
  return end;
}

/**
 * The inner `pointer` is set from the outer `counter` between the two headers (`j = i`,
 * `int j = i + 1`) and, after the inner loop, the counter is set from the pointer (`i = j`,
 * `i = j - 1`).
 */
function startsAtAndJumps(
  est: Estimator,
  pointer: string,
  counter: string,
  outer: LoopFlow,
  inner: LoopFlow,
  unit: Unit,
): boolean {
  const p = pointer.replace(/[$]/g, '\\$&');
  const c = counter.replace(/[$]/g, '\\$&');
  const inUnit = est.facts.statements.filter(
    (s) => s.line <= unit.endLine && (s.kind === 'assignment' || s.kind === 'declaration'),
  );
  // The value given to `name` by an assignment, also from a tuple (`j, acc = i, 0` gives `j` `i`).
  const valueFor = (s: Statement, name: string): string | undefined => {
    const targets = (s.target ?? '').split(',').map((t) => t.trim().replace(/^.*\s/, ''));
    const values = targets.length > 1 ? (s.value ?? '').split(',') : [s.value ?? ''];
    const at = targets.indexOf(name);
    return at >= 0 && values.length === targets.length ? values[at] : undefined;
  };
  const starts = inUnit.some(
    (s) =>
      s.line > outer.line &&
      s.line <= inner.line &&
      new RegExp(`^\\s*${c}\\s*([-+]\\s*\\d+)?\\s*;?$`).test(valueFor(s, pointer) ?? '#'),
  );
  const jumps = inUnit.some(
    (s) =>
      s.line > inner.line &&
      s.target?.trim() === counter &&
      (s.operator === '=' || s.operator === undefined) &&
      new RegExp(`^\\s*${p}\\s*([-+]\\s*\\d+)?\\s*;?$`).test(s.value ?? ''),
  );
  // ... or a later loop walks the counter up to the pointer (`while i < j: ...; i += 1`).
  const catchesUp = est.facts.statements.some(
    (s) =>
      s.kind === 'loop' &&
      s.line > inner.line &&
      s.line <= unit.endLine &&
      new RegExp(`^\\(?\\s*${c}\\s*(<|<=|!=)\\s*${p}\\s*\\)?:?$`).test((s.condition ?? '').trim()),
  );
  return starts && (jumps || catchesUp);
}

/**
 * The callee's visited mark outlives this call: it is not created in the callee, and when it is a
 * parameter, the caller's argument is not created anew after the loop starts (`seen = set()` in
 * the loop would give every call a fresh mark).
 */
function sharesMark(
  est: Estimator,
  callee: UnitComplexity,
  call: Extract<Flow, { kind: 'call' }>,
  loopLine: number,
): boolean {
  if (!callee.recursion?.includes('shared mark') || !callee.mark) return false;
  const params = callee.unit.params.map((p) =>
    p
      .replace(/^[.*&$]+/, '')
      .replace(/[:=].*$/, '')
      .trim(),
  );
  const index = params.indexOf(callee.mark);
  if (index < 0) return true;
  // `&lookup` (C++ pointer argument) passes the caller's `lookup` itself.
  const arg = call.args[index]?.trim().replace(/^&\s*/, '');
  if (!arg || !/^[\w$.]+$/.test(arg)) return false;
  return !est.facts.statements.some(
    (s) =>
      s.line >= loopLine &&
      s.line < call.line &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.target?.trim() === arg,
  );
}

/** The names an outer loop binds (`u`, `k, xs`, `[k, v]`). */
function loopVariables(outer: LoopFlow): string[] {
  return outer.variable?.split(/[\s,()[\]&*]+/).filter(Boolean) ?? [];
}

/**
 * `for u in range(n): for v in adj[u]` / `for (int i = 0; i < size(b); ++i) for (x : b[i])`: the
 * inner loop scans the bucket the outer loop's own variable selects, so each bucket once — the
 * bucket collection (`adj`) is returned.
 */
function bucketIndex(inner: LoopFlow, outer: LoopFlow): string | undefined {
  if (inner.bound.kind !== 'linear') return undefined;
  const indexed = /^([\w$.]+)\[\s*([\w$]+)\s*\]$/.exec(inner.bound.key);
  return indexed && loopVariables(outer).includes(indexed[2]!) ? indexed[1] : undefined;
}

/** `for b in buckets: for x in b` / `for k, xs in groups.items(): for x in xs` / `kvp.second`: the inner loop scans the outer item. */
function bucketOwner(inner: LoopFlow, outer: LoopFlow): boolean {
  if (inner.bound.kind !== 'linear' || outer.counting) return false;
  const owner = /^([\w$]+)(?:(?:\.|->)(?:second|first|Value|value))?$/.exec(inner.bound.key)?.[1];
  return !!owner && loopVariables(outer).includes(owner);
}

/**
 * True when `name` is a collection of buckets filled by appending to its elements
 * (`adj[u].append(v)`, `buckets[c].push_back(x)`, `groups[k].add(x)`): all buckets together hold
 * one entry per append, so scanning every bucket once costs the number of appends in total, not
 * the number of buckets times the largest one. A grid or a list of words is not such a collection.
 */
function filledByAppends(est: Estimator, name: string): boolean {
  if (!/^[\w$.]+$/.test(name)) return false;
  const n = name.replace(/^(self|this)(\.|->)/, '').replace(/[$.]/g, '\\$&');
  const append = new RegExp(
    `\\b${n}\\s*\\[[^\\]]*\\]\\s*(\\.|->)\\s*(append|push_back|push|add|emplace_back|emplace|insert|extend)\\s*\\(|\\b${n}\\.setdefault\\([^)]*\\)\\.append\\(`,
  );
  return est.facts.statements.some((s) => append.test(s.code));
}

/** `cnt[x] += 1`, `++cnt[x]`, `cnt[x]++`: a collection of counts raised by one per element. */
function countedUp(est: Estimator, name: string): boolean {
  if (!/^[\w$.]+$/.test(name)) return false;
  const n = name.replace(/^(self|this)(\.|->)/, '').replace(/[$.]/g, '\\$&');
  const up = new RegExp(`\\b${n}\\s*\\[[^\\]]*\\]\\s*(\\+=\\s*1\\b|\\+\\+)|\\+\\+\\s*${n}\\s*\\[`);
  return est.facts.statements.some((s) => up.test(s.code));
}

/**
 * The linear sieve of Eratosthenes: inside `for i ...`, a loop over the primes found so far marks
 * `spf[i * p]` and stops at the first prime that divides `i` (a `break`), so every composite is
 * marked exactly once — O(n) passes in all, not O(n) per outer pass.
 */
function linearSieve(est: Estimator, inner: LoopFlow, outer: LoopFlow): boolean {
  const p = inner.variable?.replace(/^(?:const\s+)?(?:auto|int|long|int64_t)?\s*&?\s*/, '').trim();
  const i = outer.variable?.trim();
  if (!p || !i || !/^[\w$]+$/.test(p) || !/^[\w$]+$/.test(i) || inner.counting) return false;
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === inner.line);
  if (!header) return false;
  const end = loopEndLine(est, header);
  const body = est.facts.statements.filter((s) => s.line > inner.line && s.line <= end);
  const product = new RegExp(`^[\\w$.]+\\s*\\[\\s*(${i}\\s*\\*\\s*${p}|${p}\\s*\\*\\s*${i})\\s*\\]$`);
  return (
    body.some((s) => s.kind === 'assignment' && product.test(s.target?.trim() ?? '')) &&
    body.some((s) => s.kind === 'jump' && /^break\b/.test(s.keyword ?? ''))
  );
}

/** `owner` is assigned, between the two loop headers, from the work list `outer` drains. */
function takenFrom(est: Estimator, owner: string, outer: LoopFlow, inner: LoopFlow): boolean {
  if (outer.bound.kind !== 'linear' || /^(self|this)$/.test(owner)) return false;
  const list = outer.bound.key;
  const listWord = new RegExp(`(^|[^\\w$.])${list.replace(/[$.]/g, '\\$&')}\\b`);
  const ownerWord = new RegExp(`(^|[^\\w$.])${owner}\\b`);
  return est.facts.statements.some(
    (s) =>
      s.line > outer.line &&
      s.line < inner.line &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      !!s.target &&
      ownerWord.test(s.target) &&
      !!s.value &&
      listWord.test(s.value),
  );
}
