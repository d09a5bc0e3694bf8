// Where user-controlled data does harm: SQL query calls, shell commands, code evaluation, file
// paths, redirects, HTML output, regex construction, deep merges. Each check receives the taint of
// the values reaching the sink and decides whether that is a finding.
import { calleeParts, isRegExpNode, memberPath, propertyName, staticString, type AstNode } from '../ast';
import { resolveCall, type ModuleBindings } from '../modules';
import { commandHits, runsAsGiven } from './commands';
import { domCallHits, isSafeStringClass, loadsUrl } from './dom';
import { checkKnownCall } from './libraries';
import { koaBodyHits, mailHits, responseHits } from './responses';
import type { Taint } from './value';

export type SinkKind =
  | 'sql'
  | 'nosql'
  | 'command'
  | 'code'
  | 'path'
  | 'redirect'
  | 'xss'
  | 'regex'
  | 'prototype'
  | 'ssrf'
  | 'xpath'
  | 'xxe'
  | 'deserialization';

export interface SinkHit {
  kind: SinkKind;
  node: AstNode;
  value: Taint;
  /** The sink as written, for messages (e.g. `db.query`). */
  sink: string;
  /** Code sinks only: the evaluated text is not a constant, though not known to come from input. */
  opaque?: boolean;
}

/** An argument whose text is fixed when the code is written (a literal, or built only from literals). */
function isConstant(node: AstNode | undefined, value: Taint | undefined): boolean {
  if (!node || node.type === 'Literal') return true;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return true;
  return !!value && value.prefix !== undefined && value.prefix === value.text;
}

/** A code-evaluation hit; `opaque` when some evaluated argument is not a constant. */
function codeHit(node: AstNode, sink: string, argNodes: AstNode[], argValues: Taint[]): SinkHit[] {
  const opaque = argNodes.some((arg, i) => !isConstant(arg, argValues[i]));
  return [{ kind: 'code', node, value: join(argValues), sink, opaque }];
}

