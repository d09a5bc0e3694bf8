// `const config = { server: {...} }; ... config.server ...`: when the binding holds an object literal
// and every use of it reads a property (never writes one, calls a method on it, or lets the object
// escape), each property keeps the literal's value, so `config.server` is that initializer.
import ts from 'typescript';
import { isSingleValued, isWrite, referencesOf } from './bindings';

export function sealedPropertyInitializer(
  checker: ts.TypeChecker,
  access: ts.PropertyAccessExpression,
): ts.Expression | undefined {
  const receiver = access.expression;
  if (!ts.isIdentifier(receiver)) return undefined;
  const symbol = checker.getSymbolAtLocation(receiver);
  const declaration = symbol?.valueDeclaration;
  if (
    !symbol ||
    !declaration ||
    !ts.isVariableDeclaration(declaration) ||
    !declaration.initializer ||
    !ts.isObjectLiteralExpression(declaration.initializer) ||
    !isSingleValued(checker, symbol, declaration)
  )
    return undefined;
  const literal = declaration.initializer;
  // Getters, spreads, computed keys and methods using `this` make the value something other than the text.
  if (
    !literal.properties.every(
      (property) => ts.isPropertyAssignment(property) && !ts.isComputedPropertyName(property.name),
    )
  )
    return undefined;
  for (const reference of referencesOf(checker, receiver.getSourceFile(), symbol)) {
    if (reference === declaration.name) continue;
    const read = reference.parent;
    if (!ts.isPropertyAccessExpression(read) || read.expression !== reference || isWrite(read))
      return undefined;
    if (ts.isCallExpression(read.parent) && read.parent.expression === read) return undefined;
  }
  const name = access.name.text;
  const property = literal.properties.find(
    (candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name,
  ) as ts.PropertyAssignment | undefined;
  return property?.initializer;
}
