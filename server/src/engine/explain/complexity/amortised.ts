// Whether an inner loop's passes are shared out over its outer loop's passes (amortised) rather
// than repeated for each: a drained work list, a pointer the outer loop never resets, the outer
// counter advanced inside, neighbour lists of a drained queue, buckets filled by appends, counting
// sort, the linear sieve. loopCost.ts adds the total of such loops once instead of multiplying.
import type { LoopFlow, Statement, Unit } from '../model';
import { splitConjuncts } from '../extract/loopSteps';
import { currentBucket, filledByAppends } from './buckets';
import { stepsOuterPointer } from './outerSteps';
import { catchUpFill } from './catchUp';
import { abuttingLoop } from './abuttingStretches';
import { clearedBucket } from './clearedBuckets';
import { declaredName } from './declaredName';
import { assignedPairs } from './traversal';
import { homedSwaps, markedSwaps } from './markedSwaps';
import { markedLevel } from './markedLevels';
import { poppedStack, refilledInBulk } from './poppedStacks';
import { entryCountLoop } from './entryCounts';
import { takesFromCounts } from './countTakes';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';

/**
 * True when `inner`, directly inside `outer`, is amortised: it drains a work list, or moves a
 * pointer that `outer` does not reset (no plain `pointer = ...` between the two loop headers and
 * the pointer is not the outer loop's own variable), or it scans a neighbour list `g[v]` of an
 * item `outer` takes from a drained queue, or walks the level of work list `outer` drains.
 */
