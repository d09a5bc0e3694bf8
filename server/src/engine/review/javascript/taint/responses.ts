// Responses that carry user input to a browser as HTML: Express/Node writes (unless the handler
// declares a non-HTML content type), markup sent through Fastify, and Koa bodies.
import { propertyName, staticString, type AstNode } from '../ast';
import type { SinkHit } from './sinks';
import type { Taint } from './value';

const HTML_TEXT = /<[a-z!/][^>]*>?/i;
/** Request parts that are strings: one query, route or header value, the URL and its parts. */
const STRING_SOURCE = /\.(query|params|headers)\.[\w$]+$|\.(querystring|search|url|originalUrl|path|href)$/;

/**
 * Koa: `ctx.body = '<p>' + ctx.query.q + '</p>'` sends HTML; so does a body that starts with input,
 * since Koa sends a string as text/html when it starts with `<`, which the input chooses.
 */
export function koaBodyHits(node: AstNode, value: Taint, path: string): SinkHit[] | undefined {
  if (!/(^|\.)(ctx|context)(\.response)?\.body$/.test(path) || !value.tainted) return undefined;
  // Only text: a parsed body or the whole query object is sent as JSON.
  const text =
    value.isString || (node.right.type === 'MemberExpression' && STRING_SOURCE.test(value.source ?? ''));
  const inputFirst = !value.prefix?.trim();
  return HTML_TEXT.test(value.text) || (text && inputFirst && !value.htmlSafe)
    ? [{ kind: 'xss', node, value, sink: path }]
    : undefined;
}

export function responseHits(call: AstNode, body: Taint | undefined, sink: string): SinkHit[] {
  if (!body || !body.tainted) return [];
  const argument = call.arguments[0];
  if (argument.type === 'ObjectExpression' || argument.type === 'ArrayExpression') return [];
  // Express sends a string as text/html, and Node's `res.write`/`res.end` send no type at all (the
  // browser sniffs, and renders markup): request text written to the response is reflected XSS
  // unless the handler declared a non-HTML type. Fastify's reply.send serialises objects as JSON and
  // strings as text/plain, so only markup counts there.
  const express = /(^|\.)(res|response)\.(send|write|end)$/.test(sink) && !declaresNonHtmlType(call);
  return express || HTML_TEXT.test(body.text) ? [{ kind: 'xss', node: call, value: body, sink }] : [];
}

const NON_HTML_TYPE = /^(?:text\/(?:plain|csv|css|javascript)|application\/|image\/|json$|txt$|text$)/i;

/**
 * Whether the function around a response write sets a non-HTML content type (`res.type('json')`,
 * `res.setHeader('Content-Type', 'text/plain')`, `res.writeHead(200, {'Content-Type': ...})`).
 */
function declaresNonHtmlType(call: AstNode): boolean {
  let fn = call.parent;
  while (fn && !/Function/.test(fn.type)) fn = fn.parent;
  if (!fn) return false;
  let found = false;
  let budget = 5000;
  const visit = (node: AstNode): void => {
    if (found || --budget < 0 || !node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
      const method = propertyName(node.callee);
      const texts = node.arguments.flatMap((a: AstNode) =>
        a.type === 'ObjectExpression' ? a.properties.map((p: AstNode) => p.value) : [a],
      );
      const strings = texts
        .map((a: AstNode) => staticString(a))
        .filter((t: unknown) => typeof t === 'string');
      if (
        /^(?:type|contentType|set|setHeader|header|writeHead)$/.test(method ?? '') &&
        strings.some((t: string) => NON_HTML_TYPE.test(t))
      )
        found = true;
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child === 'object' && typeof child.type === 'string') visit(child);
    }
  };
  visit(fn.body);
  return found;
}

/**
 * nodemailer `transporter.sendMail({ html: ... })`: the message body is HTML the reader's mail client
 * renders, so input in it is the same injection as in a page.
 */
export function mailHits(call: AstNode, evaluate: (node: AstNode) => Taint): SinkHit[] | undefined {
  const options = call.arguments[0];
  if (propertyName(call.callee) !== 'sendMail' || options?.type !== 'ObjectExpression') return undefined;
  const html = options.properties.find(
    (p: AstNode) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === 'html',
  );
  const value = html && evaluate(html.value);
  return value?.tainted && !value.htmlSafe
    ? [{ kind: 'xss', node: html.value, value, sink: 'sendMail html' }]
    : undefined;
}
