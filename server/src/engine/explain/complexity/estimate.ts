// Estimates each function's time complexity from the model: loops multiply their body's cost by
// their iteration count (loopCost.ts), known library operations and calls to functions of the same
// file add their own cost (callCost.ts), and recursion is solved from its shape (recursiveCost.ts).
// This module walks the flow and memoizes one result per function.
import { type Flow, type SourceFacts, type Unit, isFunctionUnit, sizeAlias } from '../model';
import { type LibraryCosts, libraryCosts } from '../tables/libraryCosts';
import { type Cost, add, constant, isConstant, unknown, withheld } from './cost';
import { factoryBasis, returnedFunction } from './factories';
import { callCost } from './callCost';
import { membershipCost } from './membership';
import { loopCost } from './loopCost';
import { recursiveCost } from './recursiveCost';
import { statementsIn, visitedMark } from './traversal';
import { spaceCost } from './space';
import { productsAsSizes } from './productLocals';
import { FixedSizes } from './fixedSize';
import { digitsAsLogs } from './digits';
import { yieldsPerPass } from './generators';
import { resetsMark } from './sharedTraversals';
import { declaredName } from './declaredName';
import type { Estimator, UnitComplexity, Walk } from './walk';

export type { UnitComplexity } from './walk';

/**
 * Variables holding an instance of a class defined in the file: `bit = BIT(n)`, `new BIT(n)`,
 * `BIT bit(n);`, `auto p = make_unique<BIT>(n)`, a field `BIT bit_;`. A name bound to two
 * different classes maps to undefined.
 */
function instanceClasses(facts: SourceFacts): Map<string, Unit | undefined> {
  const all = facts.units.filter((u) => /^(class|struct)$/.test(u.kind));
  const classes = new Map(
    all.filter((u) => all.filter((c) => c.name === u.name).length === 1).map((u) => [u.name, u]),
  );
  const found = new Map<string, Unit | undefined>();
  for (const s of facts.statements) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target) continue;
    const name = /^[A-Za-z_$][\w$]*/.exec(s.target.replace(/^(self|this)(\.|->)/, ''))?.[0];
    if (!name) continue;
    const made = /^&?(?:new\s+)?(?:(?:std::)?make_(?:unique|shared)\s*<\s*)?([A-Za-z_]\w*)\s*>?\s*[({]/.exec(
      s.value?.trim() ?? '',
    )?.[1];
    // (an instance of a class template, `SegmentTree<int> st(n);`, is an instance of its class)
    const typed = new RegExp(
      `^(?:(?:const|static|mutable)\\s+)*([A-Za-z_]\\w*)\\s*(?:<[^;=()]*>\\s*)?[&*]?\\s+${name}\\b`,
    ).exec(s.code.trim())?.[1];
    // Go builds through a function of the file returning the type: `trie := newTrie()`, `func newTrie() *Trie`.
    const built = facts.units
      .find((u) => u.kind === 'function' && made === u.name)
      ?.returnType?.replace(/^[*&]/, '');
    const cls = classes.get(made ?? '') ?? classes.get(typed ?? '') ?? classes.get(built ?? '');
    if (!cls) continue;
    found.set(name, found.has(name) && found.get(name) !== cls ? undefined : cls);
  }
  return found;
}

/**
 * An iterative traversal (BFS/DFS over a work list the function drains) whose visited mark it
 * neither creates nor undoes (`grid[r][c] = 0`, `lookup[v] = true` on a grid or array of the
 * caller): like a visited-guarded recursion, calls made one after another share the mark, so
 * together they enter each item once (see loopCost's shared traversals).
 */
function workListTraversal(facts: SourceFacts, unit: Unit): { recursion: string; mark: string } | undefined {
  const drains = (flows: Flow[]): boolean =>
    flows.some(
      (f) =>
        (f.kind === 'loop' &&
          ((f.bound.kind === 'linear' && f.bound.amortised === 'drains') || drains(f.body))) ||
        (f.kind === 'branch' && f.arms.some(drains)),
    );
  if (!drains(unit.body)) return undefined;
  const mark = visitedMark(facts, unit, [unit.endLine]);
  if (!mark) return undefined;
  const created = statementsIn(facts, unit).some(
    (s) =>
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      declaredName(s) === mark &&
      (s.operator === undefined || s.operator === '=' || s.operator === 'constant'),
  );
  // A mark reset whole on every call (`Arrays.fill(dist, INF)`) is fresh for each call too.
  return created || resetsMark(facts, unit, mark)
    ? undefined
    : { recursion: 'graph traversal (work list, shared mark)', mark };
}

export class ComplexityEstimator implements Estimator {
  readonly costs: LibraryCosts;
  readonly byName = new Map<string, Unit[]>();
  private readonly done = new Map<number, UnitComplexity>();
  private readonly active = new Set<number>();
  readonly modules: Set<string>;

  constructor(readonly facts: SourceFacts) {
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
      .map((u) => {
        // Claims resting on an unconfirmed reading are withheld here, where they are reported;
        // callers inside the estimator keep the doubtful cost (their own work may dominate it).
        const perValue = yieldsPerPass(this, u) || (u.isGenerator && this.of(u).cost.unknown.length > 0);
        const result = perValue ? this.perValue(u) : this.of(u);
        const cost = withheld(result.cost);
        return cost === result.cost ? result : { ...result, cost };
      });
  }

