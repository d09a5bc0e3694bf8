// Factories: a function that returns a function it defines (`return function (...rest) { … }`,
// `return (x) => …`, Python `def inner(): …` then `return inner`). Its claim is the work of
// building that function, not of calling it, and a claim of O(1) with "no loops" as its only basis
// reads as if the returned function were free. The basis says which it is instead; the cost of a
// call of the returned function is another quantity, which the claim does not state.
import type { SourceFacts, Unit } from '../model';
import { statementsIn } from './traversal';

const FUNCTION_VALUE =
  /^(?:async\s+)?(?:function\b|(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::\s*[^=()]+)?=>)|^lambda\b/;

/** The line of the return of a function defined here, when every top-level return returns one. */
export function returnedFunction(facts: SourceFacts, unit: Unit): number | undefined {
  const header = facts.statements.find((s) => s.kind === 'unit' && s.line === unit.line);
  if (!header) return undefined;
  const depth = header.depth + 1;
  const statements = statementsIn(facts, unit);
  const returns = statements.filter((s) => s.kind === 'return' && s.depth === depth);
  const own = (value: string) =>
    FUNCTION_VALUE.test(value) || facts.units.some((u) => u.parent === unit.id && u.name === value);
  if (!returns.length || !returns.every((s) => own(s.value?.trim() ?? ''))) return undefined;
  return returns[0]!.line;
}

/** The basis of a factory's constant claim. */
export function factoryBasis(line: number): string {
  return `builds and returns a function (line ${line}) without calling it: this is the cost of building it; a call of the returned function is a separate cost, not counted here`;
}
