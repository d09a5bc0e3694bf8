// Describes one JS/TS statement (or class member) for the breakdown: its kind and the identifiers
// and expressions involved, as written.
import ts from 'typescript';
import type { Statement } from '../model';
import { compact, shorten } from './bounds';

function isFunctionValue(node: ts.Node | undefined): boolean {
  return !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node));
}

function unwrapAwait(node: ts.Expression): ts.Expression {
  return ts.isAwaitExpression(node) ? node.expression : node;
}

export function describeStatement(node: ts.Node, sf: ts.SourceFile, depth: number): Statement | undefined {
  const text = (n: ts.Node) => compact(n.getText(sf));
  const base = {
    line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
    depth,
    code: shorten(node.getText(sf)),
  };
  if (
    ts.isFunctionLike(node) ||
    ts.isClassLike(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isEnumDeclaration(node)
  ) {
    return { ...base, kind: 'unit' };
  }
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    const names: string[] = [];
    if (clause?.name) names.push(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(`* as ${bindings.name.text}`);
    if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name.text));
    const module = ts.isStringLiteral(node.moduleSpecifier)
      ? node.moduleSpecifier.text
      : text(node.moduleSpecifier);
    return { ...base, kind: 'import', module, names };
  }
  if (ts.isVariableStatement(node)) {
    const declarations = node.declarationList.declarations;
    const first = declarations[0];
    if (declarations.length === 1 && first && isFunctionValue(first.initializer))
      return { ...base, kind: 'unit' };
    const requireCall =
      first?.initializer && /^require\(['"]([^'"]+)['"]\)/.exec(first.initializer.getText(sf));
    if (requireCall)
      return { ...base, kind: 'import', module: requireCall[1], names: [first!.name.getText(sf)] };
    const flags = node.declarationList.flags;
    const keyword = flags & ts.NodeFlags.Const ? 'constant' : 'variable';
    return {
      ...base,
      // Several names declared over several lines (`let l = i,\n    r = i + m - 1;`, as formatters
      // write it) keep every initialiser, on one line, for the readings of first values.
      ...(declarations.length > 1 ? { code: compact(node.getText(sf), 120) } : {}),
      kind: 'declaration',
      operator: keyword,
      names: declarations.map((d) => d.name.getText(sf)),
      target: declarations.map((d) => compact(d.name.getText(sf), 40)).join(', '),
      value: first?.initializer ? text(first.initializer) : undefined,
      callee: first?.initializer ? calleeOf(unwrapAwait(first.initializer), sf) : undefined,
    };
  }
  if (ts.isPropertyDeclaration(node)) {
    if (isFunctionValue(node.initializer)) return { ...base, kind: 'unit' };
    return {
      ...base,
      kind: 'declaration',
      operator: 'property',
      target: node.name.getText(sf),
      value: node.initializer ? text(node.initializer) : undefined,
    };
  }
  if (ts.isExpressionStatement(node)) return describeExpression(node.expression, sf, base);
  if (ts.isReturnStatement(node))
    return { ...base, kind: 'return', value: node.expression ? text(node.expression) : undefined };
  if (ts.isIfStatement(node))
    return {
      ...base,
      kind: 'if',
      condition: text(node.expression),
      keyword: node.elseStatement ? 'else' : undefined,
    };
  if (ts.isForOfStatement(node) || ts.isForInStatement(node)) {
    const item = ts.isVariableDeclarationList(node.initializer)
      ? node.initializer.declarations.map((d) => d.name.getText(sf)).join(', ')
      : text(node.initializer);
    return {
      ...base,
      kind: 'loop',
      loopKind: 'for-each',
      item,
      collection: text(node.expression),
      operator: ts.isForInStatement(node) ? 'in' : 'of',
    };
  }
  if (ts.isForStatement(node)) {
    return {
      ...base,
      kind: 'loop',
      loopKind: 'counter',
      item: node.initializer ? text(node.initializer) : undefined,
      condition: node.condition ? text(node.condition) : undefined,
      value: node.incrementor ? text(node.incrementor) : undefined,
    };
  }
  if (ts.isWhileStatement(node))
    return { ...base, kind: 'loop', loopKind: 'while', condition: text(node.expression) };
  if (ts.isDoStatement(node))
    return { ...base, kind: 'loop', loopKind: 'do', condition: text(node.expression) };
  if (ts.isTryStatement(node)) {
    const variable = node.catchClause?.variableDeclaration?.name.getText(sf);
    return {
      ...base,
      kind: 'try',
      exceptions: node.catchClause ? (variable ?? 'any error') : undefined,
      keyword: node.finallyBlock ? 'finally' : undefined,
    };
  }
  if (ts.isThrowStatement(node)) return { ...base, kind: 'throw', value: text(node.expression) };
  if (ts.isSwitchStatement(node))
    return {
      ...base,
      kind: 'match',
      condition: text(node.expression),
      value: String(node.caseBlock.clauses.length),
    };
  if (ts.isBreakStatement(node) || ts.isContinueStatement(node))
    return { ...base, kind: 'jump', keyword: ts.isBreakStatement(node) ? 'break' : 'continue' };
  if (ts.isExportAssignment(node))
    return { ...base, kind: 'expression', value: text(node.expression), keyword: 'export' };
  if (ts.isExportDeclaration(node))
    return {
      ...base,
      kind: 'import',
      keyword: 'export',
      module: node.moduleSpecifier ? text(node.moduleSpecifier) : undefined,
      names: [],
    };
  if (ts.isTypeAliasDeclaration(node))
    return { ...base, kind: 'declaration', operator: 'type', target: node.name.text, value: text(node.type) };
  if (ts.isBlock(node) || ts.isEmptyStatement(node)) return undefined;
  return { ...base, kind: 'expression', value: text(node) };
}