  /**
   * The claim of a generator with a loop that yields on each pass: the work of one value
   * (generators.ts), each `next()` running one pass of that loop. Callers are charged the total
   * (the work of consuming every value).
   */
  private perValue(unit: Unit): UnitComplexity {
    const total = this.of(unit);
    const walk = this.newWalk(unit);
    walk.perValue = true;
    const body = add(this.flows(unit.body, walk), ...walk.once);
    return { ...total, cost: recursiveCost(this, unit, body, walk).cost };
  }

  private newWalk(unit: Unit): Walk {
    return {
      unit,
      loopKeys: new Map(),
      loopLines: [],
      notes: [],
      valueKeys: new Set(),
      patterns: [],
      once: [],
      persistent: [],
      iterations: [],
      grown: [],
      loopPasses: new Map(),
    };
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
    try {
      return this.estimate(unit);
    } catch (error) {
      // A reading that builds a pattern from the code's text and finds it is no pattern (a name
      // written as an expression, `(*memo)[key]`) is a bug of that reading, not of the code: the
      // unit's claim is withheld with the reason instead of the whole explanation failing.
      if (!(error instanceof SyntaxError)) throw error;
      this.active.delete(unit.id);
      const result: UnitComplexity = {
        unit,
        cost: unknown(`the analyser could not read \`${unit.name}\` (${error.message.slice(0, 80)})`),
        notes: [],
        valueKeys: new Set(),
        patterns: [],
      };
      this.done.set(unit.id, result);
      return result;
    }
  }

  private estimate(unit: Unit): UnitComplexity {
    const walk = this.newWalk(unit);
    const body = add(this.flows(unit.body, walk), ...walk.once);
    const recursive = recursiveCost(this, unit, body, walk);
    // A local holding a product of sizes (`int m = n * n;`) is that product (productLocals.ts).
    const solved = { ...recursive, cost: productsAsSizes(this, unit, walk, recursive.cost) };
    // A table extended lazily (loopCost.ts) is part of this call's cost, but callers pay it once.
    const persistent = walk.persistent.length ? add(...walk.persistent) : undefined;
    // A number's decimal text (`for d in str(x)`) is O(log x) long, not a size of the input (digits.ts).
    const digits = digitsAsLogs(this.facts, unit, persistent ? add(solved.cost, persistent) : solved.cost);
    // A factory's constant claim says that it counts building the function it returns (factories.ts).
    const factory = isConstant(digits.cost) ? returnedFunction(this.facts, unit) : undefined;
    const cost = factory
      ? { terms: [{ powers: {}, logs: {}, why: [factoryBasis(factory)] }], unknown: [] }
      : digits.cost;
    for (const number of digits.numbers) walk.valueKeys.add(number);
    const { recursion, mark } = solved.recursion ? solved : (workListTraversal(this.facts, unit) ?? solved);
    this.active.delete(unit.id);
    const space = productsAsSizes(this, unit, walk, spaceCost(this, unit, walk, solved.depth));
    const result: UnitComplexity = {
      space,
      depth: solved.depth,
      unit,
      cost,
      ...(persistent ? { persistent, recurring: solved.cost } : {}),
      notes: [...new Set(walk.notes)],
      recursion,
      mark,
      valueKeys: walk.valueKeys,
      patterns: walk.patterns,
    };
    this.done.set(unit.id, result);
    return result;
  }

  private fixed?: FixedSizes;
  private instances?: Map<string, Unit | undefined>;

  instanceClass(name: string): Unit | undefined {
    this.instances ??= instanceClasses(this.facts);
    return this.instances.get(name.trim().replace(/^(this|self|\$this)(\.|->)|^[*&]/, ''));
  }

  fixedSize(key: string, unit?: Unit): boolean {
    this.fixed ??= new FixedSizes(this.facts);
    // (`self::$dirs`: PHP names are kept without their `$`.) A field is judged over the whole file.
    const field = /^(this|self|\$this)(\.|->)|^[\w]+::|^@/.test(key);
    return this.fixed.has(
      key.replace(/^(this|self|\$this)(\.|->)|^[\w]+::|^@/, '').replace(/^\$/, ''),
      field ? undefined : unit,
    );
  }

  resolveKey(key: string, walk: Walk): string {
    let resolved = key;
    for (let i = 0; i < 4; i++) {
      const next = walk.loopKeys.get(resolved) ?? sizeAlias(this.facts, walk.unit, resolved);
      if (!next || next === resolved) break;
      resolved = next;
    }
    return resolved;
  }

  flows(flows: Flow[], walk: Walk): Cost {
    return add(constant(), ...flows.map((flow) => this.flow(flow, walk)));
  }

  private flow(flow: Flow, walk: Walk): Cost {
    switch (flow.kind) {
      case 'loop':
        return loopCost(this, flow, walk);
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
        return membershipCost(this, flow.container, flow.line, walk, '`in`');
      case 'call':
        return callCost(this, flow, walk);
    }
  }
}
