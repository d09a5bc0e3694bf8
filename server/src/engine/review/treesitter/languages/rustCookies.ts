// Rust cookies sent without the Secure flag: cookie-crate builders and objects, actix-web,
// biscotti and http-types, and session middleware configured with `secure(false)`.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest } from '../syntax';
import { dominates, type ValueClassifier } from '../values';
import { args, constantBool, head, method } from './rustCalls';

// --- Cookies -------------------------------------------------------------------------------------

const COOKIE_BUILDER = /(?:^|::)(?:\w*Cookie::build|CookieBuilder::new)$/;
const COOKIE_NEW = /(?:^|::)\w*Cookie::(?:new|named|from|new_with_str)$/;

/** The calls of a method chain, innermost first: `A::f(..).g(..).h(..)` → [f, g, h]. */
function chainFrom(outer: SyntaxNode): SyntaxNode[] {
  const out = [outer];
  for (let node = outer; ;) {
    const inner = node.childForFieldName('function')?.childForFieldName('value');
    if (node.childForFieldName('function')?.type !== 'field_expression' || inner?.type !== 'call_expression')
      break;
    out.unshift(inner);
    node = inner;
  }
  return out;
}

/** What a chain of setters leaves the Secure flag at, starting from `state`. */
function secureAfter(
  steps: SyntaxNode[],
  state: boolean | undefined,
  values: ValueClassifier,
): boolean | undefined {
  let secure = state;
  for (const step of steps) {
    const m = method(step);
    const value = args(step)[0];
    if (m?.name === 'secure' || m?.name === 'set_secure')
      secure = constantBool(value, values) === true ? true : false;
    else if (
      (m?.name === 'partitioned' || m?.name === 'set_partitioned') &&
      constantBool(value, values) === true
    )
      secure = true;
  }
  return secure;
}

/** `Cookie::build(("name", "value")).secure(false).build()`: the finished cookie must be Secure. */
export function checkCookieBuilder(context: AnalysisContext, call: SyntaxNode): void {
  const m = method(call);
  if (!m || !/^(?:build|finish)$/.test(m.name)) return;
  const chain = chainFrom(call);
  if (!COOKIE_BUILDER.test(head(chain[0]))) return;
  if (secureAfter(chain.slice(1), false, context.values) === true) return;
  context.findings.report(call, 'codewright/insecure-cookie', {
    message: 'Cookie built without `secure(true)`: the browser also sends it over plain HTTP.',
  });
}

/**
 * Cookies made as objects (`Cookie::new`, `Cookie::named`, `ResponseCookie::new`) and added to a jar
 * or response (`jar.add(c.clone())`, `cookies.insert(c)`) before `set_secure(true)` has always run.
 * A `set_secure(true)` inside a branch does not count; a `set_secure(false)` anywhere does.
 */
export function checkCookieObjects(context: AnalysisContext, calls: readonly SyntaxNode[]): void {
  const values = context.values;
  const created = (name: string, at: SyntaxNode, depth = 0): boolean | undefined | 'unknown' => {
    if (depth > 6) return 'unknown';
    const bindings = values.bindingsBefore(name, at);
    if (bindings.length !== 1 || !bindings[0].value) return 'unknown';
    const value = bindings[0].value;
    if (value.type !== 'call_expression') return 'unknown';
    const chain = chainFrom(value);
    const rootHead = head(chain[0]);
    let state: boolean | undefined | 'unknown';
    if (COOKIE_NEW.test(rootHead)) state = false;
    else {
      // `let b = a.set_secure(true)` (biscotti returns the changed cookie): a's state, then the chain.
      const receiver = method(chain[0])?.receiver;
      if (receiver?.type !== 'identifier') return 'unknown';
      state = stateAt(receiver.text, value, depth + 1);
      if (state === 'unknown') return 'unknown';
      return secureAfter(chain, state, values);
    }
    return secureAfter(chain.slice(1), state, values);
  };
  const stateAt = (name: string, use: SyntaxNode, depth = 0): boolean | undefined | 'unknown' => {
    let state = created(name, use, depth);
    if (state === 'unknown') return state;
    const scope = closest(use, values.dialect.functionTypes);
    for (const call of calls) {
      if (
        !scope ||
        call.startIndex < scope.startIndex ||
        call.endIndex > scope.endIndex ||
        call.startIndex >= use.startIndex
      )
        continue;
      const m = method(call);
      if (!m || m.receiver.text !== name || !/^(?:set_secure|set_partitioned)$/.test(m.name)) continue;
      const value = constantBool(args(call)[0], values);
      if (dominates(call, use))
        state = m.name === 'set_secure' ? value === true : value === true ? true : state;
      else if (m.name === 'set_secure' && value !== true) state = false;
    }
    return state;
  };
  for (const call of calls) {
    const m = method(call);
    if (!m || !/^(?:add|add_original|insert)$/.test(m.name)) continue;
    const arg = args(call)[0];
    if (!arg || (arg.type !== 'call_expression' && arg.type !== 'identifier')) continue;
    // `c.clone()`, `i.clone().set_path("/")`: the cookie variable at the root of the chain.
    const chain = arg.type === 'call_expression' ? chainFrom(arg) : [];
    const root = chain.length > 0 ? method(chain[0])?.receiver : arg;
    let state: boolean | undefined | 'unknown';
    if (root?.type === 'identifier') {
      state = stateAt(root.text, call);
      if (state !== 'unknown') state = secureAfter(chain, state, values);
    } else if (chain.length > 0 && /(?:^|::)\w*Cookie::parse(?:_encoded)?$/.test(head(chain[0]))) {
      const text = args(chain[0])[0];
      state = text?.type === 'string_literal' ? /;\s*Secure\b/i.test(text.text) : 'unknown';
    } else continue;
    if (state === 'unknown' || state === true) continue;
    context.findings.report(call, 'codewright/insecure-cookie', {
      message: 'Cookie added without the Secure flag always set: the browser also sends it over plain HTTP.',
    });
  }
}

/**
 * Session middleware configured with a cookie configuration that never sets `secure(true)`
 * (poem `ServerSession::new(CookieConfig::new(), store)`).
 */
export function checkCookieConfigs(context: AnalysisContext, calls: readonly SyntaxNode[]): void {
  for (const call of calls) {
    if (!/(?:^|::)\w*Session::new$/.test(head(call))) continue;
    const config = args(call)[0];
    const bindings = config?.type === 'identifier' ? context.values.bindingsBefore(config.text, config) : [];
    const value = bindings.length === 1 ? bindings[0].value : config;
    if (value?.type !== 'call_expression') continue;
    const chain = chainFrom(value);
    if (!/(?:^|::)CookieConfig::(?:new|default|signed|private)$/.test(head(chain[0]))) continue;
    if (secureAfter(chain.slice(1), false, context.values) === true) continue;
    context.findings.report(call, 'codewright/insecure-cookie', {
      message: 'Session cookie configured without `secure(true)`: the browser also sends it over plain HTTP.',
    });
  }
}

// --- Constant keys, IVs, nonces, salts and passwords ---------------------------------------------
