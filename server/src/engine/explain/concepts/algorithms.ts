// Algorithm-level concepts (binary search, graph traversal, dynamic programming, two pointers, ...)
// are what a reader wants to learn from an explanation. They are not guessed from names: each one
// comes from the shape that shows it. The complexity estimator records those that justify its
// claim (a halving search range, a visited-guarded recursion, a Master-theorem recurrence, a
// library sort, memoized branching recursion); the shapes of writes are read here: tables filled
// from their own earlier entries (recurrences.ts), and pointers and windows (pointers.ts), which
// replace the estimator's "amortised pointer" reading (a pointer that skips a run is no window).
import type { UnitComplexity } from '../complexity/estimate';
import { isSelfCall } from '../complexity/recursion';
import { type SourceFacts, isFunctionUnit } from '../model';
import type { ConceptHit } from './index';
import { memoizes } from './memoization';
import { pointerPatterns } from './pointers';
import { recurrences } from './recurrences';
import { rollingStates } from './rolling';
import { confirmsRecord } from './records';
import type { CallFlow, Flow } from '../model';

/** Concepts this module decides from the writes; the estimator's records of them are not used. */
const DECIDED_HERE = new Set(['two pointers', 'sliding window', 'dynamic programming']);

function selfCalls(flows: Flow[], out: CallFlow[] = []): CallFlow[] {
  for (const flow of flows) {
    if (flow.kind === 'call') {
      out.push(flow);
      flow.callbacks.forEach((c) => selfCalls(c, out));
    } else if (flow.kind === 'loop') selfCalls(flow.body, out);
    else if (flow.kind === 'branch') flow.arms.forEach((arm) => selfCalls(arm, out));
  }
  return out;
}

export function withAlgorithms(
  concepts: ConceptHit[],
  results: UnitComplexity[],
  facts?: SourceFacts,
): ConceptHit[] {
  const hits = new Map(concepts.map((c) => [c.concept, new Set(c.lines)]));
  const hit = (concept: string, line: number) => {
    const lines = hits.get(concept) ?? new Set<number>();
    lines.add(line);
    hits.set(concept, lines);
  };
  for (const result of results)
    for (const { concept, line } of result.patterns)
      if (!DECIDED_HERE.has(concept) && (!facts || confirmsRecord(facts, concept, line))) hit(concept, line);
  for (const unit of facts?.units ?? []) {
    if (!isFunctionUnit(unit)) continue;
    for (const { concept, line } of recurrences(unit, facts!)) hit(concept, line);
    for (const { concept, line } of pointerPatterns(unit, facts!)) hit(concept, line);
    for (const line of rollingStates(unit, facts!)) hit('dynamic programming', line);
    // Top-down DP: a recursive function whose results are cached by its arguments. Union-find's
    // `parent[x] = find(parent[x])` also tests, stores and returns a keyed entry, but it recurses
    // on the entry itself: it follows links, it does not cache sub-problems.
    const recursive = selfCalls(unit.body).filter((c) => isSelfCall(c, unit));
    const caches = [...unit.cacheStores].map((c) => c.replace(/^(this|self|\$this)(\.|->)/, ''));
    const followsLinks = recursive.some((c) =>
      c.args.some((a) => caches.some((cache) => a.includes(`${cache}[`))),
    );
    if (recursive.length > 0 && !followsLinks && memoizes(unit, true, facts!))
      hit('dynamic programming', unit.line);
  }
  return [...hits.entries()]
    .map(([concept, lines]) => ({ concept, lines: [...lines].sort((a, b) => a - b) }))
    .sort((a, b) => a.lines[0]! - b.lines[0]! || a.concept.localeCompare(b.concept));
}