export function amortisedIn(
  est: Estimator,
  inner: LoopFlow,
  outer: LoopFlow,
  walk: Walk,
  drains: boolean,
): boolean {
  const unit = walk.unit;
  const bound = inner.bound;
  if (morrisThread(est, inner, outer, unit) || mirrorExpansion(est, inner, outer, unit)) return true;
  // Every pass steps the pointer the outer loop walks (outerSteps.ts), whatever the inner count.
  if (
    stepsOuterPointer(est, inner, outer, unit, outerCounter(est, outer), (p) => stepDirection(est, p, outer))
  )
    return true;
  // A list filled from its own size up to the outer counter (catchUp.ts): its final size bounds all passes.
  if (catchUpFill(est, inner, outer, unit)) return true;
  // A stretch from a kept start the same pass then moves to its end (abuttingStretches.ts): the
  // stretches abut, so all passes together cover the counter's range once.
  if (abuttingLoop(est, inner, outer)) return true;
  // A bucket the same pass empties after walking it (clearedBuckets.ts): each is walked once in all.
  if (clearedBucket(est, inner, outer)) return true;
  // A cycle walk that marks one more element on each pass (markedSwaps.ts): n passes in all.
  if (markedSwaps(est, inner, outer)) return true;
  // A cyclic sort that swaps each element into its home slot (markedSwaps.ts): n passes in all.
  if (homedSwaps(est, inner, outer)) return true;
  // A level of a search whose items join it only under a mark that stays set (markedLevels.ts).
  if (markedLevel(est, inner, outer, walk)) return true;
  // A Python stack popped on every pass of a loop reading its top (poppedStacks.ts): drained.
  const popped = poppedStack(est, inner);
  if (popped?.kind === 'linear' && !refilledInBulk(est, popped.key, outer, inner)) return true;
  if (bound.kind !== 'linear') return false;
  // (`+=` left out: Python's `stk += c` with one character and C++'s string `stk += c` push one item)
  if (bound.amortised === 'drains') return !refilledInBulk(est, bound.key, outer, inner, false);
  // (`adj[u]`, also `adj[q[i]]` for a list walked by index, and `g[c][u]` for one of several
  // adjacency tables, the edges of colour `c`)
  if (drains && /^[\w$.]+(?:\[(?:[^[\]]|\[[^[\]]*\])+\])+$/.test(bound.key)) return true;
  // `for child in node.children` of an item `node` taken from a drained list: each item's own
  // neighbour list is scanned once in all.
  const item = outer.variable?.trim();
  if (
    drains &&
    item &&
    /^[\w$]+$/.test(item) &&
    new RegExp(`^${escape(item)}(\\.|->)[\\w$]+$`).test(bound.key)
  )
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
  // ... also a loop that counts an entry down to zero (`while (cnt[x]) { …; --cnt[x]; }`) under any
  // outer loop: it spends what was counted, so all its passes are at most the increments.
  const table = bound.spends ? /^([\w$.]+)\[/.exec(bound.key)?.[1] : undefined;
  if (table && countedUp(est, table)) return true;
  // ... also a count read from the entry a loop over a counted map is on (entryCounts.ts).
  if (entryCountLoop(est, unit, inner, outer)) return true;
  // Every pass takes one from a count and leaves once it is spent (countTakes.ts): the counts' total.
  if (takesFromCounts(est, unit, inner, outer)) return true;
  if (linearSieve(est, inner, outer)) return true;
  if (bucketOwner(inner, outer) && outer.bound.kind === 'linear' && filledByAppends(est, outer.bound.key))
    return true;
  // ... also a bucket bound in the body first (`var ts = e.getValue();`, `auto& ts = d[k];`).
  if (outer.bound.kind === 'linear' && currentBucket(est, outer.line, bound.key)) return true;
  // A walk that sets the mark it tests (markedWalk.ts): shared out while the outer loop keeps the mark.
  if (bound.amortised === 'marks') return !createdWithin(est, bound.key, outer.line, inner.line, unit);
  // Every pass pops a list that outlives the outer loop (`for (_ < l) { …; stk.pop_back(); }`): the
  // pops of all passes together are at most the pushes, which are counted where they are made.
  if (popsKeptList(est, inner, outer, unit)) return true;
  // A list the same pass creates and fills only in such a walk (`cycle.push_back(j)`, Go's
  // `cycle = append(cycle, j)`): as long in all.
  if (filledByMarkedWalk(est, bound.key, inner, outer, unit)) return true;
  if (bound.amortised !== 'pointer' || !bound.pointer) return false;
  const pointer = bound.pointer;
  const counter = outerCounter(est, outer);
  // A link walk (`cur = cur.next`) only ever moves forward: `while (cur != null)` around it is a
  // walk of the same pointer, not a counter stepped in some direction (checked for a reset below).
  if (!bound.linkWalk && (outer.variable?.split(/[\s,()[\]]+/).includes(pointer) || pointer === counter)) {
    // The inner loop advances the outer loop's own counter (`for (i = 0; i < n; ++i) while (i < n
    // && s[i] != ' ') ++i;`): both loops move one counter forward, so together they pass each
    // position once. A for-each (Python `for i in range(n)`) rebinds its variable on every pass,
    // so advancing it inside does not skip anything there.
    return counter === pointer && sameDirection(est, pointer, outer);
  }
  // `j = i; while (j < n && ...) ++j; i = j;`: the inner pointer starts at the outer counter and
  // the outer counter jumps to where the pointer stopped, so again each position is passed once.
  // A `while` over two pointers (`while i < m && j < n`) has a counter in each conjunct.
  if (outerCounters(est, outer, counter).some((c) => startsAtAndJumps(est, pointer, c, outer, inner, unit)))
    return true;
  // The same along links: `runner = cur.next; while runner and …: runner = runner.next; cur = runner`
  // — the outer walk goes on from where the inner one stopped, so each node is passed once.
  if (
    bound.linkWalk &&
    outer.bound.kind === 'linear' &&
    outer.bound.linkWalk &&
    outer.bound.pointer &&
    outer.bound.pointer !== pointer &&
    startsAtAndJumps(est, pointer, outer.bound.pointer, outer, inner, unit, true)
  )
    return true;
  const reset = est.facts.statements.some(
    (s) =>
      s.line > outer.line &&
      s.line < inner.line &&
      s.line <= unit.endLine &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      // `left, right = j + 1, n - 1` resets both names, and so does a declaration of several
      // (`int i = k / 2, j = (k + 1) / 2;`, whose target names only the first).
      [
        ...(s.target?.replace(/^[([]|[)\]]$/g, '').split(',') ?? []),
        ...(s.kind === 'declaration' ? assignedPairs(s).map(([t]) => t) : []),
      ]
        // (PHP targets keep their `$`: `$i = $k >> 1` resets the pointer `i`.)
        .some((t) => t.trim().replace(/^\$/, '') === pointer.replace(/^\$/, '')) &&
      (s.kind === 'declaration' || s.operator === '=') &&
      // `left = max(left, i + 1)` only moves the pointer forward: not a reset.
      !new RegExp(`^\\s*(?:std::)?max\\s*\\(\\s*${escape(pointer)}\\s*,`).test(s.value ?? ''),
  );
  return !reset;
}

/**
 * `vector<int> cycle; while (!seen[j]) { cycle.push_back(j); seen[j] = true; j = next[j]; } for (k <
 * cycle.size())`: the list is created in the pass and filled only by a marked walk shared out over
 * the outer loop, so the loop over it is shared out as well.
 */
function filledByMarkedWalk(
  est: Estimator,
  key: string,
  inner: LoopFlow,
  outer: LoopFlow,
  unit: Unit,
): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return false;
  const walk = outer.body.find(
    (f): f is LoopFlow =>
      f.kind === 'loop' &&
      f.line < inner.line &&
      f.bound.kind === 'linear' &&
      f.bound.amortised === 'marks' &&
      !createdWithin(est, f.bound.key, outer.line, f.line, unit),
  );
  if (!walk?.endLine) return false;
  // (a count of it taken after the walk, `m = len(cycle)`, then `for k in range(m)`, counts it too)
  const counted = est.facts.statements.filter(
    (s) =>
      s.line > outer.line &&
      s.line < inner.line &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.target?.trim() === key,
  );
  const sized =
    counted.length === 1 && counted[0]!.line > walk.endLine
      ? /^(?:len\(\s*([A-Za-z_$][\w$]*)\s*\)|([A-Za-z_$][\w$]*)\s*\.\s*(?:size\(\)|length))$/.exec(
          (counted[0]!.value ?? '').trim(),
        )
      : undefined;
  if (sized) key = (sized[1] ?? sized[2])!;
  if (!createdWithin(est, key, outer.line, walk.line, unit)) return false;
  const adds = new RegExp(
    `(?:^|[^\\w$.])${escape(key)}\\s*(?:(?:\\.|->)\\s*(?:push_back|emplace_back|push|append|add)\\s*\\(|=\\s*append\\(\\s*${escape(key)}\\s*,)`,
  );
  const writes = est.facts.statements.filter(
    (s) => s.line > outer.line && s.line <= (outer.endLine ?? unit.endLine) && adds.test(s.code),
  );
  return writes.length > 0 && writes.every((s) => s.line > walk.line && s.line <= walk.endLine!);
}

