// Calls in the taint walk (taint/analysis.ts has the overview): sinks of a call, what it returns
// (sanitizers, propagators, methods on the receiver's data), and the file's own functions and class
// methods followed for the call's arguments, a few levels deep, or through their summary.
import {
  calleeParts,
  isFunction,
  isRegExpNode,
  memberPath,
  propertyName,
  staticString,
  type AstNode,
} from '../ast';
import {
  combinesArguments,
  isSanitizer,
  leavesPatternOpen,
  isPropagator,
  keepsTaintThroughMethod,
  resultOfIteration,
} from './propagation';
import { checkCall, checkNew } from './sinks';
import { angularLocationSource, browserCallSource, siteUrlAfter } from './sources';
import { findMethod, recordMutation } from './structures';
import { CLEAN, Scope, isRisky, join, source, withoutText, type Taint } from './value';
import { TaintState } from './walkerState';

/** Methods that only strings have: their result is a string, whatever the receiver was declared as. */
const STRING_METHODS =
  /^(toString|toLowerCase|toUpperCase|toLocaleLowerCase|toLocaleUpperCase|trim|trimStart|trimEnd|padStart|padEnd|normalize|replace|replaceAll|substring|substr|charAt|repeat)$/;

/** How many calls of the file's own functions may be followed inside one another. */
const MAX_INLINE_DEPTH = 4;
/**
 * How many such runs one file may make in all: helpers that call several helpers with input could
 * otherwise multiply the work by their fan-out at each level. Past it, calls use summaries.
 */
const MAX_INLINE_RUNS = 500;

/** Stream and emitter events whose listeners receive data (`req.on('data', chunk => ...)`), not errors. */
/** Array methods whose callback receives `(element, index, array)`. */
const INDEXED_CALLBACKS = /^(map|forEach|filter|find|some|every|flatMap)$/;
const NON_DATA_EVENTS = /^(error|close|end|finish|drain|pause|resume|open|ready|timeout|abort|aborted)$/;

/**
 * Response methods that set a status or header and return the response itself, so that a chain
 * (`res.status(404).send(x)`, `res.type('html').set('X', y).end(z)`) writes to that response.
 */
const RESPONSE_BUILDERS =
  /^(status|type|contentType|set|header|append|vary|cookie|clearCookie|location|links|attachment|charset|code|headers|removeHeader)$/;

/** The object a chain of response builders starts from: `res` for `res.status(404).type('html')`. */
function chainBase(node: AstNode): AstNode {
  let current = node;
  while (
    current.type === 'CallExpression' &&
    current.callee.type === 'MemberExpression' &&
    RESPONSE_BUILDERS.test(propertyName(current.callee) ?? '')
  )
    current = current.callee.object;
  return current;
}

/**
 * `s.replace(/[<>]/g, '')`, `s.replace(/</g, '&lt;')`: a global replace of every `<` with text that
 * has none leaves no tag to open.
 */
function removesMarkup(call: AstNode, args: Taint[]): boolean {
  const { method } = calleeParts(call);
  if (method !== 'replace' && method !== 'replaceAll') return false;
  const [pattern, replacement] = call.arguments;
  const regex = pattern?.type === 'Literal' ? pattern.regex : undefined;
  if (!regex || !regex.flags.includes('g') || args[1]?.tainted) return false;
  let matchesTag: boolean;
  try {
    matchesTag = new RegExp(regex.pattern, regex.flags.replace('g', '')).test('<');
  } catch {
    return false;
  }
  const text = staticString(replacement);
  return matchesTag && text !== undefined && !text.includes('<');
}

export abstract class CallWalker extends TaintState {
  /**
   * What a same-file helper returns when its parameters are caller data: `dynamic` (with the SQL
   * or HTML text it builds) when the result depends on them. One level of calls is followed this way.
   */
  protected summary(fn: AstNode): Taint {
    let summary = this.summaries.get(fn);
    if (!summary) {
      this.summaries.set(fn, CLEAN); // recursion guard
      const saved = this.summarising;
      this.summarising = true;
      summary = this.fn(fn, this.root);
      this.summarising = saved;
      this.summaries.set(fn, summary);
    }
    return summary;
  }

