// Estimates each function's time complexity from the model: loops multiply their body's cost by
// their iteration count (loopCost.ts), known library operations and calls to functions of the same
// file add their own cost (callCost.ts), and recursion is solved from its shape (recursiveCost.ts).
// This module walks the flow and memoizes one result per function.
import { type Flow, type SourceFacts, type Unit, isFunctionUnit } from '../model';
import { type LibraryCosts, libraryCosts } from '../tables/libraryCosts';
import { type Cost, add, constant, unknown } from './cost';
import { callCost, membershipCost } from './callCost';
import { loopCost } from './loopCost';
import { recursiveCost } from './recursiveCost';
import type { Estimator, UnitComplexity, Walk } from './walk';

export type { UnitComplexity } from './walk';

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
    const { cost, recursion } = recursiveCost(this, unit, body, walk);
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

  resolveKey(key: string, walk: Walk): string {
    let resolved = key;
    for (let i = 0; i < 4; i++) {
      const next = walk.loopKeys.get(resolved) ?? this.facts.sizeAliases.get(resolved);
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
