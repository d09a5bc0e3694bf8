// Reports input that reaches a sink of the language's taint table, with a message naming the
// source and the sink. Runs after the language's own rules; a sink they already reported under the
// same rule is not reported twice (the collector keys findings by rule and node).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { Finding } from '../../types';
import type { AnalysisContext } from '../analyser';
import { ruleSpec } from '../catalog';
import { closest, descendants } from '../syntax';
import { type LanguageTaint, TAINT_TABLES } from './tables';
import { DESERIALIZE, PATH } from './tables/common';
import { TaintTracker } from './tracker';
import { isSegment, shown, throughClass } from './names';
import { unknownOrigin } from './origins';

/** One tracker per review, shared by the language's rules (they may ask whether a value is input). */
export function taintTracker(context: AnalysisContext): TaintTracker | undefined {
  const table = TAINT_TABLES[context.language];
  return table ? new TaintTracker(context, table) : undefined;
}

/** A call's arguments its function's docblock declares sinks of a rule (`annotations.ts`), when input reaches them. */
function reportDeclaredSinks(
  context: AnalysisContext,
  tracker: TaintTracker,
  call: SyntaxNode,
  head: string,
): void {
  for (const { arg, rules } of tracker.declaredSinks(call))
    for (const rule of rules) {
      if (!RULE_ID.test(rule)) continue;
      const source = tracker.taint(arg, rule);
      if (source)
        reportInput(
          context,
          call,
          rule,
          source,
          (from) =>
            `Input from \`${from}\` reaches \`${head}\`, which its docblock declares a sink of this kind.`,
        );
    }
}

/** A rule id (`*`, every rule, names no one rule to report). */
const RULE_ID = /^codewright\//;

export function reportTaintedSinks(context: AnalysisContext, tracker = taintTracker(context)): void {
  const table = TAINT_TABLES[context.language];
  if (!table || !tracker || !context.findings.wants('codewright/sql-injection')) return;
  // Sinks with their own sanitizers get a tracker of their own (its memo differs).
  const trackers = new Map<RegExp | undefined, TaintTracker>([[undefined, tracker]]);
  const trackerFor = (sanitizer?: RegExp) => {
    if (!trackers.has(sanitizer))
      trackers.set(
        sanitizer,
        new TaintTracker(context, { ...table, sanitizer: sanitizer ?? table.sanitizer }),
      );
    return trackers.get(sanitizer)!;
  };
  const opaque = new Map<RegExp | undefined, TaintTracker>();
  const opaqueFor = (sanitizer?: RegExp) => {
    if (!opaque.has(sanitizer))
      opaque.set(
        sanitizer,
        new TaintTracker(context, { ...table, sanitizer: sanitizer ?? table.sanitizer }, false, true),
      );
    return opaque.get(sanitizer)!;
  };
  for (const call of context.nodes([...table.callTypes])) {
    const head = tracker.head(call);
    for (const sink of table.sinks) {
      if (!sink.callee.test(head)) continue;
      const args = argumentsOf(call);
      if (sink.when && !sink.when.text.test(args[sink.when.arg]?.text ?? '')) continue;
      if (sink.receiverNotBoundTo && boundOnlyTo(call, sink.receiverNotBoundTo, context)) continue;
      if (sink.notAt?.(call, context)) continue;
      if (sink.notImportedFrom && importedFrom(context, head, sink.notImportedFrom)) continue;
      const checked = (sink.args ? sink.args.map((i) => args[i]).filter((a) => a !== undefined) : args)
        .filter((a) => !sink.skipTypes?.test(a.type))
        .filter((arg) => !sink.constantPrefix || !sink.constantPrefix.test(leadingText(arg, context)));
      const object = sink.receiver ? receiverOf(call) : undefined;
      if (object) checked.push(object);
      const receiver = sink.receiverBuiltBy ? builtReceiver(call, sink.receiverBuiltBy, context) : undefined;
      if (receiver) checked.push(receiver);
      for (const arg of checked) {
        const value = sink.firstOfTuple ? firstOfTuple(arg) : arg;
        const parts = sink.parts?.(value, context) ?? [{ node: value, variant: '' }];
        const source = parts
          .map((p) =>
            trackerFor(sink.sanitizer).taint(p.node, p.variant ? `${sink.rule}:${p.variant}` : sink.rule),
          )
          .find((t) => t);
        const unknown = source
          ? undefined
          : parts.map((p) => unknownOrigin(table, sink, p.node, opaqueFor)).find((u) => u);
        if (unknown) {
          context.findings.report(call, sink.rule, {
            message: `\`${unknown}\` reaches \`${head}\`, which ${sink.does}; its origin this file does not show (a view's instance variables are what its controller set, a record's fields what was stored): a risk if it can ever hold input.`,
            severity: 'medium',
          });
          break;
        }
        if (!source) continue;
        reportInput(
          context,
          call,
          sink.rule,
          source,
          (from) => `Input from \`${from}\` reaches \`${head}\`, which ${sink.does}.`,
          table,
        );
        break;
      }
    }
    reportDeclaredSinks(context, tracker, call, head);
  }
  reportAssignmentSinks(context, table, trackerFor);
  reportOperandSinks(context, table, trackerFor);
  reportReturnSinks(context, table, tracker);
}

