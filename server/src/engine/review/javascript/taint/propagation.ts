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
  // `Promise.resolve(x).then(v => ...)`: the callback receives x.
  'Promise.resolve',
  'querystring.parse',
  'qs.parse',
  'join',
  'resolve',
  'normalize',
]);

/** Methods whose result does not carry their receiver's content (booleans, numbers, side effects). */
const DROPS_TAINT =
  /^(includes|indexOf|lastIndexOf|startsWith|endsWith|test|has|some|every|findIndex|localeCompare|charCodeAt|codePointAt|search|forEach|push|unshift|set|add|delete|clear|send|json|status|end|write|emit|log|info|warn|error|debug|then|catch|finally|query|execute|findOne|findById|findAll|findMany|fetch|count|exists)$/;

/** Modules whose default export escapes or sanitises its argument (`escape-string-regexp`, `shell-escape`). */
const SANITIZER_MODULE =
  /(^|[-./])(escape|sanitize|sanitizer|quote)([-./]|$)|escape(regexp|-string)|^(xss|dompurify|isomorphic-dompurify|sqlstring|shell-quote|shescape)$/i;

/**
 * Characters a regex-escaping `replace` must cover for its result to match only literally
 * (`s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')`); an escape that misses one leaves the pattern open.
 */
const REGEX_SPECIALS = ['.', '*', '+', '?', '(', '[', '\\'];

export function isSanitizer(call: AstNode, bindings?: ModuleBindings): boolean {
  const { method } = calleeParts(call);
  if (method && SANITIZER.test(method)) return true;
  const callee = call.callee;
  const module =
    callee.type === 'Identifier'
      ? (bindings?.namespaces.get(callee.name) ?? bindings?.members.get(callee.name)?.module)
      : undefined;
  if (module && SANITIZER_MODULE.test(module)) return true;
  return method === 'replace' && escapesRegexSpecials(call);
}

/**
 * Escapes for HTML, URLs, SQL or JSON whose result still holds `.`, `*`, `(`, `)` as they were:
 * safe in their own context, yet a pattern when compiled as a regular expression.
 */
const NON_REGEX_ESCAPE =
  /^(escape|encodeURI|encodeURIComponent|escapeHtml|escapeHTML|htmlEscape|escapeXml|encodeHTML|htmlEncode|escapeId|stringify|filterXSS|xss|sanitizeHtml|purify)$|^(_|lodash|he|entities|validator|querystring|qs|mysql|connection|JSON|DOMPurify)\.(escape|encode|escapeId|stringify|sanitize)$/;

/** A sanitizer call whose result is clean except as a regular expression (`escape(x)`, `_.escape(x)`). */
export function leavesPatternOpen(call: AstNode): boolean {
  const { method } = calleeParts(call);
  const path = memberPath(call.callee) ?? method ?? '';
  return NON_REGEX_ESCAPE.test(call.callee.type === 'Identifier' ? (method ?? '') : path);
}

/** `s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')`: every regex special character gets a backslash. */
function escapesRegexSpecials(call: AstNode): boolean {
  const [pattern, replacement] = call.arguments;
  const source: string | undefined = pattern?.type === 'Literal' ? pattern.regex?.pattern : undefined;
  if (!source || !/g/.test(pattern.regex.flags) || !/^\[[\s\S]*\]$/.test(source)) return false;
  const text = replacement?.type === 'Literal' ? String(replacement.value) : '';
  const inside = source.slice(1, -1);
  return text === '\\$&' && REGEX_SPECIALS.every((c) => inside.includes(c));
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

/**
 * jQuery's and lodash's string and collection helpers return (parts of) their arguments:
 * `$.trim(x)`, `_.toLower(x)`, `_.get(obj, 'a.b')`, `_.join(parts)`. Their escapes are sanitizers.
 */
const LIBRARY_PROPAGATOR =
  /^(\$|jQuery)\.(trim|makeArray|merge)$|^(_|lodash)\.(trim|trimStart|trimEnd|toLower|toUpper|lowerCase|upperCase|lowerFirst|upperFirst|capitalize|camelCase|kebabCase|snakeCase|startCase|pad|padStart|padEnd|repeat|replace|truncate|toString|join|concat|get|values|flatten|flattenDeep|first|head|last|nth|compact|uniq|castArray|defaultTo)$/;

export function isPropagator(call: AstNode, bindings?: ModuleBindings): boolean {
  const path = memberPath(call.callee);
  if (path && (PROPAGATORS.has(path) || MARKDOWN.test(path) || LIBRARY_PROPAGATOR.test(path))) return true;
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
