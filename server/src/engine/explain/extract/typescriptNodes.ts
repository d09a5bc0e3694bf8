// The JS/TS node walk: dispatches each syntax node to the unit, loop, branch and call readers and
// records the facts a node gives by itself (declarations, sizes, features, returns, awaits).
import ts from 'typescript';
import { type Flow, hashedName } from '../model';
import { compact } from './bounds';
import { typescriptWrite } from './typescriptWrites';
import { bindingNames } from './typescriptParts';
import { visitClass } from './typescriptUnits';
import { noteAssignment, visitCall, visitLoop } from './typescriptFlow';
import type { Scope, TsWalk } from './typescriptWalk';

const LEAF_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.EndOfFileToken,
]);

const HASHED_CONSTRUCTORS = /^new\s+(?:Weak)?(?:Set|Map)\b/;
// LeetCode's JS/TS environment provides `@datastructures-js/priority-queue` (binary heaps:
// `enqueue` / `dequeue` are O(log n)); a class of that name written in the file is priced as
// written instead (callCost.ts prefers a local callee).
const ORDERED_CONSTRUCTORS = /^new\s+(?:Min|Max)?PriorityQueue\b/;

export function visitNode(w: TsWalk, node: ts.Node, scope: Scope): void {
  const { facts, text, feature, line } = w;
  const unit = scope.unit;
  // Most nodes are names and literals: leaves that only need recording.
  if (node.kind === ts.SyntaxKind.Identifier) {
    unit?.references.add((node as ts.Identifier).text);
    return;
  }
  if (LEAF_KINDS.has(node.kind)) return;
  if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
    const inner = w.visitFunction(node, scope);
    if (unit && scope.inReturn) unit.returnsFunction = true;
    if (ts.isFunctionDeclaration(node) && !node.body) facts.units.pop();
    void inner;
    return;
  }
  if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node))
    return visitClass(w, node, scope);
  if (ts.isIterationStatement(node, false)) return visitLoop(w, node, scope);
  if (ts.isIfStatement(node)) {
    w.visit(node.expression, { ...scope, inCondition: true });
    const arms: Flow[][] = [[], []];
    scope.flow.push({ kind: 'branch', line: line(node), arms });
    w.visitBlock(node.thenStatement, scope, arms[0]!);
    if (node.elseStatement && ts.isIfStatement(node.elseStatement))
      w.visitBlock(node.elseStatement, { ...scope, depth: scope.depth - 1 }, arms[1]!);
    else w.visitBlock(node.elseStatement, scope, arms[1]!);
    return;
  }
  if (ts.isSwitchStatement(node)) {
    w.visit(node.expression, scope);
    const arms = node.caseBlock.clauses.map(() => [] as Flow[]);
    scope.flow.push({ kind: 'branch', line: line(node), arms });
    node.caseBlock.clauses.forEach((clause, i) =>
      clause.statements.forEach((s) => w.visitBlock(s, scope, arms[i]!)),
    );
    return;
  }
  if (ts.isConditionalExpression(node)) {
    w.visit(node.condition, scope);
    const arms: Flow[][] = [[], []];
    scope.flow.push({ kind: 'branch', line: line(node), arms });
    w.visit(node.whenTrue, { ...scope, flow: arms[0]! });
    w.visit(node.whenFalse, { ...scope, flow: arms[1]! });
    return;
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') {
    const [first] = node.arguments;
    if (first && ts.isStringLiteral(first)) facts.imports.push({ module: first.text, line: line(node) });
  }
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return visitCall(w, node, scope);
  if (ts.isReturnStatement(node)) {
    if (node.expression && unit) unit.returnsValue = true;
    if (node.expression && unit && ts.isIdentifier(node.expression))
      w.returned.push({ unit, name: node.expression.text });
    if (node.expression) w.visit(node.expression, { ...scope, inReturn: true });
    scope.flow.push({ kind: 'return', line: line(node) });
    return;
  }
  if (ts.isTryStatement(node)) {
    feature('error handling', node);
    w.visitBlock(node.tryBlock, scope, scope.flow);
    if (node.catchClause) {
      unit?.catchLines.push(line(node.catchClause));
      if (node.catchClause.variableDeclaration)
        bindingNames(node.catchClause.variableDeclaration.name).forEach((n) => w.declare(scope, n));
      w.visitBlock(node.catchClause.block, scope, scope.flow);
    }
    w.visitBlock(node.finallyBlock, scope, scope.flow);
    return;
  }
  if (ts.isThrowStatement(node)) {
    unit?.throwLines.push(line(node));
    feature('error handling', node);
  }
  if (ts.isVariableDeclaration(node)) {
    bindingNames(node.name).forEach((n) => w.declare(scope, n));
    if (!ts.isIdentifier(node.name)) feature('destructuring', node);
    if (ts.isIdentifier(node.name) && node.initializer) {
      const init = text(node.initializer);
      if (HASHED_CONSTRUCTORS.test(init)) facts.hashed.add(hashedName(scope.unit, node.name.text));
      if (ORDERED_CONSTRUCTORS.test(init)) facts.ordered.add(hashedName(scope.unit, node.name.text));
      // `const n = xs.length`, or a copy `const a = [...xs]` / `xs.slice()`: as large as `xs`.
      const size =
        /^([\w$.]+)\.(?:length|size)(?:\s*-\s*1)?$/.exec(init) ??
        /^\[\s*\.\.\.\s*([\w$.]+)\s*\]$|^([\w$.]+)\.slice\(\s*\)$/.exec(init);
      if (size) facts.sizeAliases.set(hashedName(scope.unit, node.name.text), (size[1] ?? size[2])!);
    }
  }
  if (
    (ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) &&
    ts.isIdentifier(node.operand) &&
    unit
  ) {
    const op = node.operator;
    if (op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken) {
      w.assignments.push({ unit, name: node.operand.text, line: line(node) });
    }
  }
  if ((ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) && unit) {
    const write = typescriptWrite(node, w.sf, line(node));
    if (write) unit.writes.push(write);
  }
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op >= ts.SyntaxKind.FirstAssignment && op <= ts.SyntaxKind.LastAssignment)
      noteAssignment(w, node, scope);
    if (op === ts.SyntaxKind.InKeyword && unit && scope.inCondition)
      unit.guardLookups.add(compact(text(node.right), 40));
  }
  if (ts.isElementAccessExpression(node) && unit && !ts.isNumericLiteral(node.argumentExpression)) {
    if (scope.inReturn) unit.cacheLookups.add(compact(text(node.expression), 40));
    if (scope.inCondition) unit.guardLookups.add(compact(text(node.expression), 40));
  }
  if (ts.isAwaitExpression(node)) {
    scope.flow.push({ kind: 'await', line: line(node) });
    feature('async/await', node);
  }
  if (ts.isYieldExpression(node)) feature('generators', node);
  if (ts.isSpreadElement(node) || ts.isSpreadAssignment(node)) feature('spread/rest', node);
  // `[...xs, ...ys]` copies every element of `xs` and `ys`: a call-like step of the flow, charged
  // by the library table like `Array.from(xs)`.
  if (ts.isSpreadElement(node) && ts.isArrayLiteralExpression(node.parent))
    scope.flow.push({
      kind: 'call',
      line: line(node),
      callee: '...',
      name: '...',
      args: [compact(text(node.expression), 40)],
      callbacks: [],
      isNew: false,
    });
  if (ts.isBindingElement(node) && node.dotDotDotToken) feature('spread/rest', node);
  if (ts.isRegularExpressionLiteral(node)) feature('regular expressions', node);
  if (ts.isTemplateExpression(node)) feature('template literals', node);
  if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && node.questionDotToken)
    feature('optional chaining', node);
  if (ts.isComputedPropertyName(node) && /Symbol\.(async)?[iI]terator/.test(text(node)))
    feature('iterators', node);
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) {
    feature('JSX', node);
    if (unit) w.jsxUnits.add(unit.id);
  }
  if (ts.isIdentifier(node) && unit) unit.references.add(node.text);
  ts.forEachChild(node, (child) => w.visit(child, scope));
}
