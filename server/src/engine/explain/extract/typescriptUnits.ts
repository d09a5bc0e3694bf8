// JS/TS units: functions, methods, classes, interfaces and enums, each opened as a Unit of the model.
import ts from 'typescript';
import { type Unit, emptyUnit } from '../model';
import { compact } from './bounds';
import { describeStatement } from './typescriptStatements';
import { bindingNames, unitKind, unitName } from './typescriptParts';
import type { Scope, TsWalk } from './typescriptWalk';

function startUnit(w: TsWalk, node: ts.Node, scope: Scope): Unit {
  const { facts, sf } = w;
  const unit = emptyUnit(
    facts.units.length,
    unitKind(node),
    unitName(node, sf),
    w.line(node),
    w.endLine(node),
  );
  unit.parent = scope.unit?.id;
  const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
  unit.isAsync = modifiers.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  unit.isExported =
    modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ||
    (ts.isVariableDeclaration(node.parent) &&
      (ts.getCombinedModifierFlags(node.parent) & ts.ModifierFlags.Export) !== 0);
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  unit.decorators = decorators.map((d) => compact(w.text(d.expression), 40));
  if (decorators.length) w.feature('decorators', decorators[0]!);
  facts.units.push(unit);
  if (unit.name !== '<anonymous>' && !ts.isMethodDeclaration(node) && !ts.isConstructorDeclaration(node))
    w.declare(scope, unit.name);
  return unit;
}

export function visitFunction(
  w: TsWalk,
  node: ts.SignatureDeclaration & { body?: ts.Node },
  scope: Scope,
): Unit {
  const { feature } = w;
  const unit = startUnit(w, node, scope);
  unit.isGenerator = !!(node as ts.FunctionLikeDeclarationBase).asteriskToken;
  if (unit.isAsync) feature('async/await', node);
  if (unit.isGenerator) feature('generators', node);
  if (unit.isGenerator && unit.isAsync) feature('async iterators', node);
  if (ts.isArrowFunction(node)) feature('arrow functions', node);
  if (node.typeParameters?.length) feature('generics', node);
  for (const param of node.parameters) {
    const names = bindingNames(param.name);
    unit.params.push(
      param.dotDotDotToken
        ? `...${names[0]}`
        : ts.isIdentifier(param.name)
          ? names[0]!
          : compact(w.text(param.name), 40),
    );
    names.forEach((n) => unit.locals.add(n));
    if (param.dotDotDotToken) feature('spread/rest', param);
    if (!ts.isIdentifier(param.name)) feature('destructuring', param);
    if (param.initializer)
      w.visit(param.initializer, { unit, flow: unit.body, depth: scope.depth + 1, inReturn: false });
  }
  if (node.type) unit.returnType = compact(w.text(node.type), 50);
  const inner: Scope = { unit, flow: unit.body, depth: scope.depth + 1, inReturn: false };
  if (node.body && ts.isBlock(node.body)) node.body.statements.forEach((s) => w.visitStatement(s, inner));
  else if (node.body) {
    unit.returnsValue = true;
    if (ts.isFunctionLike(node.body) || ts.isArrowFunction(node.body)) unit.returnsFunction = true;
    w.visit(node.body, { ...inner, inReturn: true });
  }
  return unit;
}

export function visitClass(
  w: TsWalk,
  node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration | ts.EnumDeclaration,
  scope: Scope,
): void {
  const { feature } = w;
  const unit = startUnit(w, node, scope);
  const inner: Scope = { unit, flow: unit.body, depth: scope.depth + 1, inReturn: false };
  if (ts.isEnumDeclaration(node)) {
    feature('enums', node);
    return;
  }
  if (ts.isInterfaceDeclaration(node)) feature('interfaces', node);
  else feature('classes', node);
  if (node.typeParameters?.length) feature('generics', node);
  for (const clause of node.heritageClauses ?? []) {
    for (const type of clause.types) unit.bases.push(compact(w.text(type.expression), 40));
    if (clause.token === ts.SyntaxKind.ExtendsKeyword && !ts.isInterfaceDeclaration(node))
      feature('inheritance', clause);
    if (clause.token === ts.SyntaxKind.ImplementsKeyword) feature('interfaces', clause);
  }
  if (ts.isClassLike(node) && unit.bases.some((b) => /^(React\.)?(Pure)?Component$/.test(b))) {
    feature('React components', node);
  }
  if (ts.isInterfaceDeclaration(node)) return;
  for (const member of node.members) {
    const statement = describeStatement(member, w.sf, inner.depth);
    if (statement) w.facts.statements.push(statement);
    if (ts.isFunctionLike(member) && (member as ts.FunctionLikeDeclaration).body) {
      const method = w.visitFunction(member as ts.FunctionLikeDeclaration, inner);
      method.kind = ts.isConstructorDeclaration(member) ? 'constructor' : 'method';
      if (statement) statement.unitId = method.id;
    } else ts.forEachChild(member, (child) => w.visit(child, inner));
  }
}
