// What the generic tree-sitter extractor needs to know about one grammar: which node types are
// functions, classes, loops, branches, calls, ... and a few small functions for the parts whose
// shape differs between grammars (loop headers, names). Everything else is shared.
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { StatementKind, UnitKind } from '../model';

export type LoopHeader =
  | { kind: 'for-each'; item: string; collection: string }
  | { kind: 'counter'; variable?: string; init: string; condition: string; update: string }
  | { kind: 'while'; condition: string; negated?: boolean }
  | { kind: 'loop' };

/**
 * The callee of the pseudo-call a table reports for an array or list made with sizes and no call
 * syntax (`new int[n]`, `vec![0; n]`, `[0] * n`); its arguments are the sizes (complexity/allocations.ts).
 */
export const SIZED_ALLOCATION = 'sized allocation';

export interface TreeSitterTable {
  /** Function-like node types and their kind (a function inside a class becomes a method). */
  functions: Record<string, UnitKind>;
  /** Class-like node types. */
  classes: Record<string, UnitKind>;
  loops: string[];
  loopHeader(node: SyntaxNode): LoopHeader;
  /** Comprehension node types (each `for` clause is a loop). */
  comprehensions?: string[];
  /** if / switch / match / conditional: arms are the named children listed in `armFields` or of `armTypes`. */
  branches: string[];
  calls: string[];
  /** A node that acts as a call without call syntax (`std::cout << x`, C++ `set<int> s(b, e)`): the callee it stands for, with its arguments when it has some. */
  pseudoCall?(node: SyntaxNode): string | { callee: string; args: string[] } | undefined;
  /** Statements that print (`echo`), treated as calls to their keyword. */
  outputStatements?: string[];
  /** Node types that create objects (`new X()`). */
  creations?: string[];
  returns: string[];
  throws: string[];
  tries: string[];
  catches: string[];
  imports: string[];
  awaits?: string[];
  yields?: string[];
  identifiers: string[];
  /** Node type → the field holding the names it declares. */
  declarations: Record<string, string>;
  /** Subscript / index node types (`memo[n]`). */
  keyedAccess: string[];
  /** Assignment node types (`left` field is written). */
  assignments: string[];
  /** Node types whose named children are statements. */
  blocks: string[];
  /** Node type → concept seen directly in the syntax. */
  features: Record<string, string>;
  /** Statement kinds for node types not covered above. */
  statementKinds?: Record<string, StatementKind>;
  /** Initialiser text that builds a hash set/map. */
  hashedInit: RegExp;
  /** Initialiser (or declared type) that builds a heap or balanced tree: O(log n) operations. */
  orderedInit?: RegExp;
  /** Initialiser text that is the size of a collection; group 1 names it. */
  sizeOf: RegExp;
  /** The parameter list of a function node (default: its `parameters` field). */
  paramsOf?(node: SyntaxNode): SyntaxNode | null;
  /** The name of a function or class node (default: its `name` field). */
  nameOf?(node: SyntaxNode): string | undefined;
  /** Decorators/annotations/attributes on a unit. */
  decoratorsOf?(node: SyntaxNode): string[];
  /** Superclasses, interfaces and traits of a class-like unit. */
  basesOf?(node: SyntaxNode): string[];
  /** The container of a membership test (`x in xs`), when the node is one. */
  membership?(node: SyntaxNode): string | undefined;
  /** Extra concepts a node shows (beyond `features`), e.g. a Python `async def`. */
  conceptsOf?(node: SyntaxNode): string[];
  /** A function body's last expression, written without `;`, is its return value (Rust). */
  tailReturn?: boolean;
  /** The value of a body's last expression is returned (Ruby). */
  implicitReturn?: boolean;
  /** True when a function node is `async`. */
  isAsync?(node: SyntaxNode): boolean;
  /** A module-level write that is global state (`global x`), as the names written. */
  globalNames?(node: SyntaxNode): string[];
}

/** The text of a field, or '' when absent. */
export function field(node: SyntaxNode, name: string): string {
  return node.childForFieldName(name)?.text ?? '';
}

/** True when a node has an anonymous child token with this text (`async`, `in`, `not`). */
export function hasToken(node: SyntaxNode, token: string): boolean {
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && !child.isNamed && child.type === token) return true;
  }
  return false;
}

/** Named children of a node (one call into the parser's memory, not one per child). */
export function named(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null);
}

/** Texts of the children of the given types (e.g. base class names). */
export function childTexts(node: SyntaxNode | null | undefined, types: RegExp): string[] {
  if (!node) return [];
  const out: string[] = [];
  const walk = (n: SyntaxNode) => {
    for (const child of named(n)) {
      if (types.test(child.type)) out.push(child.text);
      else walk(child);
    }
  };
  walk(node);
  return out;
}
