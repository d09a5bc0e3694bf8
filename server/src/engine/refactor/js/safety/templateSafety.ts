// When `'a' + v + 'b'` → `` `a${v}b` `` is behaviour-preserving. `+` converts an object operand with
// the "default" hint (`Symbol.toPrimitive`, else `valueOf` first), a template substitution with the
// "string" hint (`toString` first): for an object whose two differ (money, decimal, moment-like
// values) the text changes. So every operand must be proven a primitive (facts/valueKinds.ts) or a
// literal object/array/function defining no conversion of its own.
import ts from 'typescript';
import { PRIMITIVE_KINDS, kindsOf, skipParentheses, unprovableKinds, type Kinds } from '../facts/valueKinds';
import { nodeAt, snippet } from '../syntax';
import type { VirtualFile } from '../virtualFile';

const CONVERSIONS = new Set(['valueOf', 'toString', 'toJSON']);

/**
 * Why replacing the concatenation spanning [start, end) by `replacement` (ESLint's template literal)
 * could change behaviour, or undefined. Each substitution of the template is checked: a sub-sum the
 * fixer kept whole (`${a + b}`) is already a primitive; any other must be an operand of the original
 * chain proven primitive.
 */
export function templateConversionRisk(
  file: VirtualFile,
  start: number,
  end: number,
  replacement: string,
): string | undefined {
  const decided = riskFromSyntax(file, start, end, replacement);
  if (decided) return decided.risk;
  const source = file.sourceFile();
  const concatenation = spanning(source, start, end);
  if (!concatenation) return 'could not find the concatenation in the syntax tree';
  const operands = operandsOf(skipParentheses(concatenation));
  for (const substitution of substitutionsOf(replacement)) {
    if (isSubSum(substitution)) continue;
    const text = substitution.getText();
    const operand = operands.find((candidate) => skipParentheses(candidate).getText(source) === text);
    if (!operand) return `could not match \`${text.slice(0, 30)}\` to an operand of the concatenation`;
    if (isPlainLiteral(operand)) continue;
    const kinds = kindsOf(file, operand);
    if (kinds && [...kinds].every((kind) => PRIMITIVE_KINDS.includes(kind))) continue;
    return notProven(snippet(source, operand, 30), kinds);
  }
  return undefined;
}

/** The risk when the concatenation's text alone decides it (no binding can change it), else undefined. */
export function templateRiskFromText(
  file: VirtualFile,
  start: number,
  end: number,
  replacement: string,
): string | undefined {
  return riskFromSyntax(file, start, end, replacement)?.risk;
}

/**
 * The same answer, from the concatenation's own text, when its first substitution that is neither a
 * sub-sum nor a plain literal has a form whose kinds no program can prove (`this.name`, `a[i]`):
 * then the site is kept whatever the bindings say, and the file's program, which every ESLint round
 * would otherwise parse and bind for the new text, is not needed. Undefined when the syntax alone
 * does not decide (an operand whose kinds depend on bindings or declared types).
 */
function riskFromSyntax(
  file: VirtualFile,
  start: number,
  end: number,
  replacement: string,
): { risk: string } | undefined {
  const text = file.text().slice(start, end);
  // A pure function of the two texts: a site ESLint reports again in the next round is not reparsed.
  let known = syntaxAnswers.get(file);
  if (!known) syntaxAnswers.set(file, (known = new Map()));
  const key = `${text}\u0000${replacement}`;
  if (!known.has(key)) known.set(key, answerFromSyntax(file, text, replacement));
  return known.get(key);
}

const syntaxAnswers = new WeakMap<VirtualFile, Map<string, { risk: string } | undefined>>();

function answerFromSyntax(
  file: VirtualFile,
  text: string,
  replacement: string,
): { risk: string } | undefined {
  // Parsed alone, in parentheses, as the file's kind of script: an expression parses the same there
  // unless it needs its context (`await`, `yield`), which shows as a parse error.
  const extension = /\.[jt]sx?$/.exec(file.fileName)?.[0] ?? '.js';
  const source = ts.createSourceFile(`concatenation${extension}`, `(${text})`, ts.ScriptTarget.Latest, true);
  const parseErrors = (source as ts.SourceFile & { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics;
  const statement = source.statements[0];
  if (
    (parseErrors?.length ?? 0) > 0 ||
    source.statements.length !== 1 ||
    !statement ||
    !ts.isExpressionStatement(statement) ||
    !ts.isParenthesizedExpression(statement.expression) ||
    statement.expression.expression.getStart(source) !== 1 ||
    statement.expression.expression.end !== text.length + 1
  )
    return undefined;
  const operands = operandsOf(skipParentheses(statement.expression.expression));
  for (const substitution of substitutionsOf(replacement)) {
    if (isSubSum(substitution)) continue;
    const operand = operands.find(
      (candidate) => skipParentheses(candidate).getText(source) === substitution.getText(),
    );
    if (!operand) return undefined;
    if (isPlainLiteral(operand)) continue;
    return unprovableKinds(operand)
      ? { risk: notProven(snippet(source, operand, 30), undefined) }
      : undefined;
  }
  return undefined;
}

function isSubSum(substitution: ts.Expression): boolean {
  return ts.isBinaryExpression(substitution) && substitution.operatorToken.kind === ts.SyntaxKind.PlusToken;
}

function notProven(operand: string, kinds: Kinds | undefined): string {
  return `\`${operand}\` is not proven to be a primitive${kinds ? ` (it can be ${[...kinds].join(', ')})` : ''}: for an object whose \`valueOf\` and \`toString\` differ, \`+\` and a template literal give different text`;
}

function substitutionsOf(template: string): ts.Expression[] {
  const parsed = ts.createSourceFile('template.ts', `(${template})`, ts.ScriptTarget.Latest, true);
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTemplateSpan(node)) found.push(skipParentheses(node.expression));
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return found;
}

/** The `+` chain's operands, as prefer-template splits them (parenthesized parts stay whole). */
function operandsOf(node: ts.Expression): ts.Expression[] {
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return [...operandsOf(node.left), ...operandsOf(node.right)];
  return [node];
}

function isPlainLiteral(node: ts.Expression): boolean {
  const inner = skipParentheses(node);
  if (ts.isArrayLiteralExpression(inner))
    return inner.elements.every((element) => !ts.isSpreadElement(element));
  if (ts.isObjectLiteralExpression(inner))
    return inner.properties.every(
      (property) =>
        !ts.isSpreadAssignment(property) &&
        property.name !== undefined &&
        !ts.isComputedPropertyName(property.name) &&
        !CONVERSIONS.has(property.name.getText()),
    );
  return false;
}

/**
 * The outermost expression spanning exactly [start, end). Any such node contains `start`, so it is
 * the innermost node there or one of its ancestors: a walk up from one lookup, not down the file.
 */
function spanning(source: ts.SourceFile, start: number, end: number): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  for (
    let node: ts.Node | undefined = nodeAt(source, start);
    node && !ts.isSourceFile(node);
    node = node.parent
  )
    if (node.getStart(source) === start && node.getEnd() === end && ts.isExpression(node)) found = node;
  return found;
}
