// Sinks recognised by module or framework rather than by method name alone: NoSQL filters of
// database collections, templates and modules loaded by name, deserialisers, XML parsers and XPath,
// AngularJS expressions, WebAssembly, and outbound HTTP requests (SSRF).
import { calleeParts, declaredInit, isFunction, memberPath, type AstNode } from '../ast';
import { resolveCall } from '../modules';
import { staysOnSite, type CallFacts, type SinkHit, type SinkKind } from './sinks';
import type { Taint } from './value';
import { xmlHits } from './xml';

/** MongoDB/Mongoose methods whose first argument is a query filter (or pipeline, or update). */
const NOSQL_METHODS =
  /^(find|findOne|findOneAndUpdate|findOneAndDelete|findOneAndReplace|findOneAndRemove|updateOne|updateMany|update|deleteOne|deleteMany|remove|count|countDocuments|distinct|aggregate|where|replaceOne|exists)$/;
/** Request parts that are always strings (route params, headers, URL): they cannot carry `{ $ne: 1 }`. */
const STRING_ONLY_SOURCE =
  /(^|\.)(params|headers|cookies|url|originalUrl|path|hostname|ip|protocol)(\.|$)|\.get\(|\.header\(/;
/** Angular scope methods that evaluate an expression string; `$compile`/`$parse`/`$interpolate` compile one. */
const ANGULAR_EVAL = /^\$(apply|applyAsync|eval|evalAsync|watch|watchCollection|watchGroup)$/;
/** HTTP clients whose first argument (or `url` option) is the address fetched. */
const HTTP_CLIENT_MODULES = /^(axios|got|request|node-fetch|needle|superagent|undici|phin|bent)$/;

/**
 * Sinks recognised by module or framework (NoSQL filters, outbound requests, XPath, deserialisers,
 * AngularJS expressions); undefined when the call is none of them.
 */
export function checkKnownCall({
  call,
  args,
  bindings,
  receiverName,
  collection,
  evaluate,
}: CallFacts): SinkHit[] | undefined {
  const parts = calleeParts(call);
  const { method } = parts;
  if (!method) return undefined;
  const receiver = receiverName ?? parts.receiver;
  const name = receiver ? `${receiver}.${method}` : method;
  const resolved = resolveCall(call, bindings);
  const hit = (kind: SinkKind, value: Taint | undefined): SinkHit[] =>
    value?.tainted ? [{ kind, node: call, value, sink: name }] : [];
  if (collection && NOSQL_METHODS.test(method) && call.arguments[0] && !isFunction(call.arguments[0])) {
    // `{ $where: '...' + x }` runs JavaScript in the database whatever x is.
    const filter = call.arguments[0];
    const where =
      filter.type === 'ObjectExpression' &&
      filter.properties.some((p: AstNode) => (p.key?.name ?? p.key?.value) === '$where');
    // A field holding a string (`String(x)`, a template) cannot smuggle an operator object in.
    const fields: Taint[] =
      filter.type === 'ObjectExpression' && evaluate
        ? filter.properties.map((p: AstNode) => evaluate(p.type === 'SpreadElement' ? p.argument : p.value))
        : [args[0]!];
    const value = fields.find((f) => f.tainted && !f.isString && !STRING_ONLY_SOURCE.test(f.source ?? ''));
    if (where && args[0]?.tainted) return hit('nosql', args[0]);
    return hit('nosql', value);
  }
  // `res.render(req.params.view)` reads the template file input names; `require(x)` loads and runs it.
  if (method === 'render' && receiver && /(^|\.)(res|response)$/.test(receiver)) return hit('path', args[0]);
  if (!receiver && method === 'require' && call.arguments.length === 1) return hit('path', args[0]);
  if (resolved?.module === 'node-serialize' && resolved.name === 'unserialize')
    return hit('deserialization', args[0]);
  if (resolved?.module === 'js-yaml' && /^(safe)?(load|loadAll)$/i.test(resolved.name)) {
    // js-yaml runs functions and regexps only with the full schema (the default before version 4).
    const options = declaredInit(call.arguments[1]);
    return options && /FULL_SCHEMA/.test(sourceText(options)) ? hit('deserialization', args[0]) : [];
  }
  const xml = xmlHits(call, args, bindings, name);
  if (xml) return xml;
  if (receiver && /(^|\.)\$?(scope|rootScope)$/i.test(receiver) && ANGULAR_EVAL.test(method))
    return hit('code', args[0]);
  if (!receiver && /^\$(compile|parse|interpolate)$/.test(method)) return hit('code', args[0]);
  if (
    receiver === 'WebAssembly' &&
    /^(compile|compileStreaming|instantiate|instantiateStreaming)$/.test(method)
  )
    return hit('code', args[0]);
  const calledModule =
    call.callee.type === 'Identifier' ? bindings.namespaces.get(call.callee.name) : undefined;
  const client =
    ((resolved?.module === 'http' || resolved?.module === 'https') &&
      /^(get|request)$/.test(resolved.name)) ||
    (resolved && HTTP_CLIENT_MODULES.test(resolved.module)) ||
    HTTP_CLIENT_MODULES.test(calledModule ?? '') ||
    (!receiver && method === 'fetch' && !bindings.members.has('fetch'));
  if (client) {
    const target = call.arguments[0]?.type === 'ObjectExpression' ? undefined : args[0];
    return target && !pinsHost(target) ? hit('ssrf', target) : [];
  }
  return undefined;
}

/** A URL whose constant start fixes the host (`https://api.example.com/` + x, `/local/` + x). */
function pinsHost(value: Taint): boolean {
  return staysOnSite(value);
}

function sourceText(node: AstNode): string {
  return (
    memberPath(node) ??
    (node.type === 'ObjectExpression'
      ? node.properties.map((p: AstNode) => memberPath(p.value) ?? '').join(' ')
      : '')
  );
}
