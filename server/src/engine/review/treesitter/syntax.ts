// Small, language-neutral helpers over tree-sitter nodes.
import type { SyntaxNode } from '../../parsing/treeSitter';

/** Descendants of the given types, in document order (null entries from the binding removed). */
export function descendants(node: SyntaxNode, types: string | string[]): SyntaxNode[] {
  return node.descendantsOfType(types).filter((n): n is SyntaxNode => n !== null);
}

/** The named children of a node, without the binding's null entries. */
export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== 'comment');
}

/** The nearest ancestor (not the node itself) whose type is in `types`. */
export function closest(node: SyntaxNode, types: ReadonlySet<string>): SyntaxNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (types.has(p.type)) return p;
  return undefined;
}

/** True when `inner` lies within `outer` (inclusive). */
export function contains(outer: SyntaxNode, inner: SyntaxNode): boolean {
  return inner.startIndex >= outer.startIndex && inner.endIndex <= outer.endIndex;
}

/** True when the node sits inside a loop of `loopTypes` that is itself inside `scope`. */
export function insideLoop(
  node: SyntaxNode,
  loopTypes: ReadonlySet<string>,
  scopeTypes: ReadonlySet<string>,
): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (scopeTypes.has(p.type)) return false;
    if (loopTypes.has(p.type)) return true;
  }
  return false;
}

/** Strips one layer of matching quotes (and a language prefix like r, b, f, @, $) from literal text. */
export function unquote(text: string): string {
  const match = text.match(/^[A-Za-z@$]*("""|'''|"|'|`)([\s\S]*)\1$/);
  return match ? match[2]! : text;
}

/** The last segment of a dotted/scoped name: `os.path.join` → `join`, `Foo::bar` → `bar`. */
export function lastSegment(name: string): string {
  const parts = name.split(/\.|::|->/);
  return parts[parts.length - 1] ?? name;
}

/** Mentions of passwords in identifiers or text: used to raise weak-hash severity. */
export const PASSWORD_HINT = /pass(?:word|wd|phrase)?|pwd|credential/i;

/** SQL statement shapes, tested on the constant text of a built query to confirm it is SQL. */
export const SQL_TEXT =
  /\b(?:select\b[\s\S]*\bfrom|insert\s+into|update\b[\s\S]*\bset|delete\s+from|where|order\s+by|group\s+by|values\s*\(|(?:create|drop|alter|truncate)\s+table)\b/i;

/** Evidence that a fragment handed to a query builder (where/order/having) is SQL: a comparison or keyword. */
export const SQL_FRAGMENT = /(?:=|<|>|\bLIKE\b|\bIN\s*\(|\bAND\b|\bOR\b|\bASC\b|\bDESC\b|\bIS\s+NULL\b)/i;

/** Printf-style formats whose conversions are all numeric (`%d`, `%.2f`): they cannot splice text. */
export const NUMERIC_PRINTF = /^[^%]*(?:%%[^%]*|%[-+ #0]*\d*(?:\.\d+)?[dfiguxXeEbot][^%]*)*$/;

/** Shells that re-parse their command-string argument. */
export const SHELL_PROGRAM =
  /^(?:(?:\/usr)?\/bin\/)?(?:sh|bash|zsh|dash|ksh|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh)$/i;
/** The flag that makes a shell run its next argument as a command string. */
export const SHELL_FLAG = /^(?:-c|\/c|\/k|-command|-encodedcommand)$/i;

/**
 * The operands of a chain of the same binary operator (`a + b + c + ...`), flattened without
 * recursion: long concatenations parse as deep left-leaning trees.
 */
export function binaryOperands(node: SyntaxNode): (SyntaxNode | null)[] {
  const operator = node.childForFieldName('operator')?.type;
  const out: (SyntaxNode | null)[] = [];
  const stack: (SyntaxNode | null)[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current && current.type === node.type && current.childForFieldName('operator')?.type === operator) {
      stack.push(current.childForFieldName('right'), current.childForFieldName('left'));
    } else out.push(current);
  }
  return out;
}