const POPS = /^(?:pop_back|pop|pop_front)$/;

/** A counted loop whose body pops, on every pass, a list declared before the outer loop. */
function popsKeptList(est: Estimator, inner: LoopFlow, outer: LoopFlow, unit: Unit): boolean {
  if (!inner.counting || inner.bound.kind !== 'linear') return false;
  const pops = inner.body.filter(
    (f) => f.kind === 'call' && POPS.test(f.name) && !!f.receiver && /^[A-Za-z_$][\w$]*$/.test(f.receiver),
  );
  return pops.some((f) => {
    const list = (f as { receiver: string }).receiver;
    const declared = est.facts.statements.some(
      (s) =>
        s.kind === 'declaration' && s.line >= unit.line && s.line < outer.line && declaredName(s) === list,
    );
    return declared && !createdWithin(est, list, outer.line, inner.line, unit);
  });
}

/** Whether a statement between the two loop headers declares `name` or assigns it whole. */
function createdWithin(est: Estimator, name: string, from: number, to: number, unit: Unit): boolean {
  return est.facts.statements.some(
    (s) =>
      s.line > from &&
      s.line < to &&
      s.line <= unit.endLine &&
      (s.kind === 'declaration' || (s.kind === 'assignment' && s.operator === '=')) &&
      declaredName(s) === name,
  );
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

/**
 * `counter` and, for a `while`, the names every other top-level conjunct of its condition tests
 * (`j` in `while i < m && j < n`).
 */
function outerCounters(est: Estimator, outer: LoopFlow, counter: string | undefined): string[] {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === outer.line);
  const others =
    header?.loopKind === 'while'
      ? // (Python's `while i < m and j < n` joins its conjuncts with `and`)
        splitConjuncts(unwrapCondition(header.condition ?? '').replace(/\band\b/g, '&&'))
          .map((part) => /^\(?\s*([A-Za-z_$][\w$]*)\s*(?:<=|<|>=|>|!=)/.exec(part)?.[1])
          .filter((c): c is string => !!c && c !== counter)
      : [];
  return [...(counter ? [counter] : []), ...new Set(others)];
}

/** A condition without the brackets around it (`(i < m && j < n)`). */
function unwrapCondition(condition: string): string {
  const c = condition.trim();
  return c.startsWith('(') && c.endsWith(')') && splitConjuncts(c).length === 1 ? c.slice(1, -1) : c;
}

/** Every step of `name` in the outer loop (header included) goes one way: all increments or all decrements. */
function sameDirection(est: Estimator, name: string, outer: LoopFlow): boolean {
  return stepDirection(est, name, outer) !== 0;
}

/** 1 when every step of `name` in the outer loop (header included) is an increment, -1 when every one is a decrement, else 0. */
function stepDirection(est: Estimator, name: string, outer: LoopFlow): number {
  const n = escape(name);
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
  return ups === downs ? 0 : ups ? 1 : -1;
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
  links = false,
): boolean {
  const p = escape(pointer);
  const c = escape(counter);
  // (a link walk may start at the counter's next node: `runner = cur.next`, `auto r = it->next;`)
  const from = links ? `${c}(?:\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*)?` : c;
  const inUnit = est.facts.statements.filter(
    (s) => s.line <= unit.endLine && (s.kind === 'assignment' || s.kind === 'declaration'),
  );
  // The value given to `name` by an assignment, also from a tuple (`j, acc = i, 0` gives `j` `i`).
  const valueFor = (s: Statement, name: string): string | undefined => {
    const targets = (s.target ?? '').split(',').map((t) => t.trim().replace(/^.*\s/, '').replace(/^\$/, ''));
    const values = targets.length > 1 ? (s.value ?? '').split(',') : [s.value ?? ''];
    const at = targets.indexOf(name.replace(/^\$/, ''));
    return at >= 0 && values.length === targets.length ? values[at] : undefined;
  };
  const starts = inUnit.some(
    (s) =>
      s.line > outer.line &&
      s.line <= inner.line &&
      new RegExp(`^\\s*\\$?${from}\\s*([-+]\\s*\\d+)?\\s*;?$`).test(valueFor(s, pointer) ?? '#'),
  );
  // ... and the counter is set from the pointer afterwards, also in a tuple (`i, j = x, y`).
  const jumps = inUnit.some(
    (s) =>
      s.line > inner.line &&
      (s.operator === '=' || s.operator === undefined) &&
      new RegExp(`^\\s*\\$?${p}\\s*([-+]\\s*\\d+)?\\s*;?$`).test(valueFor(s, counter) ?? '#'),
  );
  // ... or a later loop walks the counter up to the pointer (`while i < j: ...; i += 1`).
  const catchesUp = est.facts.statements.some(
    (s) =>
      s.kind === 'loop' &&
      s.line > inner.line &&
      s.line <= unit.endLine &&
      new RegExp(`^\\(?\\s*${c}\\s*(<|<=|!=)\\s*${p}\\s*\\)?:?$`).test((s.condition ?? '').trim()),
  );
  // ... or the outer header's own update does the jump (`for i, j := 0, 0; i < n; i = j`).
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === outer.line);
  const headerJumps =
    header?.loopKind === 'counter' &&
    new RegExp(`^\\s*${c}\\s*=\\s*${p}\\s*([-+]\\s*\\d+)?$`).test(header.value ?? '');
  return starts && (jumps || catchesUp || headerJumps);
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
  // `for j in adj[i]: for k in adj[j]`: the outer loop walks a bucket, whose items repeat across
  // buckets, so `adj[j]` is not each bucket once.
  if (indexed && outer.bound.kind === 'linear' && outer.bound.key.startsWith(`${indexed[1]}[`))
    return undefined;
  return indexed && loopVariables(outer).includes(indexed[2]!) ? indexed[1] : undefined;
}

