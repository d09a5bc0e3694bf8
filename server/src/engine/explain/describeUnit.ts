// One-line descriptions of units (functions, classes, components), shared by the summary and the
// breakdown.
import type { UnitComplexity } from './complexity/estimate';
import { formatCost } from './complexity/cost';
import type { SideEffect } from './effects';
import { type Flow, type SourceFacts, type Unit, isFunctionUnit } from './model';

const KIND_NAMES: Record<Unit['kind'], string> = {
  function: 'function',
  method: 'method',
  constructor: 'constructor',
  lambda: 'anonymous function',
  component: 'component',
  class: 'class',
  interface: 'interface',
  trait: 'trait',
  struct: 'struct',
  enum: 'enum',
  module: 'module',
  impl: 'implementation block',
};

export function kindName(unit: Unit): string {
  const prefix = [unit.isAsync ? 'async' : '', unit.isGenerator ? 'generator' : ''].filter(Boolean).join(' ');
  return prefix ? `${prefix} ${KIND_NAMES[unit.kind]}` : KIND_NAMES[unit.kind];
}

export function signature(unit: Unit): string {
  return isFunctionUnit(unit) ? `\`${unit.name}(${unit.params.join(', ')})\`` : `\`${unit.name}\``;
}

function list(items: string[], max = 4): string {
  const shown = items.slice(0, max);
  const rest = items.length - shown.length;
  const joined = shown.length <= 1 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : joined;
}

export function describeInputs(unit: Unit): string {
  const params = unit.params.filter((p) => !/^(self|this|cls|&self|&mut self)$/.test(p));
  return params.length === 0
    ? 'takes no parameters'
    : `takes ${list(
        params.map((p) => `\`${p}\``),
        6,
      )}`;
}

export function describeOutput(unit: Unit): string {
  if (unit.kind === 'constructor') return 'initialises the new instance';
  if (unit.kind === 'component') return 'returns JSX markup';
  if (unit.isGenerator) return `yields values${unit.returnType ? ` (\`${unit.returnType}\`)` : ''}`;
  if (unit.returnType && unit.returnType !== 'void') return `returns \`${unit.returnType}\``;
  if (unit.returnsFunction) return 'returns a function';
  if (unit.returnsValue) return 'returns a value';
  return 'returns nothing';
}

export function describeEffects(effects: Map<string, SideEffect[]>): string | undefined {
  if (effects.size === 0) return undefined;
  const parts = [...effects.entries()].map(([kind, list]) => {
    const names = [...new Set(list.map((e) => `\`${e.what}\``))];
    return `${kind} (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}, line ${list[0]!.line})`;
  });
  return `side effects: ${parts.join('; ')}`;
}

/** What the body does, from its flow: the collections it loops over and the functions it calls. */
export function describeWork(unit: Unit): string | undefined {
  const loops: string[] = [];
  const calls: { callee: string; line: number }[] = [];
  const creates: string[] = [];
  const walk = (flows: Flow[]) => {
    for (const flow of flows) {
      if (flow.kind === 'loop') {
        if (flow.bound.kind === 'linear' || flow.bound.kind === 'log') loops.push(flow.bound.key);
        walk(flow.body);
      } else if (flow.kind === 'branch') flow.arms.forEach(walk);
      else if (flow.kind === 'call' && flow.isNew) {
        creates.push(flow.callee.replace(/^new\s+/, ''));
        flow.callbacks.forEach(walk);
      } else if (flow.kind === 'call') {
        calls.push({
          callee: flow.callee.replace(/^(go|defer)\s+/, '').replace(/\s+/g, ''),
          line: flow.line,
        });
        flow.callbacks.forEach(walk);
      }
    }
  };
  walk(unit.body);
  const parts: string[] = [];
  const distinctLoops = [...new Set(loops)].filter((k) => k.length <= 40);
  if (distinctLoops.length) parts.push(`loops over ${list(distinctLoops.map((k) => `\`${k}\``))}`);
  const inOrder = calls.sort((a, b) => a.line - b.line).map((c) => c.callee);
  const distinctCalls = [...new Set(inOrder)].filter((c) => c.length <= 40);
  if (distinctCalls.includes(unit.name)) parts.push('calls itself recursively');
  const others = distinctCalls.filter((c) => c !== unit.name);
  if (others.length) parts.push(`calls ${list(others.map((c) => `\`${c}\``))}`);
  const created = [...new Set(creates)].filter((c) => c.length <= 40);
  if (created.length) parts.push(`creates ${list(created.map((c) => `\`${c}\``))}`);
  return parts.length ? parts.join('; ') : undefined;
}

/** "`total(items)` — function; takes `items`; returns a value; O(n)". */
export function describeUnit(
  facts: SourceFacts,
  unit: Unit,
  complexity?: UnitComplexity,
  effects?: Map<string, SideEffect[]>,
): string {
  const parts: string[] = [`${signature(unit)} (${kindName(unit)}, lines ${unit.line}-${unit.endLine})`];
  if (isFunctionUnit(unit)) {
    parts.push(describeInputs(unit));
    const work = describeWork(unit);
    if (work) parts.push(work);
    parts.push(describeOutput(unit));
  } else {
    if (unit.bases.length)
      parts.push(
        `${unit.kind === 'impl' ? 'implements' : 'extends/implements'} ${unit.bases.map((b) => `\`${b}\``).join(', ')}`,
      );
    const members = facts.units.filter((u) => u.parent === unit.id && isFunctionUnit(u));
    if (members.length)
      parts.push(
        `has ${members.length} method${members.length > 1 ? 's' : ''}: ${list(
          members.map((m) => `\`${m.name}\``),
          6,
        )}`,
      );
  }
  if (unit.decorators.length)
    parts.push(`decorated with ${unit.decorators.map((d) => `\`${d}\``).join(', ')}`);
  const effectText = effects ? describeEffects(effects) : undefined;
  if (effectText) parts.push(effectText);
  if (unit.throwLines.length) parts.push(`throws/raises at line ${unit.throwLines.join(', ')}`);
  if (unit.catchLines.length) parts.push(`handles errors at line ${unit.catchLines.join(', ')}`);
  if (complexity) parts.push(`time ${formatCost(complexity.cost)}`);
  return parts.join('; ');
}
