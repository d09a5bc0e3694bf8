// The cost of a recursive function from its shape: visited-guarded recursion is a traversal
// (O(V + E)), recursion inside a loop without a lasting mark is backtracking (exponential), halving
// recursion is solved with the Master theorem, one shrinking call is linear in depth, and branching
// recursion is exponential unless memoized.
import type { Statement, Unit } from '../model';
import { cachedByDecorator, isMemoized, memoizes } from '../concepts/memoization';
import {
  type Cost,
  add,
  constant,
  doubted,
  exponential,
  factorial,
  linear,
  logarithmic,
  multiply,
  power,
  unknown,
} from './cost';
import { recursionShape } from './recursion';
import { keyArguments, valueKeyedMemo } from './memoKeys';
import { passesNewChoice } from './newChoice';

export { passesNewChoice } from './newChoice';
import { solveMaster } from './recurrence';
import { halvedNames, reassignedParams, visitedMark } from './traversal';
import { partitionSplit } from './partition';
import { permutationChoices } from './permutations';
import { rangeQueryBounds } from './rangeQuery';
import { depthCapDoubt } from './depthCap';
import { loopMemoStates } from './loopStates';
import { childListWalk, createdPerCall, undoesAfterCall } from './treeWalk';
import { nestedValueWalk } from './nestedValues';
import { markedItems, memoStates, neighbourLists, oneKeyMemo, workPerItem } from './markedStates';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';
import { linksBySize } from './unionByRank';

