// Value kinds from TypeScript types — used only for types someone declared (an annotation, JSDoc,
// a property signature) or the standard library's signatures, never for inferred ones.
import ts from 'typescript';
import type { Kind, Kinds } from './valueKinds';

/**
 * The kinds a declaration's declared type allows, or undefined when it has no declared type (or the
 * type says nothing: `any`, `unknown`, `*`, a type parameter, `{}`/`Object`, which admit primitives).
 * Unions are read from the written type: with strictNullChecks off the checker drops `| undefined`.
 */
export function declaredKinds(checker: ts.TypeChecker, declaration: ts.Node): Kinds | undefined {
  if (ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration))
    return withOptional(new Set<Kind>(['callable']), declaration);
  if (ts.isFunctionDeclaration(declaration)) return undefined;
  const typeNode =
    (ts.isParameter(declaration) ||
    ts.isVariableDeclaration(declaration) ||
    ts.isPropertySignature(declaration) ||
    ts.isPropertyDeclaration(declaration)
      ? declaration.type
      : undefined) ??
    (ts.isParameter(declaration) ||
    ts.isVariableDeclaration(declaration) ||
    ts.isPropertyDeclaration(declaration) ||
    ts.isPropertySignature(declaration)
      ? ts.getJSDocType(declaration)
      : undefined);
  if (!typeNode) return undefined;
  const kinds = kindsOfTypeNode(checker, typeNode);
  return kinds && withOptional(kinds, declaration);
}

// `x?: T`, `@param {T} [x]` and parameters with a default can be (or arrive as) undefined.
function withOptional(kinds: Set<Kind>, declaration: ts.Node): Set<Kind> {
  const optional =
    ('questionToken' in declaration && !!declaration.questionToken) ||
    (ts.isParameter(declaration) && ts.getJSDocParameterTags(declaration).some((tag) => tag.isBracketed));
  if (optional) kinds.add('undefined');
  return kinds;
}

function kindsOfTypeNode(checker: ts.TypeChecker, node: ts.TypeNode): Set<Kind> | undefined {
  if (ts.isParenthesizedTypeNode(node)) return kindsOfTypeNode(checker, node.type);
  if (ts.isUnionTypeNode(node)) {
    const parts = node.types.map((part) => kindsOfTypeNode(checker, part));
    return parts.some((part) => !part) ? undefined : new Set(parts.flatMap((part) => [...part!]));
  }
  if (ts.isJSDocOptionalType(node)) return add(kindsOfTypeNode(checker, node.type), 'undefined');
  if (ts.isJSDocNullableType(node)) return add(kindsOfTypeNode(checker, node.type), 'null');
  if (ts.isJSDocNonNullableType(node)) return kindsOfTypeNode(checker, node.type);
  if (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword) return new Set(['null']);
  if (node.kind === ts.SyntaxKind.UndefinedKeyword || node.kind === ts.SyntaxKind.VoidKeyword)
    return new Set(['undefined']);
  if (node.kind === ts.SyntaxKind.ObjectKeyword) return new Set(['object', 'callable']);
  const kinds = typeKinds(checker, checker.getTypeFromTypeNode(node));
  return kinds && new Set(kinds);
}

function add(kinds: Set<Kind> | undefined, kind: Kind): Set<Kind> | undefined {
  kinds?.add(kind);
  return kinds;
}

/** Kinds of a (declared or standard-library) type; undefined when the type admits anything. */
export function typeKinds(checker: ts.TypeChecker, type: ts.Type): Kinds | undefined {
  if (type.isUnion()) {
    const parts = type.types.map((part) => typeKinds(checker, part));
    return parts.some((part) => !part) ? undefined : new Set(parts.flatMap((part) => [...part!]));
  }
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeVariable | ts.TypeFlags.Index))
    return undefined;
  if (flags & ts.TypeFlags.StringLike) return new Set(['string']);
  if (flags & ts.TypeFlags.NumberLike) return new Set(['number']);
  if (flags & ts.TypeFlags.BooleanLike) return new Set(['boolean']);
  if (flags & ts.TypeFlags.BigIntLike) return new Set(['bigint']);
  if (flags & ts.TypeFlags.ESSymbolLike) return new Set(['symbol']);
  if (flags & ts.TypeFlags.Null) return new Set(['null']);
  if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return new Set(['undefined']);
  if (flags & ts.TypeFlags.Never) return new Set();
  if (flags & ts.TypeFlags.NonPrimitive) return new Set(['object', 'callable']);
  if (!(flags & ts.TypeFlags.Object)) return undefined;
  const kinds = new Set<Kind>();
  // Structural types admit primitives whose wrapper has the members (`{ length: number }` takes a
  // string); `{}` and `Object` take them all.
  const primitives: [Kind, ts.Type][] = [
    ['string', checker.getStringType()],
    ['number', checker.getNumberType()],
    ['boolean', checker.getBooleanType()],
    ['bigint', checker.getBigIntType()],
    ['symbol', checker.getESSymbolType()],
  ];
  for (const [kind, primitive] of primitives)
    if (checker.isTypeAssignableTo(primitive, type)) kinds.add(kind);
  if (kinds.size === primitives.length) return undefined;
  const callable = type.getCallSignatures().length > 0 || type.symbol?.name === 'Function';
  kinds.add(callable ? 'callable' : 'object');
  // An interface without call signatures may still be implemented by a function.
  if (!callable) kinds.add('callable');
  return kinds;
}
