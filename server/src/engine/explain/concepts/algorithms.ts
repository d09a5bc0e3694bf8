// Algorithm-level concepts (binary search, graph traversal, divide and conquer, ...) are what a
// reader wants to learn from an explanation. They are not guessed from names: each one is recorded
// by the complexity estimator when it recognises the shape that justifies its claim (a halving
// search range, a visited-guarded recursion, a Master-theorem recurrence, an amortised window).
import type { UnitComplexity } from '../complexity/estimate';
import type { ConceptHit } from './index';

export function withAlgorithms(concepts: ConceptHit[], results: UnitComplexity[]): ConceptHit[] {
  const hits = new Map(concepts.map((c) => [c.concept, new Set(c.lines)]));
  for (const result of results) {
    for (const { concept, line } of result.patterns) {
      const lines = hits.get(concept) ?? new Set<number>();
      lines.add(line);
      hits.set(concept, lines);
    }
  }
  return [...hits.entries()]
    .map(([concept, lines]) => ({ concept, lines: [...lines].sort((a, b) => a - b) }))
    .sort((a, b) => a.lines[0]! - b.lines[0]! || a.concept.localeCompare(b.concept));
}