export function recursiveCost(
  est: Estimator,
  unit: Unit,
  body: Cost,
  walk: Walk,
): { cost: Cost; recursion?: string; mark?: string; depth?: { key: string; kind: 'linear' | 'log' } } {
  const shape = recursionShape(unit, halvedNames(est.facts, unit), reassignedParams(est.facts, unit));
  if (!shape) return { cost: body };
  if (shape.redispatch && !shape.insideLoop) return { cost: body };
  const key = est.resolveKey(shape.key, walk);
  const at = `line${shape.lines.length > 1 ? 's' : ''} ${shape.lines.join(', ')}`;
  const perCall = add(constant(), body);
  const calls = shape.callsPerInvocation;
  const found = calls > 1 || shape.insideLoop ? visitedMark(est.facts, unit, shape.lines) : undefined;
  // A collection each call creates for itself (`int[] res = new int[2]`) cannot stop a later call
  // from revisiting: only a mark that outlives the call is a visited mark.
  const mark = found && !createdPerCall(est, unit, found) ? found : undefined;
  const line = shape.lines[0]!;
  // A memo keyed by one number the calls compute (`dfs(v - y / x)`): its states are not visible.
  const valueKeyed =
    shape.varying.length <= 1 && isMemoized(unit, est.facts)
      ? valueKeyedMemo(est, unit, shape, keyArguments(unit, shape.key))
      : undefined;
  if (valueKeyed)
    return {
      cost: unknown(valueKeyed),
      recursion: 'memoized recursion (states not visible)',
      depth: { key, kind: 'linear' },
    };
  if (mark) {
    // A memo table is marked and tested the same way: that is dynamic programming, not a graph.
    const memo = isMemoized(unit, est.facts);
    walk.patterns.push({ concept: memo ? 'dynamic programming' : 'graph traversal', line });
    // Each item is entered once (the mark is tested before recursing and never undone), and each
    // neighbour list is scanned once per item: O(V + E), whatever the branching.
    const edges = neighbourLists(unit.body, est);
    const why = `visits each item of \`${mark}\` once: it is marked and tested before recursing (${at}), never unmarked`;
    // A mark the function does not create itself (a parameter, a field, an outer variable) stays
    // set across calls, so calls made one after another share one traversal.
    const shared = !est.facts.statements.some(
      (s) =>
        s.line >= unit.line &&
        s.line <= unit.endLine &&
        (s.kind === 'assignment' || s.kind === 'declaration') &&
        s.target?.trim() === mark &&
        (s.operator === undefined || s.operator === '=' || s.operator === 'constant'),
    );
    // Items × the work of one visit; neighbour-list scans are added once in all (markedStates.ts).
    // A memo keyed by a bit set the calls grow over a loop of n items (`f.put(mask, …)` with
    // `dfs(mask | 1 << i)`) holds 2^n entries, whatever container holds them (loopStates.ts).
    const items = markedItems(est, unit, mark, walk, why);
    const bits =
      memo && shape.bitState && !items.terms.some((t) => t.exponential)
        ? loopMemoStates(est, unit, shape.varying, walk, why)
        : undefined;
    return {
      cost: add(
        multiply(bits?.terms.some((t) => t.exponential) ? bits : items, workPerItem(perCall, edges)),
        ...edges.map((e) => linear(e, `scans each neighbour list \`${e}[...]\` once in all`)),
      ),
      recursion: shared
        ? 'graph traversal (visited-guarded, shared mark)'
        : 'graph traversal (visited-guarded)',
      mark,
      depth: { key: est.resolveKey(mark, walk), kind: 'linear' },
    };
  }
  const memoInLoop =
    shape.insideLoop && memoizes(unit, true, est.facts) && !undoesAfterCall(est, unit, shape.lines);
  // Bit sets and loop values as arguments (bit-mask DP, digit DP): states counted in loopStates.ts.
  const loopStates =
    memoInLoop && !oneKeyMemo(est, unit) && (shape.bitState || shape.valueParams || cachedByDecorator(unit))
      ? loopMemoStates(
          est,
          unit,
          shape.varying,
          walk,
          `recursive call inside a loop (${at}) but memoized: each distinct argument is computed once`,
        )
      : undefined;
  if (
    memoInLoop &&
    (oneKeyMemo(est, unit) ||
      loopStates ||
      (shape.varying.length > 1 && !shape.bitState && !shape.valueParams))
  ) {
    // `for j in ...: best = max(best, dfs(j + 1))` returning from a memo table it tests and fills
    // (not a mark undone after the call): each distinct argument is computed once and runs its
    // loop once — states × work per call.
    walk.patterns.push({ concept: 'dynamic programming', line });
    const why = `recursive call inside a loop (${at}) but memoized: each distinct argument is computed once`;
    // A table with several keys holds one state per combination of the parameters the calls vary.
    const states = oneKeyMemo(est, unit)
      ? linear(key, why)
      : (loopStates ?? memoStates(est, shape.varying, key, walk, why));
    return {
      cost: multiply(states, perCall),
      recursion: 'memoized recursion inside a loop',
      depth: { key, kind: 'linear' },
    };
  }
  if (shape.insideLoop) {
    const nested = nestedValueWalk(unit, est.facts.statements);
    if (nested) {
      // Each call gets an element of its caller's argument: one call per nested value, and the
      // loops over the argument's own elements add up to one pass over all of them.
      const size = est.resolveKey(nested, walk);
      const why = `recurses into each element of its own argument \`${nested}\` (${at}): every nested value is entered once, from the value holding it`;
      const rest = {
        terms: perCall.terms.filter((t) => !(t.powers[nested] || t.powers[size])),
        unknown: perCall.unknown,
      };
      return {
        cost: multiply(linear(size, why), rest.terms.length ? rest : constant()),
        recursion: 'nested value walk',
        depth: { key: size, kind: 'linear' },
      };
    }
    const tree = childListWalk(est, unit);
    if (tree) {
      // Recursing once per child of a tree (`for c in children[u]: dfs(c)`, `for child in
      // node.children`) with nothing undone after the call: each node is entered once from its
      // parent and each child list is scanned once — O(n) over the whole tree.
      walk.patterns.push({ concept: 'graph traversal', line });
      const how = tree.guarded ? 'skips the node it came from' : 'undoes nothing after the call';
      const why = `recurses once per child in \`${tree.list}\` (${at}) and ${how}: a tree walk, each node entered once`;
      const rest = {
        terms: perCall.terms.filter(
          (t) => !Object.keys(t.powers).some((k) => /\[/.test(k) || k === tree.list),
        ),
        unknown: perCall.unknown,
      };
      return {
        cost: multiply(linear(est.resolveKey(tree.owner, walk), why), rest.terms.length ? rest : constant()),
        recursion: 'tree traversal',
        depth: { key: est.resolveKey(tree.owner, walk), kind: 'linear' },
      };
    }
    if (memoInLoop) {
      // Memoized, so each distinct argument tuple is computed once — but some argument takes values
      // (an item, a lookup result, a loop fixed around a parameter) whose range the text does not
      // give: the number of states is unknown, and the search is not exponential either.
      return {
        cost: unknown(
          `\`${unit.name}\` recurses inside a loop (${at}) and is memoized, so each distinct argument is computed once, but ${shape.varying.length ? shape.varying.map((p) => `\`${p}\``).join(', ') : 'its arguments'} take values whose range the code does not show: the number of states is unknown`,
        ),
        recursion: 'memoized recursion inside a loop (states not visible)',
        depth: { key, kind: 'linear' },
      };
    }
    if (!undoesAfterCall(est, unit, shape.lines) && !passesNewChoice(est, unit)) {
      // Neither a visited mark nor a choose/undo step: a walk of a tree-shaped structure would be
      // linear, a search over choices exponential, and the syntax does not say which — so no
      // algorithm concept is claimed either.
      return {
        cost: unknown(
          `\`${unit.name}\` recurses inside a loop (${at}) without a visited mark or an undo step after the call: linear if the structure is a tree, exponential if paths can repeat — the analyser cannot tell which`,
        ),
        recursion: 'recursion inside a loop (undetermined)',
        depth: { key, kind: 'linear' },
      };
    }
    walk.patterns.push({ concept: 'backtracking', line });
    walk.notes.push(
      `\`${unit.name}\` recurses inside a loop (${at}) without a visited mark: the number of calls grows exponentially (backtracking)`,
    );
    const capped = depthCapDoubt(est, unit, shape.lines, at);
    if (capped)
      return {
        cost: unknown(capped),
        recursion: 'backtracking (depth capped)',
        depth: { key, kind: 'linear' },
      };
    // Every level choosing among all the items left (permutations.ts) makes n! calls, not 2^n.
    const choices = permutationChoices(est, unit);
    if (choices) {
      const why = `recursive call inside a loop over every item of \`${choices.list}\` (loop at line ${choices.line}, call at ${at}) that passes on a deeper level, not the loop's position: each level tries every item not chosen yet, n·(n − 1)·… calls (permutations)`;
      return {
        cost: multiply(factorial(est.resolveKey(choices.list, walk), why), perCall),
        recursion: 'backtracking (permutations)',
        depth: { key, kind: 'linear' },
      };
    }
    const why = `recursive call inside a loop (${at}) with no visited mark that stays set: exponential number of calls (backtracking)`;
    return {
      cost: multiply(exponential(key, why), perCall),
      recursion: 'backtracking (exponential)',
      depth: { key, kind: 'linear' },
    };
  }
  const query =
    calls > 1 && (shape.doubling || (shape.halving && !shape.subtrees))
      ? rangeQueryBounds(est, unit)
      : undefined;
  if (query) {
    // A segment-tree range query or update (rangeQuery.ts): only nodes straddling a bound recurse.
    const why = `recurses on the halves of a range (${at}), passing the query bounds \`${query[0]}\`, \`${query[1]}\` on and returning once a node lies inside or outside them: at most two nodes per level recurse, O(log n) nodes (segment-tree range query)`;
    return {
      cost: multiply(logarithmic(key, why), perCall),
      recursion: 'segment-tree range query',
      depth: { key, kind: 'log' },
    };
  }
  if (shape.halving) {
    // Master theorem on T(n) = calls·T(n/2) + f(n); f is the per-call work (all sizes collapsed).
    const top = perCall.terms.reduce(
      (best, t) => {
        const degree = Object.values(t.powers).reduce((a, b) => a + b, 0);
        const logs = Object.values(t.logs).reduce((a, b) => a + b, 0);
        return degree > best.degree || (degree === best.degree && logs > best.logs) ? { degree, logs } : best;
      },
      { degree: 0, logs: 0 },
    );
    if (perCall.terms.some((t) => t.exponential)) return { cost: perCall };
    if (shape.subtrees && calls <= 1) {
      // One subtree per call (a BST search, an LCA descent) walks one root-to-leaf path: O(h), and
      // nothing bounds the height below n for a tree that is not kept balanced.
      const why = `descends into one subtree per call (${at}): O(h) for a tree of height h, n when it is unbalanced`;
      // Work that grows on every level (a walk down to a leaf to measure a height) is paid h times:
      // h × that work is h² for a walk down, log² n on a complete tree and n² on a path, and the
      // code does not show which shape the tree has.
      const grows = perCall.terms.some((t) => Object.values(t.powers).some((p) => p > 0) || t.exponential);
      const descent = multiply(linear(key, why), perCall);
      return {
        cost: grows
          ? doubted(
              descent,
              `the recursion descends one subtree per call (${at}) and its work on each call grows with the input: the total is the tree's height times that work, and the code does not show whether the tree is balanced (height log n) or a path (height n)`,
            )
          : descent,
        recursion: 'linear recursion',
        depth: { key, kind: 'linear' },
      };
    }
    // One call on a midpoint of a range is a binary search; one call on `n / 2` of a number
    // (fast exponentiation) is decrease and conquer, reported as divide and conquer.
    if (!shape.subtrees)
      walk.patterns.push({
        concept: calls <= 1 && shape.midpoint ? 'binary search' : 'divide and conquer',
        line,
      });
    const solved = solveMaster({ calls: Math.max(1, calls), divisor: 2, ...top });
    const split = shape.subtrees
      ? 'recurses on the left and right subtrees'
      : `halves \`${shape.key}\` on each call`;
    const why = `${split} (${at}), ${calls} call${calls > 1 ? 's' : ''} per invocation: ${solved.text}${shape.subtrees ? '' : ', assuming balanced halves'}`;
    return {
      cost: power(key, solved.degree, solved.logs, why),
      recursion: calls > 1 ? 'divide and conquer' : 'binary search (halving recursion)',
      // Halving depth is log n; a tree's subtrees are as deep as the tree (n when unbalanced).
      depth: { key, kind: shape.subtrees ? 'linear' : 'log' },
    };
  }
  if (shape.doubling) {
    // `f(u << 1, …)`, `f(u << 1 | 1, …)`: child indexes of an implicit binary tree (a segment
    // tree). One call per level descends one path, O(log n); several walk at most every node, O(n).
    const why = `recurses on child indexes of an implicit binary tree (${at}): ${calls <= 1 ? 'one path from the root, O(log n) levels' : 'at most every node once, O(n)'}`;
    return {
      cost: multiply(calls <= 1 ? logarithmic(key, why) : linear(key, why), perCall),
      recursion: calls <= 1 ? 'linear recursion' : 'divide and conquer',
      depth: { key, kind: 'log' },
    };
  }
  const parent = calls <= 1 ? compressesPath(est, unit) : undefined;
  if (parent && !linksBySize(est.facts)) {
    // Path compression alone (the union links roots whatever their sizes): O(log n) per call,
    // amortised over a sequence of calls (unionByRank.ts).
    const why = `re-points \`${parent}\` at the root on each call (${at}), path compression, but no union compares the trees' sizes or ranks before linking them: amortised O(log n) per call`;
    return {
      cost: multiply(logarithmic(est.resolveKey(parent, walk), why), perCall),
      recursion: 'path compression (amortised)',
      depth: { key, kind: 'linear' },
    };
  }
  if (parent) {
    // Union-find `find` with path compression and a union by size or rank: every call re-points
    // `parent[x]` at the root, so a sequence of calls costs O(α(n)) each, amortised — constant for
    // any practical n.
    const why = `re-points \`${parent}\` at the root on each call (${at}), path compression with a union by size or rank: amortised O(α(n)), effectively O(1)`;
    return {
      cost: { terms: perCall.terms.map((t) => ({ ...t, why: [why, ...t.why] })), unknown: perCall.unknown },
      recursion: 'path compression (amortised)',
      depth: { key, kind: 'linear' },
    };
  }
  if (calls <= 1 && shape.remainder) {
    // Euclid's recursion `gcd(b, a % b)`: the remainder is below half of `a` every two calls.
    const why = `recurses on a remainder of its arguments (${at}), Euclid's step: the depth is logarithmic in \`${shape.key}\``;
    walk.valueKeys.add(key).add(key.replace(/^\$/, ''));
    return {
      cost: multiply(logarithmic(key, why), perCall),
      recursion: 'linear recursion',
      depth: { key, kind: 'log' },
    };
  }
  if (calls <= 1) {
    const why = `one recursive call per level, ${at}: recursion depth grows with \`${shape.key}\``;
    return {
      cost: multiply(linear(key, why), perCall),
      recursion: 'linear recursion',
      depth: { key, kind: 'linear' },
    };
  }
  const split = calls === 2 ? partitionSplit(unit, est.facts.statements) : undefined;
  if (split) {
    // Disjoint ranges without the split element (partition.ts): at most one call per element.
    const size = est.resolveKey(split.hi, walk);
    const why = split.sizes
      ? `passes \`${split.hi}\` on as two sizes, \`${split.sizes[0]}\` and \`${split.sizes[1]}\`, that add up to \`${split.hi} - ${split.left}\` (${at}), and returns at once for a size of zero: the parts of a split that leaves an element out, so O(n) calls with a non-empty part`
      : `splits \`${split.lo}..${split.hi}\` at \`${split.at}\` into two disjoint ranges without it (${at}): each element is the split point of at most one call, so O(n) calls`;
    return {
      cost: multiply(linear(size, why), perCall),
      recursion: 'range partition recursion',
      depth: { key: size, kind: 'linear' },
    };
  }
  if (isMemoized(unit, est.facts)) {
    walk.patterns.push({ concept: 'dynamic programming', line });
    const why = `${calls} recursive calls (${at}) but memoized: each distinct argument is computed once`;
    return {
      cost: multiply(memoStates(est, shape.bitState ? [] : shape.varying, key, walk, why), perCall),
      recursion: 'memoized branching recursion',
      depth: { key, kind: 'linear' },
    };
  }
  if (!shape.constantSteps) {
    // The calls pass computed sizes (`k - i`, `n - k - 1`) or values built in the body: parts of a
    // split whose sizes the text does not give — near-linear if they partition the input,
    // exponential if each is only slightly smaller. No class is claimed.
    return {
      cost: unknown(
        `\`${unit.name}\` makes ${calls} recursive calls per invocation (${at}) on computed parts of its input: linear or n log n if the parts split it, exponential if each is only slightly smaller — the analyser cannot tell which`,
      ),
      recursion: 'branching recursion (undetermined)',
      depth: { key, kind: 'linear' },
    };
  }
  walk.notes.push(
    `\`${unit.name}\` makes ${calls} recursive calls per invocation (${at}) without memoization: exponential time`,
  );
  const why = `${calls} recursive calls per invocation (${at}), each on a slightly smaller input`;
  const cost = multiply(exponential(key, why), perCall);
  return {
    // 2^n needs a depth that grows with the input: without an argument stepped from a parameter
    // (`n - 1`, `i + 1`, `xs[1:]`), calls sharing a position (`f(s, i)` with `i` advanced by the
    // callee) or splitting at computed points may each be entered once — linear, not exponential.
    cost: shape.constantStep
      ? cost
      : doubted(
          cost,
          `none of the ${calls} recursive calls (${at}) passes a parameter stepped by a constant (\`n - 1\`, \`i + 1\`, \`xs[1:]\`), so how fast the sub-problems shrink — and whether their number is exponential — is not visible`,
        ),
    recursion: 'branching recursion (exponential)',
    depth: { key, kind: 'linear' },
  };
}