/** Whether the call's receiver is a variable whose every binding before the call matches `pattern`. */
function boundOnlyTo(call: SyntaxNode, pattern: RegExp, context: AnalysisContext): boolean {
  const callee = call.childForFieldName('function');
  const receiver =
    receiverOf(call) ??
    callee?.childForFieldName('operand') ??
    callee?.childForFieldName('value') ??
    undefined;
  // Go `m.compiledPattern.Exec(...)`, Rust `self.client.execute(...)`: a struct field of a type the
  // file declares (`*urlpattern.URLPattern`, `reqwest::Client`).
  if (receiver?.type === 'selector_expression' || receiver?.type === 'field_expression') {
    const types = fieldTypes(context, receiver.childForFieldName('field')?.text ?? '');
    // A field of type `T` holds a `T{...}`: the pattern is read as for a binding to one.
    return types.length > 0 && types.every((type) => pattern.test(`${type}{}`));
  }
  if (receiver?.type !== 'identifier') return false;
  const bound = context.values.bindingsBefore(receiver.text, call);
  return bound.length > 0 && bound.every((b) => !!b.value && pattern.test(b.value.text));
}

const FIELD_TYPES = new WeakMap<AnalysisContext, Map<string, string[]>>();

/** The declared types of the Go or Rust struct fields named `name` in the file (`compiledPattern *urlpattern.URLPattern`). */
function fieldTypes(context: AnalysisContext, name: string): string[] {
  let byName = FIELD_TYPES.get(context);
  if (!byName) {
    byName = new Map();
    for (const field of descendants(context.root, ['field_declaration'])) {
      const type = field.childForFieldName('type')?.text;
      if (!type) continue;
      for (const id of field.childrenForFieldName('name').filter((n) => n !== null))
        byName.set(id.text, [...(byName.get(id.text) ?? []), type]);
    }
    FIELD_TYPES.set(context, byName);
  }
  return byName.get(name) ?? [];
}

/** The receiver of a method call (`x` in `x.html_safe`), under the grammar's usual field names. */
function receiverOf(call: SyntaxNode): SyntaxNode | undefined {
  return (
    call.childForFieldName('receiver') ??
    call.childForFieldName('object') ??
    call.childForFieldName('function')?.childForFieldName('object') ??
    undefined
  );
}

/**
 * Reports input from `source` reaching a sink at `node`, the message given the source as shown:
 * input only from the deployer's own environment, files or server configuration (`table`'s
 * `localSource`, where given) is medium at most, and so is input read through a property of an
 * object of a class the file does not declare (table `outOfSight`), with that said.
 */
export function reportInput(
  context: AnalysisContext,
  node: SyntaxNode,
  rule: string,
  source: string,
  message: (from: string) => string,
  table: Pick<LanguageTaint, 'localSource'> = {},
): void {
  const from = shown(source);
  const cls = throughClass(source);
  const severe = SEVERE.has(ruleSpec(rule).severity);
  // One segment of the URL's path holds no `/`: it names a file of one directory, or its parent.
  const oneSegment = rule === PATH && isSegment(source);
  const note = cls ? outOfSightNote(cls) : oneSegment ? SEGMENT_NOTE : undefined;
  context.findings.report(node, rule, {
    message: note ? `${message(from)} ${note}` : message(from),
    ...(severe && (cls || oneSegment || table.localSource?.test(from)) ? { severity: 'medium' } : {}),
  });
}

