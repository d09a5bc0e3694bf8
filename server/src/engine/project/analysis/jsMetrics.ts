// Per-file metrics of JavaScript and TypeScript from the TypeScript compiler's syntax tree and
// scanner: McCabe cyclomatic complexity of every function (1 + each branch point: if, loops, case,
// catch, ?:, &&, ||, ??, optional chaining, default values — what ESLint's complexity rule counts),
// Halstead volume over the file's tokens, and the relative imports that make
// up the coupling between the project's modules.
import ts from 'typescript';

export interface FileMetrics {
  /** Cyclomatic complexity of each function, method and arrow function (the file's top level counts as one more). */
  functions: { name: string; line: number; complexity: number }[];
  /** Halstead volume: (N1 + N2) · log2(n1 + n2). */
  halsteadVolume: number;
  /** Module specifiers of relative imports and requires. */
  imports: string[];
}

const BRANCH_OPERATORS = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

function isBranch(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.DoStatement:
    case ts.SyntaxKind.CaseClause:
    case ts.SyntaxKind.CatchClause:
    case ts.SyntaxKind.ConditionalExpression:
      return true;
    case ts.SyntaxKind.BinaryExpression:
      return BRANCH_OPERATORS.has((node as ts.BinaryExpression).operatorToken.kind);
    // Optional chaining short-circuits like `??`: `a?.b` takes one path when `a` is nullish.
    case ts.SyntaxKind.PropertyAccessExpression:
    case ts.SyntaxKind.ElementAccessExpression:
    case ts.SyntaxKind.CallExpression:
      return Boolean((node as ts.PropertyAccessExpression).questionDotToken);
    // A default value is a test for undefined: `(x = 1)`, `{ a = 1 }`, `[b = 2]`.
    case ts.SyntaxKind.Parameter:
    case ts.SyntaxKind.BindingElement:
      return Boolean((node as ts.ParameterDeclaration).initializer);
    case ts.SyntaxKind.ShorthandPropertyAssignment:
      return Boolean((node as ts.ShorthandPropertyAssignment).objectAssignmentInitializer);
    default:
      return false;
  }
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

export function jsFileMetrics(text: string, fileName: string): FileMetrics {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.[cm]?ts$/.test(fileName)
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const functions: FileMetrics['functions'] = [];
  const imports: string[] = [];
  const top = { name: '(top level)', line: 1, complexity: 1 };
  const visit = (node: ts.Node, current: { complexity: number }): void => {
    let owner = current;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = {
        name: functionName(node as ts.FunctionLikeDeclaration),
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        complexity: 1,
      };
      functions.push(fn);
      owner = fn;
    } else if (isBranch(node)) owner.complexity++;
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      imports.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]!) &&
      ((ts.isIdentifier(node.expression) && node.expression.text === 'require') ||
        node.expression.kind === ts.SyntaxKind.ImportKeyword)
    )
      imports.push((node.arguments[0] as ts.StringLiteral).text);
    ts.forEachChild(node, (child) => visit(child, owner));
  };
  visit(source, top);
  if (top.complexity > 1 || functions.length === 0) functions.unshift(top);
  return {
    functions,
    halsteadVolume: halstead(text, kind),
    imports: imports.filter((s) => s.startsWith('.')),
  };
}

/** Operators are keywords and punctuation, operands identifiers and literals. */
function halstead(text: string, kind: ts.ScriptKind): number {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    true,
    kind === ts.ScriptKind.JS
      ? ts.LanguageVariant.Standard
      : kind === ts.ScriptKind.TSX
        ? ts.LanguageVariant.JSX
        : ts.LanguageVariant.Standard,
    text,
  );
  const operators = new Set<string>();
  const operands = new Set<string>();
  let total = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (
      token === ts.SyntaxKind.Identifier ||
      (token >= ts.SyntaxKind.FirstLiteralToken && token <= ts.SyntaxKind.LastLiteralToken)
    )
      operands.add(scanner.getTokenText());
    else operators.add(ts.SyntaxKind[token] ?? String(token));
    total++;
  }
  const vocabulary = operators.size + operands.size;
  return vocabulary > 1 ? total * Math.log2(vocabulary) : 0;
}
