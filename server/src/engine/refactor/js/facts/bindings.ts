// Where a name is read and written in the file, so a value fact can be trusted only when nothing can
// replace the value: no other write to the binding, and no binding other scripts could reassign.
import ts from 'typescript';

// Identifiers by name, per parsed file: a cheap syntactic index the symbol check then filters.
const byName = new WeakMap<ts.SourceFile, Map<string, ts.Identifier[]>>();

function identifiersNamed(source: ts.SourceFile, name: string): ts.Identifier[] {
  let index = byName.get(source);
  if (!index) {
    const built = new Map<string, ts.Identifier[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const list = built.get(node.text);
        if (list) list.push(node);
        else built.set(node.text, [node]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    index = built;
    byName.set(source, index);
  }
  return index.get(name) ?? [];
}

// Per checker and file, each name's identifiers grouped by the symbol they resolve to: resolving
// every identifier of a name once, instead of once per question about one of its bindings (a name
// like `i` or `result` recurs in every function of a large file).
const bySymbol = new WeakMap<
  ts.TypeChecker,
  WeakMap<ts.SourceFile, Map<string, Map<ts.Symbol, ts.Identifier[]>>>
>();

/** Every identifier in the file that resolves to the symbol (declarations included). */
export function referencesOf(
  checker: ts.TypeChecker,
  source: ts.SourceFile,
  symbol: ts.Symbol,
): ts.Identifier[] {
  let perFile = bySymbol.get(checker);
  if (!perFile) bySymbol.set(checker, (perFile = new WeakMap()));
  let perName = perFile.get(source);
  if (!perName) perFile.set(source, (perName = new Map()));
  let groups = perName.get(symbol.name);
  if (!groups) perName.set(symbol.name, (groups = resolvedGroups(checker, source, symbol.name)));
  return groups.get(symbol) ?? [];
}

function resolvedGroups(
  checker: ts.TypeChecker,
  source: ts.SourceFile,
  name: string,
): Map<ts.Symbol, ts.Identifier[]> {
  const groups = new Map<ts.Symbol, ts.Identifier[]>();
  const add = (symbol: ts.Symbol | undefined, identifier: ts.Identifier): void => {
    if (!symbol) return;
    const list = groups.get(symbol);
    if (list) list.push(identifier);
    else groups.set(symbol, [identifier]);
  };
  for (const identifier of identifiersNamed(source, name)) {
    const resolved = checker.getSymbolAtLocation(identifier);
    add(resolved, identifier);
    // `{ a }` in an object literal resolves to the property; its value is the binding.
    if (ts.isShorthandPropertyAssignment(identifier.parent)) {
      const value = checker.getShorthandAssignmentValueSymbol(identifier.parent);
      if (value !== resolved) add(value, identifier);
    }
  }
  return groups;
}

/** True when the identifier is assigned, incremented, deleted or destructured into here. */
export function isWrite(identifier: ts.Node): boolean {
  let node: ts.Node = identifier;
  while (ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && parent.left === node)
    return (
      parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    );
  if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent))
    return (
      parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken
    );
  if (ts.isDeleteExpression(parent)) return true;
  if ((ts.isForInStatement(parent) || ts.isForOfStatement(parent)) && parent.initializer === node)
    return true;
  // A name inside an array/object literal that is itself an assignment target (`[a, b] = ...`).
  if (
    ts.isShorthandPropertyAssignment(parent) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
    ts.isSpreadElement(parent) ||
    ts.isSpreadAssignment(parent)
  )
    return isWrite(ts.isShorthandPropertyAssignment(parent) ? parent.parent : parent.parent);
  if (ts.isArrayLiteralExpression(parent) || ts.isObjectLiteralExpression(parent)) return isWrite(parent);
  return false;
}

/** The function (or file) whose body the node runs in. */
export function ownerOf(node: ts.Node): ts.Node {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isFunctionLike(current) || ts.isSourceFile(current) || ts.isClassStaticBlockDeclaration(current))
      return current;
  }
  return node.getSourceFile();
}

/**
 * A top-level binding of a classic script is shared with every other script on the page, which may
 * reassign it; bindings inside functions and modules (ES or CommonJS) are only written by this file.
 */
export function isScriptGlobal(declaration: ts.Node): boolean {
  const source = declaration.getSourceFile();
  // The parser marks CommonJS files (`require`, `module.exports`) on this internal field.
  const commonJs = (source as ts.SourceFile & { commonJsModuleIndicator?: ts.Node }).commonJsModuleIndicator;
  if (ts.isExternalModule(source) || commonJs) return false;
  return ts.isSourceFile(ownerOf(declaration));
}

/**
 * The binding's only value is its declaration's: no other write anywhere in the file, not shared
 * with other scripts, and (for `var`, which is `undefined` until its declaration runs) every read
 * comes after the declaration in the same function, where it has certainly run.
 */
export function isSingleValued(
  checker: ts.TypeChecker,
  symbol: ts.Symbol,
  declaration: ts.VariableDeclaration,
): boolean {
  const source = declaration.getSourceFile();
  if (isScriptGlobal(declaration) || !ts.isIdentifier(declaration.name) || !declaration.initializer)
    return false;
  const list = declaration.parent;
  if (!ts.isVariableDeclarationList(list) || !ts.isVariableStatement(list.parent)) return false;
  const lexical = (list.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)) !== 0;
  // A `var` nested in a branch or loop may not have run before a later read.
  const statementParent = list.parent.parent;
  const atBodyLevel =
    ts.isSourceFile(statementParent) ||
    (ts.isBlock(statementParent) && ts.isFunctionLike(statementParent.parent));
  if (!lexical && !atBodyLevel) return false;
  for (const reference of referencesOf(checker, source, symbol)) {
    if (reference === declaration.name) continue;
    if (isWrite(reference)) return false;
    if (lexical) continue;
    if (ownerOf(reference) !== ownerOf(declaration) || reference.getStart(source) < declaration.end)
      return false;
  }
  return true;
}

/** True when the identifier is never written anywhere in the file apart from its declaration. */
export function neverReassigned(checker: ts.TypeChecker, symbol: ts.Symbol, declaration: ts.Node): boolean {
  const source = declaration.getSourceFile();
  const name = (declaration as ts.NamedDeclaration).name;
  return referencesOf(checker, source, symbol).every(
    (reference) => reference === name || !isWrite(reference),
  );
}
