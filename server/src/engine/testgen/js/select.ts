// Chooses which observed calls become tests: a call is kept when it reaches a statement or branch arm
// no kept call reached, or shows a behaviour of its target not yet asserted (a new error, a new kind
// of result). Every target keeps at least one call. Timeouts and crashes are never kept.
import type { CaseSpec } from '../model';
import type { ObservedCase } from './emit';

const MAX_KEPT_PER_TARGET = 30;
const MAX_EDGE_PER_TARGET = 8;

function signature(outcome: ObservedCase['outcome']): string {
  if (outcome.kind === 'throw') return `throw:${outcome.name}:${outcome.message}`;
  if (outcome.kind === 'return')
    return `return:${outcome.type ?? typeof outcome.expr}:${outcome.className ?? ''}`;
  return outcome.kind;
}

export function selectCases(
  cases: CaseSpec[],
  results: Map<number, { outcome: ObservedCase['outcome']; hits: string[] }>,
  covered: Set<string>,
  already: ObservedCase[],
  withEdges: boolean,
): ObservedCase[] {
  const reached = new Set(covered);
  const perTarget = new Map<string, { count: number; edges: number; signatures: Set<string> }>();
  const stats = (name: string): { count: number; edges: number; signatures: Set<string> } => {
    let s = perTarget.get(name);
    if (!s) {
      s = { count: 0, edges: 0, signatures: new Set() };
      perTarget.set(name, s);
    }
    return s;
  };
  for (const item of already) {
    const s = stats(item.spec.target.name);
    s.count += 1;
    s.signatures.add(signature(item.outcome));
    if (item.spec.edge) s.edges += 1;
  }
  const kept: ObservedCase[] = [];
  for (const spec of cases) {
    const result = results.get(spec.id);
    if (!result || (result.outcome.kind !== 'return' && result.outcome.kind !== 'throw')) continue;
    const s = stats(spec.target.name);
    if (s.count >= MAX_KEPT_PER_TARGET) continue;
    const newHits = result.hits.filter((h) => !reached.has(h));
    const sig = signature(result.outcome);
    const wanted =
      s.count === 0 ||
      newHits.length > 0 ||
      (!s.signatures.has(sig) && (!spec.edge || withEdges)) ||
      (withEdges &&
        spec.edge &&
        s.edges < MAX_EDGE_PER_TARGET &&
        !s.signatures.has(`${sig}:edge:${spec.args.join()}`) &&
        s.edges < 3);
    if (!wanted) continue;
    kept.push({ spec, outcome: result.outcome, hits: result.hits });
    for (const h of result.hits) reached.add(h);
    s.count += 1;
    s.signatures.add(sig);
    if (spec.edge) s.edges += 1;
  }
  return kept;
}