/** `for b in buckets: for x in b` / `for k, xs in groups.items(): for x in xs` / `kvp.second`: the inner loop scans the outer item. */
export function bucketOwner(inner: LoopFlow, outer: LoopFlow): boolean {
  if (inner.bound.kind !== 'linear' || outer.counting) return false;
  const owner = /^([\w$]+)(?:(?:\.|->)(?:second|first|Value|value))?$/.exec(inner.bound.key)?.[1];
  return !!owner && loopVariables(outer).includes(owner);
}

/** `cnt[x] += 1`, `++cnt[x]`, `cnt[x]++`: a collection of counts raised by one per element. */
function countedUp(est: Estimator, name: string): boolean {
  if (!/^[\w$.]+$/.test(name)) return false;
  const n = escape(name.replace(/^(self|this)(\.|->)/, ''));
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
  const [ei, ep] = [escape(i), escape(p)];
  const product = new RegExp(`^[\\w$.]+\\s*\\[\\s*(${ei}\\s*\\*\\s*${ep}|${ep}\\s*\\*\\s*${ei})\\s*\\]$`);
  return (
    body.some((s) => s.kind === 'assignment' && product.test(s.target?.trim() ?? '')) &&
    body.some((s) => s.kind === 'jump' && /^break\b/.test(s.keyword ?? ''))
  );
}

