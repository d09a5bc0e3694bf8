// Where user-controlled data enters: request objects of route handlers, process.argv, the browser's
// location, message events. Also decides which functions are route handlers or message listeners,
// since their parameters are the sources.
import { calleeParts, memberPath, patternNames, staticString, type AstNode } from '../ast';
import { siteUrlSource, source, type Taint } from './value';

export type FunctionRole = 'handler' | 'listener' | 'plain';

const ROUTE_METHODS = new Set([
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'del',
  'all',
  'use',
  'options',
  'head',
]);
const ROUTER_RECEIVER = /(^|\.)(app|router|server|api|routes?|fastify|express|koa|r)$/i;
const HTTP_EXPORTS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const REQUEST_NAME = /^(req|request)$/;
const RESPONSE_NAME = /^(res|response|reply|next|done|cb|callback|h)$/;
const MESSAGE_EVENTS = new Set(['message', 'messageerror']);
/**
 * A child process's or worker thread's channel to the program that started it (`process.on('message')`
 * after `child_process.fork`, worker_threads' `parentPort`): the messages are the program's own, not a
 * page's or a client's.
 */
const PARENT_CHANNEL = /^(?:process|parentPort|(?:worker_threads|workerThreads)\.parentPort)$/;

/** The role of a function from how it is declared or registered. */
export function functionRole(fn: AstNode): FunctionRole {
  const params = fn.params.flatMap((p: AstNode) => patternNames(p));
  if (REQUEST_NAME.test(params[0] ?? '') && /^(res|response|reply)$/.test(params[1] ?? '')) return 'handler';
  const parent = fn.parent;
  if (!parent) return 'plain';
  if (parent.type === 'CallExpression' && parent.arguments.includes(fn)) {
    const { method, receiver } = calleeParts(parent);
    if (method && ROUTE_METHODS.has(method) && fn.params.length > 0) {
      const firstArg = staticString(parent.arguments[0]);
      if ((receiver && ROUTER_RECEIVER.test(receiver)) || firstArg?.startsWith('/')) return 'handler';
    }
    if (
      (method === 'addEventListener' || method === 'on' || method === 'once') &&
      MESSAGE_EVENTS.has(staticString(parent.arguments[0]) ?? '') &&
      !PARENT_CHANNEL.test(receiver ?? '')
    ) {
      return 'listener';
    }
  }
  if (parent.type === 'AssignmentExpression' && parent.right === fn) {
    const target = memberPath(parent.left) ?? '';
    if (/(^|\.)onmessage$/.test(target)) return 'listener';
    if (/^(module\.)?exports\.handler$/.test(target) && fn.params.length > 0) return 'handler';
  }
  const name = declaredName(fn);
  if (name && isExported(fn)) {
    if (HTTP_EXPORTS.has(name)) return 'handler';
    if (name === 'handler' && /^(event|req|request)$/.test(params[0] ?? '')) return 'handler';
  }
  return 'plain';
}

/**
 * A value that is a request parameter itself, not one of its fields (`require(request)`): no
 * request object is text, so a string sink given it whole is given some other value of that name
 * (a module request in a bundler's runtime), not input it could be steered by.
 */
export function isWholeRequest(source: string | undefined): boolean {
  return REQUEST_NAME.test(source ?? '');
}

/**
 * Whether a parameter of a function with this role carries user input. A function that is a handler
 * by its `(req, res)` signature alone, not handed to a call, gets from a framework only
 * `(req, res, next)`: a further parameter (`helpers.noScriptErrors = function (req, res, error,
 * httpStatus)`) is its caller's argument. One handed to a call keeps them (Express's
 * `app.param(name, (req, res, next, id) => ...)` passes the route's value).
 */
export function isTaintedParam(role: FunctionRole, name: string, index = 0, fn?: AstNode): boolean {
  if (role === 'handler' && index >= 2 && fn && !passedToCall(fn)) return false;
  if (role === 'handler' || role === 'listener') return !RESPONSE_NAME.test(name);
  return REQUEST_NAME.test(name) || ROUTE_PARAMS_SERVICE.test(name);
}

/**
 * AngularJS injects services by name (`$`-prefixed names are the framework's): `$routeParams` and
 * ui-router's `$stateParams` hold the parameters of the URL the user followed.
 */
const ROUTE_PARAMS_SERVICE = /^\$(routeParams|stateParams)$/;

/**
 * AngularJS `$location.search()` (the query's parameters, or one of them) and `$location.hash()`:
 * getters of the part of the address a link chooses. `url()` and `path()` are left out, as the
 * route they return is mostly the app's own.
 */
export function angularLocationSource(call: AstNode): string | undefined {
  const path = memberPath(call.callee);
  const count = call.arguments.length;
  if ((path === '$location.search' && count < 2) || (path === '$location.hash' && count === 0))
    return `${path}()`;
  return undefined;
}

const REQUEST_DECORATORS =
  /^(Param|Query|Body|Headers|Req|Request|Cookies|UploadedFile|UploadedFiles|HostParam)$/;

/** NestJS-style `@Query('q') q: string`, `@Body() dto`: the decorator says the parameter is request data. */
export function isRequestDecorated(param: AstNode): boolean {
  const decorators: AstNode[] = param.decorators ?? param.parameter?.decorators ?? [];
  return decorators.some((d) => {
    const callee = d.expression.type === 'CallExpression' ? d.expression.callee : d.expression;
    return callee.type === 'Identifier' && REQUEST_DECORATORS.test(callee.name);
  });
}

