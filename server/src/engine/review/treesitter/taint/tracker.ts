// Source → sink taint tracking over tree-sitter trees, driven by a per-language table
// (`tables/`): which expressions read input (sources), which calls make a value safe
// (sanitizers), which calls move input into an object in place (`list.add(x)`, `strcat(buf, x)`,
// `fgets(buf, ...)`), and which calls must not receive input (sinks).
//
// A value is tainted when it is a source, or is built from a tainted part: every expression
// propagates the taint of its parts (concatenation, formatting, f-strings, builders, method calls
// on tainted receivers, unknown calls with tainted arguments) unless a sanitizer stops it.
// Variables are followed to their reaching assignments (the value classifier's), loop variables to
// the collection they iterate, and a function parameter to the arguments every call of that function
// in the same file passes (a per-function summary, `summaries.ts`), so input handed to a helper is
// followed into it.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest } from '../syntax';
import { dominates } from '../values';
import {
  declaredTaint,
  declaresTaint,
  escapedAssignment,
  escapesRule,
  namesRule,
  parameterAt,
  sourceFor,
} from './annotations';
import { conditionalParts, constantNumber, inDeadBranch } from './constants';
import { PATH } from './tables/common';
import { FileIndex } from './fileIndex';
import { dominatesUse, Guards } from './guards';
import { builtBy, readThrough, short, wholeName } from './names';
import { ArrayShapes } from './arrayShapes';
import { argumentList, argumentValues, Objects } from './objects';
import { References } from './references';
import { blockParameterTaint, declaringBlock, fieldTaint, unknownValue } from './origins';
import { Summaries } from './summaries';
import type { ImportedSources, TaintTable } from './table';
import type { Taint } from './names';
import { Writes } from './writes';

export type { Taint } from './names';
export type { TaintTable } from './table';

const MAX_DEPTH = 60;
/** Ruby's conditional statements and expressions (other grammars' have other names). */
const RUBY_BRANCHING = /^(?:if|unless|elsif|case|when|while|until)$/;
const MAX_VISITS = 20_000;
/** Operators whose result is a boolean or an ordering, never the operands' text. */
const COMPARISON = /^(?:==|!=|===|!==|<|>|<=|>=|<=>)$/;

