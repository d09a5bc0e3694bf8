// Helpers over tree-sitter Python nodes shared by the transforms.
import type { SyntaxNode } from '../../parsing/treeSitter';

export function descendants(root: SyntaxNode, type: string): SyntaxNode[] {
  return root.descendantsOfType(type).filter((node): node is SyntaxNode => node !== null);
}

export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null);
}

/** Identifiers named `name` anywhere under root. */
export function usesName(root: SyntaxNode, name: string): boolean {
  return descendants(root, 'identifier').some((node) => node.text === name);
}

/** An argument simple enough to copy into an f-string replacement field or a Path() call. */
export function isSimpleExpression(node: SyntaxNode): boolean {
  if (['identifier', 'integer', 'float', 'true', 'false', 'none'].includes(node.type)) return true;
  if (node.type === 'attribute') return isSimpleExpression(node.childForFieldName('object')!);
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const index = node.childForFieldName('subscript');
    return !!value && !!index && isSimpleExpression(value) && ['identifier', 'integer'].includes(index.type);
  }
  if (node.type === 'call') {
    const fn = node.childForFieldName('function');
    const args = node.childForFieldName('arguments');
    return !!fn && !!args && isSimpleExpression(fn) && namedChildren(args).every(isSimpleExpression);
  }
  return false;
}

/** The indentation (leading whitespace) of the line a node starts on. */
export function indentOf(text: string, node: SyntaxNode): string {
  const lineStart = text.lastIndexOf('\n', node.startIndex - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The file's indentation unit: the smallest non-zero indent, or four spaces. */
export function indentUnit(text: string): string {
  const indents = (text.match(/^[ \t]+(?=\S)/gm) ?? []).sort((a, b) => a.length - b.length);
  return indents[0] ?? '    ';
}

/** Statements that leave the enclosing block early, outside nested functions. */
export function hasEarlyExit(node: SyntaxNode): boolean {
  if (node.type === 'function_definition' || node.type === 'lambda' || node.type === 'class_definition')
    return false;
  if (['return_statement', 'break_statement', 'continue_statement', 'yield'].includes(node.type)) return true;
  return namedChildren(node).some(hasEarlyExit);
}
