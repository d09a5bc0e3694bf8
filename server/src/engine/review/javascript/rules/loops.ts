// Loop-shape helpers for the performance rules: which variables a loop binds and whether a value
// (a collection, a string accumulator) lives outside it.
import { containsNode, isFunction, patternNames, type AstNode } from '../ast';

/** Names bound per iteration: the loop variable(s), declarations in the body, callback parameters. */
export function loopScopedNames(loop: AstNode): Set<string> {
  const names = new Set<string>();
  const body = loop.type === 'CallExpression' ? loop.arguments[0] : loop;
  if (loop.type === 'CallExpression') {
    for (const param of body.params) patternNames(param).forEach((n) => names.add(n));
  } else if (loop.type === 'ForStatement' && loop.init?.type === 'VariableDeclaration') {
    loop.init.declarations.forEach((d: AstNode) => patternNames(d.id).forEach((n) => names.add(n)));
  } else if (
    (loop.type === 'ForOfStatement' || loop.type === 'ForInStatement') &&
    loop.left.type === 'VariableDeclaration'
  ) {
    patternNames(loop.left.declarations[0].id).forEach((n) => names.add(n));
  }
  const inner = loop.type === 'CallExpression' ? body.body : loop.body;
  containsNode(
    inner,
    (node) => {
      if (node.type === 'VariableDeclarator') patternNames(node.id).forEach((n) => names.add(n));
      if (isFunction(node) && node !== inner)
        node.params?.forEach((p: AstNode) => patternNames(p).forEach((n) => names.add(n)));
      return false;
    },
    { enterFunctions: true },
  );
  return names;
}

/** The declaration (declarator or parameter) of a name visible at `from`, searching outward. */
export function findDeclaration(from: AstNode, name: string): AstNode | undefined {
  for (let scope = from.parent; scope; scope = scope.parent) {
    const statements: AstNode[] =
      scope.type === 'Program' || scope.type === 'BlockStatement'
        ? scope.body
        : scope.type === 'SwitchCase'
          ? scope.consequent
          : [];
    for (const statement of statements) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration') continue;
      for (const d of declaration.declarations) if (patternNames(d.id).includes(name)) return d;
    }
    if (isFunction(scope)) {
      for (const param of scope.params) if (patternNames(param).includes(name)) return param;
    }
  }
  return undefined;
}
