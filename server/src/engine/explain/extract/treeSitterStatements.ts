// Describes one statement of a tree-sitter tree for the breakdown, from the table's node types and
// the fields most grammars share (left/right, name/value, condition, ...).
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { Statement, StatementKind } from '../model';
import { type TreeSitterTable, field, named } from '../tables/treeSitterTable';
import { compact, shorten } from './bounds';
import { describeModules } from './treeSitterParts';

const WRAPPERS = /^(expression_statement|parenthesized_expression)$/;

function unwrap(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (WRAPPERS.test(current.type) && current.namedChildCount === 1) current = current.namedChild(0)!;
  return current;
}

function kindOf(node: SyntaxNode, table: TreeSitterTable): StatementKind {
  const t = node.type;
  if (t in table.functions || t in table.classes) return 'unit';
  if (table.imports.includes(t)) return 'import';
  if (table.loops.includes(t)) return 'loop';
  if (table.returns.includes(t)) return 'return';
  if (table.throws.includes(t)) return 'throw';
  if (table.tries.includes(t)) return 'try';
  if (table.yields?.includes(t)) return 'yield';
  if (table.calls.includes(t) || table.creations?.includes(t)) return 'call';
  if (table.assignments.includes(t)) return 'assignment';
  if (table.statementKinds?.[t]) return table.statementKinds[t]!;
  if (table.branches.includes(t)) return /switch|match|case/.test(t) ? 'match' : 'if';
  if (/^(break|continue|pass)(_statement|_expression)?$/.test(t)) return 'jump';
  return 'expression';
}

/** Text of the first present field among `names`, looking one level into declarators. */
/**
 * The element count of a list or tuple display (`[max(a, b), c + 1]`, `(lo, hi)`): its length
 * whatever its elements hold, kept because the value's text is cut. Not a comprehension or a splat.
 */
function displayElements(value: SyntaxNode | null): number | undefined {
  if (!value || !/^(list|tuple)$/.test(value.type)) return undefined;
  const items = named(value).filter((c) => c.type !== 'comment');
  if (!items.length || items.some((c) => /splat|spread|comprehension/.test(c.type))) return undefined;
  return items.length;
}

function firstField(node: SyntaxNode, names: string[]): string | undefined {
  for (const name of names) {
    const child = node.childForFieldName(name);
    if (child) return child.text;
  }
  for (const child of named(node)) {
    if (/declarator|variable_declaration|var_spec|const_spec|property_element/.test(child.type)) {
      const found = firstField(child, names);
      if (found) return found;
    }
  }
  return undefined;
}

