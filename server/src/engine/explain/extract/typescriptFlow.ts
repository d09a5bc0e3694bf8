// JS/TS statements, blocks, loops, calls and assignments: the steps of a unit's flow and what each
// records on the unit (writes, cache reads and stores, calls of a parameter).
import ts from 'typescript';
import type { Flow, Statement } from '../model';
import { compact, counterBound, forEachBound, isCountingIterable } from './bounds';
import { whileBound } from './whileBound';
import { typescriptWrite } from './typescriptWrites';
import { describeStatement } from './typescriptStatements';
import { bindingNames } from './typescriptParts';
import type { Scope, TsWalk } from './typescriptWalk';
import { escape } from './boundText';

export function visitStatement(w: TsWalk, node: ts.Statement, scope: Scope): void {
  const { facts } = w;
  const statement: Statement | undefined = describeStatement(node, w.sf, scope.depth);
  if (statement) facts.statements.push(statement);
  const before = facts.units.length;
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    facts.imports.push({ module: node.moduleSpecifier.text, line: w.line(node) });
  }
  w.visit(node, scope);
  if (statement?.kind === 'unit' && facts.units.length > before) statement.unitId = before;
}

export function visitBlock(w: TsWalk, node: ts.Node | undefined, scope: Scope, flow: Flow[]): void {
  if (!node) return;
  const inner: Scope = { ...scope, flow, depth: scope.depth + 1, inReturn: false };
  if (ts.isBlock(node)) node.statements.forEach((s) => w.visitStatement(s, inner));
  else if (ts.isStatement(node)) w.visitStatement(node, inner);
  else w.visit(node, inner);
}

export function visitLoop(w: TsWalk, node: ts.IterationStatement, scope: Scope): void {
  const { text, feature } = w;
  const body: Flow[] = [];
  let bound;
  let variable: string | undefined;
  if (ts.isForStatement(node)) {
    const init = node.initializer;
    if (init && ts.isVariableDeclarationList(init) && init.declarations[0])
      variable = compact(text(init.declarations[0].name), 30);
    bound = counterBound(
      node.initializer ? text(node.initializer) : '',
      node.condition ? text(node.condition) : '',
      node.incrementor ? text(node.incrementor) : '',
      text(node.statement),
    );
    for (const part of [node.initializer, node.condition, node.incrementor])
      if (part) w.visit(part, { ...scope, flow: body });
  } else if (ts.isForOfStatement(node) || ts.isForInStatement(node)) {
    bound = forEachBound(text(node.expression));
    variable = compact(text(node.initializer), 30).replace(/^(const|let|var)\s+/, '');
    if (ts.isForOfStatement(node) && node.awaitModifier) {
      feature('async/await', node);
      feature('async iterators', node);
    }
    if (ts.isVariableDeclarationList(node.initializer)) {
      for (const d of node.initializer.declarations) {
        bindingNames(d.name).forEach((n) => w.declare(scope, n));
        if (!ts.isIdentifier(d.name)) feature('destructuring', d);
      }
    }
    w.visit(node.expression, scope);
  } else {
    const condition = (node as ts.WhileStatement | ts.DoStatement).expression;
    bound = whileBound(text(condition), text(node.statement));
    w.visit(condition, { ...scope, flow: body });
  }
  const counting =
    ts.isForStatement(node) || (ts.isForOfStatement(node) && isCountingIterable(text(node.expression)));
  scope.flow.push({
    kind: 'loop',
    line: w.line(node),
    endLine: w.endLine(node),
    bound,
    variable,
    counting,
    body,
  });
  w.visitBlock(node.statement, scope, body);
}

export function visitCall(w: TsWalk, node: ts.CallExpression | ts.NewExpression, scope: Scope): void {
  const { text, feature } = w;
  const callee = node.expression;
  const calleeText = compact(text(callee), 300);
  const receiver = ts.isPropertyAccessExpression(callee) ? compact(text(callee.expression), 40) : undefined;
  const name = ts.isPropertyAccessExpression(callee)
    ? callee.name.text
    : ts.isIdentifier(callee)
      ? callee.text
      : calleeText;
  const call: Flow = {
    kind: 'call',
    line: w.line(node),
    callee: calleeText,
    name,
    receiver,
    args: [],
    callbacks: [],
    isNew: ts.isNewExpression(node),
  };
  scope.flow.push(call);
  const unit = scope.unit;
  if (unit && ts.isIdentifier(callee) && unit.params.includes(callee.text)) unit.callsParameter = true;
  if (receiver && unit && /^(get|has)$/.test(name) && scope.inReturn) unit.cacheLookups.add(receiver);
  if (receiver && unit && /^(get|has)$/.test(name) && scope.inCondition) unit.guardLookups.add(receiver);
  if (receiver && unit && name === 'set' && node.arguments?.length === 2) unit.cacheStores.add(receiver);
  if (call.isNew && /^(RegExp)$/.test(calleeText)) feature('regular expressions', node);
  if (/^Promise(\.|$)/.test(calleeText) || (receiver && /^(then|catch|finally)$/.test(name)))
    feature('promises', node);
  if (receiver && name === 'catch') feature('error handling', node);
  if (/^use[A-Z]\w*$/.test(name) && (!receiver || receiver === 'React')) feature('React hooks', node);
  if (/^(useMemo|useCallback|memo)$/.test(name)) feature('memoization', node);
  if (ts.isPropertyAccessExpression(callee) && callee.questionDotToken) feature('optional chaining', node);
  // An immediately invoked function (`(async () => { … })()`) runs its body once, now.
  let invoked: ts.Expression = callee;
  while (ts.isParenthesizedExpression(invoked)) invoked = invoked.expression;
  if (ts.isArrowFunction(invoked) || ts.isFunctionExpression(invoked))
    call.callbacks.push(w.visitFunction(invoked, scope).body);
  else w.visit(callee, scope);
  for (const arg of node.arguments ?? []) {
    call.args.push(compact(text(arg), 40));
    if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) {
      feature('higher-order functions', arg);
      call.callbacks.push(w.visitFunction(arg, scope).body);
    } else w.visit(arg, scope);
  }
}

export function noteAssignment(w: TsWalk, node: ts.BinaryExpression, scope: Scope): void {
  const { text, sf } = w;
  const left = node.left;
  const write = scope.unit ? typescriptWrite(node, sf, w.line(node)) : undefined;
  if (write) scope.unit!.writes.push(write);
  if (ts.isObjectLiteralExpression(left) || ts.isArrayLiteralExpression(left))
    w.feature('destructuring', node);
  // Only a plain `=` not reading the same collection stores a result by key; `t[i] ^= 32`,
  // `cnt[x] += 1` and `t[i] = t[i].toUpperCase()` update an entry in place.
  if (
    ts.isElementAccessExpression(left) &&
    scope.unit &&
    node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    !new RegExp(`(^|[^\\w$.])${escape(text(left.expression))}\\s*\\[`).test(text(node.right))
  )
    scope.unit.cacheStores.add(compact(text(left.expression), 40));
  if (ts.isIdentifier(left) && scope.unit)
    w.assignments.push({ unit: scope.unit, name: left.text, line: w.line(node) });
  const root = ts.isPropertyAccessExpression(left) ? text(left).split('.')[0]! : '';
  if (scope.unit && /^(window|globalThis|global|document)$/.test(root))
    scope.unit.globalWrites.push({ line: w.line(node), name: compact(text(left), 40) });
  if (scope.unit && /^process\.env\./.test(text(left)))
    scope.unit.globalWrites.push({ line: w.line(node), name: compact(text(left), 40) });
}
