// What a function of the file gives and receives, for the taint tracker: a parameter carries what
// the file's calls of its function pass (or what a constructor call or a callback registration
// passes), a call of a function declared here carries what its `return`s carry (Ruby: also its last
// expression), and a helper whose name promises a sanitizer counts as one only if its body agrees.
// A call's result is computed for that call site: while its function's returns are followed, the
// parameters carry what this call passes, not what any call passes (`$pass('x')` is clean even when
// `$pass($_GET['a'])` is elsewhere), a few sites deep; a parameter read elsewhere (a sink in the
// body) still carries what every call passes.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { importAliases } from '../languages/python/imports';
import { closest, descendants } from '../syntax';
import { type DeclaredTaint, declaredTaint, parameterAt } from './annotations';
import { type FileIndex, functionName } from './fileIndex';
import { enclosingFunctions } from './handlers';
import { builtBy, ownReceiver, segment, short } from './names';
import { argumentList, argumentValue, type Objects } from './objects';
import type { TaintTable } from './table';
import type { Taint } from './names';

/** A call whose function's returns are being followed: its parameters are this call's arguments. */
interface Frame {
  fn: SyntaxNode;
  id: number;
  args: SyntaxNode[];
  /** An array passed whole to `call_user_func_array`: each position may hold it. */
  rest?: SyntaxNode;
  /** 1 when the call passes the object as the first parameter (`self`). */
  shift: number;
}

/** Call sites followed inside each other before parameters fall back to every call's arguments. */
const MAX_FRAMES = 3;
/** Node types of container and string literals (a receiver bound only to one has its type's methods). */
const LITERAL_CONTAINER =
  /^(?:dictionary|list|set|tuple|string|array|array_creation_expression|object|hash)$/;
/** Arguments that are not bound by position: named, keyword, spread or block arguments. */
const KEYED_ARGUMENT = /keyword|pair|splat|spread|named|unpacking|block_argument/;

export class Summaries {
  private readonly frames: Frame[] = [];

  constructor(
    private readonly context: AnalysisContext,
    private readonly table: TaintTable,
    private readonly index: FileIndex,
    private readonly objects: Objects,
    /** The tracker's own entry point: what a node's value carries. */
    private readonly taint: (node: SyntaxNode | null | undefined) => Taint,
    /** Count a parameter no call in the file feeds as possible input (code reviewed out of context). */
    private readonly openParameters: boolean,
    /** Count values the file does not show as their own source (a method defined elsewhere). */
    private readonly opaque: boolean,
    /** The tracker's way to keep the results of one stack of call sites (`site`) apart. */
    private readonly within: (site: string, f: () => Taint) => Taint,
  ) {}

  /**
   * With `origins`, a name that is no variable, parameter nor block parameter calls a method: one of
   * this file returns what its body ends with (or returns), any other is out of sight (opaque mode).
   */
  unknownName(name: string, use: SyntaxNode): Taint {
    const origins = this.table.origins;
    const values = this.context.values;
    if (!origins || values.bindingsBefore(name, use).length > 0 || this.table.sanitizer.test(name))
      return undefined;
    const fn = closest(use, values.dialect.functionTypes);
    if (fn && this.index.parameters(fn).index(name) >= 0) return undefined;
    const defined = this.index.functions().get(name);
    if (defined) return this.implicitReturns(defined);
    return this.opaque ? name : undefined;
  }

