// Small questions about the TypeScript syntax tree shared by the safety checks.
import ts from 'typescript';

/**
 * The innermost node (of those `ts.forEachChild` visits) whose span, from its first token to its
 * end, contains the position. Each level binary-searches its children, so a lookup costs about
 * depth × log(children) rather than a scan of every statement in the file.
 */
export function nodeAt(source: ts.SourceFile, position: number): ts.Node {
  let found: ts.Node = source;
  for (let node: ts.Node | undefined = childAt(source, source, position); node;) {
    found = node;
    node = childAt(source, node, position);
  }
  return found;
}

/**
 * The node of that kind whose full span (leading trivia included) is exactly [pos, end), found the
 * same way: only the child whose span holds the range is entered (siblings' spans never overlap).
 */
export function nodeSpanning(
  source: ts.SourceFile,
  pos: number,
  end: number,
  kind: ts.SyntaxKind,
): ts.Node | undefined {
  for (let node: ts.Node | undefined = source; node;) {
    if (node.pos === pos && node.end === end && node.kind === kind) return node;
    const children = childrenOf(node);
    const child: ts.Node | undefined = children[firstEndingAtOrAfter(children, end)];
    node = child && child.pos <= pos && end <= child.end ? child : undefined;
  }
  return undefined;
}

// Children in `forEachChild` order, per node, kept as long as the tree is.
const childLists = new WeakMap<ts.Node, ts.Node[]>();

function childrenOf(node: ts.Node): ts.Node[] {
  let children = childLists.get(node);
  if (!children) {
    children = [];
    const list = children;
    ts.forEachChild(node, (child) => {
      list.push(child);
    });
    childLists.set(node, children);
  }
  return children;
}

/** The index of the first child whose end is at or after `offset` (children end in order). */
function firstEndingAtOrAfter(children: readonly ts.Node[], offset: number): number {
  let low = 0;
  let high = children.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (children[middle]!.end < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The child containing the position (siblings never overlap), or undefined. */
function childAt(source: ts.SourceFile, node: ts.Node, position: number): ts.Node | undefined {
  // The first child ending after the position is the only one that can contain it.
  const children = childrenOf(node);
  const child = children[firstEndingAtOrAfter(children, position + 1)];
  return child && child.getStart(source) <= position ? child : undefined;
}

export function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isFunctionLike(current) && 'body' in current) return current as ts.FunctionLikeDeclaration;
  }
  return undefined;
}

const PURE_OPERATORS = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
]);

/** Expressions whose evaluation cannot throw or have side effects. */
export function isPure(node: ts.Node): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return isPure(node.expression);
  }
  if (
    ts.isIdentifier(node) ||
    ts.isLiteralExpression(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    node.kind === ts.SyntaxKind.ThisKeyword ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  ) {
    return true;
  }
  // Arithmetic and concatenation of pure operands: we assume toString/valueOf do not throw.
  if (ts.isBinaryExpression(node) && PURE_OPERATORS.has(node.operatorToken.kind))
    return isPure(node.left) && isPure(node.right);
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((span) => isPure(span.expression));
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isPure);
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every((property) =>
      ts.isPropertyAssignment(property)
        ? !ts.isComputedPropertyName(property.name) && isPure(property.initializer)
        : ts.isShorthandPropertyAssignment(property) || ts.isMethodDeclaration(property),
    );
  }
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator !== ts.SyntaxKind.PlusPlusToken &&
    node.operator !== ts.SyntaxKind.MinusMinusToken
  ) {
    return ts.isLiteralExpression(node.operand);
  }
  return false;
}

export function lineOfNode(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** Short one-line text of a node for messages. */
export function snippet(source: ts.SourceFile, node: ts.Node, max = 50): string {
  const text = node.getText(source).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** True for a name usable as an identifier (not a reserved word), checked by parsing it. */
export function isValidIdentifierName(name: string): boolean {
  const source = ts.createSourceFile('name.ts', `let ${name};`, ts.ScriptTarget.Latest, true);
  const statement = source.statements[0];
  const parseErrors =
    (source as ts.SourceFile & { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
  return (
    parseErrors.length === 0 &&
    source.statements.length === 1 &&
    !!statement &&
    ts.isVariableStatement(statement) &&
    statement.declarationList.declarations[0]?.name.getText(source) === name &&
    !/^(let|yield|await|static|implements|interface|package|private|protected|public|eval|arguments)$/.test(
      name,
    )
  );
}