const SEGMENT_NOTE =
  'It is one segment of the URL path, which holds no `/`: it can name a file of that directory or its parent (`..`), not any path.';

/** Why a finding through an object of the class `cls`, out of sight, is kept at medium. */
function outOfSightNote(cls: string): string {
  // A call out of sight that was handed the whole request (`f(request)`, named `f(...)`) built it.
  return cls.endsWith('(...)') && !/(?:^|\.)New[A-Z]\w*\(\.\.\.\)$/.test(cls)
    ? `It passes through what \`${cls}\`, called out of sight with the whole request, returned: what that holds is decided out of sight.`
    : `It passes through an object of a class this file does not declare (\`${cls}\`): what it holds is decided out of sight.`;
}

/** `echo $x;`, `include $page;`: statements whose operands are the sink. */

function reportOperandSinks(
  context: AnalysisContext,
  table: LanguageTaint,
  trackerFor: (sanitizer?: RegExp) => TaintTracker,
): void {
  for (const sink of table.operandSinks ?? []) {
    for (const node of context.nodes(sink.types)) {
      if (sink.notAt?.(node, context)) continue;
      const operands = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      const parts = operands.flatMap((o) => sink.parts?.(o, context) ?? [{ node: o, variant: '' }]);
      const found = parts
        .map((p) => ({
          ...p,
          source: trackerFor(sink.sanitizer).taint(
            p.node,
            p.variant ? `${sink.rule}:${p.variant}` : sink.rule,
          ),
        }))
        .find((p) => p.source);
      if (found?.source)
        reportInput(
          context,
          node,
          sink.rule,
          found.source,
          (from) =>
            `Input from \`${from}\` reaches \`${sink.name?.(node) ?? node.text.split(/[\s(]/)[0]}\`, which ${sink.does}${found.variant ? ` (${VARIANT_PLACE[found.variant] ?? found.variant})` : ''}.`,
          table,
        );
    }
  }
}

/**
 * Assignments that must not receive input: a property (`searcher.Filter = f`), or an element of an
 * object (`session["user"] = value`), where the key counts too (`session[name] = "x"` lets input
 * pick what it overwrites).
 */
function reportAssignmentSinks(
  context: AnalysisContext,
  table: LanguageTaint,
  trackerFor: (sanitizer?: RegExp) => TaintTracker,
): void {
  if (!table.assignmentSinks || !table.assignmentTypes) return;
  for (const assignment of context.nodes([...table.assignmentTypes])) {
    const left = assignment.childForFieldName('left');
    if (!left) continue;
    const place = left.text.replace(/\s+/g, '');
    const object = table.memberTypes.has(left.type) ? left.namedChildren[0]?.text : undefined;
    for (const sink of table.assignmentSinks) {
      const target = sink.element ? object : place;
      if (target === undefined || !sink.target.test(target)) continue;
      const tracker = trackerFor(sink.sanitizer);
      const source =
        tracker.taint(assignment.childForFieldName('right'), sink.rule) ??
        (sink.element ? tracker.taint(left.namedChildren[1], sink.rule) : undefined);
      if (source)
        reportInput(
          context,
          assignment,
          sink.rule,
          source,
          (from) =>
            `Input from \`${from}\` reaches \`${sink.element ? left.text : place}\`, which ${sink.does}.`,
        );
    }
  }
}