  /** What a method whose value is its last expression returns (Ruby): that and its `return`s. */
  implicitReturns(fn: SyntaxNode): Taint {
    const functions = this.context.values.dialect.functionTypes;
    const body = fn.childForFieldName('body');
    const last = body?.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1);
    const returns = descendants(fn, ['return']).filter((r) => closest(r, functions)?.id === fn.id);
    for (const value of [last, ...returns]) {
      const found = value ? this.taint(value) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** A parameter: a declared source, or what the file's calls of its function pass in its place. */
  parameter(name: string, use: SyntaxNode): Taint {
    const handler = this.handlerParameter(name, use);
    if (handler !== false) return handler;
    const dialect = this.context.values.dialect;
    const fn = closest(use, dialect.functionTypes);
    if (!fn) return undefined;
    const { params, index: indexOf } = this.index.parameters(fn);
    const index = indexOf(name);
    if (index < 0 || this.scalar(params[index].childForFieldName('type'))) return undefined;
    if (this.table.sourceParameter?.test(params[index].text)) return this.inputParameter(params[index]);
    const method = !!this.table.selfParameter?.test(params[0]?.text ?? '');
    if (method && index === 0) return undefined;
    const frame = this.frames.findLast((f) => f.fn.id === fn.id);
    if (frame) return this.argument(frame, index - frame.shift, params[index]);
    // A constructor is called by `new C(...)`, whose arguments it receives in order.
    const declared = functionName(fn, dialect.helpers?.declaredName);
    // A method is not what a module the file imports calls by its name (`pickle.loads` for `def loads(self, pkl)`).
    const callers =
      this.objects.constructorCalls(fn) ??
      (declared
        ? [...this.index.calls(declared), ...this.index.pointerCalls(declared)].filter(
            (c) =>
              (c.startIndex < fn.startIndex || c.endIndex > fn.endIndex) &&
              !(method && (this.moduleCall(c) || this.literalReceiver(c))),
          )
        : []);
    const callbacks = declared && this.table.callbacks ? this.index.callbackCalls(declared) : [];
    if (callers.length === 0 && callbacks.length === 0)
      return this.openParameters ? `parameter ${name}` : undefined;
    for (const call of callers) {
      const args = argumentList(call);
      const bound = method && this.table.memberTypes.has(call.childForFieldName('function')?.type ?? '');
      const found = this.taint(args[bound ? index - 1 : index]);
      if (found) return found;
    }
    for (const { args, rest } of callbacks) {
      const found = this.taint(args[index] ?? rest);
      if (found) return found;
    }
    return undefined;
  }

  /** A parameter filled from the request: `[FromBody] Dto dto` is an object of a class out of sight. */
  private inputParameter(parameter: SyntaxNode): string {
    const cls = this.index.outOfSight(this.table.outOfSight?.parameterType?.(parameter));
    const text = short(parameter.text);
    return cls ? builtBy(text, cls) : text;
  }

  private readonly registrations = new Map<number, SyntaxNode | undefined>();

  /**
   * A parameter of a web handler (table `handlers`, see `handlers.ts`): input when the framework
   * fills it from the request; false when no handler declares `name` (the other rules decide).
   */
  private handlerParameter(name: string, use: SyntaxNode): Taint | false {
    const handlers = this.table.handlers;
    if (!handlers) return false;
    const dialect = this.context.values.dialect;
    const types = handlers.lambdaTypes
      ? new Set([...dialect.functionTypes, ...handlers.lambdaTypes])
      : dialect.functionTypes;
    for (const fn of enclosingFunctions(use, types)) {
      const { params, index: indexOf } = this.index.parameters(fn);
      const index = indexOf(name);
      if (index < 0) continue;
      const parameter = params[index];
      if (
        (index === 0 && this.table.selfParameter?.test(parameter.text)) ||
        this.table.sourceObject?.test(name) ||
        this.scalar(parameter.childForFieldName('type'))
      )
        return false;
      if (!this.registrations.has(fn.id)) this.registrations.set(fn.id, this.registration(fn));
      const registration = this.registrations.get(fn.id);
      const receives = registration && handlers.receives(parameter, registration, this.context);
      if (!receives) return false;
      return receives === 'segment'
        ? segment(this.inputParameter(parameter))
        : this.inputParameter(parameter);
    }
    return false;
  }

  /** What registers `fn` as a handler, unless the file calls it itself (then it is a helper too). */
  private registration(fn: SyntaxNode): SyntaxNode | undefined {
    const declared = functionName(fn, this.context.values.dialect.helpers?.declaredName);
    const called = (call: SyntaxNode) =>
      (call.startIndex < fn.startIndex || call.endIndex > fn.endIndex) && ownReceiver(this.index.head(call));
    if (declared && this.index.calls(declared).some(called)) return undefined;
    return this.table.handlers?.registered(fn, this.context);
  }

  private imported?: Map<string, string>;

  /**
   * Whether `call` goes through a module the file imports (`pickle.loads(...)`, `os.path.join(...)`):
   * a call of that module's function, never of a method the file declares under the same name.
   */
  private moduleCall(call: SyntaxNode): boolean {
    const receiver = call.childForFieldName('function')?.childForFieldName('object')?.text;
    if (!receiver) return false;
    this.imported ??= importAliases(this.context);
    return this.imported.has(receiver) || this.imported.has(receiver.split('.')[0]);
  }

  /**
   * Whether `call` is a method of a literal container: its receiver (`MAPPING`, `self.MAPPING`,
   * `cls.MAPPING`) is bound, wherever the file binds that name, only to a dict, list, set, tuple or
   * string literal (`MAPPING = {...}` in the class body): `self.MAPPING.get(k, d)` is the built-in
   * type's `get`, never a method of the file found by its name.
   */
  private literalReceiver(call: SyntaxNode): boolean {
    const receiver = call.childForFieldName('function')?.childForFieldName('object')?.text ?? '';
    const name = /^(?:(?:self|cls|this|\$this)(?:\.|->))?([A-Za-z_]\w*)$/.exec(receiver)?.[1];
    if (!name) return false;
    const sites = this.context.values.bindingsAnywhere(name);
    return sites.length > 0 && sites.every((site) => LITERAL_CONTAINER.test(site.binding.value?.type ?? ''));
  }

  /**
   * A call of a function declared in this file: what its `return`s carry (its summary), its
   * parameters following every call site. Undefined for other calls, which propagate their parts.
   */
  returned(call: SyntaxNode, head: string): { taint: Taint } | undefined {
    // Methods of several classes share names: the receiver's class (`$w = new W(); $w->get()`) decides.
    const target = this.callbackTarget(call, head);
    const fn = target?.fn ?? this.index.functionNamed(head) ?? this.objects.method(call);
    // A recursive call returns what the function returns too (the tracker stops at a node it is
    // already computing, so the recursion ends where it would add nothing new).
    if (!fn) return undefined;
    // Inside `f`, a call of another object's `f` (`thing.f(x)`, found by its name alone) is not
    // recursion: it is a method of a class the file does not declare, which passes its parts.
    if (!target && fn.startIndex <= call.startIndex && call.endIndex <= fn.endIndex && !ownReceiver(head))
      return undefined;
    // `$page->path()` with `PageInterface $page`: another class's method, not the file's `path`.
    if (!target && this.objects.otherClassReceiver(call, fn)) return undefined;
    if (this.scalar(fn.childForFieldName('return_type'))) return { taint: undefined };
    // `@psalm-flow ($text) -> return` declares that the arguments reach the result, whatever the body shows.
    const declared = this.table.docblockTaint ? declaredTaint(fn) : undefined;
    const flowed = declared ? this.flowed(fn, declared, target?.args ?? argumentList(call)) : undefined;
    if (flowed) return { taint: flowed };
    const follow = () => (this.table.origins ? this.implicitReturns(fn) : this.returns(fn));
    const frame = target ? { ...target, id: call.id, shift: 0 } : this.frame(fn, call);
    return { taint: frame ? this.inFrame(frame, follow) : follow() };
  }

  /** What the file's function a call invokes declares in its docblock (`annotations.ts`), if anything. */
  declared(call: SyntaxNode, head: string): { fn: SyntaxNode; declared: DeclaredTaint } | undefined {
    if (!this.table.docblockTaint) return undefined;
    const fn =
      this.callbackTarget(call, head)?.fn ?? this.index.functionNamed(head) ?? this.objects.method(call);
    const declared = fn ? declaredTaint(fn) : undefined;
    return fn && declared ? { fn, declared } : undefined;
  }

  /** What the arguments in the places of the parameters `declared` says flow to the return carry. */
  private flowed(fn: SyntaxNode, declared: DeclaredTaint, args: SyntaxNode[]): Taint {
    const { index } = this.index.parameters(fn);
    for (const name of declared.flows) {
      const arg = args[parameterAt(index, name)];
      const found = arg ? this.taint(argumentValue(arg)) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** `follow` run with the parameters of `fn` bound to what `call` passes (a reference's value after it). */
  atCall(call: SyntaxNode, fn: SyntaxNode, follow: () => Taint): Taint {
    const frame = this.frame(fn, call);
    return frame ? this.inFrame(frame, follow) : follow();
  }

  /** `call_user_func('f', $a)` (the table's `callbacks`) calling a function of the file, with its arguments. */
  private callbackTarget(
    call: SyntaxNode,
    head: string,
  ): { fn: SyntaxNode; args: SyntaxNode[]; rest?: SyntaxNode } | undefined {
    const found = this.table.callbacks?.some((spec) => spec.callee.test(head))
      ? this.index.callbackOf(call)
      : undefined;
    const fn = found && this.index.functions().get(found.name);
    return fn ? { fn, args: found.args, rest: found.rest } : undefined;
  }

  /** The frame of a plain call (arguments by position); none past the depth limit or for spread or named arguments. */
  private frame(fn: SyntaxNode, call: SyntaxNode): Frame | undefined {
    if (this.frames.length >= MAX_FRAMES) return undefined;
    const list = argumentList(call);
    if (
      list.some(
        (a) => KEYED_ARGUMENT.test(a.type) || !!a.childForFieldName('name') || a.text.startsWith('...'),
      )
    )
      return undefined;
    const args = list.map(argumentValue);
    // A method called on its object (Python's `obj.m(x)`) receives the object as `self`: positions shift.
    const self = this.table.selfParameter?.test(this.index.parameters(fn).params[0]?.text ?? '');
    const shift = self && this.table.memberTypes.has(call.childForFieldName('function')?.type ?? '') ? 1 : 0;
    return { fn, id: call.id, args, shift };
  }

  private inFrame(frame: Frame, follow: () => Taint): Taint {
    if (this.frames.length >= MAX_FRAMES) return follow();
    this.frames.push(frame);
    try {
      return this.within(this.site(), follow);
    } finally {
      this.frames.pop();
    }
  }

  /** What the argument at `position` of a frame's call carries, followed where that call is. */
  private argument(frame: Frame, position: number, param: SyntaxNode): Taint {
    const at = this.frames.indexOf(frame);
    const above = this.frames.splice(at);
    try {
      const rest = /variadic/.test(param.type) ? frame.args.slice(position) : [frame.args[position]];
      return this.within(this.site(), () => {
        for (const arg of [...rest, frame.rest]) {
          const found = arg ? this.taint(arg) : undefined;
          if (found) return found;
        }
        return undefined;
      });
    } finally {
      this.frames.push(...above);
    }
  }

  private site(): string {
    return this.frames.length === 0 ? '' : `@${this.frames.map((f) => f.id).join(',')}`;
  }

  /** What the file's top-level code assigns to `name` (read in a function as `$GLOBALS['name']`). */
  topLevel(name: string): Taint {
    const functions = this.context.values.dialect.functionTypes;
    for (const site of this.context.values.bindingsAnywhere(name)) {
      if (closest(site.node, functions)) continue;
      const found = this.taint(site.binding.value);
      if (found) return found;
    }
    return undefined;
  }

  /** A declared type that holds no text (the table's `scalarType`: `int`, `?bool`, `int|float`). */
  private scalar(type: SyntaxNode | null): boolean {
    return !!type && !!this.table.scalarType?.test(type.text);
  }

  /** What the `return`s of `fn` (not of the functions nested in it) carry. */
  returns(fn: SyntaxNode): Taint {
    const functions = this.context.values.dialect.functionTypes;
    // A function whose body is an expression (PHP's `fn ($x) => ...`) returns that expression.
    if (this.context.values.dialect.capturingTypes?.has(fn.type))
      return this.taint(fn.childForFieldName('body'));
    for (const ret of descendants(fn, ['return_statement'])) {
      if (closest(ret, functions)?.id !== fn.id) continue;
      const found = this.taint(ret);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * With `helperBodies`: true when `head` calls a function of this file whose name promises a
   * sanitizer (`attemptSanitize`, `wrapWithQuotes`) but whose body transforms nothing that way: its
   * summary decides instead of its name.
   */
  namedOnly(head: string): boolean {
    const transforms = this.table.helperBodies;
    if (!transforms) return false;
    const fn = this.index.functionNamed(head);
    return !!fn && !transforms.test(fn.childForFieldName('body')?.text ?? '');
  }
}