  /** `buildQuery(req.query.q)`: the helper's result carries the arguments' taint and its own text. */
  protected helperResult(name: string, args: Taint[]): Taint | undefined {
    const helper = this.helpers.get(name);
    if (!helper) return undefined;
    const summary = this.summary(helper);
    // `function currentQuery() { return new URLSearchParams(location.search).get('q'); }`
    if (summary.tainted) return summary;
    // `function questionMark() { return '?'; }`: a constant, text included.
    if (!summary.dynamic && summary.prefix !== undefined && summary.prefix === summary.text) return summary;
    if (!summary.dynamic || !args.some((a) => a.tainted || a.dynamic)) return undefined;
    const risky = args.find((a) => a.tainted) ?? args.find((a) => a.dynamic)!;
    return { ...risky, text: summary.text, prefix: undefined };
  }

  protected call(node: AstNode, scope: Scope): Taint {
    if (isFunction(node.callee)) {
      // An IIFE: its body runs here.
      node.arguments.forEach((arg: AstNode) => this.expr(arg, scope));
      return this.fn(node.callee, scope);
    }
    const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
    const receiver = callee.type === 'MemberExpression' ? this.expr(callee.object, scope) : undefined;
    // `Function('return ' + x)()`, `getHandler(x)(y)`: the callee is itself an expression with sinks.
    if (callee.type !== 'MemberExpression' && callee.type !== 'Identifier') this.expr(callee, scope);
    const { method } = calleeParts(node);
    const args: Taint[] = node.arguments.map((arg: AstNode) =>
      isFunction(arg) ? this.callback(arg, scope, method, receiver, node) : this.expr(arg, scope),
    );
    // `const writer = res; writer.write(x)`: the sink is judged by what the receiver refers to.
    const receiverPath =
      callee.type === 'MemberExpression' ? this.globalPath(memberPath(chainBase(callee.object))) : undefined;
    const receiverName =
      receiverPath && this.aliased
        ? this.resolve(receiverPath.split('.').join('\u0000'), scope, true).split('\u0000').join('.')
        : receiverPath;
    const collection = callee.type === 'MemberExpression' && this.isCollection(callee.object);
    // `const q = {}; q.title = req.body.title; users.find(q)`: the filter carries what its fields hold.
    const filter = node.arguments[0];
    if (collection && filter?.type === 'Identifier' && args[0])
      args[0] = withoutText(join(args[0], scope.slotsOf(filter.name)));
    const evaluate = (part: AstNode) => this.quietly(() => this.expr(part, scope));
    const resolver = this.resolver;
    if (resolver && callee.type === 'Identifier' && callee.name === resolver.name) {
      resolver.values.push(withoutText(args[0] ?? CLEAN));
      return CLEAN;
    }
    // A local array or object with what its elements and properties hold (`args[1] = cmd`).
    const contents = (part: AstNode) =>
      part.type === 'Identifier'
        ? withoutText(join(evaluate(part), scope.slotsOf(this.resolve(part.name, scope))))
        : evaluate(part);
    this.sinks(
      checkCall({
        call: node,
        args,
        receiver,
        receiverName,
        collection,
        evaluate,
        contents,
        bindings: this.bindings,
      }),
    );
    recordMutation(callee, method, args, scope);
    const browserInput = browserCallSource(callee, (name) => scope.has(name));
    if (browserInput) return source(browserInput);
    const angularInput = angularLocationSource(node);
    if (angularInput) return source(angularInput);
    if (isSanitizer(node, this.bindings)) {
      const input = args.find((a) => a.tainted);
      return input && leavesPatternOpen(node) ? { ...CLEAN, patternInput: input.source ?? 'input' } : CLEAN;
    }
    if (isPropagator(node, this.bindings)) {
      const passed = withoutText(join(...args));
      return callee.type === 'Identifier' && callee.name === 'String'
        ? { ...passed, isString: true, siteUrl: args[0]?.siteUrl }
        : passed;
    }
    const methodResult = this.instanceCall(callee, method, args, scope);
    if (methodResult) return methodResult;
    // `re.exec(text)` returns the matched parts of text, not of the pattern.
    if (method === 'exec' && callee.type === 'MemberExpression' && isRegExpNode(callee.object))
      return withoutText(args[0] ?? CLEAN);
    if (receiver && method) {
      const iteration = resultOfIteration(method, receiver, args);
      if (iteration) return siteUrlAfter(method, node, receiver, iteration);
      if (!keepsTaintThroughMethod(method)) return CLEAN;
      // `s.concat(x)`, `s.replace(a, x)` mix their arguments in; other methods return the receiver's data.
      const result = withoutText(combinesArguments(method) ? join(receiver, ...args) : receiver);
      const typed =
        STRING_METHODS.test(method) && isRisky(result)
          ? { ...result, isString: true, ...(removesMarkup(node, args) ? { htmlSafe: true } : {}) }
          : result;
      return siteUrlAfter(method, node, receiver, typed);
    }
    if (callee.type === 'Identifier')
      return this.inlineHelper(callee.name, args) ?? this.helperResult(callee.name, args) ?? CLEAN;
    return CLEAN;
  }

