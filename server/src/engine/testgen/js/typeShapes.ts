// The structure of a parameter's declared type (TypeScript annotation or JSDoc `@param {T}`), read
// from the syntax and resolved against the module's own interfaces, type aliases and classes, so an
// argument of an object, callback or class type can be built from it instead of guessed.
import ts from 'typescript';
import type { TypeShape } from '../model';

/** How deep nested object types are followed (a recursive type stops here). */
const MAX_DEPTH = 3;

type Named = ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.ClassDeclaration;

/** A resolver of type nodes against the top-level named types of `sf`. */
export function shapeResolver(sf: ts.SourceFile): (node: ts.TypeNode | undefined) => TypeShape | undefined {
  const named = new Map<string, Named>();
  for (const statement of sf.statements) {
    if (
      (ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement)) &&
      statement.name
    ) {
      named.set(statement.name.text, statement);
    }
  }

  const members = (list: readonly ts.TypeElement[], depth: number): TypeShape => ({
    kind: 'object',
    props: list.flatMap((m) => {
      if (!ts.isPropertySignature(m) && !ts.isMethodSignature(m)) return [];
      if (!m.name || !(ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) return [];
      const shape = ts.isMethodSignature(m)
        ? { kind: 'function' as const, returns: shapeOf(m.type, depth + 1) }
        : shapeOf(m.type, depth + 1);
      return [{ name: m.name.text, optional: Boolean(m.questionToken), shape }];
    }),
  });

  const shapeOf = (node: ts.TypeNode | undefined, depth: number): TypeShape => {
    if (!node || depth > MAX_DEPTH) return { kind: 'unknown' };
    if (ts.isParenthesizedTypeNode(node)) return shapeOf(node.type, depth);
    switch (node.kind) {
      case ts.SyntaxKind.NumberKeyword:
        return { kind: 'primitive', name: 'number' };
      case ts.SyntaxKind.StringKeyword:
        return { kind: 'primitive', name: 'string' };
      case ts.SyntaxKind.BooleanKeyword:
        return { kind: 'primitive', name: 'boolean' };
      default:
        break;
    }
    if (ts.isLiteralTypeNode(node)) {
      const lit = node.literal;
      if (ts.isStringLiteral(lit)) return { kind: 'literal', value: lit.text };
      if (ts.isNumericLiteral(lit)) return { kind: 'literal', value: Number(lit.text) };
      if (lit.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'literal', value: true };
      if (lit.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'literal', value: false };
      if (lit.kind === ts.SyntaxKind.NullKeyword) return { kind: 'literal', value: null };
      if (
        ts.isPrefixUnaryExpression(lit) &&
        lit.operator === ts.SyntaxKind.MinusToken &&
        ts.isNumericLiteral(lit.operand)
      )
        return { kind: 'literal', value: -Number(lit.operand.text) };
      return { kind: 'unknown' };
    }
    if (ts.isUnionTypeNode(node)) return { kind: 'union', options: node.types.map((t) => shapeOf(t, depth)) };
    if (ts.isArrayTypeNode(node)) return { kind: 'array', items: shapeOf(node.elementType, depth + 1) };
    if (ts.isTypeLiteralNode(node)) return members(node.members, depth);
    if (ts.isFunctionTypeNode(node)) return { kind: 'function', returns: shapeOf(node.type, depth + 1) };
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      if ((name === 'Array' || name === 'ReadonlyArray') && node.typeArguments?.length === 1)
        return { kind: 'array', items: shapeOf(node.typeArguments[0], depth + 1) };
      const declared = named.get(name);
      if (!declared) return { kind: 'unknown' };
      if (ts.isInterfaceDeclaration(declared)) return members(declared.members, depth);
      if (ts.isTypeAliasDeclaration(declared)) return shapeOf(declared.type, depth + 1);
      const ctor = declared.members.find(ts.isConstructorDeclaration);
      return {
        kind: 'class',
        className: name,
        params: (ctor?.parameters ?? []).map((p) => ({
          optional: Boolean(p.questionToken || p.initializer),
          shape: shapeOf(p.type, depth + 1),
        })),
      };
    }
    return { kind: 'unknown' };
  };

  return (node) => {
    const shape = shapeOf(node, 0);
    return shape.kind === 'unknown' ? undefined : shape;
  };
}

/** The type node a parameter declares: its annotation, else its JSDoc `@param {T}`. */
export function declaredTypeNode(param: ts.ParameterDeclaration): ts.TypeNode | undefined {
  return param.type ?? ts.getJSDocType(param);
}