/** What a web handler returns is its response: input returned as text is reflected HTML. */
function reportReturnSinks(context: AnalysisContext, table: LanguageTaint, tracker: TaintTracker): void {
  if (!table.returnSinks) return;
  const functions = context.values.dialect.functionTypes;
  const decorators = (fn: SyntaxNode) =>
    (fn.parent?.type === 'decorated_definition' ? fn.parent.namedChildren : []).filter(
      (d): d is SyntaxNode => d !== null && d.type === 'decorator',
    );
  for (const sink of table.returnSinks) {
    const serialized = sink.serializedWhereImported;
    // FastAPI's handlers return JSON, unless the file sets an HTML response class for all of them.
    const json =
      !!serialized &&
      context.nodes([...serialized.types]).some((node) => serialized.module.test(node.text)) &&
      !serialized.htmlDefault.test(context.root.text);
    const handlers = context
      .nodes([...functions])
      .filter((fn) => decorators(fn).some((d) => sink.handler.test(d.text)))
      .filter((fn) => !json || decorators(fn).some((d) => serialized.html.test(d.text)));
    const names = new Set(handlers.map((fn) => fn.childForFieldName('name')?.text));
    for (const fn of handlers) {
      for (const ret of descendants(fn, ['return_statement'])) {
        if (closest(ret, functions)?.id !== fn.id) continue;
        const value = ret.namedChildren.find((c) => c !== null && c.type !== 'comment');
        // `return other_view()`: the other handler's own returns are reported where they are.
        const delegates = value && table.callTypes.has(value.type) && names.has(tracker.head(value));
        if (
          !value ||
          sink.notHtml.test(value.text) ||
          delegates ||
          builtBySink(value, table, tracker, context)
        )
          continue;
        const source = tracker.taint(firstOfTuple(value), sink.rule);
        if (source)
          reportInput(
            context,
            ret,
            sink.rule,
            source,
            (from) =>
              `Input from \`${from}\` is returned by the handler \`${fn.childForFieldName('name')?.text ?? ''}\`, which ${sink.does}.`,
          );
      }
    }
  }
}

/** The receiver variable of `p.open()` when one of its bindings matches `built`. */
function builtReceiver(call: SyntaxNode, built: RegExp, context: AnalysisContext): SyntaxNode | undefined {
  const callee = call.childForFieldName('function');
  const receiver = callee?.namedChildren[0];
  const name = receiver ? context.values.dialect.variableName(receiver) : undefined;
  if (!receiver || name === undefined) return undefined;
  return context.values.bindingsBefore(name, receiver).some((b) => b.value && built.test(b.value.text))
    ? receiver
    : undefined;
}

/** `resp = make_response(...); return resp`: the call sink already checked what the response holds. */
function builtBySink(
  value: SyntaxNode,
  table: LanguageTaint,
  tracker: TaintTracker,
  context: AnalysisContext,
): boolean {
  const name = context.values.dialect.variableName(value);
  const built = name === undefined ? [value] : context.values.bindingsBefore(name, value).map((b) => b.value);
  return built.some(
    (v) =>
      !!v && table.callTypes.has(v.type) && table.sinks.some((sink) => sink.callee.test(tracker.head(v))),
  );
}

/**
 * The constant text a value starts with: a literal, the format string of a formatting macro
 * (`format!("https://host/{}", x)`), the left end of a concatenation, followed through a variable's
 * single binding and references. Empty when it starts with anything else.
 */
function leadingText(node: SyntaxNode | null | undefined, context: AnalysisContext, depth = 0): string {
  const { dialect } = context.values;
  if (!node || depth > 4) return '';
  if (dialect.stringTypes.has(node.type)) {
    // An interpolated string (`"mailto:#{x}"`) starts with the text before its first interpolation.
    const first = node.namedChildren[0];
    return (
      dialect.literalValue(node) ??
      (first && /^string_(?:content|fragment)$/.test(first.type) ? first.text : '')
    );
  }
  const name = dialect.variableName(node);
  if (name !== undefined) {
    const bindings = context.values.bindingsBefore(name, node);
    return bindings.length === 1 && !bindings[0].append
      ? leadingText(bindings[0].value, context, depth + 1)
      : '';
  }
  if (node.type === 'macro_invocation') {
    const tokens = node.namedChildren.find((c) => c?.type === 'token_tree');
    return leadingText(tokens?.namedChildren[0], context, depth + 1);
  }
  if (/^(?:reference_expression|binary_expression|parenthesized_expression)$/.test(node.type))
    return leadingText(node.namedChildren[0], context, depth + 1);
  return '';
}

/** Flask's `(body, status, headers)` response tuple: only the body is markup. */
function firstOfTuple(node: SyntaxNode): SyntaxNode {
  const inner = node.type === 'parenthesized_expression' ? (node.namedChildren[0] ?? node) : node;
  return inner.type === 'tuple' || inner.type === 'expression_list'
    ? (inner.namedChildren[0] ?? inner)
    : node;
}