function passedToCall(fn: AstNode): boolean {
  const parent = fn.parent;
  return (
    (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') && parent.arguments.includes(fn)
  );
}

function declaredName(fn: AstNode): string | undefined {
  if (fn.id?.type === 'Identifier') return fn.id.name;
  if (fn.parent?.type === 'VariableDeclarator' && fn.parent.id.type === 'Identifier')
    return fn.parent.id.name;
  return undefined;
}

function isExported(fn: AstNode): boolean {
  let node: AstNode | undefined = fn.parent;
  if (node?.type === 'VariableDeclarator') node = node.parent?.parent;
  return node?.type === 'ExportNamedDeclaration' || node?.type === 'ExportDefaultDeclaration';
}

/** Parts of the page's own address a link cannot choose: its scheme, host, port and origin. */
export const SITE_LOCATION_PART =
  /^((window|\$window|self|globalThis|document)\.)?location\.(protocol|host|hostname|port|origin)$/;

/** Sources whose value is the page's whole address, starting with its own origin. */
export const SITE_URL_SOURCE =
  /^(((window|\$window|self|globalThis|document)\.)?location(\.href)?|document\.(URL|documentURI|baseURI))$/;

const LOCATION_PATH =
  /^((window|\$window|self|globalThis|document)\.)?location(\.(href|search|hash|pathname))?$/;
const DOCUMENT_SOURCES = new Set([
  'document.URL',
  'document.documentURI',
  'document.referrer',
  'document.cookie',
  'document.baseURI',
  'window.name',
]);

/**
 * A source read by a member chain or global name that needs no binding (`process.argv`,
 * `location.hash`, `document.referrer`). `isLocal` says whether the chain's root is a local variable.
 */
export function globalSource(node: AstNode, isLocal: (name: string) => boolean): string | undefined {
  const path = memberPath(node);
  if (!path) return undefined;
  if (SITE_LOCATION_PART.test(path)) return undefined;
  const root = path.split('.')[0]!;
  // AngularJS's `$window` is injected as a parameter, yet it is the page's window.
  if (isLocal(root) && root !== '$window') return undefined;
  if (path === 'process.argv') return path;
  if (LOCATION_PATH.test(path) || DOCUMENT_SOURCES.has(path)) return path;
  return undefined;
}

/**
 * `process.argv[0]` and `process.argv[1]`: the Node executable and the script's own path, which
 * whoever started the process chose, not its arguments (`spawnSync(process.argv[0], ...)` runs Node
 * again). The arguments from `process.argv[2]` on, and the array whole, stay input.
 */
export function runtimeArgv(node: AstNode, isLocal: (name: string) => boolean): boolean {
  return (
    node.computed &&
    node.property.type === 'Literal' &&
    (node.property.value === 0 || node.property.value === 1) &&
    memberPath(node.object) === 'process.argv' &&
    !isLocal('process')
  );
}

const BROWSER_INPUT_CALLS = /^((window|self|globalThis)\.)?(prompt|(localStorage|sessionStorage)\.getItem)$/;

/**
 * A call whose result the page's user (or another site, through storage written from a URL) controls:
 * `prompt()`, `localStorage.getItem(k)`, `sessionStorage.getItem(k)`. Undefined when not one, or
 * when the name is a local binding.
 */
export function browserCallSource(callee: AstNode, isLocal: (name: string) => boolean): string | undefined {
  const path = memberPath(callee);
  if (!path || isLocal(path.split('.')[0]!)) return undefined;
  return BROWSER_INPUT_CALLS.test(path) ? `${path}()` : undefined;
}

/** A global source's value; the page's own address is marked as staying on the site. */
export function sourceFor(path: string): Taint {
  return SITE_URL_SOURCE.test(path) ? siteUrlSource(path) : source(path);
}

/**
 * What a string method keeps of the page address it is called on: `toString` and prefixes
 * (`slice(0, n)`) keep its start, `split` keeps it in the first element; anything else (a suffix, a
 * match) is text a link chooses.
 */
export function siteUrlAfter(method: string, call: AstNode, receiver: Taint, result: Taint): Taint {
  if (receiver.siteUrl !== 'page' || !result.tainted) return result;
  const first = call.arguments[0];
  const prefix = /^(substring|substr|slice)$/.test(method) && first?.type === 'Literal' && first.value === 0;
  if (prefix || /^(toString|valueOf|trim|trimEnd|concat)$/.test(method))
    return { ...result, siteUrl: 'page' };
  if (method === 'split') return { ...result, siteUrl: 'head' };
  return result;
}

const NO_TEXT_TYPES = new Set([
  'TSNumberKeyword',
  'TSBooleanKeyword',
  'TSBigIntKeyword',
  'TSNullKeyword',
  'TSUndefinedKeyword',
]);

/** A type whose values cannot carry text a caller wrote: numbers, booleans, a union of literals. */
function noTextType(type: AstNode | undefined): boolean {
  if (!type) return false;
  if (NO_TEXT_TYPES.has(type.type)) return true;
  if (type.type === 'TSLiteralType') return type.literal?.type === 'Literal';
  if (type.type === 'TSUnionType') return type.types.every(noTextType);
  return false;
}

/**
 * A TypeScript parameter declared a number, a boolean or one of a few literals (`kind: "table" |
 * "index"`): the compiler keeps other text out, so a caller cannot inject through it. Undeclared,
 * `string` and `any` parameters stay a caller's data.
 */
export function declaresNoText(param: AstNode): boolean {
  const declared = param.type === 'AssignmentPattern' ? param.left : param;
  return declared.type === 'Identifier' && noTextType(declared.typeAnnotation?.typeAnnotation);
}
