// Finds what a JS/TS module exports that can be called (functions, classes and their public methods)
// with the TypeScript compiler API, for ES modules (`export ...`) and CommonJS (`module.exports`,
// `exports.x`). Identifiers are resolved to their top-level declaration so a function exported by
// name (`module.exports = bytes`) is described from its declaration.
import ts from 'typescript';
import type { CallableInfo, ParamInfo, TypeShape } from '../model';
import { declaredTypeNode, shapeResolver } from './typeShapes';

type ShapeOf = ReturnType<typeof shapeResolver>;

export interface ModuleShape {
  /** `esm` when the source uses import/export syntax, else `cjs`. */
  format: 'esm' | 'cjs';
  targets: CallableInfo[];
  /** Every literal in the module (JSON texts), for targets found only at run time. */
  literals: string[];
}

type FunctionNode = ts.FunctionLikeDeclaration;
type Declared = FunctionNode | ts.ClassLikeDeclaration;

export function findTargets(sf: ts.SourceFile): ModuleShape {
  const declarations = topLevelDeclarations(sf);
  const resolve = (expr: ts.Expression | undefined): Declared | undefined => {
    if (!expr) return undefined;
    const inner = skipParens(expr);
    if (ts.isIdentifier(inner)) return declarations.get(inner.text);
    if (isFunctionNode(inner) || ts.isClassExpression(inner)) return inner;
    return undefined;
  };
  const targets: CallableInfo[] = [];
  const shapeOf = shapeResolver(sf);
  const classAccess = new Map<string, string[]>();
  const add = (access: string[], declared: Declared | undefined): void => {
    if (!declared) return;
    const key = access.join('.');
    if (targets.some((t) => t.access.join('.') === key && t.kind !== 'method')) return;
    if (ts.isClassDeclaration(declared) && declared.name && !classAccess.has(declared.name.text))
      classAccess.set(declared.name.text, access);
    targets.push(...describe(sf, access, declared, shapeOf));
  };
  let esm = false;
  for (const statement of sf.statements) {
    if (
      ts.isImportDeclaration(statement) ||
      ts.isExportDeclaration(statement) ||
      ts.isExportAssignment(statement)
    ) {
      esm = true;
    }
    if (hasExportModifier(statement)) {
      esm = true;
      const isDefault = statement.modifiers!.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
        add([isDefault ? 'default' : (statement.name?.text ?? 'default')], statement);
      } else if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) add([d.name.text], resolve(d.initializer));
        }
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      add(['default'], resolve(statement.expression));
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const spec of statement.exportClause.elements) {
          add([spec.name.text], declarations.get((spec.propertyName ?? spec.name).text));
        }
      }
    } else if (ts.isExpressionStatement(statement)) {
      collectCommonJs(statement.expression, resolve, add, declarations);
    }
  }
  // Helpers a target calls are usually not exported: their constants decide branches the target
  // reaches, so every target also gets the module's literals, after its own.
  const moduleLiterals = new Set<string>();
  const visit = (node: ts.Node): void => {
    collectLiteral(node, moduleLiterals);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const target of targets) {
    target.literals = [...new Set([...target.literals, ...moduleLiterals])].slice(0, 80);
    for (const param of [...target.params, ...(target.owner?.params ?? [])])
      if (param.shape) linkClasses(param.shape, classAccess);
  }
  return { format: esm ? 'esm' : 'cjs', targets, literals: [...moduleLiterals].slice(0, 80) };
}