const SEVERE = new Set(['high', 'critical']);

/** Where an output part lands, for the message. */
const VARIANT_PLACE: Record<string, string> = {
  text: 'into the page',
  comment: 'into an HTML comment',
  'attr-dq': 'into a quoted attribute',
  'attr-sq': 'into a quoted attribute',
  'attr-unquoted': 'into an unquoted attribute, where HTML escaping does not protect',
  'url-attr': 'at the start of a URL attribute, where HTML escaping does not protect',
  'url-attr-escaped': 'at the start of a URL attribute, where HTML escaping does not protect',
  'js-string-dq': 'into a script string',
  'js-string-sq': 'into a script string',
  'js-attr-string': 'into a string of an event handler, where HTML escaping does not protect',
  js: 'into script code, where escaping does not protect',
  css: 'into CSS, where escaping does not protect',
  'tag-name': 'as a tag name',
  'attr-name': 'as an attribute name',
  'attr-name-bare': 'as an attribute name',
};

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  const list = call.childForFieldName('arguments');
  if (!list) return [];
  // C# wraps each argument in an `argument` node; the value is its last named child.
  return list.namedChildren
    .filter((a): a is SyntaxNode => a !== null && a.type !== 'comment')
    .map((a) => (a.type === 'argument' ? (a.namedChildren.at(-1) ?? a) : a));
}

/** Backtick commands (Ruby `subshell`, PHP `shell_command_expression`): sinks that are no call. */
const COMMAND = /^(?:subshell|shell_command_expression)$/;
const ASSIGNMENT = /^(?:assignment_expression|assignment|augmented_assignment)$/;

const FILTERED = new Set([
  'codewright/sql-injection',
  'codewright/command-injection',
  'codewright/code-injection',
]);

/**
 * The language rules report SQL, shell and eval calls whose text is built from non-constant parts.
 * Where the language has a taint table, such a finding stands only when a part of the call can carry
 * input: a source, or a parameter no call in the file explains (the caller is out of sight). A value
 * made only of constants, dead branches, other keys of a map or fields is not input.
 */
