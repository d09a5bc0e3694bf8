// Java servlets that declare a response type other than HTML (`response.setContentType("text/plain;
// charset=" + CHARSET)`, Tomcat's text manager): the browser shows such a response as text, so input
// written to it is no cross-site scripting.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { binaryOperands, closest, descendants, unquote } from '../../syntax';

/** Types a browser never renders as a page (SVG and XML can carry script: not here). */
export const NON_HTML_TYPE =
  /^(?:text\/(?:plain|csv|tab-separated-values)|application\/(?:json|octet-stream|zip|gzip|pdf)|image\/(?!svg))/i;

const METHODS = new Set(['method_declaration', 'constructor_declaration']);

/** The constant start of a type argument: the literal, or the first operand of `"text/plain; charset=" + cs`. */
function leadingLiteral(arg: SyntaxNode | undefined): string | undefined {
  let node = arg;
  if (node?.type === 'binary_expression') node = binaryOperands(node)[0] ?? undefined;
  return node?.type === 'string_literal' ? unquote(node.text) : undefined;
}

/** Each content type the code sets (`setContentType(t)`, `setHeader("Content-Type", t)`): non-HTML or not. */
function contentTypes(scope: SyntaxNode): Array<{ at: number; nonHtml: boolean }> {
  const types: Array<{ at: number; nonHtml: boolean }> = [];
  for (const call of descendants(scope, 'method_invocation')) {
    const name = call.childForFieldName('name')?.text ?? '';
    const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
      (a): a is SyntaxNode => a !== null && a.type !== 'comment',
    );
    let type: SyntaxNode | undefined;
    if (name === 'setContentType') type = args[0];
    else if (/^(?:setHeader|addHeader)$/.test(name) && /^content-type$/i.test(leadingLiteral(args[0]) ?? ''))
      type = args[1];
    else continue;
    types.push({ at: call.startIndex, nonHtml: NON_HTML_TYPE.test(leadingLiteral(type) ?? '') });
  }
  return types;
}

const FILE_TYPES = new WeakMap<AnalysisContext, Array<{ at: number; nonHtml: boolean }>>();

/**
 * Whether a write to the response (`writer.println(x)`) goes to a response declared non-HTML: the
 * method sets only such types, one before the write; or the writer is the method's parameter (the
 * caller opened it) and every content type the file sets is such a type. A method that sets no type
 * and opens the response itself, or a file that also sets `text/html` or a computed type, stays a sink.
 */
export function writesNonHtmlResponse(call: SyntaxNode, context: AnalysisContext): boolean {
  const method = closest(call, METHODS);
  if (!method) return false;
  const own = contentTypes(method);
  if (own.length > 0) return own.every((t) => t.nonHtml) && own.some((t) => t.at < call.startIndex);
  const receiver = call.childForFieldName('object');
  if (receiver?.type !== 'identifier') return false;
  const parameters = descendants(method.childForFieldName('parameters') ?? method, 'formal_parameter');
  if (!parameters.some((p) => p.childForFieldName('name')?.text === receiver.text)) return false;
  let file = FILE_TYPES.get(context);
  if (!file) FILE_TYPES.set(context, (file = contentTypes(context.root)));
  return file.length > 0 && file.every((t) => t.nonHtml);
}

/** In-memory text: what is appended to one of these is a string being built, not the response. */
const TEXT_BUFFER =
  /^(?:java\.lang\.)?(?:StringBuilder|StringBuffer)$|^(?:java\.io\.)?(?:StringWriter|CharArrayWriter)$/;

/**
 * Whether the write's receiver is declared, in its method, as a text buffer (`StringBuilder out`
 * given by the caller, `StringBuffer out = ...`): `out.append(x)` builds a string there.
 */
export function appendsToTextBuffer(call: SyntaxNode): boolean {
  const receiver = call.childForFieldName('object');
  const method = closest(call, METHODS);
  if (receiver?.type !== 'identifier' || !method) return false;
  const declared = [
    ...descendants(method.childForFieldName('parameters') ?? method, 'formal_parameter').filter(
      (p) => p.childForFieldName('name')?.text === receiver.text,
    ),
    ...descendants(method, 'local_variable_declaration').filter((d) =>
      d.childrenForFieldName('declarator').some((v) => v?.childForFieldName('name')?.text === receiver.text),
    ),
  ];
  return (
    declared.length > 0 && declared.every((d) => TEXT_BUFFER.test(d.childForFieldName('type')?.text ?? ''))
  );
}