const SQL_METHODS = new Set([
  'query',
  'execute',
  'raw',
  'whereRaw',
  'orWhereRaw',
  'havingRaw',
  'joinRaw',
  'orderByRaw',
  'literal',
  'unsafe',
  'prepare',
  'exec',
  'all',
  'get',
  'run',
  'each',
  '$queryRawUnsafe',
  '$executeRawUnsafe',
]);
const UNSAFE_SQL_METHODS = new Set([
  '$queryRawUnsafe',
  '$executeRawUnsafe',
  'whereRaw',
  'orWhereRaw',
  'unsafe',
]);
const SQL_TEXT =
  /\b(select\b[\s\S]*\bfrom|insert\s+into|update\s+[\w."`[\]]+\s+set|delete\s+from|where\s+[\w."`]+\s*(=|<|>|!=|like\b|in\b|is\b)|order\s+by\s+$|create\s+table|drop\s+table|alter\s+table|values\s*\()/i;
// Calls that read, write, list or remove what a path names; existence and metadata checks
// (`existsSync`, `stat`, `access`) reveal only that a file is there, and usually guard a real access.
const FS_SINKS =
  /^(readFile|readFileSync|writeFile|writeFileSync|appendFile|appendFileSync|createReadStream|createWriteStream|open|openSync|unlink|unlinkSync|rm|rmSync|rmdir|rmdirSync|readdir|readdirSync|mkdir|mkdirSync|copyFile|copyFileSync|rename|renameSync|readJson|readJSON|outputFile|remove|symlink|chmod)$/;
const MERGE_FUNCTIONS = /^(merge|mergeWith|defaultsDeep|set|setWith|deepMerge|extend)$/;
const PATH_SETTERS = /^(set|setWith)$/;

export interface CallFacts {
  call: AstNode;
  args: Taint[];
  receiver?: Taint;
  /** The receiver's path once local aliases are followed (`writer` after `const writer = res` is `res`). */
  receiverName?: string;
  /** The receiver is a database collection or model (`db.collection('users')`, `mongoose.model(...)`). */
  collection?: boolean;
  /** The taint of a sub-expression of an argument (a property of an options object), without reporting. */
  evaluate?: (node: AstNode) => Taint;
  /** Like `evaluate`, with a local array's or object's stored elements and properties joined in. */
  contents?: (node: AstNode) => Taint;
  bindings: ModuleBindings;
}

export function checkCall(facts: CallFacts): SinkHit[] {
  return checkKnownCall(facts) ?? checkOtherCall(facts);
}

function checkOtherCall({
  call,
  args,
  bindings,
  receiver: receiverValue,
  receiverName,
  evaluate,
  contents,
}: CallFacts): SinkHit[] {
  const parts = calleeParts(call);
  const { method, receiverNode } = parts;
  const receiver = receiverName ?? parts.receiver;
  if (!method) return [];
  const resolved = resolveCall(call, bindings);
  const name = receiver ? `${receiver}.${method}` : receiverNode ? `….${method}` : method;
  // In a multi-line chain (`knex('t')\n  .whereRaw(...)`) the offending line is the method's, not the chain's start.
  const callee = call.callee.type === 'ChainExpression' ? call.callee.expression : call.callee;
  const at =
    callee.type === 'MemberExpression' && callee.property.loc.start.line !== call.loc.start.line
      ? callee.property
      : call;
  const hit = (kind: SinkKind, value: Taint | undefined, node: AstNode = at): SinkHit[] =>
    value ? [{ kind, node, value, sink: name }] : [];

  const command = commandHits(call, args, bindings, name, contents);
  if (command) return command;
  if (resolved?.module === 'fs' && FS_SINKS.test(resolved.name)) {
    const paths = /^(copyFile|rename|symlink)/.test(resolved.name) ? args.slice(0, 2) : args.slice(0, 1);
    // One finding per call, even when both paths of a rename/copy are tainted.
    return hit(
      'path',
      paths.find((a) => a.tainted && !fromCommandLine(a)),
    );
  }
  const firstArg = (): SinkHit[] => codeHit(at, name, call.arguments.slice(0, 1), args.slice(0, 1));
  if (resolved?.module === 'vm' && /^(runIn\w*Context|compileFunction|Script)$/.test(resolved.name)) {
    return firstArg();
  }
  if (!receiver && (method === 'eval' || method === 'Function'))
    return codeHit(at, name, call.arguments, args);
  if ((receiver === 'window' || receiver === 'globalThis' || receiver === 'global') && method === 'eval') {
    return firstArg();
  }
  if ((method === 'setTimeout' || method === 'setInterval') && (!receiver || receiver === 'window')) {
    const first = call.arguments[0];
    // A name or property usually holds a callback; only a string known to come from input is code.
    const isFunctionArg =
      !first ||
      /Function/.test(first.type) ||
      (/Identifier|MemberExpression/.test(first.type) && !args[0]?.tainted && !args[0]?.text);
    return isFunctionArg ? [] : hit('code', args[0]);
  }
  if (!receiver && method === 'RegExp') return hit('regex', args[0]);
  // `text.match(pattern)`, `matchAll`, `search`: a string argument is compiled as a regular expression.
  if (
    /^(match|matchAll|search)$/.test(method) &&
    receiverValue &&
    (isText(receiverValue) || mayBeText(call, receiver)) &&
    (args[0]?.tainted || args[0]?.patternInput) &&
    !isRegExpNode(call.arguments[0]) &&
    !bindings.namespaces.has(receiver?.split('.')[0] ?? '')
  )
    return hit('regex', args[0]);
  if (receiver && /(^|\.)shell(js)?$/.test(receiver) && method === 'exec')
    return runsAsGiven(args[0]) ? [] : hit('command', args[0]);
  if (receiverNode && SQL_METHODS.has(method)) {
    const sql = args[0];
    if (sql && (UNSAFE_SQL_METHODS.has(method) || SQL_TEXT.test(sql.text))) return hit('sql', sql);
    return [];
  }
  // res.location(url), res.setHeader('Location', url), res.set('Location', url), reply.header('location', url).
  if (receiver && /(^|\.)(res|response|reply|ctx)$/.test(receiver)) {
    if (method === 'location') return hit('redirect', args[0]);
    const header = /^(setHeader|set|header|append|writeHead)$/.test(method)
      ? staticString(call.arguments[0])
      : undefined;
    if (header?.toLowerCase() === 'location') return hit('redirect', args[1]);
    // `res.writeHead(302, { Location: target })`
    const headers =
      method === 'writeHead' ? call.arguments.find((a: AstNode) => a.type === 'ObjectExpression') : undefined;
    const location = headers?.properties.find(
      (p: AstNode) => String(p.key?.name ?? p.key?.value ?? '').toLowerCase() === 'location',
    );
    if (location) return hit('redirect', evaluate ? evaluate(location.value) : args[1]);
  }
  // Express/Koa/Fastify responses, and the Fetch API's `Response.redirect` (Next.js `NextResponse`).
  if (
    method === 'redirect' &&
    receiver &&
    /(^|\.)(res|response|reply|ctx|Response|NextResponse)$/.test(receiver)
  ) {
    return hit('redirect', args[args.length - 1]);
  }
  if (
    (method === 'sendFile' || method === 'download') &&
    receiver &&
    /(^|\.)(res|response|reply)$/.test(receiver)
  ) {
    const hasRoot =
      call.arguments[1]?.type === 'ObjectExpression' &&
      call.arguments[1].properties.some(
        (p: AstNode) => p.key && (p.key.name === 'root' || p.key.value === 'root'),
      );
    return hasRoot || !args[0]?.tainted || fromCommandLine(args[0]) ? [] : hit('path', args[0]);
  }
  const mail = callee.type === 'MemberExpression' && evaluate ? mailHits(call, evaluate) : undefined;
  if (mail) return mail;
  const dom = domCallHits(call, args, at, name, receiver);
  if (dom) return dom;
  if (
    (method === 'send' || method === 'write' || method === 'end') &&
    receiver &&
    /(^|\.)(res|response|reply)$/.test(receiver)
  ) {
    return responseHits(call, args[0], name);
  }
  // Library deep merges (`_.merge`, `$.extend`, an imported `merge`); a same-file merge function is
  // judged by its own body (codewright/prototype-pollution's structural check), not at each call.
  const imported = !receiver && (bindings.members.has(method) || bindings.namespaces.has(method));
  const library = receiver === '_' || receiver === 'lodash' || receiver === '$' || receiver === 'jQuery';
  if (MERGE_FUNCTIONS.test(method) && (library || imported)) {
    // A shallow `extend` (lodash's `assignIn`, jQuery's without `true`) copies only the top keys of
    // each source: an object literal's keys are the code's, whatever values input gives them.
    const shallow = method === 'extend' && call.arguments[0]?.value !== true;
    // A path setter (`_.set(obj, path, value)`) walks only the path's keys: the value is stored at
    // the end of it, never walked, so input there sets no `__proto__` property.
    const sources = PATH_SETTERS.test(method) ? args.slice(1, 2) : args.slice(1);
    return sources
      .filter((a, i) => a.tainted && !(shallow && literalKeys(call.arguments[i + 1])))
      .flatMap((a) => hit('prototype', a));
  }
  return [];
}

/** An object literal whose keys are all written out (no computed key, no spread). */
function literalKeys(node: AstNode | undefined): boolean {
  return (
    node?.type === 'ObjectExpression' &&
    node.properties.every((p: AstNode) => p.type === 'Property' && !p.computed)
  );
}

/** `new Function(...)`, `new vm.Script(...)`, `new RegExp(...)`. */
export function checkNew(node: AstNode, args: Taint[], bindings: ModuleBindings): SinkHit[] {
  const name = memberPath(node.callee);
  if (name === 'Function') return codeHit(node, 'new Function', node.arguments, args);
  if (name === 'RegExp' && args[0]) return [{ kind: 'regex', node, value: args[0], sink: 'new RegExp' }];
  // A worker runs the script its URL names.
  if ((name === 'Worker' || name === 'SharedWorker') && args[0])
    return [{ kind: 'redirect', node, value: args[0], sink: `new ${name}` }];
  if (isSafeStringClass(node.callee) && args[0])
    return [{ kind: 'xss', node, value: args[0], sink: `new ${name}` }];
  const resolved = resolveCall(node, bindings);
  if (resolved?.module === 'vm' && resolved.name === 'Script' && args[0]) {
    return codeHit(node, 'new vm.Script', node.arguments.slice(0, 1), args.slice(0, 1));
  }
  return [];
}

/** `el.innerHTML = x`, `location.href = x`, `obj[a][b] = x`. */
/** `target` is the assigned path with local aliases of browser objects resolved (`loc.href` → `location.href`). */
export function checkAssignment(
  node: AstNode,
  value: Taint,
  keyTaints: Taint[],
  target = memberPath(node.left),
): SinkHit[] {
  const left = node.left;
  if (left.type !== 'MemberExpression') {
    return target === 'location' ? [{ kind: 'redirect', node, value, sink: 'location' }] : [];
  }
  const property = propertyName(left);
  const path = target ?? '';
  const koa = koaBodyHits(node, value, path);
  if (koa) return koa;
  if (property === 'innerHTML' || property === 'outerHTML' || property === 'srcdoc')
    return [{ kind: 'xss', node, value, sink: property }];
  // `location.href = x`, `window.top.location = x`, `parent.document.location.href = x`; setting the
  // protocol or host moves the page to another scheme or site as well.
  if (
    /^((window|\$window|self|top|parent|opener|globalThis|frames)\.)*(document\.)?location(\.(href|protocol|host|hostname))?$/.test(
      path,
    )
  ) {
    return [{ kind: 'redirect', node, value, sink: path }];
  }
  // `script.src = url` on a `<script>` or `<iframe>` element: it loads and runs what the URL names.
  if (property === 'src' && loadsUrl(left.object))
    return [{ kind: 'redirect', node, value, sink: `${path}` }];
  if (
    left.computed &&
    left.object.type === 'MemberExpression' &&
    left.object.computed &&
    keyTaints.some((k) => k.tainted)
  ) {
    return [
      { kind: 'prototype', node, value: keyTaints.find((k) => k.tainted)!, sink: 'obj[key][key] = value' },
    ];
  }
  return [];
}

/** `<div dangerouslySetInnerHTML={{ __html: x }} />`. */
export function isDangerousHtmlProperty(property: AstNode): boolean {
  const key = property.key;
  return !!key && (key.name === '__html' || key.value === '__html');
}

function join(values: Taint[]): Taint {
  const risky = values.find((v) => v.tainted) ?? values.find((v) => v.dynamic);
  return risky ?? { tainted: false, dynamic: false, text: '' };
}

/** A CLI's arguments come from the user running it, who can open any file they like anyway. */
function fromCommandLine(value: Taint): boolean {
  return value.source?.startsWith('process.argv') ?? false;
}

/**
 * A value known to be text: input (request fields are strings), a literal or concatenation, or a
 * string method's result. Objects with `match`/`search` methods (routers, search indexes) are none.
 */
/**
 * Receivers that hold other things than text under these names: routers (`router.match(path)`),
 * search clients and indexes (`index.search(q)`), databases and their collections.
 */
const NOT_TEXT_RECEIVER =
  /(router|routes?|index|idx|client|db|database|collection|model|engine|service|api|searcher|store|repo|repository|table|elastic\w*|algolia|lunr|fuse|es|solr|mongo\w*|this)$/i;

/**
 * `value.match(x)` on a value of unknown type with one argument that is text, not options: most
 * such receivers are strings (a field, a parameter, a line read), so the argument is compiled.
 */
function mayBeText(call: AstNode, receiver: string | undefined): boolean {
  const arg = call.arguments[0];
  const last = receiver?.split('.').pop() ?? '';
  return (
    call.arguments.length === 1 &&
    !/^(ObjectExpression|ArrayExpression|ArrowFunctionExpression|FunctionExpression)$/.test(arg.type) &&
    (receiver === undefined || !NOT_TEXT_RECEIVER.test(last))
  );
}

function isText(value: Taint): boolean {
  return value.tainted || !!value.isString || value.prefix !== undefined;
}

/** A redirect whose constant start pins it to this site (`'/users/' + id`) or to one fixed host. */
export function staysOnSite(value: Taint): boolean {
  if (value.siteUrl === 'page') return true;
  const prefix = value.prefix ?? '';
  // Input placed after a `?` or `#` only fills the query or fragment of a URL chosen by the code.
  if (/[?#]/.test(value.beforeRisk ?? '')) return true;
  // `/path`, `https://host/`, `//host/` (protocol-relative): the host is the site's or a fixed one.
  return /^\/[^/\\]/.test(prefix) || /^(https?:)?\/\/[^/?#\\]+[/?#]/i.test(prefix);
}
