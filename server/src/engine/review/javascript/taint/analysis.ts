// Taint analysis over one file's ESTree. Statements are visited in order, so a variable's taint
// follows assignments; branches merge by keeping the last assignment seen, and a validation guard
// (`if (!isValid(x)) return`) clears the variable it checks. Calls of the file's own functions are
// followed: a call that passes user input runs the helper's body with the arguments' taint (its
// sinks are reported there, its returns are the call's value), a few levels deep; other calls use
// the helper's summary (what it returns for caller data). Methods of the file's classes run for the
// instance they are called on (`w.setContents(s)` stores into `w`'s slot `contents`). Functions of
// other files are not followed: their result is clean unless they are known propagators.
import {
  calleeParts,
  isFunction,
  isRegExpNode,
  memberPath,
  patternNames,
  propertyName,
  staticString,
  type AstNode,
} from '../ast';
import type { ModuleBindings } from '../modules';
import {
  combinesArguments,
  isSanitizer,
  isPropagator,
  keepsTaintThroughMethod,
  resultOfIteration,
} from './propagation';
import {
  checkAssignment,
  checkCall,
  checkNew,
  isDangerousHtmlProperty,
  staysOnSite,
  type SinkHit,
} from './sinks';
import {
  browserCallSource,
  functionRole,
  globalSource,
  isRequestDecorated,
  isTaintedParam,
  SITE_LOCATION_PART,
  siteUrlAfter,
  sourceFor,
  type FunctionRole,
} from './sources';
import { affirmedNames, alwaysExits, deniedNames, validatedNames } from './guards';
import {
  collectClasses,
  collectHelpers,
  findMethod,
  literalSlots,
  recordMutation,
  resolveSlot,
  slotOf,
  walkJsx,
} from './structures';
import {
  CLEAN,
  Scope,
  concat,
  dynamicValue,
  isRisky,
  join,
  literal,
  source,
  withoutText,
  type Taint,
} from './value';

export function analyseTaint(program: AstNode, bindings: ModuleBindings): SinkHit[] {
  return new TaintWalker(bindings).run(program);
}

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

/** A variable made safe by the `if` around the code (`if (isLetter(c)) buf += c`). */
const AFFIRMED: Taint = Object.freeze({ tainted: false, dynamic: false, text: '' });

/** Session data lives on the server: only what the code stored there (`req.session.x = ...`) is input. */
const SESSION_PATH = /^(req|request|ctx)\.session(\.|$)/;

/** Stream and emitter events whose listeners receive data (`req.on('data', chunk => ...)`), not errors. */
const NON_DATA_EVENTS = /^(error|close|end|finish|drain|pause|resume|open|ready|timeout|abort|aborted)$/;

/** One finding per sink and kind: the strongest (user input over a caller's value over opaque). */
function strongestHits(hits: SinkHit[]): SinkHit[] {
  const rank = (hit: SinkHit) => (hit.value.tainted ? 2 : hit.value.dynamic ? 1 : 0);
  const best = new Map<AstNode, Map<string, SinkHit>>();
  for (const hit of hits) {
    const byKind = best.get(hit.node) ?? new Map<string, SinkHit>();
    best.set(hit.node, byKind);
    const known = byKind.get(hit.kind);
    if (!known || rank(hit) > rank(known)) byKind.set(hit.kind, hit);
  }
  return hits.filter((hit) => best.get(hit.node)!.get(hit.kind) === hit);
}

