// What a value is for, judged from the names around it: the variable or property it is stored in,
// the function it is returned from. `const resetToken = Math.random()...` is about a token.
import type { AstNode } from '../ast';
import { memberPath, propertyName } from '../ast';

/** Names describing where an expression's value goes, nearest first. */
export function destinationNames(node: AstNode): string[] {
  const names: string[] = [];
  let child = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    switch (current.type) {
      case 'VariableDeclarator':
        if (current.id.type === 'Identifier') names.push(current.id.name);
        return names;
      case 'AssignmentExpression':
        names.push(
          memberPath(current.left) ??
            (current.left.type === 'MemberExpression' ? (propertyName(current.left) ?? '') : ''),
        );
        return names;
      case 'Property':
        if (current.value === child) names.push(current.key?.name ?? String(current.key?.value ?? ''));
        break;
      case 'PropertyDefinition':
        names.push(current.key?.name ?? '');
        return names;
      case 'ReturnStatement':
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
      case 'FunctionDeclaration': {
        const fn = current.type === 'ReturnStatement' ? enclosingFn(current) : current;
        const name = fn ? functionName(fn) : undefined;
        if (name) names.push(name);
        return names;
      }
      case 'ExpressionStatement':
      case 'BlockStatement':
      case 'Program':
        return names;
      default:
        break;
    }
  }
  return names;
}

function enclosingFn(node: AstNode): AstNode | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (/Function/.test(current.type)) return current;
  }
  return undefined;
}

export function functionName(fn: AstNode): string | undefined {
  if (fn.id?.type === 'Identifier') return fn.id.name;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key)
    return parent.key.name;
  if (parent?.type === 'AssignmentExpression') return memberPath(parent.left)?.split('.').pop();
  return undefined;
}
