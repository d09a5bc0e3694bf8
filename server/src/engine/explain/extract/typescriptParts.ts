// Helpers of the JS/TS extraction that need no walk state, some shared with the tree-sitter walk.
import ts from 'typescript';
import type { SourceFacts, Unit, UnitKind } from '../model';
import { compact } from './bounds';

function textOf(sf: ts.SourceFile, node: ts.Node): string {
  return node.getText(sf);
}

/** Every name a binding declares (`{ a, b: [c] }` → a, c). */
export function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

export function enclosingDeclares(units: Unit[], unit: Unit, name: string): boolean {
  for (let id = unit.parent; id !== undefined; id = units[id]!.parent)
    if (units[id]!.locals.has(name)) return true;
  return false;
}

export function childHasJsx(units: Unit[], unit: Unit, jsxUnits: Set<number>): boolean {
  return units.some((u) => u.parent === unit.id && u.kind === 'lambda' && jsxUnits.has(u.id));
}

/** `return inner` where `inner` is a function defined in the unit: the unit returns a function. */
export function markReturnedFunctions(units: Unit[], returned: { unit: Unit; name: string }[]): void {
  for (const { unit, name } of returned) {
    if (units.some((u) => u.parent === unit.id && u.name === name)) unit.returnsFunction = true;
  }
}

export function unitName(node: ts.Node, sf: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (
    named.name &&
    (ts.isIdentifier(named.name) || ts.isPrivateIdentifier(named.name) || ts.isStringLiteral(named.name))
  ) {
    return named.name.text;
  }
  if (named.name) return textOf(sf, named.name);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return textOf(sf, parent.name);
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    return compact(textOf(sf, parent.left), 40);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '<anonymous>';
}

export function unitKind(node: ts.Node): UnitKind {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) return 'method';
  if (ts.isClassLike(node)) return 'class';
  if (ts.isInterfaceDeclaration(node)) return 'interface';
  if (ts.isEnumDeclaration(node)) return 'enum';
  if (ts.isFunctionDeclaration(node)) return 'function';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertyAssignment(parent))
    return 'function';
  return 'lambda';
}

/** Assignments to names no enclosing function declares write module-level (or undeclared) state. */
export function resolveWrites(
  units: Unit[],
  assignments: { unit: Unit; name: string; line: number }[],
  moduleLocals: Set<string>,
): void {
  for (const { unit, name, line } of assignments) {
    if (unit.locals.has(name) || enclosingDeclares(units, unit, name)) continue;
    unit.globalWrites.push({ line, name: moduleLocals.has(name) ? name : `${name} (undeclared)` });
  }
}

/** A capitalised function (or `render`) that returns JSX is a React component. */
export function markComponents(facts: SourceFacts, jsxUnits: Set<number>): void {
  for (const unit of facts.units) {
    const componentLike =
      unit.kind === 'function' ||
      unit.kind === 'lambda' ||
      (unit.kind === 'method' && unit.name === 'render');
    if (
      componentLike &&
      /^[A-Z]/.test(unit.name) &&
      (jsxUnits.has(unit.id) || childHasJsx(facts.units, unit, jsxUnits))
    ) {
      unit.kind = 'component';
      facts.features.push({ concept: 'React components', line: unit.line });
    }
  }
}

/**
 * Top-level units a CommonJS module exports by name: `module.exports = f`, `module.exports = { f,
 * g: h }`, `exports.f = f`, `module.exports.f = f`, and `export { f }` lists.
 */
export function markCommonJsExports(sf: ts.SourceFile, units: Unit[]): void {
  const names = new Set<string>();
  const add = (value: ts.Expression | undefined) => {
    if (value && ts.isIdentifier(value)) names.add(value.text);
  };
  for (const statement of sf.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements)
        names.add((element.propertyName ?? element.name).text);
    }
    if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
    const { left, operatorToken, right } = statement.expression;
    if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const target = left.getText(sf);
    if (target === 'module.exports') {
      add(right);
      if (ts.isObjectLiteralExpression(right)) {
        for (const property of right.properties) {
          if (ts.isShorthandPropertyAssignment(property)) names.add(property.name.text);
          else if (ts.isPropertyAssignment(property)) add(property.initializer);
        }
      }
    } else if (/^(module\.)?exports\.[\w$]+$/.test(target)) add(right);
  }
  for (const unit of units) if (unit.parent === undefined && names.has(unit.name)) unit.isExported = true;
}