export class TaintTracker {
  /** Results per rule (rule sanitizers make the same node clean for one sink and not another). */
  private readonly memos = new Map<string, Map<number, Taint>>([['', new Map()]]);
  private memo = this.memos.get('')!;
  private rule = '';
  /** The call sites whose summary is being computed (`summaries.ts`): results are kept apart per site. */
  private site = '';
  /** The escapers an enclosing decoding call undoes (table `unescapers`): they stop nothing here. */
  private undone: RegExp | undefined;
  private readonly active = new Set<string>();
  private depth = 0;
  private visits = 0;
  private readonly index: FileIndex;
  private readonly guards: Guards;
  private readonly writes: Writes;
  private readonly objects: Objects;
  private readonly summaries: Summaries;
  private readonly shapes: ArrayShapes;
  private readonly references: References;
  /** The file's docblocks declare taint for some rules (`annotations.ts`): every rule keeps its own results. */
  private readonly perRule: boolean;

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
  ) {
    this.index = new FileIndex(context, table);
    this.perRule = !!table.docblockTaint && declaresTaint(context.code);
    this.guards = new Guards(context, table, this.index, (node) => !!this.taint(node));
    const follow = { taint: (node: SyntaxNode | null | undefined) => this.taint(node) };
    const followed = {
      ...follow,
      variable: (name: string, use: SyntaxNode) => this.variable(name, use),
      atCall: (call: SyntaxNode, fn: SyntaxNode, f: () => Taint) => this.summaries.atCall(call, fn, f),
    };
    this.writes = new Writes(context, table, this.index, followed);
    this.references = new References(context, table, this.index, followed);
    this.objects = new Objects(context, table, this.index, (node) => this.taint(node));
    this.shapes = new ArrayShapes(context, table, this.index, this.writes, (node) => this.taint(node));
    this.summaries = new Summaries(
      context,
      table,
      this.index,
      this.objects,
      (node) => this.taint(node),
      openParameters,
      opaque,
      (site, f) => this.within(site, f),
    );
  }

  /**
   * The input `node`'s value carries, if any. With `rule`, the rule's own sanitizers also stop it
   * (the value reaches that rule's sink); without, the rule of the enclosing query applies (none
   * at the top: only the table's general sanitizers).
   */
  taint(node: SyntaxNode | null | undefined, rule?: string): Taint {
    // A rule without sanitizers of its own shares the general results.
    const own = (r: string) =>
      this.perRule ||
      !!this.table.ruleSanitizers?.[r] ||
      !!this.table.ruleSanitizingCalls?.[r] ||
      !!this.table.ruleRuntimeValues?.[r];
    const key = rule !== undefined && own(rule) ? rule : rule === undefined ? this.rule : '';
    if (key !== this.rule) {
      const [outerRule, outerMemo] = [this.rule, this.memo];
      this.rule = key;
      this.memo = this.memos.get(this.memoKey(key, this.site)) ?? new Map<number, Taint>();
      this.memos.set(this.memoKey(key, this.site), this.memo);
      try {
        return this.taint(node);
      } finally {
        [this.rule, this.memo] = [outerRule, outerMemo];
      }
    }
    if (!node || this.depth >= MAX_DEPTH || this.visits >= MAX_VISITS) return undefined;
    const cached = this.memo.get(node.id);
    if (cached !== undefined || this.memo.has(node.id)) return cached;
    const active = `${this.memoKey('', this.site)}#${node.id}`;
    if (this.active.has(active)) return undefined;
    this.active.add(active);
    this.depth++;
    this.visits++;
    try {
      const result = this.compute(node);
      this.memo.set(node.id, result);
      return result;
    } finally {
      this.depth--;
      this.active.delete(active);
    }
  }

  /** Runs `f` with the results of the call sites `site` names kept apart from the others'. */
  private within(site: string, f: () => Taint): Taint {
    const [outerSite, outerMemo] = [this.site, this.memo];
    this.site = site;
    this.memo = this.memos.get(this.memoKey(this.rule, site)) ?? new Map<number, Taint>();
    this.memos.set(this.memoKey(this.rule, site), this.memo);
    try {
      return f();
    } finally {
      [this.site, this.memo] = [outerSite, outerMemo];
    }
  }

  /** Runs `f` with the escapers `undoes` stopping nothing (inside a decoding call), results apart. */
  private undoing(undoes: RegExp, f: () => Taint): Taint {
    const [outerUndone, outerMemo] = [this.undone, this.memo];
    this.undone = undoes;
    const key = this.memoKey(this.rule, this.site);
    this.memo = this.memos.get(key) ?? new Map<number, Taint>();
    this.memos.set(key, this.memo);
    try {
      return f();
    } finally {
      [this.undone, this.memo] = [outerUndone, outerMemo];
    }
  }

  private memoKey(rule: string, site: string): string {
    return this.undone ? `${rule}${site}\u0000${this.undone.source}` : rule + site;
  }

  /**
   * The arguments of `call` that its function's docblock declares sinks (`@psalm-taint-sink sql
   * $sql`, `@param-taint $sql exec_sql`), each with the rules it is a sink of.
   */
  declaredSinks(call: SyntaxNode): Array<{ arg: SyntaxNode; rules: ReadonlySet<string> }> {
    const found = this.perRule ? this.summaries.declared(call, this.index.head(call)) : undefined;
    if (!found) return [];
    const { index } = this.index.parameters(found.fn);
    const args = argumentValues(call);
    return [...found.declared.sinks].flatMap(([name, rules]) => {
      const arg = args[parameterAt(index, name)];
      return arg ? [{ arg, rules }] : [];
    });
  }

  /** The text of a call up to its argument list (`request.getParameter`, `new FileInputStream`). */
  head(call: SyntaxNode): string {
    return this.index.head(call);
  }

  private compute(node: SyntaxNode): Taint {
    const { table } = this;
    // `/** @psalm-taint-escape sql */ $id = ...;`: the value assigned carries no input for SQL.
    const escaped = this.perRule ? escapedAssignment(node) : undefined;
    if (escaped && namesRule(escaped, this.rule)) return undefined;
    if (table.callTypes.has(node.type)) {
      const head = this.index.head(node);
      // `html_entity_decode(htmlspecialchars($x))`: the decoding gives back what was escaped.
      const decoder = table.unescapers?.find((u) => u.call.test(head));
      const decoded = decoder && argumentList(node)[0];
      if (decoded) return this.undoing(decoder.undoes, () => this.taint(decoded));
      if (this.sanitizes(node, head)) return undefined;
      // What the called function's docblock declares: an escape, or a source.
      const declared = this.perRule ? this.summaries.declared(node, head)?.declared : undefined;
      // `@psalm-taint-unescape html`: the call is followed as usual, its arguments' escapers undone.
      const undoes =
        declared && table.unescapers?.find((u) => u.rule && declared.unescapes.has(u.rule))?.undoes;
      if (undoes && this.undone?.source !== undoes.source)
        return this.undoing(undoes, () => this.taint(node));
      if (declared && escapesRule(declared, this.rule)) return undefined;
      if (declared && sourceFor(declared, this.rule)) return short(node.text);
      // `array_map('htmlspecialchars', $list)`: every element went through the sanitizer.
      if (table.mapCalls?.test(head) && this.sanitizingCallback(argumentList(node)[0])) return undefined;
      // The value classifier proves some calls constant whatever their arguments: numeric-only
      // formats (`fmt.Sprintf("id = %d", x)`, `"%d" % x`), quoting and number conversions — not
      // under a decoding call, which undoes the quoting.
      if (!this.undone && this.context.values.kind(node) === 'constant') return undefined;
      if (
        table.source.test(head) &&
        !table.fieldSources?.test(head) &&
        this.requestSeen(head) &&
        !this.shadowed(head, node)
      )
        return short(node.text);
      const summary = this.summaries.returned(node, head);
      if (summary) return summary.taint;
      // An object whose text (`__toString`) returns input is input wherever it is used as a string.
      const text = this.objects.stringMethod(node);
      const declaredText = text && this.perRule ? declaredTaint(text) : undefined;
      if (declaredText && sourceFor(declaredText, this.rule)) return short(node.text);
      const shown = text ? this.summaries.returns(text) : undefined;
      if (shown) return shown;
    } else if (
      table.memberTypes.has(node.type) &&
      (table.runtimeValue?.test(node.text) || !!table.ruleRuntimeValues?.[this.rule]?.test(node.text))
    ) {
      return undefined;
    } else if (
      table.memberTypes.has(node.type) &&
      node.text.length < 200 &&
      table.source.test(node.text) &&
      !(table.fieldSources?.test(node.text) && !fieldSourceRead(node)) &&
      this.requestSeen(node.text) &&
      !this.shadowed(node.text, node)
    ) {
      // `ALLOWED.include?(params[:sort]) ? params[:sort] : "name"`: pinned to constants there.
      // `ctype_digit($_GET['x']) ? $_GET['x'] : 0`: validated in that branch.
      if (
        this.guards.pinned(node.text, node) ||
        this.guards.guarded(node.text, node) ||
        this.guards.narrowed(node.text, node)
      )
        return undefined;
      return short(table.sourceName?.(node) ?? node.text);
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
    const global = table.memberTypes.has(node.type) ? table.globalsArray?.(node.text) : undefined;
    if (global) return this.summaries.topLevel(global);
    // A comparison is a boolean (or `<=>`'s -1/0/1), whatever it compares: `<%== x == 1 %>`.
    if (
      COMPARISON.test(node.childForFieldName('operator')?.text ?? '') ||
      node.type === 'comparison_operator'
    )
      return undefined;
    const origins = table.origins;
    if (origins?.fieldTypes.has(node.type))
      return fieldTaint(node, this.context, (n) => this.taint(n), this.opaque, origins);
    const isCall = table.callTypes.has(node.type);
    const picked = isCall ? this.shapes.call(node) : undefined;
    if (picked) return picked.taint;
    if (isCall && table.firstArgumentResults?.test(this.index.head(node))) {
      const first = argumentList(node)[0];
      return first ? this.taint(first) : undefined;
    }
    const carried = isCall ? table.resultParts?.(node, this.context) : undefined;
    if (carried) return carried.map((part) => this.taint(part)).find((t) => t);
    const unknown =
      origins && this.opaque
        ? unknownValue(node, origins, isCall ? this.index.head(node) : '', isCall, (call) =>
            this.index.head(call),
          )
        : undefined;
    if (unknown) return unknown;
    if (this.objects.scalarProperty(node)) return undefined;
    const held = this.objects.outsideRead(node);
    if (held) return held.taint;
    const typedWrite = this.objects
      .typedParameterWrites(node)
      ?.map((value) => this.taint(value))
      .find((t) => t);
    if (typedWrite) return typedWrite;
    const name = this.context.values.dialect.variableName(node);
    if (name !== undefined) return this.variable(name, node);
    const captured = this.captures(node);
    if (captured) return captured;
    const expanded = node.type === 'identifier' ? this.index.macro(node.text) : undefined;
    if (expanded !== undefined) return this.variable(expanded, node);
    const arms = table.choices?.[node.type];
    if (arms) {
      // `match ($x) { 'a' => 'a.php', default => 'home.php' }` is one of its arms' values, never `$x`.
      for (const arm of node.childForFieldName('body')?.namedChildren ?? []) {
        const found = this.taint(arm?.childForFieldName(arms));
        if (found) return found;
      }
      return undefined;
    }
    const conditional = conditionalParts(node);
    const decided = conditional ? constantNumber(conditional[0], this.context.values) : undefined;
    if (conditional && decided !== undefined) return this.taint(decided ? conditional[1] : conditional[2]);
    // `c ? a : b` is `a` or `b`: what the condition tests does not flow into the value. PHP's
    // `a ?: b` (no middle) is `a` itself when it is truthy.
    if (conditional && node.type !== 'if_statement') {
      const shortTernary = !conditional[1] && /^(?:conditional|ternary)_expression$/.test(node.type);
      return this.taint(shortTernary ? conditional[0] : conditional[1]) ?? this.taint(conditional[2]);
    }
    // Definitions carry nothing as values (PHP's `function_call_expression` is no definition).
    if (
      !table.callTypes.has(node.type) &&
      /^(?:lambda|function|method_declaration|class|comment)/.test(node.type)
    )
      return undefined;
    // Nor does a Go function literal a function returns: `return func(w, r) { ... r.URL.Path ... }`
    // returns a handler, not the request's path it reads when called (a literal called where it
    // is written, or through a variable, still returns what its body returns).
    if (
      node.type === 'func_literal' &&
      /^(?:return_statement|expression_list)$/.test(node.parent?.type ?? '')
    ) {
      const statement = node.parent?.type === 'return_statement' ? node.parent : node.parent?.parent;
      if (statement?.type === 'return_statement') return undefined;
    }
    // The name of the method a call invokes (Ruby's `method` field) is no value; nor is what a Ruby
    // `if`/`case`/`when` tests (`case kind when "a" then "x" end` is "x" or nothing).
    const skipped = new Set(
      [
        ...(isCall ? [node.childForFieldName('method')] : []),
        // `$pages[$_GET['p']]` is an element of `$pages`: the index picks it and is not part of it.
        ...(node.type === table.elementRead && !table.keyedByCaller?.(node)
          ? node.namedChildren.slice(1)
          : []),
        ...(RUBY_BRANCHING.test(node.type)
          ? [
              node.childForFieldName('condition'),
              node.childForFieldName('value'),
              ...node.childrenForFieldName('pattern'),
            ]
          : []),
      ].map((c) => c?.id),
    );
    // A method of a class the file does not declare passes on its parts, but not a parameter no
    // call explains (table `openParameters`), nor the whole object it is called on when that is the
    // method's own (`$this->single_row_columns($item)`, inherited): that object's every property is
    // no part of what the method returns; its arguments are.
    const runtime = node.type === table.elementRead ? this.runtimeElement(node) : undefined;
    if (runtime) return runtime.taint;
    const object = isCall ? node.childForFieldName('object') : null;
    const collaborator = !!object && this.openParameters && !!table.openParameters;
    if (object && table.objects?.self === object.text) skipped.add(object.id);
    // An object of a class out of sight holds what it was built from; a property read off it, what
    // that class kept (table `outOfSight`): both are marked, and the sink says so.
    const built = this.index.outOfSight(
      table.outOfSight?.creation(node, isCall ? this.index.head(node) : ''),
    );
    const property = this.propertyRead(node) ? node.namedChildren[0]?.id : undefined;
    // A method called on such an object returns what that class keeps as well (`$t->get_content()`,
    // `dto.getPath()`): marked so, unless an argument carries input of its own (`$t->format($_GET['q'])`).
    const receiver = isCall ? (object ?? this.calledProperty(node))?.id : undefined;
    let kept: Taint;
    for (const child of node.namedChildren) {
      if (child && this.sanitizedTokens(node, child)) continue;
      if (child && skipped.has(child.id)) continue;
      const found = child ? this.taint(child) : undefined;
      if (!found || (collaborator && found.startsWith('parameter '))) continue;
      if (built || (isCall && this.wholeRequestResult(node, found)))
        return builtBy(found, built ?? `${this.index.head(node)}(...)`);
      if (child?.id === property) return readThrough(found);
      if (child?.id !== receiver || readThrough(found) === found) return found;
      kept ??= readThrough(found);
    }
    return kept;
  }

  /** The property a call invokes as a method (`dto.GetPath` of `dto.GetPath()`), if it names one. */
  private calledProperty(call: SyntaxNode): SyntaxNode | null {
    const callee = call.childForFieldName('function');
    return callee && this.table.outOfSight?.properties.has(callee.type) ? callee : null;
  }

  /**
   * Whether a call out of sight is handed the whole request (table `sourceObject`: `f(doc, request)`,
   * not one of its fields): what it returns is an object whose class and contents are decided out of
   * sight, so a property read off it steps to medium as for a class out of sight (`outOfSight`).
   */
  private wholeRequestResult(call: SyntaxNode, found: string): boolean {
    const whole = this.table.sourceObject;
    return (
      !!this.table.outOfSight &&
      !!whole?.test(found) &&
      argumentValues(call).some((arg) => whole.test((arg.childForFieldName('value') ?? arg).text))
    );
  }

  /** Whether `node` reads a property (`$o->p`, `o.P`), not names the method a call invokes. */
  private propertyRead(node: SyntaxNode): boolean {
    return (
      !!this.table.outOfSight?.properties.has(node.type) &&
      node.parent?.childForFieldName('function')?.id !== node.id
    );
  }

  /**
   * `$files[$name]['tmp_name']` of an upload array: what the runtime set there (table `runtimeKeys`);
   * no input at all where that is a number (`['size']`, table `runtimeValue`). Undefined: not such a read.
   */
  private runtimeElement(read: SyntaxNode): { taint: Taint } | undefined {
    const spec = this.table.runtimeKeys;
    const [base, index] = read.namedChildren;
    const dialect = this.context.values.dialect;
    const key = index && dialect.stringTypes.has(index.type) ? dialect.literalValue(index) : undefined;
    if (!spec || !base || key === undefined || !spec.keys.test(key)) return undefined;
    const found = this.taint(base);
    const root = found && spec.source.exec(found)?.[0];
    const name = root && `${root}[…]['${key}']`;
    return name ? { taint: this.table.runtimeValue?.test(name) ? undefined : name } : undefined;
  }

  /** True when the call `node` (named `head`) is a sanitizer of the table, or of the rule at hand. */
  private sanitizes(node: SyntaxNode, head: string): boolean {
    const { table } = this;
    if (this.undone?.test(head) || this.undone?.test(node.text)) return false;
    return (
      ((table.sanitizer.test(head) || !!table.ruleSanitizers?.[this.rule]?.test(head)) &&
        !this.summaries.namedOnly(head)) ||
      // A rule sanitizer may name the call with its arguments (`filter_var($x, FILTER_SANITIZE_SPECIAL_CHARS)`).
      !!table.ruleSanitizers?.[this.rule]?.test(node.text) ||
      !!table.ruleSanitizingCalls?.[this.rule]?.(node, this.context) ||
      !!table.sanitizingCall?.test(node.text)
    );
  }

  /**
   * True when the callable `argument` returns only sanitized values: a sanitizer named by a string
   * (`'htmlspecialchars'`), or a function whose one returned value is a sanitizer's call or a
   * constant conversion (`fn ($s) => (int) $s`).
   */
  private sanitizingCallback(argument: SyntaxNode | undefined): boolean {
    const callback = argument?.type === 'argument' ? argument.namedChildren.at(-1) : argument;
    if (!callback) return false;
    const dialect = this.context.values.dialect;
    if (dialect.stringTypes.has(callback.type)) {
      const name = dialect.literalValue(callback);
      return (
        !!name &&
        (this.table.sanitizer.test(name) || !!this.table.ruleSanitizers?.[this.rule]?.test(name)) &&
        !this.summaries.namedOnly(name)
      );
    }
    if (!dialect.functionTypes.has(callback.type)) return false;
    const body = callback.childForFieldName('body');
    const statements = body?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
    const returned =
      body && !/block|compound_statement/.test(body.type)
        ? body
        : statements.length === 1 && /^return/.test(statements[0]!.type)
          ? statements[0]!.namedChildren[0]
          : undefined;
    if (!returned) return false;
    if (this.table.callTypes.has(returned.type)) return this.sanitizes(returned, this.index.head(returned));
    return (
      !!this.table.constantTypes?.has(returned.type) && this.context.values.kind(returned) === 'constant'
    );
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
      this.guards.holds(name, use) ||
      this.asserted(name, use) ||
      this.guards.confined(name, use, this.rule)
    )
      return undefined;
    const shaped = this.shapes.read(name, use);
    if (shaped) return shaped.taint;
    const bindings = values.bindingsBefore(name, use);
    const since = Math.max(-1, ...bindings.map((b) => b.value?.startIndex ?? -1));
    const overwrite = this.writes.overwrittenElement(name, use, since);
    if (overwrite) return this.taint(overwrite.node);
    const passed = this.references.overwrite(name, use, since);
    if (passed) return passed.taint;
    const aliased = this.references.aliasWrite(name, use, since);
    if (aliased) return this.taint(aliased);
    for (const binding of bindings) {
      if (binding.value && inDeadBranch(binding.value, values)) continue;
      // `if (!ctype_digit($t)) { $t = '0'; }` between the assignment and the use.
      if (binding.value && this.guards.resetBetween(name, binding.value, use)) continue;
      // `Path p = Path.of(x).normalize(); if (!p.startsWith(base)) return;` before the use.
      if (
        binding.value &&
        this.rule.split(':')[0] === PATH &&
        this.table.confinedAfter?.(name, binding.value)
      )
        continue;
      const part = binding.value ? this.writes.keyedPart(binding.value, use) : undefined;
      const fromShape = binding.value && !part ? this.shapes.part(binding.value, use) : undefined;
      const found = fromShape ? fromShape.taint : this.taint(part ? part.node : binding.value);
      if (found) return found;
    }
    const element = this.writes.listElement(name, use);
    if (element) return element.taint;
    const inPlace =
      this.writes.inPlace(name, use) ??
      this.writes.elementWrites(name, use) ??
      this.writes.referenceWrites(name, use);
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
        (call) => this.table.sanitizer.test(this.index.head(call)),
        this.opaque,
      );
    // `def run(ip); ip = escape(ip); ...`: what the caller passed no longer reaches the use.
    if (this.overwritten(name, use) || this.references.assignedBefore(name, use)) return undefined;
    const held = this.objects.read(name, use);
    if (held) return held.taint;
    return (
      this.summaries.parameter(name, use) ??
      this.writes.globalWrites(name, use) ??
      this.wholeSource(name, use) ??
      this.summaries.unknownName(name, use)
    );
  }

  /**
   * True when a call statement before `use` (in the same block or one around it) passes `name` to a
   * parameter its function declares it validates (`@psalm-assert-untainted $id`).
   */
  private asserted(name: string, use: SyntaxNode): boolean {
    if (!this.perRule) return false;
    const scope = closest(use, this.context.values.dialect.functionTypes) ?? this.context.root;
    return this.index.callsBefore(scope, use).some((call) => {
      const found = call.parent?.type === 'expression_statement' && dominatesUse(call.parent, use);
      const declared = found ? this.summaries.declared(call, this.index.head(call)) : undefined;
      if (!declared || declared.declared.asserts.length === 0) return false;
      const { index } = this.index.parameters(declared.fn);
      const args = argumentValues(call);
      return declared.declared.asserts.some((p) => args[parameterAt(index, p)]?.text === name);
    });
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
      (!!fn && this.index.parameters(fn).index(root) >= 0) ||
      this.context.values.bindingsBefore(root, at).length > 0 ||
      blockParameter(root, at, fn)
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

  private readonly imported = new Map<ImportedSources, boolean>();

  /** False for a source the file does not import what makes it one (table `importedSources`). */
  private requestSeen(text: string): boolean {
    return (this.table.importedSources ?? []).every((sources) => {
      if (!sources.match.test(text)) return true;
      let imported = this.imported.get(sources);
      if (imported === undefined) {
        imported = this.context.nodes(sources.imports).some((node) => sources.module.test(node.text));
        this.imported.set(sources, imported);
      }
      return imported;
    });
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

  /** A loop variable carries what its collection carries; undefined when `name` is no loop variable. */
  private loopSource(name: string, use: SyntaxNode): { taint: Taint } | undefined {
    for (let node = use.parent; node; node = node.parent) {
      if (!/for/.test(node.type)) continue;
      // Grammars without fields there (PHP's `foreach ($rows as $k => $row)`) say where each is.
      const unnamed = this.table.unnamedLoop?.type === node.type ? this.table.unnamedLoop : undefined;
      const variable =
        node.childForFieldName('name') ??
        node.childForFieldName('left') ??
        (unnamed && node.namedChildren[unnamed.variable]);
      const collection =
        node.childForFieldName('value') ??
        node.childForFieldName('right') ??
        (unnamed && node.namedChildren[unnamed.collection]);
      if (!variable || !collection || !wholeName(name).test(variable.text)) continue;
      // `$key => $row`: the keys of an array the code builds (`arrayShapes.ts`); a source's are input.
      const key = unnamed && variable.namedChildren.length > 1 ? variable.namedChildren[0] : undefined;
      if (key && wholeName(name).test(key.text)) return this.shapes.loopKeys(collection);
      const kept = key ? this.table.filteredEntries?.(collection, key, use) : undefined;
      if (kept) return { taint: kept };
      return this.shapes.loop(collection) ?? { taint: this.taint(collection) };
    }
    return undefined;
  }
}

/**
 * True when a block between `at` and its function declares `name` as a parameter (Ruby's
 * `cached_statement { |params| where(params.bind) }`): there the name is the block's value.
 */
function blockParameter(name: string, at: SyntaxNode, fn: SyntaxNode | undefined): boolean {
  for (let node = at.parent; node && node.id !== fn?.id; node = node.parent) {
    const params = node.namedChildren.find((c) => c?.type === 'block_parameters');
    if (params?.namedChildren.some((p) => p?.text === name)) return true;
  }
  return false;
}

/**
 * Whether a read of a field source (table `fieldSources`: a zip reader's `File`, a slice of entries)
 * is that field: not a method named so (`p.File()`), nor a field given whole to a call or an
 * operator, which takes text (`os.ReadFile(cfg.File)`, `dir + cfg.File`: a config's file name).
 */
function fieldSourceRead(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return true;
  if (parent.childForFieldName('function')?.id === node.id) return false;
  return parent.type !== 'argument_list' && parent.type !== 'binary_expression';
}