/** `owner` is assigned, between the two loop headers, from the work list `outer` drains. */
function takenFrom(est: Estimator, owner: string, outer: LoopFlow, inner: LoopFlow): boolean {
  if (outer.bound.kind !== 'linear' || /^(self|this)$/.test(owner)) return false;
  const list = outer.bound.key;
  const listWord = new RegExp(`(^|[^\\w$.])${escape(list)}\\b`);
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

/**
 * Morris traversal: inside a walk of `curr` along tree links, an inner walk of `node` down the
 * right spine of `curr`'s left subtree, where the function threads that spine back to `curr`
 * (`node.right = curr`) and later cuts the thread. Each spine is walked twice in all (once to
 * thread, once to cut), so the inner walks add up to O(n) over the whole traversal.
 */
function morrisThread(est: Estimator, inner: LoopFlow, outer: LoopFlow, unit: Unit): boolean {
  const o = outer.bound;
  // The inner walk's own condition (`node.right && node.right != curr`) need not be readable.
  if (o.kind !== 'linear' || !o.linkWalk || !o.pointer || inner.endLine === undefined) return false;
  const curr = escape(o.pointer);
  const statements = est.facts.statements.filter((s) => s.line > unit.line && s.line <= unit.endLine);
  // The inner loop walks `node = node.right` ...
  const walked = statements
    .filter((s) => s.line > inner.line && s.line <= inner.endLine! && s.kind === 'assignment')
    .map((s) => {
      const target = s.target?.trim() ?? '';
      return /^[\w$]+$/.test(target) &&
        new RegExp(`^${escape(target)}\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*\\s*;?$`).test(s.value?.trim() ?? '')
        ? target
        : undefined;
    })
    .find((t) => t && t !== o.pointer);
  if (!walked) return false;
  // ... and the function threads that spine back to the outer pointer (`node.right = curr`), or
  // splices the walked chain in ahead of the outer pointer's successor (`pre->right = root->right`,
  // `last.next = curr_next` with `curr_next = curr.next`): each chain is walked once by an inner
  // walk, then passed by the outer one.
  const link = new RegExp(`^${escape(walked)}\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*$`);
  const successor = new RegExp(`^${curr}\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*\\s*;?$`);
  const held = statements
    .filter((s) => s.kind === 'assignment' || s.kind === 'declaration')
    .flatMap((s) => assignedPairs(s))
    .filter(([, v]) => successor.test(v.trim()))
    .map(([t]) => t.replace(/^.*[\s&*]/, ''));
  return statements.some(
    (s) =>
      s.kind === 'assignment' &&
      link.test(s.target?.trim() ?? '') &&
      (new RegExp(`^${curr}\\s*;?$`).test(s.value?.trim() ?? '') ||
        successor.test(s.value?.trim() ?? '') ||
        held.includes(s.value?.trim().replace(/;$/, '') ?? '')),
  );
}

/**
 * Z-function and Manacher: inside a loop over `i`, an inner loop extends `z[i]` one step per pass
 * (`z[i] += 1`, `++P[i]`) after `z[i]` started from the mirror inside a window (`z[i] = min(r - i
 * + 1, z[i - l])`), and the window's end then moves to `i + z[i]`. Each pass of the inner loop
 * moves the window's end forward, so all passes together are at most the length of the input.
 */
function mirrorExpansion(est: Estimator, inner: LoopFlow, outer: LoopFlow, unit: Unit): boolean {
  const variable = outer.variable?.trim();
  if (!variable || !/^[\w$]+$/.test(variable) || inner.endLine === undefined) return false;
  const i = escape(variable);
  const statements = est.facts.statements.filter((s) => s.line > outer.line && s.line <= unit.endLine);
  const element = (target: string) =>
    new RegExp(`^([\\w$.]+)\\s*\\[\\s*${i}\\s*\\]$`).exec(target.trim())?.[1];
  const grown = statements
    .filter((s) => s.line > inner.line && s.line <= inner.endLine!)
    .map((s) =>
      s.kind === 'assignment' && s.operator === '+=' && /^1\s*;?$/.test(s.value?.trim() ?? '')
        ? element(s.target ?? '')
        : new RegExp(
            `^(?:\\+\\+\\s*([\\w$.]+)\\s*\\[\\s*${i}\\s*\\]|([\\w$.]+)\\s*\\[\\s*${i}\\s*\\]\\s*\\+\\+)\\s*;?$`,
          )
            .exec(s.code.trim())
            ?.slice(1)
            .find(Boolean),
    )
    .find(Boolean);
  if (!grown) return false;
  const g = escape(grown);
  // The start from the mirror: `z[i] = min(r - i + 1, ...)` (also inside a conditional expression).
  const start = statements.find(
    (s) =>
      s.line < inner.line &&
      s.kind === 'assignment' &&
      element(s.target ?? '') === grown &&
      /\bmin\s*\(/.test(s.value ?? ''),
  );
  const window = start && /\bmin\s*\(\s*([A-Za-z_$][\w$]*)\s*-/.exec(start.value ?? '')?.[1];
  if (!window) return false;
  // ... and the window's end moves to where the expansion stopped.
  return statements.some(
    (s) =>
      s.line > inner.endLine! &&
      s.kind === 'assignment' &&
      (s.target ?? '').split(',').some((t) => t.trim() === window) &&
      new RegExp(`\\b${g}\\s*\\[\\s*${i}\\s*\\]`).test(s.value ?? ''),
  );
}
