// ESLint's prefer-template fixer keeps the whitespace around each `+` operand, giving `${  a}`.
// This trims the whitespace inside each `${ }` without touching the literal parts of the template.
import ts from 'typescript';

export function tidyTemplateLiteral(fixText: string): string {
  const source = ts.createSourceFile('fix.ts', fixText, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTemplateSpan(node)) {
      const expressionStart = node.expression.getStart(source);
      const headEnd = node.expression.pos;
      if (expressionStart > headEnd && fixText.slice(headEnd, expressionStart).trim() === '') {
        edits.push({ start: headEnd, end: expressionStart });
      }
      const literalStart = node.literal.getStart(source);
      if (
        literalStart > node.expression.end &&
        fixText.slice(node.expression.end, literalStart).trim() === ''
      ) {
        edits.push({ start: node.expression.end, end: literalStart });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = fixText;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + result.slice(edit.end);
  return result;
}
