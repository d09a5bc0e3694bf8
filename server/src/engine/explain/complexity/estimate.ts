// Estimates each function's time complexity from the model: loops multiply their body's cost by
// their iteration count, known library operations add their own cost, calls to functions in the
// same file add the callee's cost, and recursion is solved from its shape (calls per invocation,
// halving or shrinking input, memoization).
import { type Flow, type LoopFlow, type SourceFacts, type Unit, isFunctionUnit, isHashed } from '../model';
import { type LibraryCosts, libraryCosts } from '../tables/libraryCosts';
import { isMemoized } from '../concepts/memoization';
import {
  type Cost,
  add,
  constant,
  exponential,
  linear,
  linearithmic,
  logarithmic,
  multiply,
  power,
  squareRoot,
  renameKeys,
  unknown,
} from './cost';
import { isSelfCall, recursionShape } from './recursion';
import { solveMaster } from './recurrence';
import { halvedNames, visitedMark } from './traversal';
import { collectionKey } from '../extract/bounds';

export interface UnitComplexity {
  unit: Unit;
  cost: Cost;
  /** Notable costs found in the unit (blocking I/O, sorting inside a loop, ...). */
  notes: string[];
  recursion?: string;
  /** Keys that are numbers (`n` in `range(n)`) rather than collection sizes. */
  valueKeys: Set<string>;
  /** Algorithm-level techniques recognised while estimating (binary search, graph traversal, ...). */
  patterns: { concept: string; line: number }[];
}

interface Walk {
  unit: Unit;
  loopKeys: Map<string, string>;
  loopLines: number[];
  notes: string[];
  valueKeys: Set<string>;
  patterns: { concept: string; line: number }[];
}

const NAMESPACES =
  /^(JSON|Math|Object|Array|Number|String|Promise|Reflect|std|console|Collections|Arrays|Stream|IntStream|Files|Paths|Enumerable|Regex|Array)$/;

export class ComplexityEstimator {
  private readonly costs: LibraryCosts;
  private readonly byName = new Map<string, Unit[]>();
  private readonly done = new Map<number, UnitComplexity>();
  private readonly active = new Set<number>();
  private readonly modules: Set<string>;

  constructor(private readonly facts: SourceFacts) {
    this.costs = libraryCosts(facts.language);
    for (const unit of facts.units.filter(isFunctionUnit)) {
      const list = this.byName.get(unit.name) ?? [];
      list.push(unit);
      this.byName.set(unit.name, list);
    }
    this.modules = new Set(facts.imports.map((i) => i.module.split(/[/.:\\]/).pop()!));
  }

  /** Complexity of every named function-like unit, in source order. */
  all(): UnitComplexity[] {
    return this.facts.units
      .filter((u) => isFunctionUnit(u) && u.name !== '<anonymous>')
      .map((u) => this.of(u));
  }

  of(unit: Unit): UnitComplexity {
    const known = this.done.get(unit.id);
    if (known) return known;
    if (this.active.has(unit.id)) {
      return {
        unit,
        cost: unknown(`\`${unit.name}\` is part of a mutual recursion`),
        notes: [],
        valueKeys: new Set(),
        patterns: [],
      };
    }
    this.active.add(unit.id);
    const walk: Walk = {
      unit,
      loopKeys: new Map(),
      loopLines: [],
      notes: [],
      valueKeys: new Set(),
      patterns: [],
    };
    const body = this.flows(unit.body, walk);
    const { cost, recursion } = this.withRecursion(unit, body, walk);
    this.active.delete(unit.id);
    const result: UnitComplexity = {
      unit,
      cost,
      notes: [...new Set(walk.notes)],
      recursion,
      valueKeys: walk.valueKeys,
      patterns: walk.patterns,
    };
    this.done.set(unit.id, result);
    return result;
  }

