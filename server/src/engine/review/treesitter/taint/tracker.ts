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
import { dominates } from '../values';
import { conditionalParts, constantNumber, inDeadBranch } from './constants';
import { blockParameterTaint, declaringBlock, fieldTaint, type Origins, unknownValue } from './origins';

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
  /**
   * Call heads that make a value safe for one rule only, by rule id: HTML escaping protects a page,
   * not a file path, an SQL string or the session.
   */
  ruleSanitizers?: Readonly<Record<string, RegExp>>;
  /**
   * Sources that read a web request (`request.args`, the `request` object) count only in a file that
   * imports a web framework: elsewhere `request` is some other object (an HTTP client's request).
   * `imports` are the import statements' node types; `module` matches their text.
   */
  webSources?: { match: RegExp; imports: string[]; module: RegExp };
  /**
   * The receiver parameter methods declare first (Python's `self`/`cls`): it is not input, and calls
   * `obj.method(a)` pass `a` to the second parameter.
   */
  selfParameter?: RegExp;
  /**
   * Calls that make a value safe for one rule, judged on the call and its file where a pattern
   * cannot (an escaping table held in a variable: `str_replace(array_keys($map), ..., $x)`).
   */
  ruleSanitizingCalls?: Readonly<Record<string, (call: SyntaxNode, context: AnalysisContext) => boolean>>;
  /** A whole call that makes its value safe (`x.replace("'", "&apos;")` removes every quote). */
  sanitizingCall?: RegExp;
  /**
   * Calls that taint one of their arguments in place when another is tainted or when they read input.
   * `keys`: how many leading arguments name the slot written (`map.put("k", v)` 1, configparser's
   * `conf.set("section", "k", v)` 2); a `.get` reading other constant keys does not see the write.
   */
  inPlace?: Array<{ callee: RegExp; target: 'receiver' | number; reads?: boolean; keys?: number }>;
  /**
   * A name holding the whole request (Flask's `request`, a Django view's `request`): handed on as a
   * value (`wrapper(request)`), what the callee returns carries input. Read through a field it is
   * only as tainted as `source` says (`request.method` is not input).
   */
  sourceObject?: RegExp;
  /**
   * Validation guards that leave the function: `if '..' in name: return`. Each condition is a regex
   * source where `NAME` stands for the variable (or a variable computed from it, `url = urlparse(name)`);
   * `exit` matches the last statement of the guard's body. After such a guard the variable is clean.
   */
  guards?: { conditions: string[]; exit: RegExp };
  /** Node type of an assignment whose left side may be an element (`d["k"] = v`, `arr[0] = v`). */
  elementAssignment?: string;
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
  /**
   * A list created empty and filled in place, read at a constant index (`lst[1]`, `list.get(1)`):
   * the read carries only what the adds and removes leave at that index (`lst = []; lst.append("a");
   * lst.append(x); lst.pop(0); lst[1]` is clean). `empty` matches the list's creation; `add`,
   * `removeAt` (a constant index, or the last element without one) and `get` are method names.
   */
  indexedList?: { empty: RegExp; add: RegExp; removeAt: RegExp; get?: RegExp };
  /**
   * Parsers that throw on anything but their format (`int.Parse(data)`): a variable given to one
   * earlier in the function is validated, and its later uses carry no input.
   */
  validatedBy?: RegExp;
  /**
   * The value classifier's constant lookups are allow-lists (`allowed[key]` on a table of constants
   * nothing in the file writes to): the key's input does not reach the value. Only where the
   * classifier sees every write to a table (Go: `m[k] = v`, `s = append(s, x)`), not where lists
   * are filled in place by method calls (`lst.append(x)`).
   */
  constantLookups?: boolean;
  /**
   * A function of the file named like a sanitizer counts as one only when its body calls one of
   * these (a replacement, a character filter, an escaper); otherwise its summary decides. Absent:
   * names decide.
   */
  helperBodies?: RegExp;
  /**
   * Names a formatting macro captures from its format string (Rust's `format!("id = {id}")`): a
   * string literal directly inside a `macro` invocation carries what the variables `name` (global,
   * group 1) captures carry.
   */
  stringCaptures?: { macro: RegExp; name: RegExp };
  /**
   * A parameter that writes through to the caller's variable (C++ `char *&data`): a call of a
   * function of the same file passing a variable there gives it what the function leaves in the
   * parameter (`badSource(data)` that reads input into `data`).
   */
  referenceParameter?: RegExp;
  /**
   * Conditions that pin a variable to constants inside one branch: in `if x == "a" || x == "b" {..}`
   * or `if ALLOWED.contains(&x) {..}` x is one of the literals, so it carries no input there; in the
   * `else` of `if x != "a"` likewise. Regex sources matched against one conjunct of the condition
   * (whitespace removed), `NAME` standing for the variable; a named group `list` must name a
   * collection whose every binding matches `constantList` (literals only).
   */
  branchGuards?: { then: string[]; otherwise: string[]; constantList: RegExp };
  /**
   * Node types (besides calls) whose value carries nothing when the value classifier proves it
   * constant: PHP's `(int)$x` cast, `$x + 0` arithmetic and `$x += 0.0` all yield a number.
   */
  constantTypes?: ReadonlySet<string>;
  /**
   * Conditions that validate a variable (regex sources where `NAME` stands for it): inside the
   * branch the condition guards, the variable is clean (`if (in_array($x, $allowed)) { ... $x ... }`,
   * `if (preg_match('/^[a-z]*$/', $x))`). Variables holding a literal are read as that literal.
   */
  narrowing?: string[];
  /**
   * Blocks, instance variables, implicit returns and values the file does not show (Ruby): see
   * `origins.ts`. Absent: identifiers are only variables and parameters.
   */
  origins?: Origins;
}

