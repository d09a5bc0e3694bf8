// Objects followed in call order (the table's `objects`): what a constructor receives from each
// `new C(...)`, and what an object's property holds when one of its methods reads it.
//
// Without this, a property is a global of the file: a read sees every write of every method, in any
// order. That is wrong for the objects scripts build to clean a value: `$s = new Sanitize($x);
// $s->sanitize(); $s->getData()` returns what `sanitize()` wrote (the escaped value), not what the
// constructor stored. Here the calls made on a local object are replayed in order up to the call of
// the reading method: the constructor, then each method called on the object; a method's last
// unconditional write replaces the property's value, any other write may or may not happen. Where
// the object escapes that view (passed to a function, written from outside, a receiver that is not
// a local variable, a method calling one of the object's methods that writes the property), nothing
// is decided here and the property stays a global (`Writes.globalWrites`).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { dominates } from '../values';
import type { FileIndex } from './fileIndex';
import type { Taint } from './names';
import type { TaintTable } from './table';

export class Objects {
  constructor(
    private readonly context: AnalysisContext,
    private readonly table: TaintTable,
    private readonly index: FileIndex,
    private readonly taint: (node: SyntaxNode) => Taint,
  ) {}

  /**
   * The `new C(...)` expressions that run `fn`, when `fn` is a class's constructor; undefined for
   * any other function.
   */
  constructorCalls(fn: SyntaxNode): SyntaxNode[] | undefined {
    const cls = this.owner(fn);
    if (!cls || !this.isConstructor(fn, cls)) return undefined;
    // `new B(...)` runs the constructor B inherits; `parent::__construct(...)` a subclass's call of it.
    const name = fn.childForFieldName('name')?.text;
    const subclasses = this.classes().filter(
      (c) => c.id !== cls.id && this.lineage(c).some((l) => l.id === cls.id),
    );
    return [
      ...this.creations(cls),
      ...subclasses.filter((c) => this.constructorOf(c)?.id === fn.id).flatMap((c) => this.creations(c)),
      ...subclasses.flatMap((c) => this.parentCalls(c).filter((call) => this.calledName(call) === name)),
    ];
  }

  /** The method a call on a local object runs (`$w = new W(); $w->get()`: W's `get`), if known. */
  method(call: SyntaxNode): SyntaxNode | undefined {
    const receiver = call.childForFieldName('object');
    const values = this.context.values;
    if (!this.table.objects || !receiver || values.dialect.variableName(receiver) !== receiver.text)
      return undefined;
    const bindings = values.bindingsBefore(receiver.text, call);
    const created = bindings.length === 1 ? bindings[0].value : undefined;
    if (created?.type !== this.table.objects.creation) return undefined;
    const cls = this.classNamed(createdClass(created));
    const called = call.childForFieldName('name')?.text;
    return cls ? this.methods(cls).find((m) => m.childForFieldName('name')?.text === called) : undefined;
  }

  /**
   * Whether `call` (`$page->path()`) is made on a parameter declared with class or interface types
   * (`PageInterface $page`) none of which `fn`'s class is, extends or implements, nor a subclass of it the
   * file declares: a method of another class, which the file's method of the same name (found by its
   * name alone) is not.
   */
  otherClassReceiver(call: SyntaxNode, fn: SyntaxNode): boolean {
    const receiver = call.childForFieldName('object');
    const cls = this.owner(fn);
    const dialect = this.context.values.dialect;
    if (!cls || !receiver || dialect.variableName(receiver) !== receiver.text) return false;
    // Assigned in the function (`$page = new Uri();`), the parameter no longer holds what its type says.
    if (this.context.values.bindingsBefore(receiver.text, call).length > 0) return false;
    const caller = closest(call, dialect.functionTypes);
    const parameter =
      caller &&
      this.index.parameters(caller).params.find((p) => p.childForFieldName('name')?.text === receiver.text);
    const declared = (parameter?.childForFieldName('type')?.text ?? '')
      .split(/[|&]/)
      .map((t) => lastName(t.replace(/^\s*\?/, '')));
    if (declared.some((t) => !/^[A-Za-z_]\w*$/.test(t) || BUILT_IN_TYPES.test(t))) return false;
    const related = new Set(
      this.lineage(cls).flatMap((c) => [
        c.childForFieldName('name')?.text ?? '',
        ...c.namedChildren
          .filter((n) => n !== null && /^(?:base|class_interface)_clause$/.test(n.type))
          .flatMap((n) => n!.namedChildren.map((t) => lastName(t?.text ?? ''))),
      ]),
    );
    // A class of the file that extends `fn`'s class (`B $b` with `class B extends A`) inherits the method.
    const inherits = (t: string): boolean => {
      const declaredCls = this.classNamed(t);
      return !!declaredCls && this.lineage(declaredCls).some((c) => c.id === cls.id);
    };
    return declared.every(
      (t) => ![...related].some((r) => r.toLowerCase() === t.toLowerCase()) && !inherits(t),
    );
  }

