// Small pieces of the tree-sitter walk that need no walker state: the precise syntax-error
// location, module names, declared names and parameter names.
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { LoopBound, SourceFacts } from '../model';
import { type TreeSitterTable, field, named } from '../tables/treeSitterTable';
import { compact, counterBound, forEachBound, isCountingIterable } from './bounds';
import { whileBound } from './whileBound';
import { drainedByIndex } from './growingList';

const MEMBER_FIELDS = ['attribute', 'field', 'name', 'property'];

/**
 * The most specific syntax error: the first MISSING node, else the innermost ERROR node (an outer
 * ERROR often spans valid code before the real mistake).
 */
export function innermostSyntaxError(root: SyntaxNode): SourceFacts['syntaxError'] {
  const visit = (node: SyntaxNode): SyntaxNode | undefined => {
    if (node.isMissing) return node;
    const broken = named(node).filter((c) => c.hasError || c.isMissing || c.isError);
    for (const child of broken) {
      const found = visit(child);
      if (found) return found;
    }
    return node.isError ? node : undefined;
  };
  const node = visit(root);
  if (!node) return undefined;
  const what = node.isMissing
    ? `missing ${node.type}`
    : `unexpected ${JSON.stringify(compact(node.text, 20))}`;
  return {
    line: node.startPosition.row + 1,
    column: node.startPosition.column + 1,
    message: `Syntax error: ${what}`,
  };
}

/** The modules an import names: every quoted path (Go import blocks, includes), else the dotted name. */
export function describeModules(node: SyntaxNode): string[] {
  const from = /^from\s+(\S+)\s+import\b/.exec(node.text);
  if (from) return [from[1]!];
  const quoted = [...node.text.matchAll(/["<]([^">\n]+)[">]/g)].map((m) => m[1]!);
  if (quoted.length > 0) return quoted;
  const text = node.text.replace(
    /^(import|from|use|using|require(_once)?|include(_once)?|#include|extern crate)\s*/,
    '',
  );
  const match = /^([\w.:\\/*]+)/.exec(text.trim());
  return match ? [match[1]!] : [];
}

export function collectIdentifiers(
  node: SyntaxNode,
  table: TreeSitterTable,
  direct: boolean,
  /** Node types whose names are not collected (targets that bind nothing). */
  skip?: RegExp,
): string[] {
  const out: string[] = [];
  const walk = (n: SyntaxNode, level: number) => {
    for (const child of named(n)) {
      if (table.identifiers.includes(child.type)) out.push(child.text);
      else if ((!direct || level < 1) && !skip?.test(child.type)) walk(child, level + 1);
    }
  };
  if (table.identifiers.includes(node.type)) return [node.text];
  walk(node, 0);
  return out;
}

export function parameterNames(params: SyntaxNode, table: TreeSitterTable): string[] {
  if (table.identifiers.includes(params.type) || params.type === 'identifier') return [params.text];
  return named(params)
    .filter((p) => !/comment|self_parameter|^self$/.test(p.type) || p.type === 'self_parameter')
    .flatMap((p) => {
      // Go groups names under one type (`func f(root, p, q *TreeNode)`): one parameter per name.
      const names = p.childrenForFieldName('name').filter((n): n is SyntaxNode => !!n);
      return names.length > 1 ? names.map((n) => n.text) : [parameterName(p, table)];
    })
    .filter((n) => n.length > 0 && n.length < 40);
}

/** One parameter's name, through declarators and patterns (`int* xs`, `&mut v`, `(a, b)`). */
function parameterName(p: SyntaxNode, table: TreeSitterTable): string {
  const prefix = /^(\*\*|\*|&|\.\.\.)/.exec(p.text)?.[0] ?? '';
  const name =
    p.childForFieldName('name') ?? p.childForFieldName('pattern') ?? p.childForFieldName('declarator');
  let id = name ?? p;
  for (
    let i = 0;
    i < 4 && !table.identifiers.includes(id.type) && id.type !== 'identifier' && id.namedChildCount > 0;
    i++
  ) {
    id = id.childForFieldName('declarator') ?? id.childForFieldName('name') ?? id.namedChild(0)!;
  }
  return prefix + id.text.replace(/^\$/, '');
}

const MEMBER_PARENTS =
  /attribute|field_expression|member_access|selector|member_call|scoped|method_invocation|field_access|call$/;

/**
 * True when the `index`-th named child of `parent` is the member name of an access (`x` in `a.x`),
 * not a variable. Asks for the field name only when the parent is an access (the call is costly).
 */
export function isMemberName(parent: SyntaxNode, index: number): boolean {
  if (!MEMBER_PARENTS.test(parent.type)) return false;
  const name = parent.fieldNameForNamedChild(index);
  return name !== null && (MEMBER_FIELDS.includes(name) || (parent.type === 'call' && name === 'method'));
}

export function unitNameOf(node: SyntaxNode, table: TreeSitterTable): string {
  const direct = table.nameOf ? table.nameOf(node) : field(node, 'name') || undefined;
  if (direct) return direct.replace(/^\$/, '');
  // A lambda assigned to a name: `square = lambda x: ...`, `$f = function() {...}`, `let f = |x| ...`.
  const holder = /^(argument|keyword_argument)$/.test(node.parent?.type ?? '') ? undefined : node.parent;
  const target =
    holder?.childForFieldName('left') ??
    holder?.childForFieldName('pattern') ??
    holder?.childForFieldName('name');
  if (target && target.id !== node.id && table.identifiers.concat(['identifier']).includes(target.type))
    return target.text.replace(/^\$/, '');
  // Go `dfs = func(...) {...}`, `dfs := func(...)`, `var dfs = func(...)`: the literal sits in the
  // list of values, its name at the same position in the list of targets.
  if (holder?.type === 'expression_list') {
    const statement = holder.parent;
    const left = statement?.childForFieldName('left') ?? statement?.childForFieldName('name');
    const names = left?.type === 'expression_list' ? named(left) : left ? [left] : [];
    const name = names[named(holder).findIndex((n) => n.id === node.id)];
    if (name && left?.id !== holder.id && name.type === 'identifier') return name.text;
  }
  // C++ `const auto& dfs = [&](int u) {...};`: the declarator names the lambda (through `&`/`*`),
  // so `dfs(0)` in the enclosing function is a call to it and is charged its cost.
  if (holder?.type === 'init_declarator' && holder.childForFieldName('value')?.id === node.id) {
    const declared = /^[&*\s]*([A-Za-z_]\w*)$/.exec(holder.childForFieldName('declarator')?.text ?? '')?.[1];
    if (declared) return declared;
  }
  return '<anonymous>';
}

export function loopBound(
  table: TreeSitterTable,
  node: SyntaxNode,
  header = table.loopHeader(node),
): { bound: LoopBound; variable?: string; counting?: boolean } {
  const bodyText = node.childForFieldName('body')?.text ?? node.text;
  if (header.kind === 'for-each') {
    const variable = header.item.replace(/^\$/, '');
    return {
      bound: forEachBound(header.collection),
      variable,
      counting: isCountingIterable(header.collection),
    };
  }
  if (header.kind === 'counter') {
    const bound = drainedByIndex(
      counterBound(header.init, header.condition, header.update, bodyText),
      header.condition,
      bodyText,
    );
    return { bound, variable: header.variable, counting: true };
  }
  if (header.kind === 'while')
    return {
      bound: header.negated
        ? { kind: 'unknown', reason: 'an `until` condition' }
        : whileBound(header.condition, bodyText),
    };
  // `for { ... }` / `loop { ... }`: bounded only by an index the body steps through a collection.
  return { bound: whileBound('true', bodyText) };
}
