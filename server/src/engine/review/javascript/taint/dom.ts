// Browser sinks reached through calls: navigation (`location.assign`, `window.open`, jQuery's
// `$(location).attr('href', x)`), markup written into the page (`document.write`,
// `insertAdjacentHTML`, `createContextualFragment`, jQuery's HTML methods and `$(text)`), and
// framework calls that mark text as trusted HTML (AngularJS `$sce.trustAsHtml`, Ember `htmlSafe`,
// `new Handlebars.SafeString`).
import { calleeParts, declaredInit, memberPath, staticString, type AstNode } from '../ast';
import type { SinkHit, SinkKind } from './sinks';
import type { Taint } from './value';

/** Global calls that navigate the page (or a dialog) to their first argument. */
const NAVIGATIONS = /^(open|navigate|openDialog|showModalDialog)$/;

/** jQuery methods whose target argument is a selector or, when it is not one, markup. */
const JQUERY_TARGET = /^(appendTo|prependTo|insertAfter|insertBefore)$/;

/** The page's fragment as read, with its leading `#`. */
const WHOLE_HASH = /^((window|self|document)\.)?location\.hash$/;

/** jQuery methods that parse a string argument as HTML. */
const JQUERY_HTML = /^(html|append|prepend|after|before|replaceWith|wrap|wrapAll|wrapInner)$/;

/**
 * DOM hits of a call, or undefined when the call is no browser sink. `at` is the node to report,
 * `name` the sink for messages, `receiver` the receiver's path with local aliases followed.
 */
export function domCallHits(
  call: AstNode,
  args: Taint[],
  at: AstNode,
  name: string,
  receiver: string | undefined,
): SinkHit[] | undefined {
  const { method, receiverNode } = calleeParts(call);
  if (!method) return undefined;
  const hit = (kind: SinkKind, value: Taint | undefined): SinkHit[] =>
    value ? [{ kind, node: at, value, sink: name }] : [];
  if ((method === 'assign' || method === 'replace') && receiver && /(^|\.)location$/.test(receiver))
    return hit('redirect', args[0]);
  // `window.open`, and the legacy navigations `navigate`, `openDialog`, `showModalDialog`.
  // AngularJS injects the window as `$window`.
  if (NAVIGATIONS.test(method) && (receiver === 'window' || receiver === '$window' || !receiver))
    return hit('redirect', args[0]);
  // AngularJS `$location.url(x)` navigates within (or, with `//host`, away from) the app.
  if (method === 'url' && receiver === '$location' && call.arguments.length > 0)
    return hit('redirect', args[0]);
  // `script.setAttribute('src', url)`: a `<script>` or `<iframe>` loads (and runs) what the URL names.
  if (
    method === 'setAttribute' &&
    staticString(call.arguments[0])?.toLowerCase() === 'src' &&
    loadsUrl(receiverNode)
  )
    return hit('redirect', args[1]);
  // `$(location).attr('href', url)`, `$(window.location).prop('href', url)`.
  if (
    /^(attr|prop)$/.test(method) &&
    receiverNode?.type === 'CallExpression' &&
    isJQuery(receiverNode) &&
    /(^|\.)location$/.test(memberPath(receiverNode.arguments[0]) ?? '') &&
    staticString(call.arguments[0]) === 'href'
  )
    return hit('redirect', args[1]);
  if (
    (method === 'write' || method === 'writeln') &&
    /^((window|\$window|self|top|parent)\.)?document$/.test(receiver ?? '')
  )
    return hit('xss', args[0]);
  // `el.setAttribute(name, v)`: input that names the attribute can pick an event handler (`onclick`),
  // and input given to an event handler attribute is script.
  if (method === 'setAttribute' && receiverNode && call.arguments.length === 2) {
    if (args[0]?.tainted) return hit('xss', args[0]);
    if (/^on/i.test(staticString(call.arguments[0]) ?? '')) return hit('xss', args[1]);
  }
  if (method === 'insertAdjacentHTML') return hit('xss', args[1]);
  if (method === 'createContextualFragment') return hit('xss', args[0]);
  if (method === 'trustAsHtml' && receiver && /(^|\.)\$?sce$/.test(receiver)) return hit('xss', args[0]);
  if (method === 'htmlSafe') return hit('xss', args[0]);
  if (JQUERY_HTML.test(method) && receiverNode && isJQuery(receiverNode))
    return hit('xss', args.find((a) => a.tainted) ?? args[0]);
  // `$(item).appendTo(target)`: a target string that is not a selector is parsed as HTML.
  if (JQUERY_TARGET.test(method) && receiverNode && isJQuery(receiverNode)) {
    const value = args[0];
    return value?.tainted && !startsAsSelector(value, call.arguments[0]) ? hit('xss', value) : [];
  }
  // AngularJS's `angular.element(text)` (jqLite) takes no selectors: a string is always markup.
  if (method === 'element' && receiver === 'angular') return hit('xss', args[0]);
  if (method === 'parseHTML' && (receiver === '$' || receiver === 'jQuery')) return hit('xss', args[0]);
  // `$(text)` parses text as HTML unless it starts as a selector (`$('#' + id)` is a lookup).
  if (!receiver && (method === '$' || method === 'jQuery') && isGlobalJQuery(call.callee)) {
    const value = args[0];
    return value?.tainted && !startsAsSelector(value, call.arguments[0]) ? hit('xss', value) : [];
  }
  return undefined;
}