class TaintWalker {
  private readonly hits: SinkHit[] = [];
  private returns: Taint[] = [];
  private depth = 0;
  /** While computing a helper's summary, sinks are not recorded (they are found where the helper is analysed). */
  private summarising = false;
  private readonly helpers = new Map<string, AstNode>();
  private readonly classes = new Map<string, AstNode>();
  /** Variables holding an instance of a file class (`const w = new Widget()`), with the class. */
  private readonly instances = new Map<string, AstNode>();
  /** Functions being run for a call right now (recursion and depth guard). */
  private readonly inlining = new Set<AstNode>();
  private inlineRuns = 0;
  /** Whether any alias was recorded (until then slot paths need no resolving). */
  private aliased = false;
  /** Variables holding a database collection or model (`const users = db.collection('users')`). */
  private readonly collections = new Set<string>();
  /** While a method runs for an instance: the variable `this` stands for. */
  private thisOwner: string | undefined;
  private readonly summaries = new Map<AstNode, Taint>();
  private root = new Scope();
  /** Taint stored in `this.<field>` by the methods of the class being analysed. */
  private fields: Map<string, Taint> | undefined;

  constructor(private readonly bindings: ModuleBindings) {}

  run(program: AstNode): SinkHit[] {
    collectHelpers(program, this.helpers);
    collectClasses(program, this.classes);
    this.statements(program.body, this.root);
    // A helper's sink is seen both in its own body (caller data) and where input is passed to it.
    return strongestHits(this.hits);
  }

