// `typeof x === 'function' && x(...)`, `if (typeof x === 'string') { ... x ... }`: inside the guarded
// part `x` has the tested kind, provided nothing there can write `x` (no assignment in the guarded
// part, and no closure anywhere in the file that assigns it, since a call could run one).
import ts from 'typescript';
import { isScriptGlobal, isWrite, ownerOf, referencesOf } from './bindings';
import type { Kind, Kinds } from './valueKinds';

const TYPEOF_KINDS: Record<string, Kind[]> = {
  function: ['callable'],
  object: ['object', 'callable', 'null'],
  string: ['string'],
  number: ['number'],
  boolean: ['boolean'],
  bigint: ['bigint'],
  symbol: ['symbol'],
};

export function typeofGuardKinds(checker: ts.TypeChecker, identifier: ts.Identifier): Kinds | undefined {
  for (
    let child: ts.Node = identifier, parent = identifier.parent;
    parent;
    child = parent, parent = parent.parent
  ) {
    if (ts.isFunctionLike(parent)) return undefined;
    let condition: ts.Expression | undefined;
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      parent.right === child
    )
      condition = parent.left;
    else if (ts.isIfStatement(parent) && parent.thenStatement === child) condition = parent.expression;
    else if (ts.isConditionalExpression(parent) && parent.whenTrue === child) condition = parent.condition;
    if (!condition) continue;
    const tested = testedKind(condition, identifier.text);
    if (tested && unwrittenWithin(checker, identifier, child)) return new Set(TYPEOF_KINDS[tested]);
  }
  return undefined;
}

/** The kind `typeof name === '<kind>'` asserts among the conjuncts of the condition. */
function testedKind(condition: ts.Expression, name: string): string | undefined {
  let node = condition;
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  if (!ts.isBinaryExpression(node)) return undefined;
  if (node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return testedKind(node.left, name) ?? testedKind(node.right, name);
  if (
    ![ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(
      node.operatorToken.kind,
    )
  )
    return undefined;
  const [typeOf, literal] = ts.isTypeOfExpression(node.left)
    ? [node.left, node.right]
    : [node.right, node.left];
  if (!ts.isTypeOfExpression(typeOf) || !ts.isStringLiteral(literal)) return undefined;
  const operand = typeOf.expression;
  return ts.isIdentifier(operand) && operand.text === name && literal.text in TYPEOF_KINDS
    ? literal.text
    : undefined;
}

function unwrittenWithin(checker: ts.TypeChecker, identifier: ts.Identifier, region: ts.Node): boolean {
  const symbol = checker.getSymbolAtLocation(identifier);
  const declaration = symbol?.valueDeclaration;
  if (!symbol || !declaration || declaration.getSourceFile() !== identifier.getSourceFile()) return false;
  if (isScriptGlobal(declaration)) return false;
  const home = ownerOf(declaration);
  return referencesOf(checker, identifier.getSourceFile(), symbol).every(
    (reference) =>
      !isWrite(reference) ||
      (ownerOf(reference) === home &&
        (reference.end <= region.getStart() || reference.getStart() >= region.end)),
  );
}