/** `new Handlebars.SafeString(x)`: the text is inserted into templates unescaped. */
export function isSafeStringClass(callee: AstNode): boolean {
  return /(^|\.)SafeString$/.test(memberPath(callee) ?? '');
}

/** `$('#id')`, `jQuery(el)`, `$el`, a variable holding one: jQuery objects, whose html/append/... parse markup. */
function isJQuery(node: AstNode): boolean {
  if (node.type === 'CallExpression') {
    const callee = node.callee;
    if (callee.type === 'Identifier') return callee.name === '$' || callee.name === 'jQuery';
    return callee.type === 'MemberExpression' && isJQuery(callee.object);
  }
  if (node.type !== 'Identifier') return false;
  if (/^\$\w*$/.test(node.name)) return true;
  // `const list = $('#list'); list.html(x)`.
  const init = declaredInit(node);
  return init !== node && !!init && init.type === 'CallExpression' && isJQuery(init);
}

/** Text jQuery takes as a selector, not markup: it starts with something other than `<`. */
function startsAsSelector(value: Taint, node: AstNode | undefined): boolean {
  return (
    // The page's address (`$(location)`) starts with its scheme, never with `<`.
    value.siteUrl === 'page' ||
    // `$(location.hash)` as read is `#...`.
    WHOLE_HASH.test(memberPath(declaredInit(node)) ?? '') ||
    (value.prefix !== undefined && value.prefix !== '' && !value.prefix.trimStart().startsWith('<'))
  );
}

/** `$`/`jQuery` as the page's jQuery, not a local of that name (cheerio's `const $ = cheerio.load(html)`). */
function isGlobalJQuery(callee: AstNode): boolean {
  const init = declaredInit(callee);
  return init === callee || staticString(init?.arguments?.[0]) === 'jquery';
}

/**
 * An element that loads and runs what its `src` names: a `<script>` or `<iframe>` created or looked
 * up by tag (`document.createElement('script')`, directly or through the variable holding it).
 */
export function loadsUrl(node: AstNode | undefined): boolean {
  const element = declaredInit(node);
  if (element?.type !== 'CallExpression') return false;
  const { method } = calleeParts(element);
  const tag = staticString(element.arguments[0])?.toLowerCase();
  return !!method && /^(createElement|createElementNS)$/.test(method) && /^(script|iframe)$/.test(tag ?? '');
}