function calleeOf(node: ts.Node, sf: ts.SourceFile): string | undefined {
  if (ts.isCallExpression(node)) return compact(node.expression.getText(sf), 50);
  if (ts.isNewExpression(node)) return `new ${compact(node.expression.getText(sf), 46)}`;
  return undefined;
}

function describeExpression(
  expr: ts.Expression,
  sf: ts.SourceFile,
  base: Pick<Statement, 'line' | 'depth' | 'code'>,
): Statement {
  const text = (n: ts.Node) => compact(n.getText(sf));
  if (
    ts.isBinaryExpression(expr) &&
    expr.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    expr.operatorToken.kind <= ts.SyntaxKind.LastAssignment
  ) {
    if (isFunctionValue(expr.right)) return { ...base, kind: 'unit' };
    const left = expr.left.getText(sf);
    const requireCall = /^require\(['"]([^'"]+)['"]\)/.exec(expr.right.getText(sf));
    if (/^module\.exports|^exports\./.test(left))
      return { ...base, kind: 'expression', keyword: 'export', value: text(expr.right), target: left };
    if (requireCall) return { ...base, kind: 'import', module: requireCall[1], names: [left] };
    return {
      ...base,
      kind: 'assignment',
      target: compact(left, 50),
      operator: expr.operatorToken.getText(sf),
      value: text(expr.right),
      callee: calleeOf(unwrapAwait(expr.right), sf),
    };
  }
  const inner = unwrapAwait(expr);
  if (ts.isCallExpression(inner) || ts.isNewExpression(inner)) {
    return {
      ...base,
      kind: 'call',
      callee: calleeOf(inner, sf),
      value: (inner.arguments ?? []).map((a) => compact(a.getText(sf), 30)).join(', '),
      keyword: inner !== expr ? 'await' : undefined,
    };
  }
  if (ts.isYieldExpression(expr))
    return { ...base, kind: 'yield', value: expr.expression ? text(expr.expression) : undefined };
  if (
    (ts.isPostfixUnaryExpression(expr) || ts.isPrefixUnaryExpression(expr)) &&
    ts.isIdentifier(expr.operand)
  ) {
    const increment = expr.operator === ts.SyntaxKind.PlusPlusToken;
    return { ...base, kind: 'assignment', target: expr.operand.text, operator: increment ? '++' : '--' };
  }
  return { ...base, kind: 'expression', value: text(expr) };
}