  /**
   * What a same-file helper returns when its parameters are caller data: `dynamic` (with the SQL
   * or HTML text it builds) when the result depends on them. One level of calls is followed this way.
   */
  private summary(fn: AstNode): Taint {
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
  private helperResult(name: string, args: Taint[]): Taint | undefined {
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

  private statements(list: AstNode[], scope: Scope): void {
    for (const statement of list) this.statement(statement, scope);
  }

  private statement(node: AstNode | null | undefined, scope: Scope): void {
    if (!node) return;
    switch (node.type) {
      case 'VariableDeclaration':
        for (const d of node.declarations) {
          const instance = d.id.type === 'Identifier' ? this.instanceOf(d.init) : undefined;
          if (instance) {
            scope.declare(d.id.name, CLEAN);
            this.construct(d.init, scope, d.id.name);
            continue;
          }
          this.bind(d.id, d.init ? this.expr(d.init, scope) : CLEAN, scope, true);
          if (d.id.type === 'Identifier' && d.init && this.isCollection(d.init))
            this.collections.add(d.id.name);
          if (d.id.type === 'Identifier') {
            for (const [slot, value] of literalSlots(d.id.name, d.init))
              scope.declare(slot, this.expr(value, scope));
            this.recordAlias(d.id.name, d.id.name, this.aliasTarget(d.init, scope), scope);
          }
        }
        return;
      case 'ExpressionStatement':
        this.expr(node.expression, scope);
        return;
      case 'ReturnStatement':
        this.returns.push(node.argument ? this.expr(node.argument, scope) : CLEAN);
        return;
      case 'ThrowStatement':
        this.expr(node.argument, scope);
        return;
      case 'BlockStatement':
      case 'StaticBlock':
        this.statements(node.body, scope);
        return;
      case 'IfStatement':
        this.expr(node.test, scope);
        // `if (false)` never runs its body (nor `if (true)` its else).
        if (!(node.test.type === 'Literal' && !node.test.value))
          this.affirmed(node.test, node.consequent, scope);
        if (!(node.test.type === 'Literal' && node.test.value === true) && node.alternate)
          this.affirmed(node.test, node.alternate, scope, true);
        if (!node.alternate && alwaysExits(node.consequent)) this.clearValidated(node.test, scope);
        return;
      case 'ForStatement':
        this.statement(node.init?.type === 'VariableDeclaration' ? node.init : null, scope);
        if (node.init && node.init.type !== 'VariableDeclaration') this.expr(node.init, scope);
        if (node.test) this.expr(node.test, scope);
        this.statement(node.body, scope);
        if (node.update) this.expr(node.update, scope);
        return;
      case 'ForOfStatement':
      case 'ForInStatement': {
        const iterated = this.expr(node.right, scope);
        const element = node.type === 'ForInStatement' ? CLEAN : withoutText(iterated);
        const target = node.left.type === 'VariableDeclaration' ? node.left.declarations[0].id : node.left;
        this.bind(target, element, scope, node.left.type === 'VariableDeclaration');
        this.statement(node.body, scope);
        return;
      }
      case 'WhileStatement':
      case 'DoWhileStatement':
        this.expr(node.test, scope);
        this.statement(node.body, scope);
        return;
      case 'TryStatement':
        this.statement(node.block, scope);
        if (node.handler) this.statement(node.handler.body, scope);
        this.statement(node.finalizer, scope);
        return;
      case 'SwitchStatement':
        this.expr(node.discriminant, scope);
        for (const c of node.cases) this.statements(c.consequent, scope);
        return;
      case 'LabeledStatement':
        this.statement(node.body, scope);
        return;
      case 'FunctionDeclaration':
        this.fn(node, scope);
        return;
      case 'ClassDeclaration':
        this.classBody(node, scope);
        return;
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
        if (node.declaration && /Declaration$/.test(node.declaration.type))
          this.statement(node.declaration, scope);
        else if (node.declaration) this.expr(node.declaration, scope);
        return;
      default:
        return;
    }
  }

  private expr(node: AstNode | null | undefined, scope: Scope): Taint {
    if (!node) return CLEAN;
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'string' ? literal(node.value) : CLEAN;
      case 'TemplateLiteral': {
        const parts: Taint[] = [];
        node.quasis.forEach((q: AstNode, i: number) => {
          parts.push(literal(q.value.cooked ?? ''));
          if (i < node.expressions.length) parts.push(this.expr(node.expressions[i], scope));
        });
        return concat(...parts);
      }
      case 'TaggedTemplateExpression':
        // sql`...`, html`...`: tag functions receive the values separately and escape them.
        node.quasi.expressions.forEach((e: AstNode) => this.expr(e, scope));
        return CLEAN;
      case 'Identifier':
        if (scope.has(node.name)) return scope.get(node.name)!;
        return globalSource(node, () => false) ? sourceFor(node.name) : CLEAN;
      case 'MemberExpression':
        return this.member(node, scope);
      case 'ChainExpression':
      case 'TSNonNullExpression':
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSTypeAssertion':
      case 'AwaitExpression':
        return this.expr(node.expression ?? node.argument, scope);
      case 'BinaryExpression': {
        const left = this.expr(node.left, scope);
        const right = this.expr(node.right, scope);
        return node.operator === '+' ? concat(left, right) : CLEAN;
      }
      case 'LogicalExpression':
        return join(this.expr(node.left, scope), this.expr(node.right, scope));
      case 'ConditionalExpression': {
        this.expr(node.test, scope);
        // `allowed.has(x) ? x : fallback`: the branch taken only for validated x is clean.
        const validated =
          node.consequent.type === 'Identifier' && validatedNames(node.test).includes(node.consequent.name);
        const consequent = this.expr(node.consequent, scope);
        return join(validated ? CLEAN : consequent, this.expr(node.alternate, scope));
      }
      case 'AssignmentExpression':
        return this.assignment(node, scope);
      case 'SequenceExpression':
        return node.expressions.map((e: AstNode) => this.expr(e, scope)).at(-1) ?? CLEAN;
      case 'ArrayExpression':
        return withoutText(join(...node.elements.map((e: AstNode | null) => this.expr(e, scope))));
      case 'ObjectExpression': {
        const values = node.properties.map((p: AstNode) => this.property(p, scope));
        // `React.createElement('div', { dangerouslySetInnerHTML: { __html: x } })` (JSX is walked apart).
        node.properties.forEach((p: AstNode, i: number) => {
          if (isDangerousHtmlProperty(p) && values[i]!.tainted)
            this.sinks([{ kind: 'xss', node: p, value: values[i]!, sink: 'dangerouslySetInnerHTML' }]);
        });
        return withoutText(join(...values));
      }
      case 'SpreadElement':
        return this.expr(node.argument, scope);
      case 'CallExpression':
        return this.call(node, scope);
      case 'NewExpression':
        return this.construct(node, scope);
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        this.fn(node, scope);
        return CLEAN;
      case 'ClassExpression':
        this.classBody(node, scope);
        return CLEAN;
      case 'UnaryExpression':
      case 'UpdateExpression':
        this.expr(node.argument, scope);
        return CLEAN;
      case 'JSXElement':
      case 'JSXFragment':
        this.jsx(node, scope);
        return CLEAN;
      default:
        return CLEAN;
    }
  }

  private member(node: AstNode, scope: Scope): Taint {
    const from = globalSource(node, (name) => scope.has(name));
    if (from) return sourceFor(from);
    // multer's `req.file.path`/`filename`/`destination` are chosen by the server; only `originalname` is the user's.
    if (/^(req|request)\.file\.(path|filename|destination|size|mimetype)$/.test(memberPath(node) ?? ''))
      return CLEAN;
    const field =
      node.object.type === 'ThisExpression' && !node.computed
        ? this.fields?.get(propertyName(node) ?? '')
        : undefined;
    if (field) return field;
    const slot = slotOf(node, this.thisOwner);
    if (slot) {
      const resolved = this.resolve(slot.slot, scope);
      if (scope.has(resolved)) return scope.get(resolved)!;
      // A slot of an instance that was never stored holds nothing from input (`this.next` of a new node).
      if (node.object.type === 'ThisExpression') return CLEAN;
    }
    const path = memberPath(node) ?? '';
    if (SESSION_PATH.test(path)) return CLEAN;
    // `location.protocol`, `location.host`: the page's own address, not the part a link chooses.
    if (SITE_LOCATION_PART.test(path) && !scope.has(path.split('.')[0]!)) return CLEAN;
    const object = this.expr(node.object, scope);
    if (node.computed) this.expr(node.property, scope);
    if (propertyName(node) === 'length') return CLEAN;
    // `location.href.split('#')[0]`: the first piece still starts with the page's address.
    const head =
      object.siteUrl === 'head' &&
      node.computed &&
      node.property.type === 'Literal' &&
      node.property.value === 0;
    if (object.tainted && object.source && !object.source.includes('(')) {
      return {
        ...object,
        text: '',
        source: memberPath(node) ?? object.source,
        siteUrl: head ? 'page' : undefined,
      };
    }
    return head ? { ...withoutText(object), siteUrl: 'page' } : withoutText(object);
  }

  private property(node: AstNode, scope: Scope): Taint {
    if (node.type === 'SpreadElement') return this.expr(node.argument, scope);
    if (node.computed) this.expr(node.key, scope);
    return this.expr(node.value, scope);
  }

  private assignment(node: AstNode, scope: Scope): Taint {
    const right = this.expr(node.right, scope);
    const left = node.left;
    const keys: Taint[] = [];
    if (left.type === 'MemberExpression') {
      this.expr(left.object, scope);
      if (left.computed) keys.push(this.expr(left.property, scope));
      if (left.object.type === 'MemberExpression' && left.object.computed)
        keys.push(this.expr(left.object.property, scope));
    }
    const value =
      node.operator === '+=' && left.type === 'Identifier' ? concat(this.expr(left, scope), right) : right;
    this.sinks(checkAssignment(node, value, keys));
    const target = this.aliasTarget(node.right, scope);
    const slot = slotOf(left, this.thisOwner);
    if (slot && scope.has(slot.owner)) {
      const resolved = this.resolve(slot.slot, scope);
      const owner = resolved.split('\u0000')[0]!;
      scope.store(owner, resolved, value);
      scope.unalias(resolved);
      this.recordAlias(owner, resolved, target, scope);
      // `grid[0] = [input, 'abc']`: each element of the stored literal is a slot of its own.
      if (node.operator === '=')
        for (const [inner, element] of literalSlots(resolved, node.right))
          scope.store(owner, inner, this.expr(element, scope));
    }
    if (left.type === 'Identifier') {
      scope.assign(left.name, value);
      scope.unalias(left.name);
      this.instances.delete(left.name);
      this.recordAlias(left.name, left.name, target, scope);
    } else if (
      this.fields &&
      left.type === 'MemberExpression' &&
      left.object.type === 'ThisExpression' &&
      !left.computed
    ) {
      this.fields.set(propertyName(left) ?? '', value);
    } else if (left.type === 'ObjectPattern' || left.type === 'ArrayPattern')
      this.bind(left, right, scope, false);
    return value;
  }

  private call(node: AstNode, scope: Scope): Taint {
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
    const receiverPath = callee.type === 'MemberExpression' ? memberPath(callee.object) : undefined;
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
    if (isSanitizer(node, this.bindings)) return CLEAN;
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
      const typed = STRING_METHODS.test(method) && isRisky(result) ? { ...result, isString: true } : result;
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
  private inlineHelper(name: string, args: Taint[]): Taint | undefined {
    const helper = this.helpers.get(name);
    if (!helper || this.summarising || !args.some((a) => a.tainted)) return undefined;
    return this.runFor(helper, this.root, args, undefined);
  }

  /** `w.setContents(s)`, `w.getContents()` on `const w = new Widget()` of a file class. */
  private instanceCall(
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
  private runFor(fn: AstNode, scope: Scope, args: Taint[], owner: string | undefined): Taint | undefined {
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

  /** Evaluates again without reporting sinks (they were reported when the expression was first seen). */
  private quietly(evaluate: () => Taint): Taint {
    const saved = this.summarising;
    this.summarising = true;
    try {
      return evaluate();
    } finally {
      this.summarising = saved;
    }
  }

  /**
   * A database collection or model: `db.collection('users')`, `mongoose.model('User', schema)`, or
   * a variable holding one.
   */
  private isCollection(node: AstNode): boolean {
    const inner = node.type === 'AwaitExpression' ? node.argument : node;
    if (inner.type === 'CallExpression') return /^(collection|model)$/.test(calleeParts(inner).method ?? '');
    return inner.type === 'Identifier' && this.collections.has(inner.name);
  }

  /** The file class a `new C(...)` makes, when C is declared in this file. */
  private instanceOf(init: AstNode | null | undefined): AstNode | undefined {
    return init?.type === 'NewExpression' && init.callee.type === 'Identifier'
      ? this.classes.get(init.callee.name)
      : undefined;
  }

  /** The object a value names, when it is a local variable or a slot of one (`res`, `head.next`). */
  private aliasTarget(value: AstNode | null | undefined, scope: Scope): string | undefined {
    // Only whole variables: objects are shared through them (`res`, `node`); a member read
    // (`req.query.q`) is nearly always a value copied out, and aliasing every one would cost time.
    if (value?.type !== 'Identifier' || !scope.has(value.name)) return undefined;
    return this.aliased ? resolveSlot(value.name, scope, true) : value.name;
  }

  /** A slot path once aliases are followed (no work while the file has recorded none). */
  private resolve(slot: string, scope: Scope, whole = false): string {
    return this.aliased ? resolveSlot(slot, scope, whole) : slot;
  }

  /** `const writer = res`, `head.next = node`: the name now refers to the same object as the target. */
  private recordAlias(owner: string, name: string, target: string | undefined, scope: Scope): void {
    // `c = c.next` moves along a chain: an alias of a name to its own slot would loop.
    if (!target || target === name || target.startsWith(`${name}\u0000`)) return;
    this.aliased = true;
    scope.alias(owner, name, target);
    if (this.instances.has(target) && !name.includes('\u0000'))
      this.instances.set(name, this.instances.get(target)!);
  }

  private construct(node: AstNode, scope: Scope, target?: string): Taint {
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

  /** A function passed to a call: array callbacks see the elements; handlers see requests. */
  private callback(
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
    const returned = this.fn(fn, scope, perElement ? withoutText(receiver!) : undefined);
    return { ...returned, text: '' };
  }

  /** Analyses a function body; returns the join of what it returns. */
  private fn(node: AstNode, scope: Scope, elementTaint?: Taint, argValues?: Taint[]): Taint {
    if (this.depth > 200) return CLEAN;
    const role: FunctionRole = functionRole(node);
    const inner = new Scope(scope);
    if (node.id?.type === 'Identifier' && node.type === 'FunctionDeclaration')
      scope.declare(node.id.name, CLEAN);
    node.params.forEach((param: AstNode, index: number) => {
      for (const name of patternNames(param)) {
        let value: Taint;
        if (isTaintedParam(role, name) || isRequestDecorated(param))
          value = source(role === 'listener' ? `${name} (message event)` : name);
        else if (elementTaint && (index === 0 || elementTaint.tainted)) value = elementTaint;
        else if (argValues && param.type === 'RestElement')
          value = withoutText(join(...argValues.slice(index)));
        else if (argValues)
          value =
            param.type === 'Identifier'
              ? (argValues[index] ?? CLEAN)
              : withoutText(argValues[index] ?? CLEAN);
        else value = dynamicValue(name);
        inner.declare(name, value);
      }
    });
    const saved = this.returns;
    this.returns = [];
    this.depth++;
    if (node.body.type === 'BlockStatement') this.statements(node.body.body, inner);
    else this.returns.push(this.expr(node.body, inner));
    this.depth--;
    // A single return keeps its literal text and prefix (`return '?'` folds into the caller's string).
    const result = this.returns.length === 1 ? this.returns[0]! : join(...this.returns);
    this.returns = saved;
    return result;
  }

  /** Methods run in declaration order, sharing what earlier ones stored in `this.x` (constructor first). */
  private classBody(node: AstNode, scope: Scope): void {
    const saved = this.fields;
    this.fields = new Map();
    for (const member of node.body.body) {
      if (member.value && isFunction(member.value)) this.fn(member.value, scope);
      else if (member.value) this.expr(member.value, scope);
    }
    this.fields = saved;
  }

  private jsx(node: AstNode, scope: Scope): void {
    walkJsx(
      node,
      (expression) => this.expr(expression, scope),
      (hit) => this.sinks([hit]),
    );
  }

  private bind(pattern: AstNode, value: Taint, scope: Scope, declare: boolean): void {
    for (const name of patternNames(pattern)) {
      const bound = pattern.type === 'Identifier' ? value : withoutText(value);
      if (declare) scope.declare(name, bound);
      else scope.assign(name, bound);
    }
    if (pattern.type === 'AssignmentPattern') this.expr(pattern.right, scope);
  }

  /** Runs an `if` branch with the variables its condition vouches for treated as clean. */
  private affirmed(test: AstNode, branch: AstNode, scope: Scope, otherwise = false): void {
    const names = (otherwise ? deniedNames(test) : affirmedNames(test)).filter((name) => scope.has(name));
    const saved = names.map((name) => [name, scope.get(name)!] as const);
    for (const name of names) scope.assign(name, AFFIRMED);
    this.statement(branch, scope);
    // Restore what the branch did not overwrite: after the `if`, the value may be anything again.
    for (const [name, value] of saved) if (scope.get(name) === AFFIRMED) scope.assign(name, value);
  }

  /** After `if (!allowed.has(x)) return;` the checked variable is treated as validated. */
  private clearValidated(test: AstNode, scope: Scope): void {
    for (const name of validatedNames(test)) if (scope.has(name)) scope.assign(name, CLEAN);
  }

  private sinks(hits: SinkHit[]): void {
    if (this.summarising) return;
    for (const hit of hits) {
      if (!hit.value.tainted && !hit.value.dynamic && !hit.opaque) continue;
      if (hit.kind === 'redirect' && staysOnSite(hit.value)) continue;
      this.hits.push(hit);
    }
  }
}
