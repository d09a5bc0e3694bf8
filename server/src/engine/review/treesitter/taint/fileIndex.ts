// What the taint tracker looks up in one file, built once per file on first use: the calls in
// document order and by name, the functions by name, their parameters, macros and function pointers.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { wholeName } from './names';
import type { TaintTable } from './table';

export class FileIndex {
  private callIndex?: Map<string, SyntaxNode[]>;

  constructor(
    private readonly context: AnalysisContext,
    private readonly table: TaintTable,
  ) {}

  /** The text of a call up to its argument list (`request.getParameter`, `new FileInputStream`). */
  head(call: SyntaxNode): string {
    const args = call.childForFieldName('arguments');
    const text = args ? call.text.slice(0, args.startIndex - call.startIndex) : call.text;
    const head = text.replace(/\s+/g, '');
    // PHP calls a function named by a string literal: `'helper'($x)` is `helper($x)`.
    const named = /^(['"])(\w+)\1$/.exec(head)?.[2];
    return named ?? this.macro(head) ?? head;
  }

  private classNames?: Set<string>;

  /**
   * `cls` when it names a class the file does not declare and the table does not know (table
   * `outOfSight`): its objects hold what code out of sight decides. Undefined otherwise.
   */
  outOfSight(cls: string | undefined): string | undefined {
    const spec = this.table.outOfSight;
    if (!spec || !cls) return undefined;
    this.classNames ??= new Set(
      this.context.nodes([...spec.declarations]).map((d) => d.childForFieldName('name')?.text ?? ''),
    );
    return this.classNames.has(cls) || spec.known.test(cls) ? undefined : cls;
  }

  private macros?: Map<string, string>;

  /** The identifier an object-like macro `name` expands to, if the table knows macros. */
  macro(name: string): string | undefined {
    const type = this.table.macroType;
    if (!type || !/^[A-Za-z_]\w*$/.test(name)) return undefined;
    if (!this.macros) {
      this.macros = new Map();
      // Definitions under `#ifdef _WIN32 ... #else` disagree (`_execl`/`execl`): the last one is kept;
      // both name the same kind of call.
      for (const def of this.context.nodes(type)) {
        const body = def.childForFieldName('value')?.text.trim();
        const defined = def.childForFieldName('name')?.text;
        if (defined && body && /^[A-Za-z_]\w*$/.test(body) && body !== defined)
          this.macros.set(defined, body);
      }
    }
    return this.macros.get(name);
  }

  /** The calls of `scope` that start before `use` and do not contain it, in document order. */
  callsBefore(scope: SyntaxNode, use: SyntaxNode): SyntaxNode[] {
    const all = this.sortedCalls();
    let low = 0;
    for (let high = all.length; low < high;) {
      const mid = (low + high) >> 1;
      if (all[mid].startIndex < scope.startIndex) low = mid + 1;
      else high = mid;
    }
    const out: SyntaxNode[] = [];
    for (let i = low; i < all.length && all[i].startIndex < use.startIndex; i++) {
      const call = all[i];
      if (
        call.endIndex > scope.endIndex ||
        (call.startIndex <= use.startIndex && use.endIndex <= call.endIndex)
      )
        continue;
      out.push(call);
    }
    return out;
  }

  /** A function's parameters, and the position of the one named `name` (-1 when none is). */
  parameters(fn: SyntaxNode): { params: SyntaxNode[]; index: (name: string) => number } {
    // C and C++ keep the parameter list inside the declarator.
    const list =
      fn.childForFieldName('parameters') ??
      descendants(fn.childForFieldName('declarator') ?? fn, ['parameter_list'])[0];
    const declared = (list?.namedChildren ?? []).filter(
      (p): p is SyntaxNode => p !== null && this.table.parameterTypes.has(p.type),
    );
    // Go declares several parameters at once (`func f(col, v string)`): each name is a position.
    const entries = declared.flatMap((node): Array<{ node: SyntaxNode; name?: string }> => {
      const names = node.childrenForFieldName('name').filter((n) => n?.type === 'identifier');
      return names.length > 1 ? names.map((n) => ({ node, name: n!.text })) : [{ node, name: undefined }];
    });
    const params = entries.map((e) => e.node);
    const index = (name: string) =>
      entries.findIndex((e) =>
        e.name !== undefined
          ? e.name === name
          : wholeName(name).test(e.node.text) && !/^\s*$/.test(e.node.text),
      );
    return { params, index };
  }

  private pointers?: Map<string, Array<{ name: string; scope?: number }>>;

  /**
   * Calls through variables holding the function itself (`void (*sink)(char *) = badSink; sink(x)`).
   * A pointer counts only in the function that set it: the same name elsewhere may hold another one.
   */
  pointerCalls(declared: string): SyntaxNode[] {
    if (!this.table.localDeclaration) return [];
    const functions = this.context.values.dialect.functionTypes;
    if (!this.pointers) {
      this.pointers = new Map();
      const heads = new Set(this.sortedCalls().map((call) => this.head(call)));
      for (const head of heads) {
        if (!/^\w+$/.test(head)) continue;
        for (const site of this.context.values.bindingsAnywhere(head)) {
          const target = site.binding.value?.text.replace(/^&/, '');
          if (!target || !/^\w+$/.test(target)) continue;
          const entry = { name: head, scope: closest(site.node, functions)?.id };
          this.pointers.set(target, [...(this.pointers.get(target) ?? []), entry]);
        }
      }
    }
    return (this.pointers.get(declared) ?? []).flatMap(({ name, scope }) =>
      this.calls(name).filter((call) => scope === undefined || closest(call, functions)?.id === scope),
    );
  }

  private callsInOrder?: SyntaxNode[];

  sortedCalls(): SyntaxNode[] {
    this.callsInOrder ??= [...this.context.nodes([...this.table.callTypes])].sort(
      (a, b) => a.startIndex - b.startIndex,
    );
    return this.callsInOrder;
  }

  private functionIndex?: Map<string, SyntaxNode | null>;

  /** The file's functions by name; null for a name declared twice (overloads). */
  functions(): Map<string, SyntaxNode | null> {
    if (!this.functionIndex) {
      const dialect = this.context.values.dialect;
      this.functionIndex = new Map();
      for (const fn of this.context.nodes([...dialect.functionTypes])) {
        const name = functionName(fn, dialect.helpers?.declaredName);
        // Overloads share a name: the summary would mix them, so they are left to propagation.
        if (name) this.functionIndex.set(name, this.functionIndex.has(name) ? null : fn);
      }
    }
    return this.functionIndex;
  }

  /** The one function of the file a call head names (`helper`, `obj.helper`); overloads give none. */
  functionNamed(head: string): SyntaxNode | undefined {
    const [, variable, name] = /(?:^(\$)?|\.|->|::)(\w+)$/.exec(head) ?? [];
    const fn = (name ? this.functions().get(name) : undefined) ?? undefined;
    // `$f(...)` calls the closure held in `$f`, not a function or method declared as `f`.
    return variable && fn?.childForFieldName('name') ? undefined : fn;
  }

  /**
   * The calls that call the function `declared` by its name (the table's `callbacks`:
   * `call_user_func('f', $a)`, `call_user_func_array($name, [$a])` with `$name = 'f'`), with the
   * arguments `f` receives by position; `rest` is an array passed whole (each position may hold it).
   */
  callbackCalls(declared: string): Array<{ args: SyntaxNode[]; rest?: SyntaxNode }> {
    const out: Array<{ args: SyntaxNode[]; rest?: SyntaxNode }> = [];
    for (const call of this.sortedCalls()) {
      const found = this.callbackOf(call);
      if (found?.name === declared) out.push({ args: found.args, rest: found.rest });
    }
    return out;
  }

  /**
   * The function a callback call (the table's `callbacks`) calls by name, with the arguments it
   * receives: a string naming it, or a variable holding that string or a closure (`$f = function
   * ($x) {...}; call_user_func($f, $a)`: the closure is named after its variable, see `functionName`).
   */
  callbackOf(call: SyntaxNode): { name: string; args: SyntaxNode[]; rest?: SyntaxNode } | undefined {
    const values = this.context.values;
    const bare = (a: SyntaxNode | undefined) => (a?.type === 'argument' ? (a.namedChildren.at(-1) ?? a) : a);
    const named = (node: SyntaxNode | undefined): string | undefined => {
      if (!node) return undefined;
      if (values.dialect.stringTypes.has(node.type)) return values.dialect.literalValue(node);
      const variable = values.dialect.variableName(node);
      const bindings = variable === undefined ? [] : values.bindingsBefore(variable, node);
      const value = bindings.length === 1 ? bindings[0].value : undefined;
      if (value && values.dialect.functionTypes.has(value.type)) return functionName(value);
      return value && values.dialect.stringTypes.has(value.type)
        ? values.dialect.literalValue(value)
        : undefined;
    };
    const head = this.head(call);
    const spec = this.table.callbacks?.find((s) => s.callee.test(head));
    if (!spec) return undefined;
    const args = (call.childForFieldName('arguments')?.namedChildren ?? [])
      .filter((a): a is SyntaxNode => a !== null)
      .map((a) => bare(a)!);
    const name = named(args[0]);
    if (name === undefined) return undefined;
    if (!spec.spread) return { name, args: args.slice(1) };
    if (args[1] && spec.arrayTypes.has(args[1].type))
      return { name, args: args[1].namedChildren.filter((e): e is SyntaxNode => e !== null) };
    return args[1] ? { name, args: [], rest: args[1] } : undefined;
  }

  calls(name: string): SyntaxNode[] {
    if (!this.callIndex) {
      this.callIndex = new Map();
      for (const call of this.context.nodes([...this.table.callTypes])) {
        const called = /(\w+)$/.exec(this.head(call))?.[1];
        if (!called) continue;
        const list = this.callIndex.get(called) ?? [];
        list.push(call);
        this.callIndex.set(called, list);
      }
    }
    return this.callIndex.get(name) ?? [];
  }
}

/** A function's name: its `name` field, or the identifier of a C declarator. */
export function functionName(
  fn: SyntaxNode,
  declaredName?: (fn: SyntaxNode) => string | undefined,
): string | undefined {
  const own = declaredName?.(fn) ?? fn.childForFieldName('name')?.text;
  if (own) return own;
  // A PHP closure assigned to a variable (`$escape = function ($x) {...}`, `fn ($x) => ...`) is called
  // by it: `$escape($y)`.
  const left = fn.parent?.type === 'assignment_expression' ? fn.parent.childForFieldName('left') : undefined;
  if (/^(?:anonymous|arrow)_function$/.test(fn.type) && left?.type === 'variable_name')
    return left.text.slice(1);
  const declarator = descendants(fn.childForFieldName('declarator') ?? fn, ['function_declarator'])[0];
  return declarator?.childForFieldName('declarator')?.text.replace(/^.*::/, '');
}
