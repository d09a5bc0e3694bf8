// Ruby connections to the local machine: `http.verify_mode = VERIFY_NONE` on a `Net::HTTP` whose
// host is the loopback address (a test runner talking to the server it started with a self-signed
// certificate) exposes nothing: no network path lies between the two ends. The host is followed
// through `URI.parse(url).host`, local bindings and the parameters of the file's methods, whose
// calls here must all pass a loopback address.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants, namedChildren } from '../syntax';

/** A URL or host text that names this machine: `https://127.0.0.1:8443/x`, `"#{scheme}://localhost"`. */
const LOOPBACK =
  /^["'](?:(?:#\{[^}]*\}|[a-z][\w+.-]*):\/\/)?(?:127(?:\.\d{1,3}){3}|localhost|\[::1\])(?=[:/"'#?]|$)/;

const MAX_DEPTH = 6;

/** True when the `verify_mode` assignment `node` configures a connection to this machine. */
export function loopbackConnection(node: SyntaxNode, context: AnalysisContext): boolean {
  const left = node.childForFieldName('left');
  const connection = left?.type === 'call' ? left.childForFieldName('receiver') : null;
  if (connection?.type !== 'identifier') return false;
  const bindings = context.values.bindingsBefore(connection.text, node);
  return (
    bindings.length > 0 &&
    bindings.every((b) => {
      const opened = b.value?.type === 'call' ? b.value : undefined;
      const host =
        opened && /^Net::HTTP\.(?:new|start)$/.test(callHead(opened)) ? args(opened)[0] : undefined;
      return !!host && isLoopback(host, context, 0);
    })
  );
}

function isLoopback(node: SyntaxNode, context: AnalysisContext, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (node.type === 'string') return LOOPBACK.test(node.text);
  // `uri.host` of `uri = URI.parse(url)`, `URI(url).host`: the URL's host.
  if (node.type === 'call' && node.childForFieldName('method')?.text === 'host') {
    const receiver = node.childForFieldName('receiver');
    return !!receiver && isLoopbackUrl(receiver, context, depth + 1);
  }
  return node.type === 'identifier' && everyValue(node, context, depth, isLoopback);
}

function isLoopbackUrl(node: SyntaxNode, context: AnalysisContext, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (node.type === 'call' && /^(?:URI\.parse|URI|URI\.join)$/.test(callHead(node))) {
    const url = args(node)[0];
    return !!url && isLoopback(url, context, depth + 1);
  }
  return node.type === 'identifier' && everyValue(node, context, depth, isLoopbackUrl);
}

/** Every value `name` can hold at `use`: its bindings, or what each call of its method passes. */
function everyValue(
  use: SyntaxNode,
  context: AnalysisContext,
  depth: number,
  test: (value: SyntaxNode, context: AnalysisContext, depth: number) => boolean,
): boolean {
  const bindings = context.values.bindingsBefore(use.text, use);
  if (bindings.length > 0) return bindings.every((b) => !!b.value && test(b.value, context, depth + 1));
  const method = closest(use, new Set(['method']));
  const params = method?.childForFieldName('parameters');
  const position = params ? namedChildren(params).findIndex((p) => p.text === use.text) : -1;
  const name = method?.childForFieldName('name')?.text;
  if (!name || position < 0) return false;
  // The method's calls in this file, on no receiver or on `self` (a call without arguments cannot
  // pass the parameter: Ruby parses it as an identifier, and it leaves nothing to follow).
  const calls = descendants(context.root, 'call').filter(
    (c) =>
      c.childForFieldName('method')?.text === name &&
      (!c.childForFieldName('receiver') || c.childForFieldName('receiver')?.type === 'self'),
  );
  return (
    calls.length > 0 &&
    calls.every((call) => {
      const passed = args(call)[position];
      return !!passed && test(passed, context, depth + 1);
    })
  );
}

function callHead(call: SyntaxNode): string {
  const receiver = call.childForFieldName('receiver')?.text;
  const method = call.childForFieldName('method')?.text ?? '';
  return receiver ? `${receiver}.${method}` : method;
}

function args(call: SyntaxNode): SyntaxNode[] {
  const list = call.childForFieldName('arguments');
  return list ? namedChildren(list).filter((c) => c.type !== 'comment') : [];
}
