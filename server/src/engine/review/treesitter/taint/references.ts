// Variables passed to a reference parameter (PHP's `function esc(&$s) { $s = htmlspecialchars($s); }`)
// of a function that always assigns it: after the call the variable holds what the function left in
// the parameter, not what it held before (`$v = $_GET['x']; esc($v); echo $v;` echoes escaped text).
// "Always" is read from the body: a plain assignment to the parameter among its statements, an
// `if` whose every branch (an `else` included) assigns it, or a call passing it on to another such
// function. A function that may leave the parameter alone (`if (c) $s = ...;`) changes nothing here:
// the value before the call and what the function writes both count (`writes.ts`).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest } from '../syntax';
import { dominates } from '../values';
import type { FileIndex } from './fileIndex';
import type { Taint } from './names';
import { argumentValues } from './objects';
import type { TaintTable } from './table';
import type { Follow } from './writes';

/** Functions followed through each other when deciding whether a body always assigns a parameter. */
const MAX_DEPTH = 4;

export class References {
  constructor(
    private readonly context: AnalysisContext,
    private readonly table: TaintTable,
    private readonly index: FileIndex,
    private readonly follow: Follow,
  ) {}

  /**
   * What `name` holds at `use` when the last call passing it to a reference parameter (after its
   * last assignment, which starts at `after`) always runs and always assigns it. Undefined when there
   * is no such call or a later one may leave the value alone.
   */
  overwrite(name: string, use: SyntaxNode, after: number): { taint: Taint } | undefined {
    if (!this.table.referenceParameter) return undefined;
    const functions = this.context.values.dialect.functionTypes;
    const fn = closest(use, functions);
    const calls = this.index
      .callsBefore(fn ?? this.context.root, use)
      .filter((c) => c.startIndex > after && closest(c, functions)?.id === fn?.id);
    for (const call of calls.reverse()) {
      const target = this.passed(call, name);
      if (!target) continue;
      if (!dominates(call, use) || !this.assigns(target.callee, target.parameter, 0)) return undefined;
      // A function that passes the parameter on to itself (directly or through another) is not
      // followed into again: what the outer call leaves there is being computed.
      if (this.following.has(call.id)) return undefined;
      const end = target.callee.childForFieldName('body')?.lastChild;
      const value = () => (end ? this.follow.variable(target.parameter, end) : undefined);
      this.following.add(call.id);
      try {
        return { taint: this.follow.atCall(call, target.callee, value) };
      } finally {
        this.following.delete(call.id);
      }
    }
    return undefined;
  }

  /**
   * The value last written to `name` through an alias (`$y = &$x; $y = 'safe';` writes `$x`),
   * when that write comes after `name`'s own last assignment (which starts at `after`), dominates
   * `use`, and follows the aliasing; undefined otherwise.
   */
  aliasWrite(name: string, use: SyntaxNode, after: number): SyntaxNode | undefined {
    const type = this.table.referenceAlias;
    if (!type) return undefined;
    const values = this.context.values;
    const scope = closest(use, values.dialect.functionTypes);
    let latest: SyntaxNode | undefined;
    for (const alias of this.context.nodes(type)) {
      const [left, right] = [alias.childForFieldName('left'), alias.childForFieldName('right')];
      if (!left || right?.text !== name || alias.startIndex > use.startIndex) continue;
      if (closest(alias, values.dialect.functionTypes)?.id !== scope?.id) continue;
      for (const binding of values.bindingsBefore(left.text, use)) {
        const value = binding.value;
        if (!value || value.startIndex < Math.max(after, alias.endIndex)) continue;
        const write = value.parent;
        if (!write || write.type !== this.table.elementAssignment || !dominates(write, use)) continue;
        if (!latest || value.startIndex > latest.startIndex) latest = value;
      }
    }
    return latest;
  }

  /** The calls `overwrite` is following into, innermost last. */
  private readonly following = new Set<number>();

  /**
   * True when the statements of the function around `use` that end before it assign `name` whichever
   * way they run (`if (c) { $s = a; } else { $s = b; }`): what a parameter of that name received no
   * longer reaches `use`.
   */
  assignedBefore(name: string, use: SyntaxNode): boolean {
    const body = closest(use, this.context.values.dialect.functionTypes)?.childForFieldName('body');
    const statements = (body?.namedChildren ?? []).filter(
      (s): s is SyntaxNode => s !== null && s.endIndex <= use.startIndex,
    );
    return statements.some((s) => this.statement(s, name, 0));
  }

  /** The function of the file `call` passes `name` to by reference, and that parameter's name. */
  private passed(call: SyntaxNode, name: string): { callee: SyntaxNode; parameter: string } | undefined {
    const reference = this.table.referenceParameter;
    if (!reference) return undefined;
    const args = argumentValues(call);
    const position = args.findIndex((a) => a.text === name);
    if (position < 0) return undefined;
    const callee = this.index.functionNamed(this.index.head(call));
    const param = callee && this.index.parameters(callee).params[position];
    const parameter = param ? reference.exec(param.text)?.[1] : undefined;
    return callee && parameter ? { callee, parameter } : undefined;
  }

  /** True when the body of `fn` assigns `parameter` whichever way it runs. */
  private assigns(fn: SyntaxNode, parameter: string, depth: number): boolean {
    const body = fn.childForFieldName('body');
    return depth < MAX_DEPTH && !!body && this.block(body, parameter, depth);
  }

  private block(block: SyntaxNode, name: string, depth: number): boolean {
    const statements = block.namedChildren.filter((s): s is SyntaxNode => s !== null);
    return statements.some((s) => this.statement(s, name, depth));
  }

  private statement(node: SyntaxNode, name: string, depth: number): boolean {
    if (/^(?:compound_statement|block)$/.test(node.type)) return this.block(node, name, depth);
    if (/^if/.test(node.type)) {
      const alternatives = node.childrenForFieldName('alternative').filter((a): a is SyntaxNode => !!a);
      if (!alternatives.some((a) => /^else(?:_clause)?$/.test(a.type))) return false;
      const branches = [
        node.childForFieldName('body'),
        ...alternatives.map((a) => a.childForFieldName('body')),
      ];
      return branches.every((b) => !!b && this.statement(b, name, depth));
    }
    const expression = node.type === 'expression_statement' ? node.namedChildren[0] : node;
    if (!expression) return false;
    if (expression.type === this.table.elementAssignment)
      return expression.childForFieldName('left')?.text === name;
    if (!this.table.callTypes.has(expression.type)) return false;
    const target = this.passed(expression, name);
    return !!target && this.assigns(target.callee, target.parameter, depth + 1);
  }
}
