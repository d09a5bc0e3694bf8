// Fills the explanation model from a tree-sitter tree, for every language outside the JS family.
// The walk is shared; what a node means comes from the language's table (tables/*.ts).
import type { LanguageId } from '../../languages';
import { type SyntaxNode, firstSyntaxError, parse } from '../../parsing/treeSitter';
import { type Flow, type SourceFacts, type Unit, type UnitKind, emptyUnit, isFunctionUnit } from '../model';
import { treeSitterTable } from '../tables';
import { field, named } from '../tables/treeSitterTable';
import { compact } from './bounds';
import { markReturnedFunctions } from './typescriptParts';
import { type Scope, TreeSitterWalkState } from './treeSitterState';
import {
  calleeText,
  describeTreeSitterStatement,
  describeTreeSitterStatements,
} from './treeSitterStatements';
import { isUpdateNode } from './treeSitterWrites';
import {
  describeModules,
  innermostSyntaxError,
  isMemberName,
  loopBound,
  parameterNames,
  unitNameOf,
} from './treeSitterParts';

import { noteHashedParameters } from './hashedParameters';

const CONDITION_FIELDS = new Set(['condition', 'value', 'subject', 'initializer', 'alias']);
const CASE_LIKE = /case|arm|section|when|group|rule|default|communication|in_clause|else|elif/;

export async function treeSitterFacts(code: string, language: LanguageId): Promise<SourceFacts> {
  const table = treeSitterTable(language);
  if (!table) throw new Error(`No tree-sitter table for ${language}`);
  const tree = await parse(code, language);
  try {
    const error = firstSyntaxError(tree)
      ? (innermostSyntaxError(tree.rootNode) ?? firstSyntaxError(tree))
      : undefined;
    return new TreeSitterWalker(code, language, table).run(tree.rootNode, error);
  } finally {
    tree.delete();
  }
}

class TreeSitterWalker extends TreeSitterWalkState {
  /** The explicit object parameter of a C++23 lambda, where it names the lambda otherwise than its binding. */
  private readonly selfNames = new Map<Unit, string>();
  run(root: SyntaxNode, syntaxError: SourceFacts['syntaxError']): SourceFacts {
    if (syntaxError) this.facts.syntaxError = syntaxError;
    this.children(root, { flow: this.facts.topLevel, depth: 0, inReturn: false, inCondition: false });
    for (const { unit, name, line } of this.assignments) {
      if (unit.locals.has(name) || this.enclosingDeclares(unit, name) || !this.moduleLocals.has(name))
        continue;
      unit.globalWrites.push({ line, name });
    }
    markReturnedFunctions(this.facts.units, this.returned);
    noteHashedParameters(this.facts, this.table.hashedInit);
    return this.facts;
  }

  /** Walks a node's named children; children of a block are statements for the breakdown. */
  private children(node: SyntaxNode, scope: Scope, skip: SyntaxNode[] = []): void {
    const parent = node.parent;
    const isBlock = !parent || this.table.blocks.includes(node.type);
    const depth =
      isBlock && parent && !this.table.blocks.includes(parent.type) ? scope.depth + 1 : scope.depth;
    const inner = depth === scope.depth ? scope : { ...scope, depth };
    const blockName = isBlock && parent ? node.childForFieldName('name') : null;
    const kids = named(node);
    const bodyOfFunction = isBlock && !!this.table.tailReturn && (parent?.type ?? '') in this.table.functions;
    kids.forEach((child, index) => {
      if (skip.some((s) => s.id === child.id)) return;
      const memberName = this.table.identifiers.includes(child.type) && isMemberName(node, index);
      if (!isBlock && this.bareBody(node, child)) return this.visitBare(child, scope, memberName);
      if (isBlock && !this.table.blocks.includes(child.type) && child.id !== blockName?.id) {
        const tail = bodyOfFunction && index === kids.length - 1;
        const statements = describeTreeSitterStatements(child, this.table, inner.depth, tail);
        if (statements.length) {
          const before = this.facts.units.length;
          this.facts.statements.push(...statements);
          this.visit(child, inner, memberName);
          const [statement] = statements;
          if (statement!.kind === 'unit' && this.facts.units.length > before) statement!.unitId = before;
          return;
        }
      }
      this.visit(child, inner, memberName);
    });
  }

