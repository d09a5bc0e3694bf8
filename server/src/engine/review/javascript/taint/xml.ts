// XML sinks: XPath expressions built from input, and XML from input parsed by a parser that expands
// external entities (XXE) — libxmljs with `noent: true`, libxmljs's SAX parsers (they expand entities
// by default) and Internet Explorer's MSXML `loadXML`. Parsers that leave external entities alone
// (the browser's `DOMParser`, node-expat, xmldom, sax, xml2js) are no XXE sink.
import { calleeParts, declaredInit, memberPath, staticString, type AstNode } from '../ast';
import { resolveMember, type ModuleBindings } from '../modules';
import type { SinkHit, SinkKind } from './sinks';
import type { Taint } from './value';

const LIBXMLJS = /^libxmljs2?$/;

/** XPath and XXE hits of a call, or undefined when the call is neither. */
export function xmlHits(
  call: AstNode,
  args: Taint[],
  bindings: ModuleBindings,
  name: string,
): SinkHit[] | undefined {
  const { method, receiver, receiverNode } = calleeParts(call);
  if (!method) return undefined;
  const hit = (kind: SinkKind, value: Taint | undefined): SinkHit[] =>
    value?.tainted ? [{ kind, node: call, value, sink: name }] : [];
  const resolved = resolveMember(call.callee, bindings);
  if (resolved?.module === 'xpath' && /^(select|select1|evaluate|parse)$/.test(resolved.name))
    return hit('xpath', args[0]);
  if (receiver === 'document' && (method === 'evaluate' || method === 'createExpression'))
    return hit('xpath', args[0]);
  if (resolved && LIBXMLJS.test(resolved.module) && /^parseXml(String)?$/.test(resolved.name))
    return expandsEntities(call.arguments[1]) ? hit('xxe', args[0]) : [];
  const parser = receiverNode && declaredInit(receiverNode);
  if (parser?.type !== 'NewExpression') return undefined;
  const made = resolveMember(parser.callee, bindings);
  if (made && LIBXMLJS.test(made.module)) {
    if (
      (made.name === 'SaxParser' && method === 'parseString') ||
      (made.name === 'SaxPushParser' && method === 'push')
    )
      return hit('xxe', args[0]);
  }
  // `new ActiveXObject('Microsoft.XMLDOM').loadXML(text)` resolves external entities.
  if (
    method === 'loadXML' &&
    memberPath(parser.callee) === 'ActiveXObject' &&
    /^(Microsoft\.XMLDOM|Msxml.*\.DOMDocument.*)$/i.test(staticString(parser.arguments[0]) ?? '')
  )
    return hit('xxe', args[0]);
  return undefined;
}

/** Parser options (inline or in a variable) that turn entity substitution on: `{ noent: true }`. */
function expandsEntities(options: AstNode | undefined): boolean {
  const object = declaredInit(options);
  if (object?.type !== 'ObjectExpression') return false;
  return object.properties.some(
    (p: AstNode) =>
      p.type === 'Property' &&
      (p.key?.name ?? p.key?.value) === 'noent' &&
      p.value?.type === 'Literal' &&
      p.value.value === true,
  );
}
