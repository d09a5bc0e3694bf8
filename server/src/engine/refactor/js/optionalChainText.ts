// The text of TypeScript's "Convert to optional chain expression" refactor for an `&&` chain of
// names and property reads (`a && a.b && a.b.c` → `a?.b?.c`), written directly instead of asking
// the service for the refactor's edits. The refactor is syntactic: it matches each guard against the
// start of the last operand by the texts of their names, rebuilds the last operand with `?.` after
// each matched guard, and replaces the source from the first matched guard to the end with the
// printed result, formatted. Asking for it prints and formats each site with a fresh printer and
// scans the file's first statements again for its semicolon style (docs/refactor.md, fifteenth look).
// Here the same matching is done on the same nodes, and the result is written the one way the printer
// writes a chain of names; anything else (a call or element access, parentheses, a comment, a line
// break or space inside the chain, a chain at a line start) gives undefined, and the caller asks the
// service as before. `optionalChainText.test.ts` compares the texts with the refactor's own.
import ts from 'typescript';

/** One text change: the refactor's, for the `&&` chain `node`, or undefined when not written here. */
export function optionalChainEdit(
  source: ts.SourceFile,
  node: ts.BinaryExpression,
): { start: number; end: number; text: string } | undefined {
  const text = source.text;
  if (/[/\r\n]/.test(text.slice(node.getStart(source), node.end))) return undefined;
  const operands = andOperands(node);
  if (!operands.every((operand) => isNameChain(operand, source))) return undefined;
  const final = node.right;
  if (!ts.isPropertyAccessExpression(final)) return undefined;
  const occurrences = occurrencesIn(final.expression, node.left, source);
  if (occurrences.length === 0) return undefined;
  const start = occurrences.at(-1)!.getStart(source);
  if (start === 0 || text[start - 1] === '\n') return undefined;
  return { start, end: final.end, text: converted(final, occurrences, source) };
}

/** The operands of an `&&` chain, left to right. */
export function andOperands(node: ts.Expression): ts.Expression[] {
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return [...andOperands(node.left), node.right];
  return [node];
}

/** A name, or property reads of one with plain names, written with nothing between the parts. */
function isNameChain(node: ts.Expression, source: ts.SourceFile): boolean {
  let part: ts.Expression = node;
  let written = '';
  while (ts.isPropertyAccessExpression(part)) {
    if (part.questionDotToken || !ts.isIdentifier(part.name)) return false;
    written = `.${part.name.text}${written}`;
    part = part.expression;
  }
  if (!ts.isIdentifier(part)) return false;
  return node.getText(source) === part.getText(source) + written && /^[\w$]+$/.test(part.getText(source));
}

/**
 * The guards the refactor matches, from the last one before `matchTo`'s operand back to the first:
 * each guard must be the start of the match before it, and the walk stops at the first that is not.
 */
function occurrencesIn(
  matchTo: ts.Expression,
  expression: ts.Expression,
  source: ts.SourceFile,
): ts.Expression[] {
  const occurrences: ts.Expression[] = [];
  while (
    ts.isBinaryExpression(expression) &&
    expression.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
  ) {
    if (!startsWith(matchTo, expression.right, source)) break;
    occurrences.push(expression.right);
    matchTo = expression.right;
    expression = expression.left;
  }
  if (startsWith(matchTo, expression, source)) occurrences.push(expression);
  return occurrences;
}

/** Whether `chain` reads through `sub`: the same base name and the same property names after it. */
function startsWith(chain: ts.Expression, sub: ts.Expression, source: ts.SourceFile): boolean {
  if (!ts.isIdentifier(sub) && !ts.isPropertyAccessExpression(sub)) return false;
  while (ts.isPropertyAccessExpression(chain) && partText(chain, source) !== partText(sub, source))
    chain = chain.expression;
  while (ts.isPropertyAccessExpression(chain) && ts.isPropertyAccessExpression(sub)) {
    if (partText(chain, source) !== partText(sub, source)) return false;
    chain = chain.expression;
    sub = sub.expression;
  }
  return ts.isIdentifier(chain) && ts.isIdentifier(sub) && chain.getText(source) === sub.getText(source);
}

/** A name's text, or a property read's name. */
function partText(node: ts.Expression, source: ts.SourceFile): string {
  return ts.isPropertyAccessExpression(node) ? node.name.getText(source) : node.getText(source);
}

/** The last operand with `?.` after each matched guard (the innermost match first). */
function converted(node: ts.Expression, occurrences: ts.Expression[], source: ts.SourceFile): string {
  if (!ts.isPropertyAccessExpression(node)) return node.getText(source);
  const chain = converted(node.expression, occurrences, source);
  const matched = occurrences.at(-1)?.getText(source) === node.expression.getText(source);
  if (matched) occurrences.pop();
  return `${chain}${matched ? '?.' : '.'}${node.name.text}`;
}
