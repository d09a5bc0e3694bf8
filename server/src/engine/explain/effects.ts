// Side effects of each unit and of the top level: calls that reach outside the program (from the
// language's table) and writes to global or module-level state.
import type { Flow, SourceFacts, Unit } from './model';
import { type EffectKind, effectOf } from './tables/sideEffects';

export interface SideEffect {
  kind: EffectKind | 'global state';
  /** The call or the written name, as in the source. */
  what: string;
  line: number;
  unitId?: number;
}

function collect(facts: SourceFacts, flows: Flow[], unitId: number | undefined, out: SideEffect[]): void {
  for (const flow of flows) {
    if (flow.kind === 'call') {
      const callee = flow.callee.replace(/^(go|defer)\s+/, '');
      const kind = effectOf(facts.language, callee);
      if (kind) out.push({ kind, what: callee, line: flow.line, unitId });
      flow.callbacks.forEach((body) => collect(facts, body, unitId, out));
    } else if (flow.kind === 'loop') collect(facts, flow.body, unitId, out);
    else if (flow.kind === 'branch') flow.arms.forEach((arm) => collect(facts, arm, unitId, out));
  }
}

export function sideEffectsOf(facts: SourceFacts): SideEffect[] {
  const out: SideEffect[] = [];
  collect(facts, facts.topLevel, undefined, out);
  const callbackUnits = new Set<number>();
  for (const unit of facts.units) {
    collect(facts, unit.body, unit.id, out);
    for (const write of unit.globalWrites) {
      const kind = /^(window\.)?document\./.test(write.name) ? 'DOM' : 'global state';
      out.push({ kind, what: write.name, line: write.line, unitId: unit.id });
    }
    if (unit.kind === 'lambda' && unit.name === '<anonymous>') callbackUnits.add(unit.id);
  }
  // A callback's effects were already counted through the call it was passed to.
  const seen = new Set<string>();
  return out
    .filter((e) => {
      const key = `${e.kind}:${e.what}:${e.line}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.line - b.line);
}

/** Effects grouped by kind, for one unit (or all when unit is undefined). */
export function effectKinds(effects: SideEffect[], unit?: Unit): Map<string, SideEffect[]> {
  const grouped = new Map<string, SideEffect[]>();
  for (const effect of effects) {
    if (unit && effect.unitId !== unit.id) continue;
    const list = grouped.get(effect.kind) ?? [];
    list.push(effect);
    grouped.set(effect.kind, list);
  }
  return grouped;
}