export function withoutCleanInjections(context: AnalysisContext, findings: Finding[]): Finding[] {
  const table = TAINT_TABLES[context.language];
  if (!table) return findings;
  const tracker = new TaintTracker(context, table, true);
  let unknownTracker: TaintTracker | undefined;
  return findings.filter((finding) => {
    if (!FILTERED.has(finding.rule) && !table.taintedOnly?.includes(finding.rule)) return true;
    let node: SyntaxNode | null = context.root.descendantForPosition({
      row: finding.line - 1,
      column: finding.column - 1,
    });
    while (node && !table.callTypes.has(node.type) && !ASSIGNMENT.test(node.type) && !COMMAND.test(node.type))
      node = node.parent;
    // A conversion without arguments (`cmd.as_str()`, `x.to_string()`) is not the sink: the call
    // around it is (`.arg(cmd.as_str())`, `args(&["-c", cmd.as_str()])`). A method called on an
    // object or receiver (`stmt.executeQuery()`, Ruby `sql.execute`) stays: its object is the sink.
    while (
      node?.parent &&
      table.callTypes.has(node.type) &&
      argumentsOf(node).length === 0 &&
      !node.childForFieldName('object') &&
      !node.childForFieldName('receiver')
    ) {
      let outer: SyntaxNode | null = node.parent;
      while (outer && !table.callTypes.has(outer.type)) outer = outer.parent;
      if (!outer) break;
      node = outer;
    }
    if (!node) return true;
    // A chain `Base.connection.execute(sql)` starts where its receiver call does: every call that
    // starts at the finding's position is part of it.
    const chain = [node];
    for (let up = node.parent; up && up.startIndex === node.startIndex; up = up.parent)
      if (table.callTypes.has(up.type)) chain.push(up);
    // A SQL call the table knows: only its query argument counts (`db.Query(q, args...)` binds the
    // rest as values), and the calls chained on its result (`sqlx::query(&q).fetch_all(&pool)`) run
    // no other SQL. Other rules' findings may be about other arguments or links of the chain (the
    // `-c` string of `exec.Command("sh", "-c", cmd)`, `.arg(cmd)`), so they keep every one.
    const known = chain.flatMap((n) => {
      if (finding.rule !== 'codewright/sql-injection' || !table.callTypes.has(n.type)) return [];
      const head = tracker.head(n);
      const sink = table.sinks.find((s) => s.rule === finding.rule && s.args && s.callee.test(head));
      return sink ? sink.args!.map((i) => argumentsOf(n)[i] ?? null) : [];
    });
    // A sink that is a property (`cmd.CommandText = sql`): the assigned value decides; a backtick
    // command: what it interpolates.
    const parts =
      known.length > 0
        ? known
        : chain.flatMap((n) =>
            COMMAND.test(n.type)
              ? n.namedChildren
              : ASSIGNMENT.test(n.type)
                ? [n.childForFieldName('right')]
                : [...argumentsOf(n), n.childForFieldName('object') ?? n.childForFieldName('receiver')],
          );
    const sources = parts
      .map((part) => tracker.taint(part, finding.rule))
      .filter((source) => source !== undefined);
    // SQL or a command built from values whose origin the file does not show (a method defined
    // elsewhere, an instance variable set out of sight, a record's field) or from a parameter no call
    // here explains: not provably constant, and not known to be input. Kept, at medium.
    const onlyParameters = sources.length > 0 && sources.every((s) => s.startsWith('parameter '));
    // Other rules count only the shapes their `origins.sinks` entry names (a stored record's field).
    const shape = table.origins?.rules.includes(finding.rule)
      ? /./
      : table.origins?.sinks?.find((entry) => entry.rules.includes(finding.rule))?.shown;
    if ((table.origins && shape) || ((table.origins || table.openParameters) && onlyParameters)) {
      unknownTracker ??= new TaintTracker(context, table, true, true);
      const unknown =
        sources.length > 0
          ? onlyParameters
            ? sources[0]
            : undefined
          : parts
              .map((part) => unknownTracker!.taint(part, finding.rule))
              .find((s) => s !== undefined && shape?.test(s));
      if (unknown) {
        if (SEVERE.has(finding.severity)) finding.severity = 'medium';
        const origin = unknown.startsWith('parameter ')
          ? `the parameter \`${shown(unknown).slice('parameter '.length)}\`, which no call in this file passes`
          : `\`${shown(unknown)}\`, whose origin this file does not show`;
        finding.message = `${finding.message} It comes from ${origin}: a risk if that can ever hold input.`;
        return true;
      }
    }
    // Code evaluated or objects loaded from a caller's parameter only (`eval(builder_script)`, a
    // DSL's `class_eval`, a `loads(self, pkl)` of the caller's bytes): running or loading what the
    // caller hands over is such an API's purpose; kept at medium.
    if (
      (finding.rule === 'codewright/code-injection' || finding.rule === DESERIALIZE) &&
      sources.length > 0 &&
      sources.every((s) => s.startsWith('parameter ')) &&
      SEVERE.has(finding.severity)
    )
      finding.severity = 'medium';
    // Only the deployer's own environment or command line: kept, at medium at most.
    if (
      sources.length > 0 &&
      table.localSource &&
      sources.every((s) => table.localSource!.test(s)) &&
      SEVERE.has(finding.severity)
    )
      finding.severity = 'medium';
    // Only through properties of objects of classes out of sight (table `outOfSight`): medium, and why.
    const through = sources.map(throughClass);
    if (through.length > 0 && through.every((cls) => cls !== undefined)) {
      if (SEVERE.has(finding.severity)) finding.severity = 'medium';
      finding.message = `${finding.message} ${outOfSightNote(through[0]!)}`;
    }
    return sources.length > 0;
  });
}

/** Whether an import statement (of `types`) matching `module` brings in the name `head`. */
function importedFrom(
  context: AnalysisContext,
  head: string,
  spec: { types: readonly string[]; module: RegExp },
): boolean {
  const name = new RegExp(`\\b${head.replace(/[^\w]/g, '\\$&')}\\b`);
  return context.nodes([...spec.types]).some((node) => spec.module.test(node.text) && name.test(node.text));
}