/** `module.exports = x`, `module.exports.a = x`, `exports.a = x`, `module.exports = { a, b: c }`. */
function collectCommonJs(
  expr: ts.Expression,
  resolve: (e: ts.Expression | undefined) => Declared | undefined,
  add: (access: string[], declared: Declared | undefined) => void,
  declarations: Map<string, Declared>,
): void {
  if (!ts.isBinaryExpression(expr) || expr.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
  // `module.exports = exports = fn` chains: the right side may itself be an assignment.
  if (ts.isBinaryExpression(expr.right)) collectCommonJs(expr.right, resolve, add, declarations);
  const value = ts.isBinaryExpression(expr.right) ? expr.right.right : expr.right;
  const path = exportPath(expr.left);
  if (!path) return;
  if (path.length === 0 && ts.isObjectLiteralExpression(skipParens(value))) {
    for (const prop of (skipParens(value) as ts.ObjectLiteralExpression).properties) {
      if (ts.isShorthandPropertyAssignment(prop)) add([prop.name.text], declarations.get(prop.name.text));
      else if (
        ts.isPropertyAssignment(prop) &&
        (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))
      ) {
        add([prop.name.text], resolve(prop.initializer));
      } else if (ts.isMethodDeclaration(prop) && ts.isIdentifier(prop.name)) add([prop.name.text], prop);
    }
    return;
  }
  add(path, resolve(value));
}

/** The export path an assignment target names, or undefined when it is not an export. */
function exportPath(target: ts.Expression): string[] | undefined {
  const names: string[] = [];
  let node: ts.Expression = target;
  while (ts.isPropertyAccessExpression(node)) {
    names.unshift(node.name.text);
    node = node.expression;
  }
  if (!ts.isIdentifier(node)) return undefined;
  if (node.text === 'module' && names[0] === 'exports') return names.length <= 2 ? names.slice(1) : undefined;
  if (node.text === 'exports' && names.length === 1) return names;
  return undefined;
}

function topLevelDeclarations(sf: ts.SourceFile): Map<string, Declared> {
  const map = new Map<string, Declared>();
  for (const statement of sf.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      map.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer && skipParens(d.initializer);
        if (ts.isIdentifier(d.name) && init && (isFunctionNode(init) || ts.isClassExpression(init))) {
          map.set(d.name.text, init);
        }
      }
    }
  }
  return map;
}

/** Gives class shapes the export path a test reaches the class by (known once all exports are read). */
function linkClasses(shape: TypeShape, classAccess: Map<string, string[]>): void {
  if (shape.kind === 'class') shape.access = classAccess.get(shape.className);
  const nested =
    shape.kind === 'union'
      ? shape.options
      : shape.kind === 'array'
        ? [shape.items]
        : shape.kind === 'object'
          ? shape.props.map((p) => p.shape)
          : shape.kind === 'function'
            ? [shape.returns]
            : shape.kind === 'class'
              ? shape.params.map((p) => p.shape)
              : [];
  for (const inner of nested) linkClasses(inner, classAccess);
}

function describe(sf: ts.SourceFile, access: string[], declared: Declared, shapeOf: ShapeOf): CallableInfo[] {
  const line = sf.getLineAndCharacterOfPosition(declared.getStart(sf)).line + 1;
  const name = access.length === 0 ? '(module)' : access.join('.');
  if (!ts.isClassLike(declared)) {
    return [
      { name, access, kind: 'function', async: isAsync(declared), line, ...signature(declared, shapeOf) },
    ];
  }
  const ctor = declared.members.find(ts.isConstructorDeclaration);
  const ctorSig = ctor ? signature(ctor, shapeOf) : { params: [], literals: [] };
  const owner = { access, params: ctorSig.params, literals: ctorSig.literals };
  const result: CallableInfo[] = [{ name, access, kind: 'class', async: false, line, ...ctorSig }];
  for (const member of declared.members) {
    if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name) || !member.body) continue;
    const modifiers = ts.getCombinedModifierFlags(member);
    if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
    if (member.name.text.startsWith('_')) continue;
    result.push({
      name: `${name}${modifiers & ts.ModifierFlags.Static ? '.' : '#'}${member.name.text}`,
      access: [...access, member.name.text],
      kind: 'method',
      async: isAsync(member),
      line: sf.getLineAndCharacterOfPosition(member.getStart(sf)).line + 1,
      owner,
      isStatic: Boolean(modifiers & ts.ModifierFlags.Static),
      ...signature(member, shapeOf),
    });
  }
  return result;
}

