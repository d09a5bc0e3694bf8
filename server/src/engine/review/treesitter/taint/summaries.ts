// What a function of the file gives and receives, for the taint tracker: a parameter carries what
// the file's calls of its function pass (or what a constructor call or a callback registration
// passes), a call of a function declared here carries what its `return`s carry (Ruby: also its last
// expression), and a helper whose name promises a sanitizer counts as one only if its body agrees.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { type FileIndex, functionName } from './fileIndex';
import { short } from './names';
import { argumentList, type Objects } from './objects';
import type { TaintTable } from './table';
import type { Taint } from './names';

export class Summaries {
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
    const dialect = this.context.values.dialect;
    const fn = closest(use, dialect.functionTypes);
    if (!fn) return undefined;
    const { params, index: indexOf } = this.index.parameters(fn);
    const index = indexOf(name);
    if (index < 0) return undefined;
    if (this.table.sourceParameter?.test(params[index].text)) return short(params[index].text);
    const method = !!this.table.selfParameter?.test(params[0]?.text ?? '');
    if (method && index === 0) return undefined;
    // A constructor is called by `new C(...)`, whose arguments it receives in order.
    const declared = functionName(fn, dialect.helpers?.declaredName);
    const callers =
      this.objects.constructorCalls(fn) ??
      (declared
        ? [...this.index.calls(declared), ...this.index.pointerCalls(declared)].filter(
            (c) => c.startIndex < fn.startIndex || c.endIndex > fn.endIndex,
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

  /**
   * A call of a function declared in this file: what its `return`s carry (its summary), its
   * parameters following every call site. Undefined for other calls, which propagate their parts.
   */
  returned(call: SyntaxNode, head: string): { taint: Taint } | undefined {
    // Methods of several classes share names: the receiver's class (`$w = new W(); $w->get()`) decides.
    const fn = this.index.functionNamed(head) ?? this.objects.method(call);
    if (!fn || (fn.startIndex <= call.startIndex && call.endIndex <= fn.endIndex)) return undefined;
    if (this.table.origins) return { taint: this.implicitReturns(fn) };
    return { taint: this.returns(fn) };
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

  /** What the `return`s of `fn` (not of the functions nested in it) carry. */
  returns(fn: SyntaxNode): Taint {
    const functions = this.context.values.dialect.functionTypes;
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