  private withRecursion(unit: Unit, body: Cost, walk: Walk): { cost: Cost; recursion?: string } {
    const shape = recursionShape(unit, halvedNames(this.facts, unit));
    if (!shape) return { cost: body };
    const key = this.resolveKey(shape.key, walk);
    const at = `line${shape.lines.length > 1 ? 's' : ''} ${shape.lines.join(', ')}`;
    const perCall = add(constant(), body);
    const calls = shape.callsPerInvocation;
    const mark = calls > 1 || shape.insideLoop ? visitedMark(this.facts, unit, shape.lines) : undefined;
    const line = shape.lines[0]!;
    if (mark) {
      // A memo table is marked and tested the same way: that is dynamic programming, not a graph.
      const memo = isMemoized(unit, this.facts);
      walk.patterns.push({ concept: memo ? 'dynamic programming' : 'graph traversal', line });
      // Each item is entered once (the mark is tested before recursing and never undone), and each
      // neighbour list is scanned once per item: O(V + E), whatever the branching.
      const edges = this.neighbourLists(unit.body);
      const why = `visits each item of \`${mark}\` once: it is marked and tested before recursing (${at}), never unmarked`;
      return {
        cost: add(
          linear(mark, why),
          ...edges.map((e) => linear(e, `scans each neighbour list \`${e}[...]\` once in all`)),
        ),
        recursion: 'graph traversal (visited-guarded)',
      };
    }
    if (shape.insideLoop) {
      walk.patterns.push({ concept: 'backtracking', line });
      walk.notes.push(
        `\`${unit.name}\` recurses inside a loop (${at}) without a visited mark: the number of calls grows exponentially (backtracking)`,
      );
      const why = `recursive call inside a loop (${at}) with no visited mark that stays set: exponential number of calls (backtracking)`;
      return { cost: multiply(exponential(key, why), perCall), recursion: 'backtracking (exponential)' };
    }
    if (shape.halving) {
      // Master theorem on T(n) = calls·T(n/2) + f(n); f is the per-call work (all sizes collapsed).
      const top = perCall.terms.reduce(
        (best, t) => {
          const degree = Object.values(t.powers).reduce((a, b) => a + b, 0);
          const logs = Object.values(t.logs).reduce((a, b) => a + b, 0);
          return degree > best.degree || (degree === best.degree && logs > best.logs)
            ? { degree, logs }
            : best;
        },
        { degree: 0, logs: 0 },
      );
      if (perCall.terms.some((t) => t.exponential)) return { cost: perCall };
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
      };
    }
    if (calls <= 1) {
      const why = `one recursive call per level, ${at}: recursion depth grows with \`${shape.key}\``;
      return { cost: multiply(linear(key, why), perCall), recursion: 'linear recursion' };
    }
    if (isMemoized(unit, this.facts)) {
      walk.patterns.push({ concept: 'dynamic programming', line });
      const why = `${calls} recursive calls (${at}) but memoized: each distinct argument is computed once`;
      return { cost: multiply(linear(key, why), perCall), recursion: 'memoized branching recursion' };
    }
    walk.notes.push(
      `\`${unit.name}\` makes ${calls} recursive calls per invocation (${at}) without memoization: exponential time`,
    );
    const why = `${calls} recursive calls per invocation (${at}), each on a slightly smaller input`;
    return { cost: multiply(exponential(key, why), perCall), recursion: 'branching recursion (exponential)' };
  }

  /** `graph` for a loop over `graph[node]`: the adjacency lists a traversal scans. */
  private neighbourLists(flows: Flow[]): string[] {
    const lists = new Set<string>();
    const visit = (fs: Flow[]) => {
      for (const f of fs) {
        if (f.kind === 'loop') {
          const base = f.bound.kind === 'linear' ? /^([\w$.]+)\[/.exec(f.bound.key)?.[1] : undefined;
          if (base) lists.add(base);
          visit(f.body);
        } else if (f.kind === 'branch') f.arms.forEach(visit);
      }
    };
    visit(flows);
    return [...lists];
  }

  private resolveKey(key: string, walk: Walk): string {
    let resolved = key;
    for (let i = 0; i < 4; i++) {
      const next = walk.loopKeys.get(resolved) ?? this.facts.sizeAliases.get(resolved);
      if (!next || next === resolved) break;
      resolved = next;
    }
    return resolved;
  }

  private flows(flows: Flow[], walk: Walk): Cost {
    return add(constant(), ...flows.map((flow) => this.flow(flow, walk)));
  }

  private flow(flow: Flow, walk: Walk): Cost {
    switch (flow.kind) {
      case 'loop':
        return this.loop(flow, walk);
      case 'branch':
        return add(...flow.arms.map((arm) => this.flows(arm, walk)));
      case 'return':
        return constant();
      case 'await':
        if (
          walk.loopLines.length > 0 &&
          /^(javascript|typescript|javascriptreact|typescriptreact|python|csharp)$/.test(this.facts.language)
        ) {
          walk.notes.push(
            `awaits inside the loop at line ${walk.loopLines.at(-1)} run one after another (line ${flow.line}); starting them together (Promise.all / asyncio.gather / Task.WhenAll) would overlap them`,
          );
        }
        return constant();
      case 'membership':
        return this.membership(flow.container, flow.line, walk, '`in`');
      case 'call':
        return this.call(flow, walk);
    }
  }

  private loop(flow: Extract<Flow, { kind: 'loop' }>, walk: Walk): Cost {
    const bound = flow.bound;
    let iterations: Cost;
    let key: string | undefined;
    if (bound.kind === 'linear') {
      if (bound.twoPointers) walk.patterns.push({ concept: 'two pointers', line: flow.line });
      key = this.resolveKey(bound.key, walk);
      iterations = add(
        linear(key, `loop over \`${bound.key}\` (line ${flow.line})`),
        ...(bound.alsoKeys ?? []).map((k) =>
          linear(this.resolveKey(k, walk), `loop over \`${k}\` (line ${flow.line})`),
        ),
      );
    } else if (bound.kind === 'log') {
      if (bound.search) walk.patterns.push({ concept: 'binary search', line: flow.line });
      key = this.resolveKey(bound.key, walk);
      iterations = logarithmic(key, `loop ${bound.why ?? 'halving its range'} (line ${flow.line})`);
    } else if (bound.kind === 'sqrt') {
      key = this.resolveKey(bound.key, walk);
      iterations = squareRoot(
        key,
        `loop while the counter's square stays within \`${bound.key}\`: √ iterations (line ${flow.line})`,
      );
    } else if (bound.kind === 'constant') iterations = constant();
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
    const inner: Walk = { ...walk, loopKeys, loopLines: [...walk.loopLines, flow.line] };
    // Inner loops whose passes are shared out over this loop's passes (a stack popped at most once
    // per push, a window pointer that only advances, neighbour lists of a drained queue) add their
    // total instead of multiplying: O(n) overall, not O(n) per pass.
    const shared = flow.body.filter(
      (f): f is LoopFlow => f.kind === 'loop' && this.amortisedIn(f, flow, walk.unit),
    );
    const repeated = flow.body.filter((f) => !shared.includes(f as LoopFlow));
    for (const f of shared) {
      const b = f.bound as Extract<LoopFlow['bound'], { kind: 'linear' }>;
      if (b.amortised === 'pointer' && !b.twoPointers)
        walk.patterns.push({ concept: 'sliding window', line: f.line });
      else if (b.amortised !== 'pointer' && /\[/.test(b.key))
        walk.patterns.push({ concept: 'graph traversal', line: flow.line });
    }
    const sharedCost = shared.map((f) => {
      const why = `the loop at line ${f.line} runs at most once per element over all passes of the loop at line ${flow.line} (amortised)`;
      const once = { ...f, bound: { kind: 'constant' as const, value: 1 } };
      return multiply(
        iterations.unknown.length ? iterations : this.amortisedTotal(f, iterations, why, walk),
        this.loop(once, inner),
      );
    });
    return add(multiply(iterations, this.flows(repeated, inner)), ...sharedCost);
  }

  /** Iterations of an amortised inner loop over all passes of its outer loop. */
  private amortisedTotal(inner: LoopFlow, outer: Cost, why: string, walk: Walk): Cost {
    const edges = inner.bound.kind === 'linear' ? /^([\w$.]+)\[/.exec(inner.bound.key)?.[1] : undefined;
    if (edges)
      return add(linear(this.resolveKey(edges, walk), why), {
        terms: outer.terms.map((t) => ({ ...t, why: [why] })),
        unknown: [],
      });
    return { terms: outer.terms.map((t) => ({ ...t, why: [why] })), unknown: outer.unknown };
  }

  /**
   * True when `inner`, directly inside `outer`, is amortised: it drains a work list, or moves a
   * pointer that `outer` does not reset (no plain `pointer = ...` between the two loop headers and
   * the pointer is not the outer loop's own variable), or it scans a neighbour list `g[v]` of an
   * item `outer` takes from a drained queue.
   */
  private amortisedIn(inner: LoopFlow, outer: LoopFlow, unit: Unit): boolean {
    const bound = inner.bound;
    if (bound.kind !== 'linear') return false;
    if (bound.amortised === 'drains') return true;
    if (
      outer.bound.kind === 'linear' &&
      outer.bound.amortised === 'drains' &&
      /^[\w$.]+\[[^\]]+\]$/.test(bound.key)
    )
      return true;
    if (bound.amortised !== 'pointer' || !bound.pointer) return false;
    const pointer = bound.pointer;
    if (outer.variable?.split(/[\s,()[\]]+/).includes(pointer)) return false;
    const reset = this.facts.statements.some(
      (s) =>
        s.line > outer.line &&
        s.line < inner.line &&
        s.line <= unit.endLine &&
        (s.kind === 'assignment' || s.kind === 'declaration') &&
        s.target?.trim() === pointer &&
        (s.kind === 'declaration' || s.operator === '='),
    );
    return !reset;
  }

  private membership(container: string, line: number, walk: Walk, what: string): Cost {
    const key = collectionKey(container);
    if (!key || isHashed(this.facts, walk.unit, key) || /^[[({]/.test(container.trim())) return constant();
    if (walk.loopLines.length > 0) {
      walk.notes.push(
        `${what} on \`${key}\` inside the loop at line ${walk.loopLines.at(-1)} (line ${line}) scans it each time; a set or map would make the lookup O(1)`,
      );
    }
    return linear(
      this.resolveKey(key, walk),
      `${what} scans \`${key}\` (line ${line}), O(n) unless it is a hash set`,
    );
  }

  private collectionOf(call: Extract<Flow, { kind: 'call' }>): string | undefined {
    // `sum(x for x in nums)`, `any(c in s for c in word)`: the generator iterates `nums` / `word`.
    const generator =
      call.args.length === 1 ? /\bfor\s+.+?\s+in\s+(.+?)(?:\s+if\s.*)?$/s.exec(call.args[0]!) : null;
    if (generator && !call.receiver) return collectionKey(generator[1]!);
    const isNamespace =
      !call.receiver ||
      NAMESPACES.test(call.receiver) ||
      this.modules.has(call.receiver) ||
      /^[A-Z]/.test(call.receiver);
    const text = isNamespace ? call.args[this.costs.collectionArg?.[call.name] ?? 0] : call.receiver;
    return text ? collectionKey(text) : undefined;
  }

  private call(call: Extract<Flow, { kind: 'call' }>, walk: Walk): Cost {
    const callbacks = call.callbacks.map((body) => this.flows(body, walk));
    // A function of this file passed by name (`items.map(score)`) runs like a callback — but only
    // where the library runs callbacks (iterating, sorting); elsewhere it may just be registered.
    const iterates = this.costs.iterating.test(call.callee) || this.costs.sorting.test(call.callee);
    for (const arg of iterates ? call.args : []) {
      const named = this.byName.get(arg.replace(/^key\s*=\s*|^&/, ''));
      if (named?.length === 1 && named[0]!.id !== walk.unit.id) callbacks.push(this.of(named[0]!).cost);
    }
    const callbackCost = add(constant(), ...callbacks);
    const inLoop = walk.loopLines.length > 0;
    const loopLine = walk.loopLines.at(-1);
    if (isSelfCall(call, walk.unit)) return constant();
    if (this.costs.blockingIo?.test(call.callee))
      walk.notes.push(`\`${call.callee}\` (line ${call.line}) is blocking I/O`);
    if (inLoop && this.costs.regexCompile?.test(call.callee.replace(/^new /, ''))) {
      walk.notes.push(
        `compiles a regular expression inside the loop at line ${loopLine} (line ${call.line}); compiling it once outside would avoid repeated work`,
      );
    }
    const local = this.localCallee(call, walk.unit);
    if (local) {
      const callee = this.of(local);
      const params = local.params.map((p) =>
        p
          .replace(/^[.*&$]+/, '')
          .replace(/[:=].*$/, '')
          .trim(),
      );
      const renamed = renameKeys(callee.cost, (k) => {
        const index = params.indexOf(k);
        const arg = index >= 0 ? call.args[index] : undefined;
        return arg ? this.resolveKey(collectionKey(arg) ?? k, walk) : k;
      });
      const via = {
        terms: [{ powers: {}, logs: {}, why: [`calls \`${local.name}\` (line ${call.line})`] }],
        unknown: [],
      };
      return add(multiply(via, renamed), callbackCost);
    }
    // A function of an imported JS module (`path.join`) is not an array method.
    const jsFamily = /^(javascript|typescript|javascriptreact|typescriptreact)$/.test(this.facts.language);
    if (call.receiver && jsFamily && this.modules.has(call.receiver)) return callbackCost;
    // `list.pop(0)` / `insert(0, x)` shift every element (Python lists, Ruby/JS equivalents are in the tables).
    if (
      this.facts.language === 'python' &&
      call.receiver &&
      /^(pop|insert)$/.test(call.name) &&
      call.args[0] === '0'
    ) {
      const list = collectionKey(call.receiver) ?? call.receiver;
      if (inLoop)
        walk.notes.push(
          `\`${call.callee}(0${call.name === 'insert' ? ', ...' : ''})\` (line ${call.line}) shifts every element of \`${list}\` on each pass; \`collections.deque\` makes it O(1)`,
        );
      return linear(
        this.resolveKey(list, walk),
        `\`${call.callee}(0)\` shifts every element (line ${call.line})`,
      );
    }
    const key = this.collectionOf(call);
    // `max(a, b)` / `Math.min(x, y)` compare their arguments; only `max(xs)` scans a collection.
    const positional = call.args.filter((a) => !/^\w+\s*=[^=]/.test(a));
    const scalar = /^(max|min|Max|Min)$/.test(call.name) && positional.length >= 2;
    const resolved = key && !scalar && isCollectionText(key) ? this.resolveKey(key, walk) : undefined;
    const target = call.callee;
    if (resolved && this.costs.sorting.test(target)) {
      walk.patterns.push({ concept: 'sorting', line: call.line });
      if (inLoop)
        walk.notes.push(
          `sorts inside the loop at line ${loopLine} (line ${call.line}): the collection is re-sorted on every pass`,
        );
      const sort = linearithmic(resolved, `\`${target}\` sorts \`${key}\`: O(n log n) (line ${call.line})`);
      return add(sort, multiply(sort, callbackCost));
    }
    if (resolved && this.costs.iterating.test(target) && callbacks.length > 0) {
      return multiply(
        linear(
          resolved,
          `\`${call.name}\` runs its callback for each element of \`${key}\` (line ${call.line})`,
        ),
        callbackCost,
      );
    }
    if (resolved && this.costs.membership?.test(target))
      return add(this.membership(call.receiver ?? key!, call.line, walk, `\`${call.name}\``), callbackCost);
    // `seen.remove(x)` / `counts.count(k)` on a hash set or map is a hashed lookup, not a scan.
    const hashedReceiver =
      !!call.receiver &&
      /^(remove|discard|pop|get|delete|erase|count|find|contains|insert|index)$/.test(call.name) &&
      isHashed(this.facts, walk.unit, collectionKey(call.receiver) ?? call.receiver);
    if (resolved && !hashedReceiver && this.costs.linear.test(target)) {
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
      return add(
        linear(resolved, `\`${call.name}\` is O(n) in \`${key}\` (line ${call.line})`),
        multiply(linear(resolved, 'callback per element'), callbackCost),
      );
    }
    return callbackCost;
  }

  private localCallee(call: Extract<Flow, { kind: 'call' }>, from: Unit): Unit | undefined {
    if (call.receiver && !/^(this|self|Self|\$this|static)$/.test(call.receiver)) return undefined;
    const candidates = (this.byName.get(call.name) ?? []).filter((u) => u.id !== from.id);
    return candidates.length === 1 ? candidates[0] : undefined;
  }
}

/**
 * A collection as written: a name, a member (`self.items`) or an element of one (`grid[i]`). The
 * result of a call (`read4(buf)`) or an expression (`c in digits`) is not a collection the analyser
 * can size, so it is not charged as a scan.
 */
function isCollectionText(key: string): boolean {
  // A one-argument conversion (`string(data)`, `list(xs)`) has the size of its argument.
  const text = key.trim().replace(/^[\w$.:]+\(\s*([@$&*]?[\w$.]+)\s*\)$/, '$1');
  return /^[@$&*]?[\w$]+(?:(?:\.|->|::)[\w$]+|\[[^\]]*\])*$/.test(text);
}
