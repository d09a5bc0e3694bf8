// PHP scripts that declare a response type other than HTML (`header('Content-Type: text/plain;
// charset=UTF-8')` before `echo`, an API's plain-text or JSON answer): the browser shows such a
// response as text, so input written to it is no cross-site scripting (Java's servlets:
// `javaResponseType.ts`).
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { closest, descendants, unquote } from '../../syntax';
import { NON_HTML_TYPE } from './javaResponseType';

const CONTENT_TYPE = /^\s*content-type\s*:\s*/i;

/**
 * Whether `write` (an `echo`, `print` or `exit`) goes to a response declared non-HTML: the function
 * it is in (or the script's top level) sets the type with `header('Content-Type: ...')`, every such
 * call there names a non-HTML type, and one comes before the write. A scope that sets no type, a
 * computed type or also `text/html` stays a sink.
 */
export function echoesNonHtmlResponse(write: SyntaxNode, context: AnalysisContext): boolean {
  const functions = context.values.dialect.functionTypes;
  const scope = closest(write, functions) ?? context.root;
  const types = descendants(scope, 'function_call_expression').filter(
    (call) =>
      call.childForFieldName('function')?.text === 'header' &&
      closest(call, functions)?.id === (scope === context.root ? undefined : scope.id),
  );
  const declared = types.flatMap((call) => {
    const first = call.childForFieldName('arguments')?.namedChildren[0]?.namedChildren[0];
    const text = first && /^(?:string|encapsed_string)$/.test(first.type) ? unquote(first.text) : undefined;
    if (text === undefined) return [{ at: call.startIndex, nonHtml: false }];
    return CONTENT_TYPE.test(text)
      ? [{ at: call.startIndex, nonHtml: NON_HTML_TYPE.test(text.replace(CONTENT_TYPE, '')) }]
      : [];
  });
  return (
    declared.length > 0 && declared.every((t) => t.nonHtml) && declared.some((t) => t.at < write.startIndex)
  );
}

/**
 * Whether `statement` (an expression statement) is the operand of PHP's short echo tag: `<p><?= $x
 * ?></p>` writes `$x` as `echo $x;` does. tree-sitter-php reads the tag as a `php_tag` before the
 * statement, itself or as the last child of the template text before it (inside `if (...): ?>` or
 * a loop's braces).
 */
export function shortEchoStatement(statement: SyntaxNode): boolean {
  if (statement.type !== 'expression_statement') return false;
  const before = statement.previousSibling;
  const tag = before?.type === 'text_interpolation' ? before.lastChild : before;
  return tag?.type === 'php_tag' && tag.text === '<?=';
}
