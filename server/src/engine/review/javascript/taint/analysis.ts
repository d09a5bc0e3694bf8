// Intra-procedural taint analysis over one file's ESTree. Statements are visited in order, so a
// variable's taint follows assignments; branches merge by keeping the last assignment seen, and
// a validation guard (`if (!isValid(x)) return`) clears the variable it checks. Calls into other
// functions are not followed: a helper's result is clean unless it is a known propagator.
import { calleeParts, isFunction, memberPath, patternNames, propertyName, type AstNode } from '../ast';
import type { ModuleBindings } from '../modules';
import {
  combinesArguments,
  isSanitizer,
  isPropagator,
  keepsTaintThroughMethod,
  resultOfIteration,
} from './propagation';
import { checkAssignment, checkCall, checkNew, staysOnSite, type SinkHit } from './sinks';
import {
  browserCallSource,
  functionRole,
  globalSource,
  isRequestDecorated,
  isTaintedParam,
  type FunctionRole,
} from './sources';
import { alwaysExits, validatedNames } from './guards';
import { collectHelpers, literalSlots, recordMutation, slotOf, walkJsx } from './structures';
import { CLEAN, Scope, concat, dynamicValue, join, literal, source, withoutText, type Taint } from './value';

export function analyseTaint(program: AstNode, bindings: ModuleBindings): SinkHit[] {
  return new TaintWalker(bindings).run(program);
}

class TaintWalker {
  private readonly hits: SinkHit[] = [];
  private returns: Taint[] = [];
  private depth = 0;
  /** While computing a helper's summary, sinks are not recorded (they are found where the helper is analysed). */
  private summarising = false;
  private readonly helpers = new Map<string, AstNode>();
  private readonly summaries = new Map<AstNode, Taint>();
  private root = new Scope();
  /** Taint stored in `this.<field>` by the methods of the class being analysed. */
  private fields: Map<string, Taint> | undefined;

  constructor(private readonly bindings: ModuleBindings) {}

  run(program: AstNode): SinkHit[] {
    collectHelpers(program, this.helpers);
    this.statements(program.body, this.root);
    return this.hits;
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
    if (!helper || this.summarising) return undefined;
    const summary = this.summary(helper);
    // `function currentQuery() { return new URLSearchParams(location.search).get('q'); }`
    if (summary.tainted) return summary;
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
          this.bind(d.id, d.init ? this.expr(d.init, scope) : CLEAN, scope, true);
          if (d.id.type === 'Identifier')
            for (const [slot, value] of literalSlots(d.id.name, d.init))
              scope.declare(slot, this.expr(value, scope));
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
        if (!(node.test.type === 'Literal' && !node.test.value)) this.statement(node.consequent, scope);
        if (!(node.test.type === 'Literal' && node.test.value === true))
          this.statement(node.alternate, scope);
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
        return globalSource(node, () => false) ? source(node.name) : CLEAN;
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
      case 'ObjectExpression':
        return withoutText(join(...node.properties.map((p: AstNode) => this.property(p, scope))));
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
    if (from) return source(from);
    // multer's `req.file.path`/`filename`/`destination` are chosen by the server; only `originalname` is the user's.
    if (/^(req|request)\.file\.(path|filename|destination|size|mimetype)$/.test(memberPath(node) ?? ''))
      return CLEAN;
    const field =
      node.object.type === 'ThisExpression' && !node.computed
        ? this.fields?.get(propertyName(node) ?? '')
        : undefined;
    if (field) return field;
    const slot = slotOf(node);
    if (slot && scope.has(slot.slot)) return scope.get(slot.slot)!;
    const object = this.expr(node.object, scope);
    if (node.computed) this.expr(node.property, scope);
    if (propertyName(node) === 'length') return CLEAN;
    if (object.tainted && object.source && !object.source.includes('(')) {
      return { ...object, text: '', source: memberPath(node) ?? object.source };
    }
    return withoutText(object);
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
    const slot = slotOf(left);
    if (slot && scope.has(slot.owner)) scope.store(slot.owner, slot.slot, value);
    if (left.type === 'Identifier') scope.assign(left.name, value);
    else if (
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
      isFunction(arg) ? this.callback(arg, scope, method, receiver) : this.expr(arg, scope),
    );
    this.sinks(checkCall({ call: node, args, receiver, bindings: this.bindings }));
    recordMutation(callee, method, args, scope);
    const browserInput = browserCallSource(callee, (name) => scope.has(name));
    if (browserInput) return source(browserInput);
    if (isSanitizer(node)) return CLEAN;
    if (isPropagator(node)) return withoutText(join(...args));
    if (receiver && method) {
      const iteration = resultOfIteration(method, receiver, args);
      if (iteration) return iteration;
      if (!keepsTaintThroughMethod(method)) return CLEAN;
      // `s.concat(x)`, `s.replace(a, x)` mix their arguments in; other methods return the receiver's data.
      return withoutText(combinesArguments(method) ? join(receiver, ...args) : receiver);
    }
    if (callee.type === 'Identifier') return this.helperResult(callee.name, args) ?? CLEAN;
    return CLEAN;
  }

  private construct(node: AstNode, scope: Scope): Taint {
    const args = node.arguments.map((arg: AstNode) => this.expr(arg, scope));
    this.sinks(checkNew(node, args, this.bindings));
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
  ): Taint {
    const perElement =
      receiver && method && /^(map|forEach|filter|find|some|every|flatMap|reduce|then|sort)$/.test(method);
    const returned = this.fn(fn, scope, perElement ? withoutText(receiver!) : undefined);
    return { ...returned, text: '' };
  }

  /** Analyses a function body; returns the join of what it returns. */
  private fn(node: AstNode, scope: Scope, elementTaint?: Taint): Taint {
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
    const result = join(...this.returns);
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