export function describeTreeSitterStatement(
  raw: SyntaxNode,
  table: TreeSitterTable,
  depth: number,
  /** The last expression of a function body in a language that returns it (Rust). */
  tailExpression = false,
): Statement | undefined {
  // Attributes/decorators are reported on the unit they decorate.
  if (/comment|^php_tag$|^text$|^ERROR$|^attribute_item$|^decorator$|^attribute_list$/.test(raw.type))
    return undefined;
  // A C++ `template <typename T>` line is no statement of its own: the function or class it
  // declares is, with its header (whose parameters' declarations drainedAcrossCalls.ts reads).
  const declared = raw.type === 'template_declaration' ? named(raw).at(-1) : undefined;
  if (declared && (declared.type in table.functions || declared.type in table.classes))
    return describeTreeSitterStatement(declared, table, depth, tailExpression);
  if (raw.type === 'with_statement') {
    const items = named(raw).find((c) => c.type === 'with_clause')?.text ?? '';
    return {
      line: raw.startPosition.row + 1,
      depth,
      code: shorten(raw.text),
      kind: 'expression',
      keyword: 'with',
      value: compact(items),
    };
  }
  const node = unwrap(raw);
  if (
    /^(namespace_definition|namespace_declaration|file_scoped_namespace_declaration|package_clause|package_declaration)$/.test(
      node.type,
    )
  ) {
    const name = node.childForFieldName('name')?.text ?? named(node)[0]?.text;
    return {
      line: raw.startPosition.row + 1,
      depth,
      code: shorten(raw.text),
      kind: 'declaration',
      operator: 'namespace',
      target: name,
    };
  }
  if (node.type === 'send_statement') {
    const at = { line: raw.startPosition.row + 1, depth, code: shorten(raw.text) };
    return {
      ...at,
      kind: 'expression',
      keyword: 'send',
      target: field(node, 'channel'),
      value: compact(field(node, 'value')),
    };
  }
  const tail =
    tailExpression &&
    !/statement|declaration|item|macro_invocation|^(let|expression_statement)/.test(raw.type);
  const kind = tail ? 'return' : kindOf(node, table);
  const base = { line: raw.startPosition.row + 1, depth, code: shorten(raw.text), kind };
  const text = (value: string | undefined) => (value === undefined ? undefined : compact(value));
  switch (kind) {
    case 'unit':
      return base;
    case 'import': {
      const from = /^from\s+(\S+)\s+import\s+(.+)$/s.exec(node.text);
      if (from)
        return {
          ...base,
          module: from[1],
          names: from[2]!
            .replace(/[()\s]+/g, ' ')
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean),
        };
      return { ...base, module: compact(describeModules(node).join(', '), 80) };
    }
    case 'loop':
      return { ...base, ...loopFields(node, table) };
    case 'return':
    case 'throw':
    case 'yield':
      return { ...base, value: text(tail ? node.text : named(node)[0]?.text) };
    case 'if':
      return { ...base, condition: text(unparen(field(node, 'condition') || named(node)[0]?.text || '')) };
    case 'match':
      return {
        ...base,
        condition: text(firstField(node, ['value', 'subject', 'condition']) ?? named(node)[0]?.text),
      };
    case 'try':
      return {
        ...base,
        exceptions: named(node)
          .find((c) => table.catches.includes(c.type))
          ?.text.split('\n')[0],
      };
    case 'call':
      return {
        ...base,
        callee: calleeText(node, table),
        value: argumentsText(node),
        keyword: node.childForFieldName('block') ? 'block' : undefined,
      };
    case 'assignment':
    case 'declaration': {
      if (/^global/.test(node.type))
        return {
          ...base,
          operator: 'global',
          target: compact(
            named(node)
              .map((c) => c.text)
              .join(', '),
            60,
          ),
        };
      const target = declaredName(firstField(node, ['left', 'pattern', 'name', 'declarator']));
      const value = firstField(node, ['right', 'value', 'default_value']) ?? declaratorValue(node);
      const operator =
        named(node).length === 0
          ? undefined
          : /^[^\w\s]*=|\+\+|--/.exec(
              node.text
                .slice((node.childForFieldName('left')?.endIndex ?? node.startIndex) - node.startIndex)
                .trim(),
            )?.[0];
      const elements = displayElements(node.childForFieldName('right') ?? node.childForFieldName('value'));
      return {
        ...base,
        target: text(target ?? named(node)[0]?.text),
        value: text(value),
        operator: kind === 'assignment' ? operator : undefined,
        ...(elements !== undefined ? { elements } : {}),
      };
    }
    case 'jump':
      return { ...base, keyword: node.text.split(/\s/)[0] };
    default:
      return { ...base, value: text(node.text) };
  }
}

/**
 * The statements of one node: a declaration of several names (C/C++ `int n = s.size(), m =
 * t.size();`, Java `int a = 0, b = 1;`, C# `int n = s.Length, m = t.Length;`) is one statement per
 * declarator, each with its own target, value and text (the declaration's type before it: `int m =
 * t.size();`), as PHP's statements on one line and JS's `let` are read one name at a time. Before,
 * the statement named the first declarator only (and took its value from the first declarator that
 * has one: `int a, b = 2;` read `a = 2`), so readings that look a local up by its target did not
 * see the later names.
 */
export function describeTreeSitterStatements(
  raw: SyntaxNode,
  table: TreeSitterTable,
  depth: number,
  tailExpression = false,
): Statement[] {
  const statement = describeTreeSitterStatement(raw, table, depth, tailExpression);
  if (!statement) return [];
  const node = unwrap(raw);
  const declarators = statement.kind === 'declaration' ? severalDeclarators(node) : undefined;
  if (!declarators) return [statement];
  const prefix = raw.text.slice(0, declarators[0]!.startIndex - raw.startIndex);
  return declarators.map((d) => {
    const value =
      d.childForFieldName('value')?.text ??
      (d.namedChildCount > 1 ? d.namedChild(d.namedChildCount - 1)!.text : undefined);
    const target = declaredName(d.childForFieldName('name')?.text ?? d.text);
    return {
      ...statement,
      code: shorten(`${prefix}${d.text};`),
      target: target === undefined ? undefined : compact(target),
      value: value === undefined ? undefined : compact(value),
    };
  });
}

/** The declarators of a declaration that lists more than one (`int a, b = 2;`), else undefined. */
function severalDeclarators(node: SyntaxNode): SyntaxNode[] | undefined {
  // C/C++ `declaration` and Java `local_variable_declaration` hold them as `declarator` fields; a C#
  // declaration statement holds a `variable_declaration` whose declarators have no field name.
  const holder = named(node).find((c) => c.type === 'variable_declaration') ?? node;
  const fields = holder.childrenForFieldName('declarator').filter((d): d is SyntaxNode => !!d);
  const declarators = fields.length ? fields : named(holder).filter((c) => c.type === 'variable_declarator');
  return declarators.length > 1 ? declarators : undefined;
}