/**
 * The parent array `unit` compresses: it stores its own recursive result back into the entry it
 * recursed on (`parent[x] = find(parent[x])`), the union-find path compression.
 */
function compressesPath(est: Estimator, unit: Unit): string | undefined {
  const name = escape(unit.name);
  for (const s of est.facts.statements) {
    if (s.line < unit.line || s.line > unit.endLine || !s.target || !s.value) continue;
    const entry = /^([\w$.>-]+)\[\s*([\w$]+)\s*\]$/.exec(s.target.trim());
    if (!entry) continue;
    const [, parent, x] = entry;
    // PHP names keep their `$` (`$this->find($this->p[$x])`, a closure `$find`): escaped, and
    // anchored on a non-name character rather than `\b`, which a leading `$` never follows.
    const self = new RegExp(
      `(?<![\\w$])${name}\\s*\\(\\s*${escape(parent!)}\\s*\\[\\s*${escape(x!)}\\s*\\]\\s*\\)`,
    );
    if (self.test(s.value)) return parent;
    // A weighted union-find keeps the root in a local first (`root := find(p[x]); w[x] *= w[p[x]];
    // p[x] = root`): the same store.
    const held = /^\$?[\w]+$/.exec(s.value.trim())?.[0];
    const root = (h: Statement) =>
      h.line >= unit.line && h.line < s.line && h.target?.trim() === held && !!h.value && self.test(h.value);
    if (held && est.facts.statements.some(root)) return parent;
  }
  // A map of parents: Java's `p.put(x, find(p.get(x)))`, JS/TS `this.p.set(x, this.find(this.p.get(x)!))`.
  for (const s of est.facts.statements) {
    if (s.line < unit.line || s.line > unit.endLine) continue;
    const put = new RegExp(
      `(?<![\\w$.])([\\w$.]+)\\s*\\.\\s*(?:put|set)\\s*\\(\\s*([\\w$]+)\\s*,\\s*(?:this\\s*\\.\\s*)?${name}\\s*\\(\\s*\\1\\s*\\.\\s*get\\s*\\(\\s*\\2\\s*\\)\\s*!?\\s*\\)\\s*\\)`,
    ).exec(s.code);
    if (put) return put[1];
  }
  // The same store as a write of the unit: it also covers a store that is the unbraced body of an
  // `if` (`if (p[x] != x) p[x] = find(p[x]);`), which the statement breakdown does not list.
  const bare = (n: string) => n.replace(/^\$/, '');
  for (const w of unit.writes) {
    const index = w.index?.length === 1 ? w.index[0] : undefined;
    if (
      w.operator === '=' &&
      index &&
      w.calls.length === 1 &&
      bare(w.calls[0]!) === bare(unit.name) &&
      w.reads.length === 1 &&
      w.reads[0]!.table === w.target &&
      w.reads[0]!.index.join() === index
    )
      return w.target;
  }
  return undefined;
}
