// Writes that give a variable its value without an assignment to it: in-place calls (`list.add(x)`,
// `strcat(buf, x)`), element assignments (`d["k"] = v`), out-parameters a callee fills, globals other
// functions assign, and lists replayed element by element. Each asks the tracker (`follow`) what the
// written value carries.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { dominates } from '../values';
import { constantNumber } from './constants';
import type { FileIndex } from './fileIndex';
import { bufferName, literalText, receiverName, short } from './names';
import { pinnedLiteral } from './pinnedKeys';
import type { TaintTable } from './table';
import type { Taint } from './names';

/** The tracker's entry points a write's value is followed with. */
export interface Follow {
  taint(node: SyntaxNode | null | undefined): Taint;
  variable(name: string, use: SyntaxNode): Taint;
  /** `f` followed with the parameters of `fn` bound to what `call` passes. */
  atCall(call: SyntaxNode, fn: SyntaxNode, f: () => Taint): Taint;
}

export class Writes {
  constructor(
    private readonly context: AnalysisContext,
    private readonly table: TaintTable,
    private readonly index: FileIndex,
    private readonly follow: Follow,
  ) {}

  /** `list.add(x)`, `sb.append(x)`, `strcat(buf, x)`, `fgets(buf, n, stdin)` before the use. */
  inPlace(name: string, use: SyntaxNode): Taint {
    const rules = this.table.inPlace;
    // `map.get("keyA")` reads only what was put under "keyA".
    // The call is the use's parent (Java `map.get`) or grandparent (Python's `attribute` in between).
    const via = use.parent && this.table.memberTypes.has(use.parent.type) ? use.parent.parent : use.parent;
    const reader = via && this.table.callTypes.has(via.type) ? via : undefined;
    const readArgs =
      reader && /\.(?:get|getOrDefault|Get)$/.test(this.index.head(reader))
        ? (reader.childForFieldName('arguments')?.namedChildren ?? []).map(literalText)
        : [];
    const functions = this.context.values.dialect.functionTypes;
    // Top-level code (a PHP or Ruby script) is a scope of its own; the functions it defines are not.
    const fn = closest(use, functions);
    const scope = fn ?? this.context.root;
    if (!rules) return undefined;
    for (const call of this.index.callsBefore(scope, use)) {
      if (!fn && closest(call, functions)) continue;
      // A chain `sb.Append(a).Append(b)` appends to its root object: match as `sb.Append`.
      const head = this.index.head(call).replace(/^(\w+)(?:\.\w+|\([^()]*\))*\.(\w+)$/, '$1.$2');
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
          const found = this.follow.taint(arg);
          if (found) return found;
        }
      }
    }
    return undefined;
  }

  /**
   * `d["k"] = v` before the use: the element assignments of `name` in its function. A read of
   * another constant key (`d["other"]`) does not see the write.
   */
  elementWrites(name: string, use: SyntaxNode): Taint {
    const type = this.table.elementAssignment;
    // A global (`$this->items` filled by the constructor) may be written by any function, in any order.
    const global = this.isGlobal(name, use);
    const scope = global
      ? this.context.root
      : (closest(use, this.context.values.dialect.functionTypes) ?? this.context.root);
    if (!type) return undefined;
    // The keys the use reads (`$a[1][2]`: 1 then 2) and each write's keys (`$a[1][3] = ...`): a
    // write counts unless a constant key of it differs from the read's at the same depth.
    const readKeys = this.readKeys(use);
    // `$a['k'] .= $x` appends to the element: a write of what `$x` holds too.
    for (const assignment of [...this.context.nodes(type), ...this.context.nodes(`augmented_${type}`)]) {
      if (assignment.startIndex < scope.startIndex) continue;
      if (!global && assignment.startIndex >= use.startIndex) continue;
      if (assignment.endIndex > scope.endIndex) continue;
      const left = assignment.childForFieldName('left');
      const written = left && this.elementPath(left);
      if (!written || written.base !== name) continue;
      if (
        written.keys.some((key, i) => key !== undefined && readKeys[i] !== undefined && key !== readKeys[i])
      )
        continue;
      const found = this.follow.taint(assignment.childForFieldName('right'));
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The value of the last plain write to exactly the element `use` reads, when it always runs
   * before the use and after the variable's own assignments (which start at `after`):
   * `$row['name'] = htmlspecialchars($row['name']); echo $row['name'];` reads the escaped value.
   * Undefined (not decided) when a later write may reach the element (a computed key, an append,
   * `.=`) or none qualifies.
   */
  overwrittenElement(name: string, use: SyntaxNode, after: number): { node: SyntaxNode } | undefined {
    const type = this.table.elementAssignment;
    const keys = this.readKeys(use);
    if (!type || !this.table.keyedLiteral || keys.length === 0 || keys.includes(undefined)) return undefined;
    const functions = this.context.values.dialect.functionTypes;
    const scope = closest(use, functions);
    const writes = [...this.context.nodes(type), ...this.context.nodes(`augmented_${type}`)]
      .filter((a) => a.startIndex > after && a.endIndex <= use.startIndex)
      .filter((a) => closest(a, functions)?.id === scope?.id)
      .map((a) => ({ a, path: this.elementPath(a.childForFieldName('left') ?? a) }))
      .filter((w) => w.path?.base === name)
      .sort((x, y) => x.a.startIndex - y.a.startIndex);
    const last = writes.at(-1);
    if (!last || last.a.type !== type || !dominates(last.a, use)) return undefined;
    const path = last.path!.keys;
    if (path.length !== keys.length || path.some((k, i) => k !== keys[i])) return undefined;
    const right = last.a.childForFieldName('right');
    return right ? { node: right } : undefined;
  }

  /** The keys a read of a variable goes through (`$a[1][2]`: 1 then 2; undefined for a computed key). */
  readKeys(use: SyntaxNode): Array<string | undefined> {
    const keys: Array<string | undefined> = [];
    for (let at = use; at.parent && this.table.memberTypes.has(at.parent.type); at = at.parent) {
      if (at.parent.namedChildren[0]?.id !== at.id) break;
      keys.push(this.keyText(at.parent.namedChildren[1]));
    }
    return keys;
  }

  /**
   * The part of `value` (a variable's assigned value) that `use` reads: for `$a['k']` after
   * `$a = ['k' => $x, 'j' => $y]`, `$x` (at each constant key, while the value is a literal with
   * every key written out); `{ node: undefined }` when the literal has no such key; undefined when
   * not decided (the whole value counts).
   */
  keyedPart(value: SyntaxNode, use: SyntaxNode): { node?: SyntaxNode } | undefined {
    const literal = this.table.keyedLiteral;
    if (!literal || value.type !== literal.type) return undefined;
    let node: SyntaxNode = value;
    for (const key of this.readKeys(use)) {
      if (key === undefined || node.type !== literal.type) break;
      const elements = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
      if (elements.some((e) => e.type !== literal.element || e.namedChildren.length !== 2)) break;
      const keys = elements.map((e) => this.keyText(e.namedChildren[0]));
      if (keys.includes(undefined)) break;
      // A key written twice keeps its last value.
      const at = keys.lastIndexOf(key);
      if (at < 0) return { node: undefined };
      node = elements[at].namedChildren[1]!;
    }
    return node.id === value.id ? undefined : { node };
  }

  /** A constant key as written: a string's text or an integer (`$a["1"]` and `$a[1]` are one key). */
  keyText(node: SyntaxNode | null | undefined): string | undefined {
    if (!node) return undefined;
    const dialect = this.context.values.dialect;
    if (dialect.stringTypes.has(node.type)) return dialect.literalValue(node);
    // PHP's `$o->name` (a `name` node, the access's own field): the property is a key written out.
    const access = node.parent;
    if (
      node.type === 'name' &&
      /member_access_expression$/.test(access?.type ?? '') &&
      access?.childForFieldName('name')?.id === node.id
    )
      return `->${node.text}`;
    return (
      literalText(node) ??
      (/^(?:integer|number|integer_literal)$/.test(node.type) ? node.text : undefined) ??
      (this.table.keyedLiteral ? pinnedLiteral(node, this.context) : undefined)
    );
  }

  /** `$a[1][2]`: the variable `$a` and the keys, outermost first; undefined for no element write. */
  elementPath(left: SyntaxNode): { base: string; keys: Array<string | undefined> } | undefined {
    const keys: Array<string | undefined> = [];
    let node = left;
    const variable = (n: SyntaxNode) => this.context.values.dialect.variableName(n) === n.text;
    // Down to the variable (`$this->items` is one: its elements are keys of it); `$a[]` appends
    // at a key not written out.
    while (this.table.memberTypes.has(node.type) && node.namedChildren[0]) {
      if (variable(node) && (keys.length > 0 || node.namedChildren.length === 1)) break;
      keys.unshift(this.keyText(node.namedChildren[1]));
      node = node.namedChildren[0];
    }
    return keys.length > 0 ? { base: node.text, keys } : undefined;
  }

  /** `f(name)` before the use, where f's parameter at that position is a reference the body fills. */
  referenceWrites(name: string, use: SyntaxNode): Taint {
    const reference = this.table.referenceParameter;
    if (!reference) return undefined;
    const functions = this.context.values.dialect.functionTypes;
    // A script's own code passes its variables too (`appendStuff($a); echo $a;`).
    const fn = closest(use, functions);
    for (const call of this.index.callsBefore(fn ?? this.context.root, use)) {
      if (closest(call, functions)?.id !== fn?.id) continue;
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      const position = args.findIndex((a) => a.text === name);
      if (position < 0) continue;
      const callee = this.index.functionNamed(this.index.head(call));
      if (!callee || callee.id === fn?.id) continue;
      const param = this.index.parameters(callee).params[position];
      const pname = param && reference.exec(param.text)?.[1];
      const end = callee.childForFieldName('body')?.lastChild;
      // Functions passing the parameter on to each other are followed into once per call.
      if (!pname || !end || this.following.has(call.id)) continue;
      this.following.add(call.id);
      try {
        const found = this.follow.atCall(call, callee, () => this.follow.variable(pname, end));
        if (found) return found;
      } finally {
        this.following.delete(call.id);
      }
    }
    return undefined;
  }

  /** The calls `referenceWrites` is following into. */
  private readonly following = new Set<number>();

  /**
   * A name the enclosing function neither declares, assigns nor receives is a global (a C `static`,
   * a module variable): it carries what any other function assigns to it, in any order.
   */
  globalWrites(name: string, use: SyntaxNode): Taint {
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
      // PHP: another function's variable of that name is the global only where it declares it so.
      if (this.declaredOnly(name) && !this.declaresGlobal(site.owner, name)) continue;
      const found = this.follow.taint(site.binding.value);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * True when `name`, used in a function, is a global there (see `localDeclaration`): the function
   * neither receives it as a parameter nor binds it.
   */
  isGlobal(name: string, use: SyntaxNode): boolean {
    const functions = this.context.values.dialect.functionTypes;
    const fn = closest(use, functions);
    if (!this.table.localDeclaration || !fn || this.index.parameters(fn).index(name) >= 0) return false;
    if (this.declaredOnly(name) && !this.declaresGlobal(fn, name)) return false;
    return !this.context.values.bindingsAnywhere(name).some((s) => closest(s.node, functions)?.id === fn.id);
  }

  /**
   * True when `name` is a plain variable of a language whose functions see a global only through a
   * declaration (table `globalDeclaration`: PHP's `global $x;`); an object's property is not one.
   */
  private declaredOnly(name: string): boolean {
    return !!this.table.globalDeclaration && /^\$\w+$/.test(name);
  }

  /** True when the function `fn` declares `name` global (`global $a, $b;`). */
  private declaresGlobal(fn: SyntaxNode, name: string): boolean {
    const type = this.table.globalDeclaration;
    return (
      !!type &&
      descendants(fn, [type]).some(
        (declaration) =>
          closest(declaration, this.context.values.dialect.functionTypes)?.id === fn.id &&
          declaration.namedChildren.some((c) => c?.text === name),
      )
    );
  }

  /**
   * `list.get(1)` (or `lst[1]`) after `list.add("a"); list.add(x); list.add("b"); list.remove(0);`
   * is "b": the adds and removes are replayed when the list starts empty, every call on it runs
   * unconditionally before the read, and all indexes are constants. Undefined (not decided) when
   * `use` is no such read or the list is used in any other way (then every element counts).
   */
  listElement(name: string, use: SyntaxNode): { taint: Taint } | undefined {
    const list = this.table.indexedList;
    if (!list) return undefined;
    const values = this.context.values;
    const method = (call: SyntaxNode) => /(?:^|\.)(\w+)$/.exec(this.index.head(call))?.[1] ?? '';
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
    for (const call of this.index.callsBefore(scope, use)) {
      if (receiverName(this.index.head(call).replace(/\([^()]*\)/g, '')) !== name) continue;
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
    return { taint: wanted < elements.length ? this.follow.taint(elements[wanted]) : undefined };
  }

  elementAssignmentsTo(name: string, use: SyntaxNode): boolean {
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
}