/** The callee of a call as written: everything before its argument list or block. */
export function calleeText(node: SyntaxNode, table: TreeSitterTable): string {
  if (node.type === 'echo_statement') return 'echo';
  if (node.type === 'go_statement' || node.type === 'defer_statement') {
    const call = named(node)[0];
    return call ? `${node.type === 'go_statement' ? 'go' : 'defer'} ${calleeText(call, table)}` : node.type;
  }
  const stop =
    node.childForFieldName('arguments') ??
    node.childForFieldName('block') ??
    named(node).find((c) => c.type === 'token_tree' || c.type === 'argument_list' || c.type === 'arguments');
  const end = stop ? stop.startIndex - node.startIndex : node.text.length;
  // A Rust turbofish names the result type, not the method: `xs.iter().sum::<i32>` calls `sum`.
  return withoutTurbofish(compact(node.text.slice(0, end), 300));
}

/** `xs.iter().collect::<HashSet<_>>` → `xs.iter().collect` (the type argument closes the text). */
function withoutTurbofish(callee: string): string {
  if (!callee.endsWith('>')) return callee;
  let depth = 0;
  for (let i = callee.length - 1; i > 0; i--) {
    if (callee[i] === '>') depth++;
    else if (callee[i] === '<' && --depth === 0)
      return callee.slice(i - 2, i) === '::' ? callee.slice(0, i - 2) : callee;
  }
  return callee;
}

function argumentsText(node: SyntaxNode): string | undefined {
  if (node.type === 'go_statement' || node.type === 'defer_statement') {
    const call = named(node)[0];
    return call ? argumentsText(call) : undefined;
  }
  const args =
    node.childForFieldName('arguments') ??
    named(node).find((c) => /arguments|argument_list|token_tree/.test(c.type));
  if (!args)
    return node.type === 'echo_statement'
      ? compact(
          named(node)
            .map((c) => c.text)
            .join(', '),
          60,
        )
      : undefined;
  return compact(args.text.replace(/^\(|\)$/g, ''), 60);
}

function loopFields(node: SyntaxNode, table: TreeSitterTable): Partial<Statement> {
  const header = table.loopHeader(node);
  if (header.kind === 'for-each')
    return { loopKind: 'for-each', item: compact(header.item, 40), collection: compact(header.collection) };
  if (header.kind === 'counter')
    return {
      loopKind: 'counter',
      item: compact(header.init, 40),
      condition: compact(header.condition),
      value: compact(header.update, 40),
    };
  if (header.kind === 'while')
    return { loopKind: node.type === 'do_statement' ? 'do' : 'while', condition: compact(header.condition) };
  return { loopKind: 'loop' };
}

/** `int x = 1` in grammars whose declarator has no `value` field (C#): the declarator's last child. */
function declaratorValue(node: SyntaxNode): string | undefined {
  for (const child of named(node)) {
    if (/declarator$/.test(child.type) && child.namedChildCount > 1)
      return child.namedChild(child.namedChildCount - 1)!.text;
    if (/declaration$/.test(child.type)) {
      const inner = declaratorValue(child);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** An iterator of a container in a list initialiser: `begin(xs)`, `xs.cbegin()`, `rend(xs)`. */
const ITERATOR_PAIR = /\bc?r?(?:begin|end)\s*\(/;

/**
 * `*n = malloc(...)` → `n`: the declared name without its initialiser or pointer marks. A C++ list
 * initialiser written without `=` (`static const vector<int> dirs{0, 1, 0, -1};`) goes too, so the
 * name is `dirs` as in `vector<int> dirs = {0, 1, 0, -1};` (its value is the list either way).
 * Not a pair of iterators (`unordered_set<int> seen{cbegin(nums), cend(nums)}` copies a range, it
 * is no list of two entries).
 */
function declaredName(target: string | undefined): string | undefined {
  if (target === undefined) return undefined;
  return target
    .replace(/\s*=[^=].*$/s, '')
    .replace(/^([*&\s]*[A-Za-z_]\w*)\s*\{(.*)\}$/s, (whole, name: string, list: string) =>
      ITERATOR_PAIR.test(list) ? whole : name,
    )
    .replace(/^[*&\s]+/, '')
    .trim();
}

/** `(a && b)` → `a && b`, only when the outer parentheses enclose the whole condition. */
function unparen(condition: string): string {
  const inner = /^\((.*)\)$/s.exec(condition.trim())?.[1];
  if (inner === undefined) return condition;
  let depth = 0;
  for (const ch of inner) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return condition;
  }
  return depth === 0 ? inner : condition;
}