  /**
   * An expression statement standing as the whole body of an `if`, `else` or loop, without braces
   * (`if (c) x = f(x);`, `for (…) sum += a[i];`): a write of a name there is a statement as it
   * would be inside a block, one level deeper. Without this such writes were seen by the walk but
   * missing from the statements the size and write readings consult (`writesOf`).
   */
  private bareBody(parent: SyntaxNode, child: SyntaxNode): boolean {
    const t = this.table;
    return (
      child.type === 'expression_statement' &&
      (parent.type === 'else_clause' || t.branches.includes(parent.type) || t.loops.includes(parent.type))
    );
  }

  private visitBare(node: SyntaxNode, scope: Scope, memberName = false): void {
    const statement = describeTreeSitterStatement(node, this.table, scope.depth + 1, false);
    // Only whole writes of names (`x = f(x)`, `s += a[i]`): element writes and calls are read
    // from the walk (`d[k].push_back(v)`, a memo entry `f[i][j] = v`), as they were.
    if (statement?.kind === 'assignment' && /^[A-Za-z_$][\w$]*$/.test(statement.target?.trim() ?? ''))
      this.facts.statements.push(statement);
    this.visit(node, { ...scope, depth: scope.depth + 1 }, memberName);
  }

  private visit(node: SyntaxNode, scope: Scope, memberName = false): void {
    const t = this.table;
    const type = node.type;
    const feature = t.features[type];
    if (feature) this.facts.features.push({ concept: feature, line: this.line(node) });
    for (const concept of t.conceptsOf?.(node) ?? [])
      this.facts.features.push({ concept, line: this.line(node) });
    if (type in t.functions) return this.visitFunction(node, scope);
    if (type in t.classes) return this.visitClass(node, scope);
    if (t.loops.includes(type)) return this.visitLoop(node, scope);
    if (t.comprehensions?.includes(type)) return this.visitComprehension(node, scope);
    if (t.branches.includes(type)) return this.visitBranch(node, scope);
    if (t.calls.includes(type) || t.creations?.includes(type)) return this.visitCall(node, scope);
    const unit = scope.unit;
    const pseudo = t.pseudoCall?.(node);
    if (pseudo) {
      const { callee, args } = typeof pseudo === 'string' ? { callee: pseudo, args: [] } : pseudo;
      scope.flow.push({
        kind: 'call',
        line: this.line(node),
        callee,
        name: callee,
        args: args.map((a) => compact(a, 40)),
        callbacks: [],
        isNew: false,
      });
    }
    if (t.outputStatements?.includes(type)) {
      const keyword = node.text.split(/[\s(]/)[0]!;
      scope.flow.push({
        kind: 'call',
        line: this.line(node),
        callee: keyword,
        name: keyword,
        args: named(node).map((c) => compact(c.text, 40)),
        callbacks: [],
        isNew: false,
      });
    }
    if (t.imports.includes(type)) {
      for (const module of describeModules(node)) this.facts.imports.push({ module, line: this.line(node) });
    }
    if (t.returns.includes(type)) {
      const value = named(node)[0];
      if (value && unit) unit.returnsValue = true;
      if (value && unit && value.type in t.functions) unit.returnsFunction = true;
      if (value && unit && t.identifiers.includes(value.type)) {
        this.returned.push({ unit, name: value.text.replace(/^\$/, '') });
      }
      this.children(node, { ...scope, inReturn: true });
      scope.flow.push({ kind: 'return', line: this.line(node) });
      return;
    }
    if (t.throws.includes(type)) unit?.throwLines.push(this.line(node));
    if (t.catches.includes(type)) unit?.catchLines.push(this.line(node));
    if (t.awaits?.includes(type)) scope.flow.push({ kind: 'await', line: this.line(node) });
    if (t.yields?.includes(type) && unit) unit.isGenerator = true;
    for (const name of t.globalNames?.(node) ?? []) unit?.globalWrites.push({ line: this.line(node), name });
    const container = t.membership?.(node);
    if (container !== undefined) {
      scope.flow.push({ kind: 'membership', line: this.line(node), container });
      if (scope.inCondition) unit?.guardLookups.add(compact(container, 40));
    }
    if (t.identifiers.includes(type) && unit && !memberName)
      unit.references.add(node.text.replace(/^\$/, ''));
    if (type in t.declarations) this.noteDeclaration(node, t.declarations[type]!, scope);
    if (type === 'declaration' || type === 'field_declaration') this.noteTypedDeclaration(node, scope);
    if (t.assignments.includes(type)) this.noteAssignment(node, scope);
    else if (isUpdateNode(type)) this.noteWrite(node, scope);
    if (t.keyedAccess.includes(type) && unit) {
      const object = compact(named(node)[0]?.text ?? '', 40);
      if (scope.inReturn) unit.cacheLookups.add(object);
      if (scope.inCondition) unit.guardLookups.add(object);
    }
    this.children(node, scope);
  }

  private visitFunction(node: SyntaxNode, scope: Scope): void {
    const t = this.table;
    let kind: UnitKind = t.functions[node.type]!;
    const parentUnit = scope.unit;
    if (kind === 'function' && parentUnit && !isFunctionUnit(parentUnit)) kind = 'method';
    const name = unitNameOf(node, this.table);
    if (kind !== 'lambda' && /^(__init__|initialize|__construct)$/.test(name)) kind = 'constructor';
    if (kind === 'lambda' && name !== '<anonymous>') kind = 'function';
    const unit = emptyUnit(this.facts.units.length, kind, name, this.line(node), node.endPosition.row + 1);
    unit.parent = parentUnit?.id;
    const receiver = this.facts.language === 'go' ? field(node, 'receiver') : '';
    unit.receiverType = /^\(\s*(?:\w+\s+)?\*?\s*(\w+)/.exec(receiver)?.[1];
    unit.receiverName = /^\(\s*(\w+)\s+\*?\s*\w/.exec(receiver)?.[1];
    unit.isAsync = t.isAsync?.(node) ?? false;
    unit.decorators = t.decoratorsOf?.(node) ?? [];
    unit.returnType =
      compact(
        field(node, 'return_type') ||
          field(node, 'result') ||
          field(node, 'returns') ||
          (kind === 'lambda' ? '' : field(node, 'type')),
        50,
      ) || undefined;
    if (unit.returnType && /^(void|\(\))$/.test(unit.returnType)) unit.returnType = 'void';
    this.facts.units.push(unit);
    if (name !== '<anonymous>' && kind !== 'method' && kind !== 'constructor') this.declare(scope, name);
    const params = t.paramsOf ? t.paramsOf(node) : node.childForFieldName('parameters');
    const inner: Scope = { unit, flow: unit.body, depth: scope.depth, inReturn: false, inCondition: false };
    if (params) {
      unit.params = parameterNames(params, t);
      if (this.facts.language === 'python')
        unit.textParams = textParameters(params, node.childForFieldName('body'));
      const self = explicitObjectName(params);
      if (self && self !== name) this.selfNames.set(unit, self);
      unit.params.forEach((p) => unit.locals.add(p.replace(/^[*&.$]+/, '')));
      this.children(params, inner);
    }
    const body = node.childForFieldName('body');
    if (body && kind === 'lambda' && !t.blocks.includes(body.type) && !/block|statement/.test(body.type)) {
      unit.returnsValue = true;
      this.visit(body, { ...inner, inReturn: true });
    } else if (body) {
      this.visit(body, inner);
      if (t.implicitReturn && body.namedChildCount > 0) unit.returnsValue = true;
    }
    const skip = [params, body, node.childForFieldName('name')].filter((n): n is SyntaxNode => !!n);
    // The rest of the signature (type parameters, PHP `use` clause, ...) for the concepts it shows.
    this.children(node, inner, skip);
    if (unit.isGenerator) this.facts.features.push({ concept: 'generators', line: unit.line });
    if (unit.isAsync) this.facts.features.push({ concept: 'async/await', line: unit.line });
    if (unit.isAsync && unit.isGenerator)
      this.facts.features.push({ concept: 'async iterators', line: unit.line });
    if (unit.decorators.length && /^(python)$/.test(this.facts.language) === false) void 0;
  }

  private visitClass(node: SyntaxNode, scope: Scope): void {
    const t = this.table;
    let kind: UnitKind = t.classes[node.type]!;
    if (node.type === 'type_spec') {
      const typeNode = node.childForFieldName('type');
      if (typeNode?.type === 'interface_type') kind = 'interface';
      else if (typeNode?.type !== 'struct_type') return this.children(node, scope);
    }
    const unit = emptyUnit(
      this.facts.units.length,
      kind,
      unitNameOf(node, this.table),
      this.line(node),
      node.endPosition.row + 1,
    );
    unit.parent = scope.unit?.id;
    unit.bases = (t.basesOf?.(node) ?? []).map((b) => compact(b, 40)).filter(Boolean);
    unit.decorators = t.decoratorsOf?.(node) ?? [];
    this.facts.units.push(unit);
    this.declare(scope, unit.name);
    this.children(node, { unit, flow: unit.body, depth: scope.depth, inReturn: false, inCondition: false });
  }

  private visitLoop(node: SyntaxNode, scope: Scope): void {
    const header = this.table.loopHeader(node);
    const { bound, variable, counting } = loopBound(this.table, node, header);
    const body: Flow[] = [];
    const endLine = node.endPosition.row + 1;
    scope.flow.push({ kind: 'loop', line: this.line(node), endLine, bound, variable, counting, body });
    // Go keeps the header in a clause (`for _, w := range strings.Split(s, " ")`, `for i := f(); …`).
    const clause = named(node).find((c) => /^(range|for)_clause$/.test(c.type));
    const holder = clause ?? node;
    // PHP's `foreach (str_split($s) as $c)` has no field: the collection is what precedes `as`.
    // Either way a for-each's collection, like a C-style `for`'s initialiser
    // (`for (int x = *max_element(b, e); x > 0; --x)`), is evaluated once, before the loop, not on
    // every pass.
    const once =
      header.kind === 'for-each'
        ? (holder.childForFieldName('right') ??
          holder.childForFieldName('value') ??
          named(node).find((c) => c.nextSibling?.type === 'as'))
        : holder.childForFieldName('initializer');
    if (once) this.visit(once, scope);
    const inner = { ...scope, flow: body };
    if (clause) {
      this.children(clause, inner, once ? [once] : []);
      this.children(node, inner, [clause]);
    } else this.children(node, inner, once ? [once] : []);
  }

  /** `[f(x) for x in xs if p(x)]`: one loop per `for` clause, nested, around the element expression. */
  private visitComprehension(node: SyntaxNode, scope: Scope): void {
    const clauses = named(node).filter((c) => this.table.loops.includes(c.type));
    let flow = scope.flow;
    for (const clause of clauses) {
      const { bound, variable, counting } = loopBound(this.table, clause);
      const body: Flow[] = [];
      const right = clause.childForFieldName('right');
      if (right) this.visit(right, { ...scope, flow });
      this.noteDeclaration(clause, 'left', scope);
      flow.push({ kind: 'loop', line: this.line(clause), bound, variable, counting, body });
      flow = body;
    }
    for (const child of named(node))
      if (!clauses.some((c) => c.id === child.id)) this.visit(child, { ...scope, flow });
  }

  private visitBranch(node: SyntaxNode, scope: Scope): void {
    const arms: Flow[][] = [];
    scope.flow.push({ kind: 'branch', line: this.line(node), arms });
    const armNodes: SyntaxNode[] = [];
    for (let i = 0; i < node.namedChildCount; i++) {
      const child = node.namedChild(i)!;
      const fieldName = node.fieldNameForNamedChild(i);
      if (fieldName && CONDITION_FIELDS.has(fieldName)) this.visit(child, { ...scope, inCondition: true });
      else armNodes.push(child);
    }
    const expanded =
      armNodes.length === 1 &&
      named(armNodes[0]!).length > 0 &&
      named(armNodes[0]!).every((c) => CASE_LIKE.test(c.type) || /comment/.test(c.type))
        ? named(armNodes[0]!)
        : armNodes;
    for (const arm of expanded) {
      const flow: Flow[] = [];
      arms.push(flow);
      if (this.table.blocks.includes(arm.type)) this.children(arm, { ...scope, flow });
      else if (this.bareBody(node, arm)) this.visitBare(arm, { ...scope, flow });
      else this.visit(arm, { ...scope, flow });
    }
  }

  /** True when `receiver` names the class or impl that holds `unit` (Rust, Java, C#). */
  private ownTypeCall(unit: Unit | undefined, receiver: string): boolean {
    if (!/^(rust|java|csharp)$/.test(this.facts.language) || !/^[A-Z]\w*$/.test(receiver)) return false;
    for (let u = unit; u; u = u.parent === undefined ? undefined : this.facts.units[u.parent])
      if (!isFunctionUnit(u)) return u.name === receiver;
    return false;
  }

  private visitCall(node: SyntaxNode, scope: Scope): void {
    const t = this.table;
    let callee = calleeText(node, t);
    // A call started as a goroutine runs concurrently: its cost is not the caller's.
    const spawned = node.parent?.type === 'go_statement' ? 'go ' : '';
    let name = spawned + (callee.split(/\.|::|->|\s/).pop() ?? callee).replace(/^[$@]/, '');
    // `[&](this auto&& dfs, …)` bound to `backtracking`: `dfs(…)` in its body calls the lambda itself.
    if (scope.unit && name === callee && this.selfNames.get(scope.unit) === name)
      name = callee = scope.unit.name;
    const isNew = t.creations?.includes(node.type) ?? false;
    const separator = /^(.*?)(\.|::|->|\?->)([$\w!?]+)$/s.exec(callee);
    let receiver = !isNew && separator ? separator[1] : undefined;
    // `Solution::dfs(…)` inside `impl Solution`, `Solution.dfs(…)` inside `class Solution`: a call
    // on the caller's own type is the `Self::dfs` / `this.dfs` of that type (recursion, a helper).
    const own = separator && receiver && this.ownTypeCall(scope.unit, receiver);
    if (own) {
      receiver = separator[2] === '::' ? 'Self' : 'this';
      callee = `${receiver}${separator[2]}${separator[3]}`;
    }
    const argsNode =
      node.childForFieldName('arguments') ??
      named(node).find((c) => /^(arguments|argument_list)$/.test(c.type));
    // `sum(x for x in xs)`: the generator expression is the whole argument list (one argument).
    const argNodes =
      argsNode && argsNode.type === 'generator_expression'
        ? [argsNode]
        : argsNode
          ? named(argsNode).map((a) =>
              a.type === 'argument' && a.namedChildCount === 1 ? a.namedChild(0)! : a,
            )
          : [];
    const call: Flow = {
      kind: 'call',
      line: this.line(node),
      callee: isNew ? `new ${callee.replace(/^new\s+/, '')}` : callee,
      name: name.replace(/!$/, ''),
      receiver,
      args: argNodes.map((a) => compact(a.text, 40)),
      callbacks: [],
      isNew,
    };
    scope.flow.push(call);
    const unit = scope.unit;
    if (unit && !receiver && unit.params.includes(call.name)) unit.callsParameter = true;
    if (
      unit &&
      receiver &&
      /^(get|has|containsKey|ContainsKey|TryGetValue|key\?|has_key\?|include\?|contains_key)$/.test(call.name)
    ) {
      if (scope.inReturn) unit.cacheLookups.add(compact(receiver, 40));
      if (scope.inCondition) unit.guardLookups.add(compact(receiver, 40));
    }
    if (unit && receiver && /^(put|set|insert|Add|store|setdefault)$/.test(call.name) && argNodes.length >= 2)
      unit.cacheStores.add(compact(receiver, 40));
    const handled: SyntaxNode[] = [];
    for (const arg of argNodes) {
      // Python's `key=lambda d: …` (`max`, `min`, `sorted`, `sort`): run once per element, as a
      // positional callback is.
      const keyed =
        arg.type === 'keyword_argument' && arg.childForFieldName('name')?.text === 'key'
          ? arg.childForFieldName('value')
          : undefined;
      const fn = keyed && keyed.type in t.functions ? keyed : arg;
      if (fn.type in t.functions) {
        // (the concept as before: a function passed as an argument, not a key)
        if (fn === arg) this.facts.features.push({ concept: 'higher-order functions', line: this.line(fn) });
        call.callbacks.push(this.functionBody(fn, scope));
        handled.push(arg);
      }
    }
    const block = node.childForFieldName('block');
    if (block && block.type in t.functions) {
      call.callbacks.push(this.functionBody(block, scope));
      handled.push(block);
    }
    if (argsNode) for (const arg of argNodes) if (!handled.includes(arg)) this.visit(arg, scope);
    this.children(node, scope, [...(argsNode ? [argsNode] : []), ...handled]);
  }

  private functionBody(node: SyntaxNode, scope: Scope): Flow[] {
    const before = this.facts.units.length;
    const concept = this.table.features[node.type];
    if (concept) this.facts.features.push({ concept, line: this.line(node) });
    this.visitFunction(node, scope);
    return this.facts.units[before]?.body ?? [];
  }
}

/** The name a C++23 explicit object parameter gives the function itself (`this auto&& dfs` → `dfs`). */
function explicitObjectName(params: SyntaxNode): string | undefined {
  const first = named(params)[0];
  return first ? /^this\b[^,]*?\b(\w+)\s*$/.exec(first.text)?.[1] : undefined;
}

/**
 * Python parameters declared `str`: annotated (`s: str`) or typed in the docstring (`:type s:
 * str`), the two ways solutions write it.
 */
function textParameters(params: SyntaxNode, body: SyntaxNode | null): string[] {
  const names = named(params)
    .filter((p) => /^typed(_default)?_parameter$/.test(p.type) && p.childForFieldName('type')?.text === 'str')
    .map((p) => named(p)[0]?.text ?? '');
  const first = body ? named(body)[0] : undefined;
  const doc = first?.type === 'expression_statement' && named(first)[0]?.type === 'string' ? first.text : '';
  for (const m of doc.matchAll(/:type\s+([A-Za-z_]\w*)\s*:\s*str\s*$/gm)) names.push(m[1]!);
  return names.filter((n) => /^[A-Za-z_]\w*$/.test(n));
}
