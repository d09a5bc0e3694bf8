// How taint moves through calls the analysis does not enter: sanitizers end it, a few well-known
// functions pass it on (path.join, decodeURIComponent, ...), string and array methods on a tainted
// receiver keep it, and methods answering yes/no or a number drop it.
import { calleeParts, memberPath, type AstNode } from '../ast';
import { resolveCall, type ModuleBindings } from '../modules';
import { CLEAN, join, withoutText, type Taint } from './value';

/** Escaping, encoding, validation and numeric conversion: the result is safe to use in a sink. */
const SANITIZER =
  /^(escape\w*|\w+Escape|escapeId|sanitize\w*|\w+Sanitize\w*|encode\w*|\w+Encode|purify|quote|filterXSS|xss|parseInt|parseFloat|Number|Boolean|BigInt|basename|isValid\w*|stringify|toNumber|toInteger|clamp|uuid\w*|hash\w*|digest)$/;

const PROPAGATORS = new Set([
  'String',
  'decodeURIComponent',
  'decodeURI',
  'unescape',
  'atob',
  'path.join',
  'path.resolve',
  'path.normalize',
  'url.resolve',
  'util.format',
  'format',
  'Buffer.from',
  'JSON.parse',
  'Object.assign',
  'Object.values',
  'Object.entries',
  'Array.from',
  'querystring.parse',
  'qs.parse',
  'join',
  'resolve',
  'normalize',
]);

/** Methods whose result does not carry their receiver's content (booleans, numbers, side effects). */
const DROPS_TAINT =
  /^(includes|indexOf|lastIndexOf|startsWith|endsWith|test|has|some|every|findIndex|localeCompare|charCodeAt|codePointAt|search|forEach|push|unshift|set|add|delete|clear|send|json|status|end|write|emit|log|info|warn|error|debug|then|catch|finally|query|execute|findOne|findById|findAll|findMany|fetch|count|exists)$/;

export function isSanitizer(call: AstNode): boolean {
  const { method } = calleeParts(call);
  return !!method && SANITIZER.test(method);
}

/** Markdown renderers turn their input into HTML: `marked.parse(md)`, `md.render(text)`, `converter.makeHtml(s)`. */
const MARKDOWN =
  /^marked$|(^|\.)(marked|md|markdown\w*|mdRenderer|converter|showdown)\.(parse|render|makeHtml)$/;

/**
 * Module functions that return (part of) what they were given, under whatever local name the module
 * has (`pathModule.dirname(p)`, `require('querystringify').parse(req.url)`, `url.parse(req.url)`).
 */
const MODULE_PROPAGATORS: Record<string, RegExp> = {
  path: /^(join|resolve|normalize|dirname|extname|relative|toNamespacedPath|format|parse)$/,
  url: /^(parse|format|resolve|fileURLToPath|domainToUnicode)$/,
  querystring: /^(parse|decode|unescape)$/,
  querystringify: /^parse$/,
  'query-string': /^(parse|parseUrl|extract)$/,
  qs: /^parse$/,
  util: /^format$/,
};

export function isPropagator(call: AstNode, bindings?: ModuleBindings): boolean {
  const path = memberPath(call.callee);
  if (path && (PROPAGATORS.has(path) || MARKDOWN.test(path))) return true;
  const resolved = bindings && resolveCall(call, bindings);
  return !!resolved && !!MODULE_PROPAGATORS[resolved.module]?.test(resolved.name);
}

export function keepsTaintThroughMethod(method: string): boolean {
  return !DROPS_TAINT.test(method);
}

/**
 * The value of `xs.map(f)` is what `f` returns (so `ids.map(() => '?').join(',')` is clean);
 * `filter`, `slice`, `find`, `sort` keep the receiver's elements.
 */
export function resultOfIteration(method: string, receiver: Taint, args: Taint[]): Taint | undefined {
  if (method === 'map' || method === 'flatMap') return withoutText(args[0] ?? CLEAN);
  if (method === 'reduce') return withoutText(join(args[0] ?? CLEAN, args[1] ?? CLEAN));
  if (/^(filter|find|slice|sort|reverse|splice|flat|at|pop|shift)$/.test(method))
    return withoutText(receiver);
  return undefined;
}

/** String methods whose result contains their arguments. */
export function combinesArguments(method: string): boolean {
  return /^(concat|replace|replaceAll|padStart|padEnd|join|format|append)$/.test(method);
}