function signature(
  fn: FunctionNode | ts.ConstructorDeclaration,
  shapeOf: ShapeOf,
): {
  params: ParamInfo[];
  literals: string[];
} {
  const jsdocTypes = new Map<string, string>();
  for (const tag of ts.getJSDocTags(fn)) {
    if (ts.isJSDocParameterTag(tag) && tag.typeExpression && ts.isIdentifier(tag.name)) {
      jsdocTypes.set(tag.name.text, tag.typeExpression.type.getText());
    }
  }
  const params = fn.parameters.map((p): ParamInfo => {
    const name = ts.isIdentifier(p.name) ? p.name.text : p.name.getText();
    return {
      name,
      type: p.type?.getText() ?? jsdocTypes.get(name),
      defaultValue: p.initializer?.getText(),
      optional: Boolean(p.questionToken || p.initializer || p.dotDotDotToken),
      rest: Boolean(p.dotDotDotToken),
      properties: [],
      typeofChecks: [],
      shape: p.dotDotDotToken ? undefined : shapeOf(declaredTypeNode(p)),
    };
  });
  const literals = new Set<string>();
  const byName = new Map(params.map((p) => [p.name, p]));
  const visit = (node: ts.Node): void => {
    collectLiteral(node, literals);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const param = byName.get(node.expression.text);
      if (param && !param.properties.includes(node.name.text)) param.properties.push(node.name.text);
    }
    const checked = typeofCheck(node);
    if (checked) byName.get(checked.name)?.typeofChecks.push(checked.type);
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return { params, literals: [...literals].slice(0, 40) };
}

function collectLiteral(node: ts.Node, out: Set<string>): void {
  if (ts.isNumericLiteral(node)) {
    const n = Number(node.text);
    out.add(String(n));
    // A comparison constant splits the input space at n: the values on either side reach both arms.
    if (ts.isBinaryExpression(node.parent) && isComparison(node.parent.operatorToken.kind)) {
      out.add(String(n - 1));
      out.add(String(n + 1));
    }
  } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (node.text.length <= 40 && !isTypeofOperand(node)) out.add(JSON.stringify(node.text));
  }
}

function isTypeofOperand(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isBinaryExpression(parent) &&
    [parent.left, parent.right].some((side) => ts.isTypeOfExpression(skipParens(side)))
  );
}

function isComparison(kind: ts.SyntaxKind): boolean {
  return (
    kind === ts.SyntaxKind.LessThanToken ||
    kind === ts.SyntaxKind.LessThanEqualsToken ||
    kind === ts.SyntaxKind.GreaterThanToken ||
    kind === ts.SyntaxKind.GreaterThanEqualsToken ||
    kind === ts.SyntaxKind.EqualsEqualsEqualsToken ||
    kind === ts.SyntaxKind.EqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsToken
  );
}

/** `typeof x === 'string'` (either side order) gives `{ name: 'x', type: 'string' }`. */
function typeofCheck(node: ts.Node): { name: string; type: string } | undefined {
  if (!ts.isBinaryExpression(node) || !isComparison(node.operatorToken.kind)) return undefined;
  const [a, b] = [skipParens(node.left), skipParens(node.right)];
  const t = ts.isTypeOfExpression(a) ? a : ts.isTypeOfExpression(b) ? b : undefined;
  const lit = ts.isStringLiteral(a) ? a : ts.isStringLiteral(b) ? b : undefined;
  if (!t || !lit || !ts.isIdentifier(t.expression)) return undefined;
  return { name: t.expression.text, type: lit.text };
}

function hasExportModifier(
  node: ts.Statement,
): node is ts.Statement & { modifiers: ts.NodeArray<ts.ModifierLike> } {
  return (
    ts.canHaveModifiers(node) &&
    Boolean(ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
  );
}

function isFunctionNode(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node)
  );
}

function isAsync(fn: FunctionNode): boolean {
  return Boolean(ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword));
}

function skipParens(expr: ts.Expression): ts.Expression {
  let e = expr;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e))
    e = e.expression;
  return e;
}