  /**
   * `sanitize(req.query.q)`, `render(res, req.query.q)`: when input is passed to a function of this
   * file, its body runs with the arguments' taint, so sinks inside it are reported and its result is
   * what it returns for these arguments (a recursive call falls back to the summary).
   */
  protected inlineHelper(name: string, args: Taint[]): Taint | undefined {
    const helper = this.helpers.get(name);
    if (!helper || this.summarising || !args.some((a) => a.tainted)) return undefined;
    return this.runFor(helper, this.root, args, undefined);
  }

  /** `w.setContents(s)`, `w.getContents()` on `const w = new Widget()` of a file class. */
  protected instanceCall(
    callee: AstNode,
    method: string | undefined,
    args: Taint[],
    scope: Scope,
  ): Taint | undefined {
    if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || !method)
      return undefined;
    const cls = this.instances.get(callee.object.name);
    const body = cls && findMethod(cls, method, this.classes);
    // The method runs in the caller's scope chain so that `this.x = v` reaches the instance's variable.
    return body ? (this.runFor(body, scope, args, callee.object.name) ?? CLEAN) : undefined;
  }

  /** Runs a function of this file for one call; undefined when it is already running or too deep. */
  protected runFor(fn: AstNode, scope: Scope, args: Taint[], owner: string | undefined): Taint | undefined {
    if (this.inlining.has(fn) || this.inlining.size >= MAX_INLINE_DEPTH) return undefined;
    if (++this.inlineRuns > MAX_INLINE_RUNS) return undefined;
    const [savedOwner, savedFields] = [this.thisOwner, this.fields];
    this.thisOwner = owner;
    this.fields = undefined;
    this.inlining.add(fn);
    try {
      return this.fn(fn, scope, undefined, args);
    } finally {
      this.inlining.delete(fn);
      this.thisOwner = savedOwner;
      this.fields = savedFields;
    }
  }

  protected construct(node: AstNode, scope: Scope, target?: string): Taint {
    const executor = node.arguments[0];
    if (memberPath(node.callee) === 'Promise' && isFunction(executor)) return this.promise(executor, scope);
    const args = node.arguments.map((arg: AstNode) => this.expr(arg, scope));
    this.sinks(checkNew(node, args, this.bindings));
    // `const w = new Widget(input)`: the constructor runs for w, storing into its slots.
    const cls = target ? this.instanceOf(node) : undefined;
    if (cls && target) {
      this.instances.set(target, cls);
      const init = findMethod(cls, 'constructor', this.classes);
      if (init) this.runFor(init, scope, args, target);
      return CLEAN;
    }
    const name = memberPath(node.callee);
    return name === 'URL' || name === 'URLSearchParams' || name === 'String'
      ? withoutText(join(...args))
      : CLEAN;
  }

  /** `new Promise((resolve) => resolve(x))`: the promise holds what its executor resolves it with. */
  private promise(executor: AstNode, scope: Scope): Taint {
    const first = executor.params[0];
    const saved = this.resolver;
    this.resolver = first?.type === 'Identifier' ? { name: first.name, values: [] } : undefined;
    try {
      this.fn(executor, scope);
      return join(...(this.resolver?.values ?? []));
    } finally {
      this.resolver = saved;
    }
  }

  /** A function passed to a call: array callbacks see the elements; handlers see requests. */
  protected callback(
    fn: AstNode,
    scope: Scope,
    method: string | undefined,
    receiver: Taint | undefined,
    call: AstNode,
  ): Taint {
    // `req.on('data', chunk => body += chunk)`: a listener on input receives input.
    const listens =
      !!receiver?.tainted &&
      /^(on|once|addListener|prependListener)$/.test(method ?? '') &&
      !NON_DATA_EVENTS.test(staticString(call.arguments[0]) ?? '');
    const perElement =
      listens ||
      (receiver && method && /^(map|forEach|filter|find|some|every|flatMap|reduce|then|sort)$/.test(method));
    const element = perElement ? withoutText(receiver!) : undefined;
    // `names.map((_, i) => `@p${i}`)`: an array method's second parameter is the element's index, a
    // number; the third is the array itself.
    const indexed = !listens && element && INDEXED_CALLBACKS.test(method ?? '');
    const returned = this.fn(fn, scope, element, indexed ? [element, CLEAN, element] : undefined);
    return { ...returned, text: '' };
  }
}
