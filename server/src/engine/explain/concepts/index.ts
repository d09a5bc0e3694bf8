// The programming concepts present in the code: syntax-level ones recorded by the extractors
// (generators, destructuring, decorators, ...) plus those that need the whole model: recursion,
// closures, higher-order functions and memoization.
import { type SourceFacts, type Unit, isFunctionUnit } from '../model';
import { isSelfCall } from '../complexity/recursion';
import { memoizes } from './memoization';
import type { CallFlow, Flow } from '../model';

export interface ConceptHit {
  concept: string;
  lines: number[];
}

function calls(flows: Flow[], out: CallFlow[] = []): CallFlow[] {
  for (const flow of flows) {
    if (flow.kind === 'call') {
      out.push(flow);
      flow.callbacks.forEach((c) => calls(c, out));
    } else if (flow.kind === 'loop') calls(flow.body, out);
    else if (flow.kind === 'branch') flow.arms.forEach((arm) => calls(arm, out));
  }
  return out;
}

function enclosingLocals(facts: SourceFacts, unit: Unit): Set<string> {
  const names = new Set<string>();
  for (let id = unit.parent; id !== undefined; id = facts.units[id]!.parent) {
    const outer = facts.units[id]!;
    if (!isFunctionUnit(outer)) break;
    outer.locals.forEach((n) => names.add(n));
  }
  return names;
}

/** Variables of an enclosing function that a nested function uses (what its closure captures). */
export function capturedVariables(facts: SourceFacts, unit: Unit): string[] {
  if (!isFunctionUnit(unit) || unit.parent === undefined) return [];
  // A Rust `fn` item nested in a function cannot capture its locals (only a closure can): a name
  // it uses that the outer function also declares is its own (a loop pattern, a parameter).
  if (facts.language === 'rust' && unit.kind !== 'lambda') return [];
  const outer = enclosingLocals(facts, unit);
  return [...unit.references].filter(
    (name) => outer.has(name) && !unit.locals.has(name) && name !== unit.name,
  );
}

export function detectConcepts(facts: SourceFacts): ConceptHit[] {
  const hits = new Map<string, Set<number>>();
  const hit = (concept: string, line: number) => {
    const lines = hits.get(concept) ?? new Set<number>();
    lines.add(line);
    hits.set(concept, lines);
  };
  for (const feature of facts.features) hit(feature.concept, feature.line);
  const functionNames = new Set(
    facts.units.filter((u) => isFunctionUnit(u) && u.name !== '<anonymous>').map((u) => u.name),
  );
  for (const unit of facts.units) {
    if (!isFunctionUnit(unit)) continue;
    const unitCalls = calls(unit.body);
    for (const call of unitCalls) {
      if (isSelfCall(call, unit)) hit('recursion', call.line);
      // A named function passed as an argument (`items.map(double)`, `sorted(xs, key=score)`).
      if (call.args.some((arg) => functionNames.has(arg.replace(/^key\s*=\s*/, '')) && arg !== call.name))
        hit('higher-order functions', call.line);
    }
    if (capturedVariables(facts, unit).length > 0) hit('closures', unit.line);
    if (unit.returnsFunction || unit.callsParameter) hit('higher-order functions', unit.line);
    const selfCalls = unitCalls.filter((c) => isSelfCall(c, unit));
    // Recursing on a stored entry (`parent[x] = find(parent[x])`) follows links: no cache.
    const followsLinks = selfCalls.some((c) =>
      c.args.some((a) => [...unit.cacheStores].some((s) => a.includes(`${s}[`))),
    );
    if (!followsLinks && memoizes(unit, selfCalls.length > 0, facts)) hit('memoization', unit.line);
    if (unit.throwLines.length > 0 || unit.catchLines.length > 0)
      hit('error handling', unit.throwLines[0] ?? unit.catchLines[0]!);
  }
  return [...hits.entries()]
    .map(([concept, lines]) => ({ concept, lines: [...lines].sort((a, b) => a - b) }))
    .sort((a, b) => a.lines[0]! - b.lines[0]! || a.concept.localeCompare(b.concept));
}
