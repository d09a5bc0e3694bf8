// Source → sink taint tracking over tree-sitter trees, driven by a per-language table
// (`tables.ts`): which expressions read input (sources), which calls make a value safe
// (sanitizers), which calls move input into an object in place (`list.add(x)`, `strcat(buf, x)`,
// `fgets(buf, ...)`), and which calls must not receive input (sinks).
//
// A value is tainted when it is a source, or is built from a tainted part: every expression
// propagates the taint of its parts (concatenation, formatting, f-strings, builders, method calls
// on tainted receivers, unknown calls with tainted arguments) unless a sanitizer stops it.
// Variables are followed to their reaching assignments (the value classifier's), loop variables to
// the collection they iterate, and a function parameter to the arguments every call of that function
// in the same file passes (a per-function summary), so input handed to a helper is followed into it.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { conditionalParts, constantNumber, inDeadBranch } from './constants';

export interface TaintTable {
  /** Call and member-access node types of the grammar. */
  callTypes: ReadonlySet<string>;
  /** Node types whose text may name a source (`request.args`, `req.QueryString["id"]`). */
  memberTypes: ReadonlySet<string>;
  /** Node types of function parameters (for summaries and parameter sources). */
  parameterTypes: ReadonlySet<string>;
  /** A call head or member text that reads input. */
  source: RegExp;
  /** A parameter that receives input by its declaration (`@RequestParam String id`, `HttpServletRequest`). */
  sourceParameter?: RegExp;
  /** A call head whose result is safe whatever its arguments (escaping, numeric parsing). */
  sanitizer: RegExp;
  /** Calls that taint one of their arguments in place when another is tainted or when they read input. */
  inPlace?: Array<{ callee: RegExp; target: 'receiver' | number; reads?: boolean }>;
  /**
   * Node type of an object-like macro definition (C's `preproc_def`): `#define COMMAND_ARG3 data`
   * or `#define EXECL execl` stands for the identifier it expands to (macros are not expanded by
   * the parser, and code hides its sinks and arguments behind them).
   */
  macroType?: string;
  /**
   * Node type of a local declaration (`init_declarator`): a name a function never declares,
   * assigns nor receives is a global and carries what other functions assign to it. Absent: globals
   * are not followed (Python's assignments declare locals).
   */
  localDeclaration?: string;
}

/** Where input came from, as source text for the message; undefined when the value is clean. */
export type Taint = string | undefined;

const MAX_DEPTH = 60;
const MAX_VISITS = 20_000;

export class TaintTracker {
  private readonly memo = new Map<number, Taint>();
  private readonly active = new Set<number>();
  private depth = 0;
  private visits = 0;
  private callIndex?: Map<string, SyntaxNode[]>;

  constructor(
    private readonly context: AnalysisContext,
    readonly table: TaintTable,
    /** Count a parameter no call in the file feeds as possible input (code reviewed out of context). */
    private readonly openParameters = false,
  ) {}

  /** The input `node`'s value carries, if any. */
  taint(node: SyntaxNode | null | undefined): Taint {
    if (!node || this.depth >= MAX_DEPTH || this.visits >= MAX_VISITS) return undefined;
    const cached = this.memo.get(node.id);
    if (cached !== undefined || this.memo.has(node.id)) return cached;
    if (this.active.has(node.id)) return undefined;
    this.active.add(node.id);
    this.depth++;
    this.visits++;
    try {
      const result = this.compute(node);
      this.memo.set(node.id, result);
      return result;
    } finally {
      this.depth--;
      this.active.delete(node.id);
    }
  }

