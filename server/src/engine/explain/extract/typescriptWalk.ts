// The state one JS/TS extraction walk shares between its modules (typescriptUnits, typescriptFlow,
// typescriptNodes): the file, the facts being filled, and the visit functions, wired by
// typescriptFacts so the modules call each other through this object rather than importing each
// other in a cycle.
import type ts from 'typescript';
import type { Flow, SourceFacts, Unit } from '../model';

export interface Scope {
  unit?: Unit;
  flow: Flow[];
  depth: number;
  inReturn: boolean;
  /** Inside an `if` condition (keyed reads there are cache guards). */
  inCondition?: boolean;
}

export interface TsWalk {
  sf: ts.SourceFile;
  facts: SourceFacts;
  /** Names declared at module level. */
  moduleLocals: Set<string>;
  /** `x = …`, `x++`: resolved to the unit that owns `x` once the walk is done. */
  assignments: { unit: Unit; name: string; line: number }[];
  /** Units whose body holds JSX. */
  jsxUnits: Set<number>;
  /** `return name` statements, to tell which units return a function they define. */
  returned: { unit: Unit; name: string }[];
  line(node: ts.Node): number;
  endLine(node: ts.Node): number;
  text(node: ts.Node): string;
  feature(concept: string, node: ts.Node): void;
  declare(scope: Scope, name: string): void;
  visit(node: ts.Node, scope: Scope): void;
  visitStatement(node: ts.Statement, scope: Scope): void;
  /** Visits the statements of a nested block one level deeper. */
  visitBlock(node: ts.Node | undefined, scope: Scope, flow: Flow[]): void;
  visitFunction(node: ts.SignatureDeclaration & { body?: ts.Node }, scope: Scope): Unit;
}