/** Where input came from, as source text for the message; undefined when the value is clean. */
export type Taint = string | undefined;

const MAX_DEPTH = 60;
/** Ruby's conditional statements and expressions (other grammars' have other names). */
const RUBY_BRANCHING = /^(?:if|unless|elsif|case|when|while|until)$/;
const MAX_VISITS = 20_000;

export class TaintTracker {
  /** Results per rule (rule sanitizers make the same node clean for one sink and not another). */
  private readonly memos = new Map<string, Map<number, Taint>>([['', new Map()]]);
  private memo = this.memos.get('')!;
  private rule = '';
  private readonly active = new Set<number>();
  private depth = 0;
  private visits = 0;
  private callIndex?: Map<string, SyntaxNode[]>;

  constructor(
    private readonly context: AnalysisContext,
    readonly table: TaintTable,
    /** Count a parameter no call in the file feeds as possible input (code reviewed out of context). */
    private readonly openParameters = false,
    /**
     * Count values the file does not show as their own source (`table.origins`): a method defined
     * elsewhere, an instance variable nothing here sets, the record `self`. Asked only to decide
     * whether built SQL or a command is a constant after all (then such findings stay, at medium).
     */
    private readonly opaque = false,
  ) {}

  /**
   * The input `node`'s value carries, if any. With `rule`, the rule's own sanitizers also stop it
   * (the value reaches that rule's sink); without, the rule of the enclosing query applies (none
   * at the top: only the table's general sanitizers).
   */
  taint(node: SyntaxNode | null | undefined, rule?: string): Taint {
    // A rule without sanitizers of its own shares the general results.
    const own = (r: string) => !!this.table.ruleSanitizers?.[r] || !!this.table.ruleSanitizingCalls?.[r];
    const key = rule !== undefined && own(rule) ? rule : rule === undefined ? this.rule : '';
    if (key !== this.rule) {
      const [outerRule, outerMemo] = [this.rule, this.memo];
      this.rule = key;
      this.memo = this.memos.get(key) ?? new Map<number, Taint>();
      this.memos.set(key, this.memo);
      try {
        return this.taint(node);
      } finally {
        [this.rule, this.memo] = [outerRule, outerMemo];
      }
    }
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
      if (
        (table.sanitizer.test(head) || table.ruleSanitizers?.[this.rule]?.test(head)) &&
        !this.namedOnly(head)
      )
        return undefined;
      // A rule sanitizer may name the call with its arguments (`filter_var($x, FILTER_SANITIZE_SPECIAL_CHARS)`).
      if (table.ruleSanitizers?.[this.rule]?.test(node.text)) return undefined;
      if (table.ruleSanitizingCalls?.[this.rule]?.(node, this.context)) return undefined;
      if (table.sanitizingCall?.test(node.text)) return undefined;
      // The value classifier proves some calls constant whatever their arguments: numeric-only
      // formats (`fmt.Sprintf("id = %d", x)`, `"%d" % x`), quoting and number conversions.
      if (this.context.values.kind(node) === 'constant') return undefined;
      if (table.source.test(head) && this.requestSeen(head) && !this.shadowed(head, node))
        return short(node.text);
      const summary = this.returned(node, head);
      if (summary) return summary.taint;
    } else if (
      table.memberTypes.has(node.type) &&
      node.text.length < 200 &&
      table.source.test(node.text) &&
      this.requestSeen(node.text) &&
      !this.shadowed(node.text, node)
    ) {
      return short(node.text);
    } else if (
      table.constantLookups &&
      table.memberTypes.has(node.type) &&
      this.context.values.kind(node) === 'constant'
    ) {
      // A lookup the value classifier proves constant (a table of constants indexed by anything,
      // `allowed[r.FormValue("sort")]`): an allow-list, whatever the key.
      return undefined;
    }
    if (table.constantTypes?.has(node.type) && this.context.values.kind(node) === 'constant')
      return undefined;
    const origins = table.origins;
    if (origins?.fieldTypes.has(node.type))
      return fieldTaint(node, this.context, (n) => this.taint(n), this.opaque);
    const isCall = table.callTypes.has(node.type);
    const unknown =
      origins && this.opaque ? unknownValue(node, origins, isCall ? this.head(node) : '', isCall) : undefined;
    if (unknown) return unknown;
    const name = this.context.values.dialect.variableName(node);
    if (name !== undefined) return this.variable(name, node);
    const captured = this.captures(node);
    if (captured) return captured;
    const expanded = node.type === 'identifier' ? this.macro(node.text) : undefined;
    if (expanded !== undefined) return this.variable(expanded, node);
    const conditional = conditionalParts(node);
    const decided = conditional ? constantNumber(conditional[0], this.context.values) : undefined;
    if (conditional && decided !== undefined) return this.taint(decided ? conditional[1] : conditional[2]);
    // `c ? a : b` is `a` or `b`: what the condition tests does not flow into the value.
    if (conditional && node.type !== 'if_statement')
      return this.taint(conditional[1]) ?? this.taint(conditional[2]);
    // Definitions carry nothing as values (PHP's `function_call_expression` is no definition).
    if (
      !table.callTypes.has(node.type) &&
      /^(?:lambda|function|method_declaration|class|comment)/.test(node.type)
    )
      return undefined;
    // The name of the method a call invokes (Ruby's `method` field) is no value; nor is what a Ruby
    // `if`/`case`/`when` tests (`case kind when "a" then "x" end` is "x" or nothing).
    const skipped = new Set(
      [
        ...(isCall ? [node.childForFieldName('method')] : []),
        ...(RUBY_BRANCHING.test(node.type)
          ? [
              node.childForFieldName('condition'),
              node.childForFieldName('value'),
              ...node.childrenForFieldName('pattern'),
            ]
          : []),
      ].map((c) => c?.id),
    );
    for (const child of node.namedChildren) {
      if (child && this.sanitizedTokens(node, child)) continue;
      if (child && skipped.has(child.id)) continue;
      const found = child ? this.taint(child) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Macro arguments are token trees, not calls: in `format!("^{}$", regex::escape(&user))` the
   * sanitizer is the path just before the parenthesized tokens it applies to.
   */
  private sanitizedTokens(tree: SyntaxNode, child: SyntaxNode): boolean {
    if (tree.type !== 'token_tree' || child.type !== 'token_tree' || !child.text.startsWith('('))
      return false;
    const before = tree.text.slice(0, child.startIndex - tree.startIndex);
    const head = /[\w:.]+$/.exec(before.replace(/\s+/g, ''))?.[0];
    return !!head && this.table.sanitizer.test(head);
  }

  private variable(name: string, use: SyntaxNode): Taint {
    const values = this.context.values;
    if (
      this.guarded(name, use) ||
      this.validated(name, use) ||
      this.pinned(name, use) ||
      this.narrowed(name, use)
    )
      return undefined;
    for (const binding of values.bindingsBefore(name, use)) {
      if (binding.value && inDeadBranch(binding.value, values)) continue;
      const found = this.taint(binding.value);
      if (found) return found;
    }
    const element = this.listElement(name, use);
    if (element) return element.taint;
    const inPlace =
      this.inPlace(name, use) ?? this.elementWrites(name, use) ?? this.referenceWrites(name, use);
    if (inPlace) return inPlace;
    const loop = this.loopSource(name, use);
    if (loop) return loop.taint;
    const origins = this.table.origins;
    const block = origins && declaringBlock(name, use, origins);
    if (block)
      return blockParameterTaint(
        block,
        name,
        origins,
        (n) => this.taint(n),
        (call) => this.table.sanitizer.test(this.head(call)),
        this.opaque,
      );
    // `def run(ip); ip = escape(ip); ...`: what the caller passed no longer reaches the use.
    if (this.overwritten(name, use)) return undefined;
    return (
      this.parameter(name, use) ??
      this.globalWrites(name, use) ??
      this.wholeSource(name, use) ??
      this.unknownName(name, use)
    );
  }

  /**
   * True when the source `text` starts with a name (`origins.shadowedSources`, Ruby's `params`
   * method) that a parameter or local of the enclosing function redefines: `def f(*params)`.
   */
  private shadowed(text: string, at: SyntaxNode): boolean {
    const names = this.table.origins?.shadowedSources;
    const root = /^\w+/.exec(text)?.[0];
    if (!names || !root || !names.test(root)) return false;
    const fn = closest(at, this.context.values.dialect.functionTypes);
    return (
      (!!fn && this.parameters(fn).index(root) >= 0) ||
      this.context.values.bindingsBefore(root, at).length > 0
    );
  }

  /**
   * True when a plain assignment of the use's own function always runs before `use` and gives
   * `name` its value there (a field's declaration elsewhere in the class does not).
   */
  private overwritten(name: string, use: SyntaxNode): boolean {
    const functions = this.context.values.dialect.functionTypes;
    const first = this.context.values.bindingsBefore(name, use)[0];
    const fn = closest(use, functions);
    return (
      !!first?.value &&
      !first.append &&
      !!fn &&
      closest(first.value, functions)?.id === fn.id &&
      first.value.text !== name &&
      dominates(first.value, use)
    );
  }

  /**
   * With `origins`, a name that is no variable, parameter nor block parameter calls a method: one of
   * this file returns what its body ends with (or returns), any other is out of sight (opaque mode).
   */
  private unknownName(name: string, use: SyntaxNode): Taint {
    const origins = this.table.origins;
    const values = this.context.values;
    if (!origins || values.bindingsBefore(name, use).length > 0 || this.table.sanitizer.test(name))
      return undefined;
    const fn = closest(use, values.dialect.functionTypes);
    if (fn && this.parameters(fn).index(name) >= 0) return undefined;
    const defined = this.functions().get(name);
    if (defined) return this.implicitReturns(defined);
    return this.opaque ? name : undefined;
  }

  /** What a method whose value is its last expression returns (Ruby): that and its `return`s. */
  private implicitReturns(fn: SyntaxNode): Taint {
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

  /** What the variables a format string captures carry (`format!("{name}")`), if the table knows captures. */
  private captures(node: SyntaxNode): Taint {
    const spec = this.table.stringCaptures;
    const macro = node.parent?.parent;
    if (
      !spec ||
      !this.context.values.dialect.stringTypes.has(node.type) ||
      node.parent?.type !== 'token_tree' ||
      !spec.macro.test(macro?.childForFieldName('macro')?.text ?? '')
    )
      return undefined;
    for (const match of node.text.matchAll(new RegExp(spec.name.source, 'g'))) {
      const found = this.variable(match[1], node);
      if (found) return found;
    }
    return undefined;
  }

  /** True when a branch condition around `use` pins `name` to constants (see `branchGuards`). */
  private pinned(name: string, use: SyntaxNode): boolean {
    const guards = this.table.branchGuards;
    if (!guards) return false;
    const functions = this.context.values.dialect.functionTypes;
    for (let child = use, node = use.parent; node; child = node, node = node.parent) {
      if (functions.has(node.type)) return false;
      const parts = conditionalParts(node);
      if (!parts?.[0] || child.id === parts[0].id) continue;
      const branch = child.id === parts[1]?.id ? 'then' : child.id === parts[2]?.id ? 'otherwise' : undefined;
      if (!branch) continue;
      const matches = (conjunct: string) =>
        guards[branch].some((source) => {
          const found = new RegExp(`^(?:${source.replaceAll('NAME', escape(name))})$`).exec(conjunct);
          const list = found?.groups?.list;
          return !!found && (list === undefined || this.constantCollection(list, parts[0]!));
        });
      const condition = parts[0].text.replace(/\s+/g, '').replace(/^\((.*)\)$/, '$1');
      // `then` needs every alternative of `a || b` to pin the name; the `else` of `a || b` runs when
      // neither holds, so one pinning alternative is enough there.
      const alternatives = condition.split('||').map((alternative) => alternative.split('&&'));
      const holds =
        branch === 'then'
          ? alternatives.every((conjuncts) => conjuncts.some(matches))
          : alternatives.length === 1 && alternatives[0].length === 1 && matches(alternatives[0][0]);
      if (holds) return true;
    }
    return false;
  }

  /** True when `list` (a literal or a variable) holds only literals of the table's `constantList` shape. */
  private constantCollection(list: string, at: SyntaxNode): boolean {
    const shape = this.table.branchGuards!.constantList;
    if (!/^\w+$/.test(list)) return shape.test(list);
    const bindings = this.context.values.bindingsBefore(list, at);
    return (
      bindings.length > 0 &&
      bindings.every((b) => !b.append && !!b.value && shape.test(b.value.text.replace(/\s+/g, '')))
    );
  }

  private elementAssignmentsTo(name: string, use: SyntaxNode): boolean {
    const type = this.table.elementAssignment;
    return (
      !!type &&
      this.context.nodes(type).some((a) => {
        const left = a.childForFieldName('left');
        return (
          a.startIndex < use.startIndex &&
          left?.namedChildren[0]?.text === name &&
          this.table.memberTypes.has(left.type)
        );
      })
    );
  }

  private webFile?: boolean;

  /** False for a web-request source in a file that imports no web framework. */
  private requestSeen(text: string): boolean {
    const web = this.table.webSources;
    if (!web || !web.match.test(text)) return true;
    this.webFile ??= this.context.nodes(web.imports).some((node) => web.module.test(node.text));
    return this.webFile;
  }

  /** The request object itself, passed on as a value (not read through one of its fields). */
  private wholeSource(name: string, use: SyntaxNode): Taint {
    if (!this.table.sourceObject?.test(name)) return undefined;
    const parent = use.parent;
    if (parent && this.table.memberTypes.has(parent.type) && parent.namedChildren[0]?.id === use.id)
      return undefined;
    if (
      parent &&
      this.table.callTypes.has(parent.type) &&
      parent.childForFieldName('function')?.id === use.id
    )
      return undefined;
    return this.context.values.bindingsBefore(name, use).length === 0 && this.requestSeen(name)
      ? name
      : undefined;
  }

  private guardCache = new Map<number, SyntaxNode[]>();

  /** True when a validation guard that exits (`if '..' in name: return`) runs before `use`. */
  private guarded(name: string, use: SyntaxNode): boolean {
    const guards = this.table.guards;
    const fn = guards && closest(use, this.context.values.dialect.functionTypes);
    if (!guards || !fn) return false;
    let ifs = this.guardCache.get(fn.id);
    if (!ifs) {
      ifs = descendants(fn, ['if_statement', 'if_expression']).filter((node) => {
        const body = conditionalParts(node)?.[1];
        const last = body?.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1);
        return !!last && guards.exit.test(last.text);
      });
      this.guardCache.set(fn.id, ifs);
    }
    for (const guard of ifs) {
      if (guard.endIndex > use.startIndex || !dominatesUse(guard, use)) continue;
      const condition = conditionalParts(guard)?.[0]?.text ?? '';
      for (const checked of [name, ...this.derivedNames(name, condition, guard)]) {
        if (guards.conditions.some((c) => new RegExp(c.replaceAll('NAME', escape(checked))).test(condition)))
          return true;
      }
    }
    return false;
  }

  /** True when `use` sits in the branch of an `if` whose condition validates `name`. */
  private narrowed(name: string, use: SyntaxNode): boolean {
    const patterns = this.table.narrowing;
    if (!patterns) return false;
    for (let child = use, node = use.parent; node; child = node, node = node.parent) {
      if (!/^(?:if_statement|if)$/.test(node.type)) continue;
      const body = node.childForFieldName('body') ?? node.childForFieldName('consequence');
      const condition = node.childForFieldName('condition');
      if (!body || !condition || body.id !== child.id) continue;
      const text = this.withLiterals(condition, node);
      if (patterns.some((p) => new RegExp(p.replaceAll('NAME', escape(name))).test(text))) return true;
    }
    return false;
  }

  /** The condition's text with each variable that holds one literal replaced by it (`$re` → `'/^\d+$/'`). */
  private withLiterals(condition: SyntaxNode, at: SyntaxNode): string {
    const values = this.context.values;
    let text = condition.text;
    for (const ref of descendants(condition, [
      ...values.dialect.bindingTypes,
      'variable_name',
      'identifier',
    ])) {
      const name = values.dialect.variableName(ref);
      const bound = name === undefined ? [] : values.bindingsBefore(name, at);
      const literal = bound.length === 1 && bound[0].value ? bound[0].value : undefined;
      if (
        literal &&
        values.dialect.stringTypes.has(literal.type) &&
        values.dialect.literalValue(literal) !== undefined
      )
        text = text.replace(ref.text, literal.text);
    }
    return text;
  }

  /** Variables of `condition` assigned from `name` before `at` (`url = urlparse(name)`). */
  private derivedNames(name: string, condition: string, at: SyntaxNode): string[] {
    const mentions = wholeName(name);
    return [...new Set(condition.match(/[A-Za-z_]\w*/g) ?? [])].filter(
      (other) =>
        other !== name &&
        this.context.values.bindingsBefore(other, at).some((b) => b.value && mentions.test(b.value.text)),
    );
  }

  /**
   * `d["k"] = v` before the use: the element assignments of `name` in its function. A read of
   * another constant key (`d["other"]`) does not see the write.
   */
  private elementWrites(name: string, use: SyntaxNode): Taint {
    const type = this.table.elementAssignment;
    // A global (`$this->items` filled by the constructor) may be written by any function, in any order.
    const global = this.isGlobal(name, use);
    const scope = global
      ? this.context.root
      : (closest(use, this.context.values.dialect.functionTypes) ?? this.context.root);
    if (!type) return undefined;
    const read = use.parent && this.table.memberTypes.has(use.parent.type) ? use.parent : undefined;
    const readKey =
      read && read.namedChildren[0]?.id === use.id ? literalText(read.namedChildren[1]) : undefined;
    for (const assignment of this.context.nodes(type)) {
      if (assignment.startIndex < scope.startIndex) continue;
      if (!global && assignment.startIndex >= use.startIndex) continue;
      if (assignment.endIndex > scope.endIndex) continue;
      const left = assignment.childForFieldName('left');
      if (!left || !this.table.memberTypes.has(left.type) || left.namedChildren[0]?.text !== name) continue;
      const key = literalText(left.namedChildren[1]);
      if (readKey !== undefined && key !== undefined && key !== readKey) continue;
      const found = this.taint(assignment.childForFieldName('right'));
      if (found) return found;
    }
    return undefined;
  }

  /**
   * A name the enclosing function neither declares, assigns nor receives is a global (a C `static`,
   * a module variable): it carries what any other function assigns to it, in any order.
   */
  private globalWrites(name: string, use: SyntaxNode): Taint {
    const declaration = this.table.localDeclaration;
    const functions = this.context.values.dialect.functionTypes;
    if (!declaration || !this.isGlobal(name, use)) return undefined;
    const sites = this.context.values
      .bindingsAnywhere(name)
      .map((s) => ({ ...s, owner: closest(s.node, functions) }));
    // Another function's own local of the same name is not the global.
    const declaring = new Set(sites.filter((s) => s.node.type === declaration).map((s) => s.owner?.id));
    for (const site of sites) {
      if (!site.owner || declaring.has(site.owner.id)) continue;
      const found = this.taint(site.binding.value);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * True when `name`, used in a function, is a global there (see `localDeclaration`): the function
   * neither receives it as a parameter nor binds it.
   */
  private isGlobal(name: string, use: SyntaxNode): boolean {
    const functions = this.context.values.dialect.functionTypes;
    const fn = closest(use, functions);
    if (!this.table.localDeclaration || !fn || this.parameters(fn).index(name) >= 0) return false;
    return !this.context.values.bindingsAnywhere(name).some((s) => closest(s.node, functions)?.id === fn.id);
  }

  /** `list.add(x)`, `sb.append(x)`, `strcat(buf, x)`, `fgets(buf, n, stdin)` before the use. */
  private inPlace(name: string, use: SyntaxNode): Taint {
    const rules = this.table.inPlace;
    // `map.get("keyA")` reads only what was put under "keyA".
    // The call is the use's parent (Java `map.get`) or grandparent (Python's `attribute` in between).
    const via = use.parent && this.table.memberTypes.has(use.parent.type) ? use.parent.parent : use.parent;
    const reader = via && this.table.callTypes.has(via.type) ? via : undefined;
    const readArgs =
      reader && /\.(?:get|getOrDefault|Get)$/.test(this.head(reader))
        ? (reader.childForFieldName('arguments')?.namedChildren ?? []).map(literalText)
        : [];
    const functions = this.context.values.dialect.functionTypes;
    // Top-level code (a PHP or Ruby script) is a scope of its own; the functions it defines are not.
    const fn = closest(use, functions);
    const scope = fn ?? this.context.root;
    if (!rules) return undefined;
    for (const call of this.callsBefore(scope, use)) {
      if (!fn && closest(call, functions)) continue;
      // A chain `sb.Append(a).Append(b)` appends to its root object: match as `sb.Append`.
      const head = this.head(call).replace(/^(\w+)(?:\.\w+|\([^()]*\))*\.(\w+)$/, '$1.$2');
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      for (const rule of rules) {
        if (!rule.callee.test(head)) continue;
        const target = rule.target === 'receiver' ? receiverName(head) : bufferName(args[rule.target]?.text);
        if (target !== name) continue;
        if (rule.reads) return short(call.text);
        const written = args.slice(0, rule.keys ?? 1).map(literalText);
        if (
          readArgs.length > 0 &&
          written.some((k, i) => k !== undefined && readArgs[i] !== undefined && k !== readArgs[i])
        )
          continue;
        for (const [i, arg] of args.entries()) {
          if (rule.target !== 'receiver' && i === rule.target) continue;
          const found = this.taint(arg);
          if (found) return found;
        }
      }
    }
    return undefined;
  }

  /** `f(name)` before the use, where f's parameter at that position is a reference the body fills. */
  private referenceWrites(name: string, use: SyntaxNode): Taint {
    const reference = this.table.referenceParameter;
    const scope = reference && closest(use, this.context.values.dialect.functionTypes);
    if (!reference || !scope) return undefined;
    for (const call of this.callsBefore(scope, use)) {
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      const position = args.findIndex((a) => a.text === name);
      if (position < 0) continue;
      const callee = this.functionNamed(this.head(call));
      if (!callee || callee.id === scope.id) continue;
      const param = this.parameters(callee).params[position];
      const pname = param && reference.exec(param.text)?.[1];
      const end = callee.childForFieldName('body')?.lastChild;
      const found = pname && end ? this.variable(pname, end) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** True when a throwing parser of the table checked `name` earlier in the function of `use`. */
  private validated(name: string, use: SyntaxNode): boolean {
    const parser = this.table.validatedBy;
    const scope = parser && closest(use, this.context.values.dialect.functionTypes);
    if (!parser || !scope) return false;
    return this.callsBefore(scope, use).some((call) => {
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      const first = args[0]?.type === 'argument' ? args[0].namedChildren.at(-1) : args[0];
      return args.length === 1 && first?.text === name && parser.test(this.head(call));
    });
  }

  /** The calls of `scope` that start before `use` and do not contain it, in document order. */
  private callsBefore(scope: SyntaxNode, use: SyntaxNode): SyntaxNode[] {
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

  /**
   * `list.get(1)` (or `lst[1]`) after `list.add("a"); list.add(x); list.add("b"); list.remove(0);`
   * is "b": the adds and removes are replayed when the list starts empty, every call on it runs
   * unconditionally before the read, and all indexes are constants. Undefined (not decided) when
   * `use` is no such read or the list is used in any other way (then every element counts).
   */
  private listElement(name: string, use: SyntaxNode): { taint: Taint } | undefined {
    const list = this.table.indexedList;
    if (!list) return undefined;
    const values = this.context.values;
    const method = (call: SyntaxNode) => /(?:^|\.)(\w+)$/.exec(this.head(call))?.[1] ?? '';
    const argsOf = (call: SyntaxNode) =>
      call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
    const index = (node: SyntaxNode | undefined) => constantNumber(node, values);
    // The read: `lst[1]` (an element access on the list), or `list.get(1)` (the call is the use's
    // parent in Java, its grandparent where a member node sits in between).
    const parent = use.parent;
    const via = parent && this.table.memberTypes.has(parent.type) ? parent.parent : parent;
    const reader = via && this.table.callTypes.has(via.type) ? via : undefined;
    let wanted: number | undefined;
    if (reader && list.get?.test(method(reader))) wanted = index(argsOf(reader)[0]);
    else if (parent && this.table.memberTypes.has(parent.type) && parent.namedChildren[0]?.id === use.id)
      wanted = index(parent.namedChildren[1] ?? undefined);
    const scope = wanted !== undefined && closest(use, values.dialect.functionTypes);
    if (wanted === undefined || !scope) return undefined;
    const bindings = values.bindingsBefore(name, use);
    const start = bindings[0]?.value;
    // Only a list created empty right here (`new ArrayList<>()`, `[]`), assigned once.
    if (bindings.length !== 1 || !start || !list.empty.test(start.text.replace(/\s+/g, ' ')))
      return undefined;
    const elements: SyntaxNode[] = [];
    for (const call of this.callsBefore(scope, use)) {
      if (receiverName(this.head(call).replace(/\([^()]*\)/g, '')) !== name) continue;
      const args = argsOf(call);
      const m = method(call);
      if (list.get?.test(m)) continue;
      if (!dominates(call, use) || call.startIndex < start.endIndex) return undefined;
      const at = args.length === 0 ? elements.length - 1 : index(args[0]);
      if (list.add.test(m) && args.length === 1) elements.push(args[0]);
      else if (
        list.removeAt.test(m) &&
        args.length <= 1 &&
        at !== undefined &&
        at >= 0 &&
        at < elements.length
      )
        elements.splice(at, 1);
      else return undefined;
    }
    // A write the model does not follow (`lst[0] = x`) leaves the index unknown.
    if (this.elementAssignmentsTo(name, use)) return undefined;
    return { taint: wanted < elements.length ? this.taint(elements[wanted]) : undefined };
  }

  /** A loop variable carries what its collection carries; undefined when `name` is no loop variable. */
  private loopSource(name: string, use: SyntaxNode): { taint: Taint } | undefined {
    for (let node = use.parent; node; node = node.parent) {
      if (!/for/.test(node.type)) continue;
      const variable = node.childForFieldName('name') ?? node.childForFieldName('left');
      const collection = node.childForFieldName('value') ?? node.childForFieldName('right');
      if (!variable || !collection || !wholeName(name).test(variable.text)) continue;
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
    const method = !!this.table.selfParameter?.test(params[0]?.text ?? '');
    if (method && index === 0) return undefined;
    const declared = functionName(fn, dialect.helpers?.declaredName);
    const callers = declared
      ? [...this.calls(declared), ...this.pointerCalls(declared)].filter(
          (c) => c.startIndex < fn.startIndex || c.endIndex > fn.endIndex,
        )
      : [];
    if (callers.length === 0) return this.openParameters ? `parameter ${name}` : undefined;
    for (const call of callers) {
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      const bound = method && this.table.memberTypes.has(call.childForFieldName('function')?.type ?? '');
      const found = this.taint(args[bound ? index - 1 : index]);
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
          : wholeName(name).test(e.node.text) && !/^\s*$/.test(e.node.text),
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

  /** The file's functions by name; null for a name declared twice (overloads). */
  private functions(): Map<string, SyntaxNode | null> {
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
  private functionNamed(head: string): SyntaxNode | undefined {
    const name = /(?:^|\.|->|::)(\w+)$/.exec(head)?.[1];
    return (name ? this.functions().get(name) : undefined) ?? undefined;
  }

  /**
   * A call of a function declared in this file: what its `return`s carry (its summary), its
   * parameters following every call site. Undefined for other calls, which propagate their parts.
   */
  private returned(call: SyntaxNode, head: string): { taint: Taint } | undefined {
    const dialect = this.context.values.dialect;
    const fn = this.functionNamed(head);
    if (!fn || (fn.startIndex <= call.startIndex && call.endIndex <= fn.endIndex)) return undefined;
    if (this.table.origins) return { taint: this.implicitReturns(fn) };
    for (const ret of descendants(fn, ['return_statement'])) {
      if (closest(ret, dialect.functionTypes)?.id !== fn.id) continue;
      const found = this.taint(ret);
      if (found) return { taint: found };
    }
    return { taint: undefined };
  }

  /**
   * With `helperBodies`: true when `head` calls a function of this file whose name promises a
   * sanitizer (`attemptSanitize`, `wrapWithQuotes`) but whose body transforms nothing that way: its
   * summary decides instead of its name.
   */
  private namedOnly(head: string): boolean {
    const transforms = this.table.helperBodies;
    if (!transforms) return false;
    const fn = this.functionNamed(head);
    return !!fn && !transforms.test(fn.childForFieldName('body')?.text ?? '');
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

/**
 * True when `node` (a statement before `use`) always runs before it: every enclosing block up to the
 * one holding `use` is a plain block or the body of a `try` (a guard inside `try:` still exits).
 */
function dominatesUse(node: SyntaxNode, use: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.startIndex <= use.startIndex && use.endIndex <= p.endIndex) return true;
    // Go wraps a block's statements in a statement_list; Rust's `if` is an expression, inside an
    // expression statement.
    if (
      !/^(?:block|statement_list|try_statement|statement_block|compound_statement|expression_statement)$/.test(
        p.type,
      )
    )
      return false;
  }
  return false;
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
  const stripped = text
    ?.replace(/\(\s*(?:const\s+)?(?:unsigned\s+)?\w+\s*\*+\s*\)/g, '')
    .replace(/^&\s*mut\s+/, '');
  return stripped ? /\$?[A-Za-z_]\w*/.exec(stripped)?.[0] : undefined;
}

function receiverName(head: string): string | undefined {
  return /^(\w+)\.\w+$/.exec(head)?.[1] ?? /^(?:this|self)\.(\w+)\.\w+$/.exec(head)?.[1];
}

/** `name` as a whole word; PHP's `$file` starts with a non-word character, so `\b` cannot mark it. */
function wholeName(name: string): RegExp {
  return new RegExp(`(?<![\\w$])${escape(name)}(?![\\w])`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