  /** The text of a call up to its argument list (`request.getParameter`, `new FileInputStream`). */
  head(call: SyntaxNode): string {
    const args = call.childForFieldName('arguments');
    const text = args ? call.text.slice(0, args.startIndex - call.startIndex) : call.text;
    const head = text.replace(/\s+/g, '');
    return this.macro(head) ?? head;
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

  private compute(node: SyntaxNode): Taint {
    const { table } = this;
    if (table.callTypes.has(node.type)) {
      const head = this.head(node);
      if (table.sanitizer.test(head)) return undefined;
      // The value classifier proves some calls constant whatever their arguments: numeric-only
      // formats (`fmt.Sprintf("id = %d", x)`, `"%d" % x`), quoting and number conversions.
      if (this.context.values.kind(node) === 'constant') return undefined;
      if (table.source.test(head)) return short(node.text);
      const summary = this.returned(node, head);
      if (summary) return summary.taint;
    } else if (table.memberTypes.has(node.type) && node.text.length < 200 && table.source.test(node.text)) {
      return short(node.text);
    }
    const name = this.context.values.dialect.variableName(node);
    if (name !== undefined) return this.variable(name, node);
    const expanded = node.type === 'identifier' ? this.macro(node.text) : undefined;
    if (expanded !== undefined) return this.variable(expanded, node);
    const conditional = conditionalParts(node);
    const decided = conditional ? constantNumber(conditional[0], this.context.values) : undefined;
    if (conditional && decided !== undefined) return this.taint(decided ? conditional[1] : conditional[2]);
    if (/^(?:lambda|function|method_declaration|class|comment)/.test(node.type)) return undefined;
    for (const child of node.namedChildren) {
      const found = child ? this.taint(child) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  private variable(name: string, use: SyntaxNode): Taint {
    const values = this.context.values;
    for (const binding of values.bindingsBefore(name, use)) {
      if (binding.value && inDeadBranch(binding.value, values)) continue;
      const found = this.taint(binding.value);
      if (found) return found;
    }
    const inPlace = this.inPlace(name, use);
    if (inPlace) return inPlace;
    const loop = this.loopSource(name, use);
    if (loop) return loop.taint;
    return this.parameter(name, use) ?? this.globalWrites(name, use);
  }

  /**
   * A name the enclosing function neither declares, assigns nor receives is a global (a C `static`,
   * a module variable): it carries what any other function assigns to it, in any order.
   */
  private globalWrites(name: string, use: SyntaxNode): Taint {
    const declaration = this.table.localDeclaration;
    const functions = this.context.values.dialect.functionTypes;
    const fn = closest(use, functions);
    if (!declaration || !fn || this.parameters(fn).index(name) >= 0) return undefined;
    const sites = this.context.values
      .bindingsAnywhere(name)
      .map((s) => ({ ...s, owner: closest(s.node, functions) }));
    if (sites.some((s) => s.owner?.id === fn.id)) return undefined;
    // Another function's own local of the same name is not the global.
    const declaring = new Set(sites.filter((s) => s.node.type === declaration).map((s) => s.owner?.id));
    for (const site of sites) {
      if (!site.owner || declaring.has(site.owner.id)) continue;
      const found = this.taint(site.binding.value);
      if (found) return found;
    }
    return undefined;
  }

  /** `list.add(x)`, `sb.append(x)`, `strcat(buf, x)`, `fgets(buf, n, stdin)` before the use. */
  private inPlace(name: string, use: SyntaxNode): Taint {
    const rules = this.table.inPlace;
    // `map.get("keyA")` reads only what was put under "keyA".
    const reader = use.parent && this.table.callTypes.has(use.parent.type) ? use.parent : undefined;
    const key =
      reader && /\.(?:get|getOrDefault|Get)$/.test(this.head(reader))
        ? literalText(reader.childForFieldName('arguments')?.namedChildren[0])
        : undefined;
    const scope = closest(use, this.context.values.dialect.functionTypes);
    if (!rules || !scope) return undefined;
    const all = this.sortedCalls();
    let low = 0;
    for (let high = all.length; low < high;) {
      const mid = (low + high) >> 1;
      if (all[mid].startIndex < scope.startIndex) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < all.length && all[i].startIndex < use.startIndex; i++) {
      const call = all[i];
      if (
        call.endIndex > scope.endIndex ||
        (call.startIndex <= use.startIndex && use.endIndex <= call.endIndex)
      )
        continue;
      // A chain `sb.Append(a).Append(b)` appends to its root object: match as `sb.Append`.
      const head = this.head(call).replace(/^(\w+)(?:\.\w+|\([^()]*\))*\.(\w+)$/, '$1.$2');
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      for (const rule of rules) {
        if (!rule.callee.test(head)) continue;
        const target = rule.target === 'receiver' ? receiverName(head) : bufferName(args[rule.target]?.text);
        if (target !== name) continue;
        if (rule.reads) return short(call.text);
        if (key !== undefined && literalText(args[0]) !== undefined && literalText(args[0]) !== key) continue;
        for (const [i, arg] of args.entries()) {
          if (rule.target !== 'receiver' && i === rule.target) continue;
          const found = this.taint(arg);
          if (found) return found;
        }
      }
    }
    return undefined;
  }

  /** A loop variable carries what its collection carries; undefined when `name` is no loop variable. */
  private loopSource(name: string, use: SyntaxNode): { taint: Taint } | undefined {
    for (let node = use.parent; node; node = node.parent) {
      if (!/for/.test(node.type)) continue;
      const variable = node.childForFieldName('name') ?? node.childForFieldName('left');
      const collection = node.childForFieldName('value') ?? node.childForFieldName('right');
      if (!variable || !collection || !new RegExp(`\\b${escape(name)}\\b`).test(variable.text)) continue;
      return { taint: this.taint(collection) };
    }
    return undefined;
  }

  /** A parameter: a declared source, or what the file's calls of its function pass in its place. */
  private parameter(name: string, use: SyntaxNode): Taint {
    const dialect = this.context.values.dialect;
    const fn = closest(use, dialect.functionTypes);
    if (!fn) return undefined;
    const { params, index: indexOf } = this.parameters(fn);
    const index = indexOf(name);
    if (index < 0) return undefined;
    if (this.table.sourceParameter?.test(params[index].text)) return short(params[index].text);
    const declared = functionName(fn, dialect.helpers?.declaredName);
    const callers = declared
      ? [...this.calls(declared), ...this.pointerCalls(declared)].filter(
          (c) => c.startIndex < fn.startIndex || c.endIndex > fn.endIndex,
        )
      : [];
    if (callers.length === 0) return this.openParameters ? `parameter ${name}` : undefined;
    for (const call of callers) {
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      const found = this.taint(args[index]);
      if (found) return found;
    }
    return undefined;
  }

  /** A function's parameters, and the position of the one named `name` (-1 when none is). */
  private parameters(fn: SyntaxNode): { params: SyntaxNode[]; index: (name: string) => number } {
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
          : new RegExp(`\\b${escape(name)}\\b`).test(e.node.text) && !/^\s*$/.test(e.node.text),
      );
    return { params, index };
  }

  private pointers?: Map<string, Array<{ name: string; scope?: number }>>;

  /**
   * Calls through variables holding the function itself (`void (*sink)(char *) = badSink; sink(x)`).
   * A pointer counts only in the function that set it: the same name elsewhere may hold another one.
   */
  private pointerCalls(declared: string): SyntaxNode[] {
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

  private sortedCalls(): SyntaxNode[] {
    this.callsInOrder ??= [...this.context.nodes([...this.table.callTypes])].sort(
      (a, b) => a.startIndex - b.startIndex,
    );
    return this.callsInOrder;
  }

  private functionIndex?: Map<string, SyntaxNode | null>;

  /**
   * A call of a function declared in this file: what its `return`s carry (its summary), its
   * parameters following every call site. Undefined for other calls, which propagate their parts.
   */
  private returned(call: SyntaxNode, head: string): { taint: Taint } | undefined {
    const dialect = this.context.values.dialect;
    if (!this.functionIndex) {
      this.functionIndex = new Map();
      for (const fn of this.context.nodes([...dialect.functionTypes])) {
        const name = functionName(fn, dialect.helpers?.declaredName);
        // Overloads share a name: the summary would mix them, so they are left to propagation.
        if (name) this.functionIndex.set(name, this.functionIndex.has(name) ? null : fn);
      }
    }
    const name = /(?:^|\.)(\w+)$/.exec(head)?.[1];
    const fn = name ? this.functionIndex.get(name) : undefined;
    if (!fn || (fn.startIndex <= call.startIndex && call.endIndex <= fn.endIndex)) return undefined;
    for (const ret of descendants(fn, ['return_statement'])) {
      if (closest(ret, dialect.functionTypes)?.id !== fn.id) continue;
      const found = this.taint(ret);
      if (found) return { taint: found };
    }
    return { taint: undefined };
  }

  private calls(name: string): SyntaxNode[] {
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
function functionName(
  fn: SyntaxNode,
  declaredName?: (fn: SyntaxNode) => string | undefined,
): string | undefined {
  const own = declaredName?.(fn) ?? fn.childForFieldName('name')?.text;
  if (own) return own;
  const declarator = descendants(fn.childForFieldName('declarator') ?? fn, ['function_declarator'])[0];
  return declarator?.childForFieldName('declarator')?.text.replace(/^.*::/, '');
}

/** The text of a plain string literal, else undefined. */
function literalText(node: SyntaxNode | null | undefined): string | undefined {
  return node && /^(?:string_literal|string)$/.test(node.type) && !/[{$]/.test(node.text)
    ? node.text.slice(1, -1)
    : undefined;
}

/** The buffer an out-argument writes to: `data` in `data`, `(char *)(data + len)`, `&data[0]`. */
function bufferName(text: string | undefined): string | undefined {
  const stripped = text?.replace(/\(\s*(?:const\s+)?(?:unsigned\s+)?\w+\s*\*+\s*\)/g, '');
  return stripped ? /[A-Za-z_]\w*/.exec(stripped)?.[0] : undefined;
}

function receiverName(head: string): string | undefined {
  return /^(\w+)\.\w+$/.exec(head)?.[1] ?? /^(?:this|self)\.(\w+)\.\w+$/.exec(head)?.[1];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