  /**
   * Whether `access` (`$this->p` in a method, `$o->p` of a local `new C(...)`) reads a property its
   * class declares with a type that holds no text (the table's `scalarType`: `private int $p;`, a
   * constructor's `private int $p` parameter): PHP converts or refuses every value written there.
   */
  scalarProperty(access: SyntaxNode): boolean {
    const spec = this.table.objects;
    const scalar = this.table.scalarType;
    const object = access.childForFieldName('object');
    const name = access.childForFieldName('name');
    if (!spec || !scalar || !object || access.type !== 'member_access_expression' || name?.type !== 'name')
      return false;
    let cls: SyntaxNode | undefined;
    if (object.text === spec.self) {
      const fn = closest(access, this.context.values.dialect.functionTypes);
      cls = fn && this.owner(fn);
    } else if (this.context.values.dialect.variableName(object) === object.text) {
      const created = this.context.values.bindingsBefore(object.text, access);
      const value = created.length === 1 ? created[0].value : undefined;
      cls = value?.type === spec.creation ? this.classNamed(createdClass(value)) : undefined;
    }
    const declared = cls && this.declaration(cls, `$${name.text}`);
    return !!declared && scalar.test(declared.childForFieldName('type')?.text ?? '');
  }

  /**
   * The declaration of property `variable` (`$p`) in `cls` or a class it extends, with its `type`
   * field (PHP's node types: only PHP's table declares `scalarType`).
   */
  private declaration(cls: SyntaxNode, variable: string): SyntaxNode | undefined {
    for (const c of this.lineage(cls)) {
      const constructor = this.methods(c).find((m) => this.isConstructor(m, c));
      const promoted = constructor
        ? this.index.parameters(constructor).params.filter((p) => p.type === 'property_promotion_parameter')
        : [];
      const declarations = (c.childForFieldName('body')?.namedChildren ?? []).filter(
        (d): d is SyntaxNode => d !== null && d.type === 'property_declaration',
      );
      const found = [...declarations, ...promoted].find((d) =>
        descendants(d, ['variable_name']).some((v) => v.text === variable),
      );
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The method that gives `new C(...)` its text (`spec.stringMethod`, PHP's `__toString`): PHP
   * calls it wherever the object is used as a string (`echo $o`, `"x $o"`, a `string` parameter).
   */
  stringMethod(creation: SyntaxNode): SyntaxNode | undefined {
    const spec = this.table.objects;
    if (!spec?.stringMethod || creation.type !== spec.creation) return undefined;
    const cls = this.classNamed(createdClass(creation));
    return (
      cls && this.methods(cls).find((m) => spec.stringMethod!.test(m.childForFieldName('name')?.text ?? ''))
    );
  }

  /**
   * What the property `name` holds when the method around `use` reads it before writing it:
   * decided when every call of that method in the file is made on a local object of its class whose
   * life the file shows; undefined (not decided) otherwise.
   */
  read(name: string, use: SyntaxNode): { taint: Taint } | undefined {
    const spec = this.table.objects;
    if (!spec?.property.test(name)) return undefined;
    const functions = this.context.values.dialect.functionTypes;
    const fn = closest(use, functions);
    const cls = fn && this.owner(fn);
    const method = fn?.childForFieldName('name')?.text;
    if (!fn || !cls || !method || this.isConstructor(fn, cls)) return undefined;
    if (this.context.values.bindingsBefore(name, use).length > 0) return undefined;
    const sites = this.index
      .calls(method)
      .filter(
        (call) =>
          call.childForFieldName('object') &&
          !(fn.startIndex <= call.startIndex && call.endIndex <= fn.endIndex),
      );
    if (sites.length === 0) return undefined;
    const held: SyntaxNode[] = [];
    for (const site of sites) {
      const state = this.stateAt(site, cls, name);
      if (state === 'other') continue;
      if (!state) return undefined;
      held.push(...state);
    }
    for (const value of held) {
      const found = this.taint(value);
      if (found) return { taint: found };
    }
    return { taint: undefined };
  }

  /**
   * `$o->p` read outside the class, `$o` a local object of a class of the file: what the
   * constructor and the methods called on `$o` before left in the property. Undefined when not
   * decided (the object leaves sight, is written from outside, or is of no class of the file).
   */
  outsideRead(access: SyntaxNode): { taint: Taint } | undefined {
    const spec = this.table.objects;
    const object = access.childForFieldName('object');
    if (!spec || !object || !this.table.memberTypes.has(access.type) || this.table.callTypes.has(access.type))
      return undefined;
    if (object.text === spec.self || this.context.values.dialect.variableName(object) !== object.text)
      return undefined;
    const property = spec.self + access.text.slice(object.text.length);
    if (!spec.property.test(property) || !/^[\w$>-]+$/.test(property)) return undefined;
    const created = this.context.values.bindingsBefore(object.text, access);
    const cls =
      created.length === 1 && created[0].value ? this.classNamed(createdClass(created[0].value)) : undefined;
    const state = cls ? this.stateAt(access, cls, property) : undefined;
    if (!state || state === 'other') return undefined;
    for (const value of state) {
      const found = this.taint(value);
      if (found) return { taint: found };
    }
    return { taint: undefined };
  }

  /**
   * `$o->p` read where `$o` is a parameter declared as a class of the file (`function f(O $o)`,
   * also `?O`) and not assigned before: the values any method of that class, a class it extends or
   * one extending it writes to `$this->p` — whichever object is passed was built by that class's
   * code, as Psalm reads a property of a typed object. Undefined for an untyped parameter, several
   * or built-in types, a class the file does not declare, or a property declared with a type that
   * holds no text.
   */
  typedParameterWrites(access: SyntaxNode): SyntaxNode[] | undefined {
    const spec = this.table.objects;
    const object = access.childForFieldName('object');
    const name = access.childForFieldName('name');
    const dialect = this.context.values.dialect;
    if (!spec || !object || access.type !== 'member_access_expression' || name?.type !== 'name')
      return undefined;
    if (object.text === spec.self || dialect.variableName(object) !== object.text) return undefined;
    const fn = closest(access, dialect.functionTypes);
    const parameter =
      fn && this.index.parameters(fn).params.find((p) => p.childForFieldName('name')?.text === object.text);
    const declared = lastName((parameter?.childForFieldName('type')?.text ?? '').replace(/^\s*\?/, ''));
    const cls =
      /^[A-Za-z_]\w*$/.test(declared) && !BUILT_IN_TYPES.test(declared) && this.classNamed(declared);
    if (!cls || this.context.values.bindingsBefore(object.text, access).length > 0) return undefined;
    const typed = this.declaration(cls, `$${name.text}`)?.childForFieldName('type')?.text ?? '';
    if (this.table.scalarType?.test(typed)) return undefined;
    const family = new Set(
      this.classes()
        .filter(
          (c) => this.lineage(c).some((l) => l.id === cls.id) || this.lineage(cls).some((l) => l.id === c.id),
        )
        .map((c) => c.id),
    );
    const property = `${spec.self}->${name.text}`;
    return this.context.values.bindingsAnywhere(property).flatMap((site) => {
      const method = closest(site.node, dialect.functionTypes);
      const owner = method && this.owner(method);
      return owner && family.has(owner.id) && site.binding.value ? [site.binding.value] : [];
    });
  }

  /**
   * The values `name` may hold at `site` (a method call): the writes of the constructor and of the
   * methods called before on the same local object. 'other' when the object is of another class.
   */
  private stateAt(site: SyntaxNode, cls: SyntaxNode, name: string): SyntaxNode[] | 'other' | undefined {
    const spec = this.table.objects!;
    const values = this.context.values;
    const functions = values.dialect.functionTypes;
    const receiver = site.childForFieldName('object');
    if (!receiver || values.dialect.variableName(receiver) !== receiver.text) return undefined;
    const variable = receiver.text;
    const bindings = values.bindingsBefore(variable, site);
    const created = bindings.length === 1 ? bindings[0].value : undefined;
    if (created?.type !== spec.creation) return undefined;
    // An object of a subclass is one of `cls` too, unless it overrides the method called at `site`.
    const createdCls = this.classNamed(createdClass(created));
    const kind =
      createdClass(created) === cls.childForFieldName('name')?.text
        ? cls
        : createdCls && this.lineage(createdCls).some((c) => c.id === cls.id)
          ? createdCls
          : undefined;
    if (!kind) return 'other';
    const reading = this.methods(kind).find(
      (m) => m.childForFieldName('name')?.text === this.calledName(site),
    );
    if (reading && this.owner(reading)?.id !== cls.id) return 'other';
    const fn = closest(site, functions);
    const scope = fn ?? this.context.root;
    const inScope = (node: SyntaxNode) => closest(node, functions)?.id === fn?.id;
    // The object stays in sight: named only where it is created and as the receiver of calls.
    const assigned = created.parent?.childForFieldName('left');
    for (const mention of descendants(scope, receiver.type)) {
      if (mention.text !== variable || !inScope(mention) || mention.id === assigned?.id) continue;
      const parent = mention.parent;
      // A call on it, or a read of one of its properties (not a write: `$o->p = ...`).
      const written = parent?.parent?.childForFieldName('left')?.id === parent?.id;
      if (
        !parent ||
        (!this.table.memberTypes.has(parent.type) && !this.table.callTypes.has(parent.type)) ||
        parent.childForFieldName('object')?.id !== mention.id ||
        (!this.table.callTypes.has(parent.type) && written)
      )
        return undefined;
    }
    const constructor = this.constructorOf(kind);
    const initial = constructor ? this.effect(constructor, name, [], true) : [];
    let state = initial && constructor ? this.bound(initial, constructor, created) : initial;
    for (const call of this.index.callsBefore(scope, site)) {
      if (!state) return undefined;
      if (call.startIndex < created.endIndex || !inScope(call)) continue;
      if (call.childForFieldName('object')?.text !== variable) continue;
      const called = call.childForFieldName('name')?.text;
      const method = this.methods(kind).find((m) => m.childForFieldName('name')?.text === called);
      if (!method) return undefined;
      const after = this.effect(method, name, state, dominates(call, site));
      state = after && this.bound(after, method, call);
    }
    return state;
  }

  /**
   * The values a method call left, a parameter stored whole (`$this->v = $x`) read as what this call
   * passes for it rather than what any call of the method passes.
   */
  private bound(values: SyntaxNode[], method: SyntaxNode, call: SyntaxNode): SyntaxNode[] {
    const params = this.index.parameters(method);
    const args = argumentList(call);
    const dialect = this.context.values.dialect;
    return values.map((value) => {
      const name = dialect.variableName(value);
      const at =
        name === value.text && closest(value, dialect.functionTypes)?.id === method.id
          ? params.index(name)
          : -1;
      // A parameter declared `int` holds a number whatever was passed: it stays the parameter.
      const typed =
        at >= 0 && this.table.scalarType?.test(params.params[at].childForFieldName('type')?.text ?? '');
      const passed = at >= 0 && !typed ? args[at] : undefined;
      return passed && this.context.values.bindingsBefore(name!, value).length === 0 ? passed : value;
    });
  }

  /**
   * The values `name` may hold after `method` runs, given those it held before: a last plain write
   * at the top of the body that always runs (`definite` call, no `return` before it) replaces them.
   * Undefined when the method may write the property some other way (see `hidden`).
   */
  private effect(
    method: SyntaxNode,
    name: string,
    before: SyntaxNode[],
    definite: boolean,
  ): SyntaxNode[] | undefined {
    const functions = this.context.values.dialect.functionTypes;
    const own = (node: SyntaxNode) => closest(node, functions)?.id === method.id;
    // `__construct(private string $name)` writes `$this->name` before its body runs.
    const promoted = this.promotedParameter(method, name);
    if (promoted) before = definite ? [promoted] : [...before, promoted];
    const body = method.childForFieldName('body');
    if (!body) return before;
    if (this.hidden(method, name, 0)) return undefined;
    const returns = descendants(body, ['return_statement']).filter(own);
    // `parent::__construct($x)`: what the parent's method writes, where the call runs.
    const cls = this.owner(method);
    const parent = cls && this.parentClass(cls);
    for (const call of cls && parent ? this.parentCalls(cls).filter(own) : []) {
      const inherited = this.methods(parent!).find(
        (m) => m.childForFieldName('name')?.text === this.calledName(call),
      );
      const always =
        call.parent?.type === 'expression_statement' &&
        call.parent.parent?.id === body.id &&
        !returns.some((r) => r.startIndex < call.startIndex);
      const after = inherited && this.effect(inherited, name, before, definite && always);
      if (inherited && !after) return undefined;
      if (after) before = after;
    }
    const writes = this.context.values.bindingsAnywhere(name).filter((s) => own(s.node));
    if (writes.length === 0) return before;
    const last = writes.findLastIndex(
      (w) =>
        !w.binding.append &&
        w.node.parent?.type === 'expression_statement' &&
        w.node.parent.parent?.id === body.id &&
        !returns.some((r) => r.startIndex < w.at),
    );
    const written = (from: number) =>
      writes.slice(from).flatMap((w) => (w.binding.value ? [w.binding.value] : []));
    return definite && last >= 0 ? written(last) : [...before, ...written(0)];
  }

  /** The variable of the parameter `method` (a constructor) promotes to the property `name`. */
  private promotedParameter(method: SyntaxNode, name: string): SyntaxNode | undefined {
    const cls = this.owner(method);
    if (!cls || !this.isConstructor(method, cls)) return undefined;
    return this.index
      .parameters(method)
      .params.filter((p) => p.type === 'property_promotion_parameter')
      .map((p) => p.childForFieldName('name'))
      .find(
        (v): v is SyntaxNode => !!v && `${this.table.objects!.self}->${v.text.replace(/^\$/, '')}` === name,
      );
  }

  /**
   * True when `method` may write the property `name` other than by a plain assignment of its own:
   * an element write (`$this->data['k'] = ...`), or a call of one of the object's methods that
   * writes it (a helper that only returns a value, `$this->clean($v)`, does not).
   */
  private hidden(method: SyntaxNode, name: string, depth: number): boolean {
    const functions = this.context.values.dialect.functionTypes;
    const own = (node: SyntaxNode) => closest(node, functions)?.id === method.id;
    const body = method.childForFieldName('body');
    const cls = this.owner(method);
    if (!body || !cls) return false;
    const element = this.table.elementAssignment;
    if (
      element &&
      descendants(body, element).some(
        (a) => own(a) && a.childForFieldName('left')?.namedChildren[0]?.text === name,
      )
    )
      return true;
    const self = this.table.objects!.self;
    return descendants(body, [...this.table.callTypes]).some((call) => {
      if (!own(call) || call.childForFieldName('object')?.text !== self) return false;
      const called = call.childForFieldName('name')?.text;
      const helper = this.methods(cls).find((m) => m.childForFieldName('name')?.text === called);
      return (
        !helper ||
        depth >= 3 ||
        this.context.values
          .bindingsAnywhere(name)
          .some((s) => closest(s.node, functions)?.id === helper.id) ||
        this.hidden(helper, name, depth + 1)
      );
    });
  }

  /** The class whose body declares `fn`, if it is a method. */
  private owner(fn: SyntaxNode): SyntaxNode | undefined {
    const cls = fn.parent?.parent;
    return cls && this.table.objects?.classTypes.has(cls.type) ? cls : undefined;
  }

  /** The methods an object of `cls` has: its own, then those it inherits and does not override. */
  private methods(cls: SyntaxNode): SyntaxNode[] {
    const functions = this.context.values.dialect.functionTypes;
    const out: SyntaxNode[] = [];
    for (const c of this.lineage(cls))
      for (const m of c.childForFieldName('body')?.namedChildren ?? []) {
        const name = m?.childForFieldName('name')?.text;
        if (m && functions.has(m.type) && !out.some((o) => o.childForFieldName('name')?.text === name))
          out.push(m);
      }
    return out;
  }

  /** The constructor `new C(...)` runs: C's own, or the one it inherits. */
  private constructorOf(cls: SyntaxNode): SyntaxNode | undefined {
    return this.methods(cls).find((m) => this.isConstructor(m, this.owner(m) ?? cls));
  }

  private classes(): SyntaxNode[] {
    return this.context.nodes([...this.table.objects!.classTypes]);
  }

  /** The one class of the file named `name`; undefined when none or several are. */
  private classNamed(name: string | undefined): SyntaxNode | undefined {
    const found = this.classes().filter((c) => c.childForFieldName('name')?.text === name);
    return name && found.length === 1 ? found[0] : undefined;
  }

  /** The class `cls` extends (`spec.baseClause`), when the file declares it. */
  private parentClass(cls: SyntaxNode): SyntaxNode | undefined {
    const spec = this.table.objects!;
    const base = cls.namedChildren.find((c) => c !== null && c.type === spec.baseClause);
    return this.classNamed(base?.namedChildren[0]?.text.replace(/^.*\\/, ''));
  }

  /** `cls` and the classes of the file it extends, nearest first (a cycle ends the chain). */
  private lineage(cls: SyntaxNode): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    for (let c: SyntaxNode | undefined = cls; c && !out.some((o) => o.id === c!.id); c = this.parentClass(c))
      out.push(c);
    return out;
  }

  /** The calls of the parent class's methods in `cls`'s methods (`parent::__construct(...)`). */
  private parentCalls(cls: SyntaxNode): SyntaxNode[] {
    const scope = this.table.objects!.parentScope;
    if (!scope) return [];
    return descendants(cls, [...this.table.callTypes]).filter(
      (call) => call.childForFieldName('scope')?.text === scope,
    );
  }

  private calledName(call: SyntaxNode): string | undefined {
    return call.childForFieldName('name')?.text;
  }

  private isConstructor(fn: SyntaxNode, cls: SyntaxNode): boolean {
    const name = fn.childForFieldName('name')?.text ?? '';
    // PHP 4 constructors are named after their class.
    return !!this.table.objects?.constructorName.test(name) || name === cls.childForFieldName('name')?.text;
  }

  private creations(cls: SyntaxNode): SyntaxNode[] {
    const name = cls.childForFieldName('name')?.text;
    return this.context.nodes(this.table.objects!.creation).filter((n) => createdClass(n) === name);
  }
}

/** The class `new C(...)` creates (its name without a namespace), if written out. */
function createdClass(creation: SyntaxNode): string | undefined {
  const named = creation.namedChildren.find((c) => c !== null && /name$/.test(c.type));
  return named?.text.replace(/^.*\\/, '');
}

/** The arguments of a call or creation (PHP's `new C(...)` leaves its list unnamed). */
export function argumentList(call: SyntaxNode): SyntaxNode[] {
  const list = call.childForFieldName('arguments') ?? call.namedChildren.find((c) => c?.type === 'arguments');
  return (list?.namedChildren ?? []).filter((a): a is SyntaxNode => a !== null);
}

/** An argument's value (PHP wraps each in an `argument` node, after its name if it has one). */
export function argumentValue(arg: SyntaxNode): SyntaxNode {
  return arg.type === 'argument' ? (arg.namedChildren.at(-1) ?? arg) : arg;
}

/** The values of a call's arguments, by position. */
export function argumentValues(call: SyntaxNode): SyntaxNode[] {
  return argumentList(call).map(argumentValue);
}

/** PHP's own type names: a parameter so declared may hold an object of any class. */
const BUILT_IN_TYPES =
  /^(?:self|static|parent|mixed|object|array|iterable|callable|string|int|float|bool|false|true|null|void|never)$/i;

/** `Grav\Common\Page\Interfaces\PageInterface` → `PageInterface`. */
function lastName(name: string): string {
  return name.trim().split('\\').pop() ?? '';
}
