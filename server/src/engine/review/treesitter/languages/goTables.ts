// Go allow-list tables: a map (or slice/array) literal whose values are all constants is a table
// of constants, and `table[key]` on one is constant whatever the key, the same way Python dicts and
// Java Map.of tables are treated. A table written to anywhere in the file (`m[k] = v`, `m = ...`)
// may hold data, so lookups in it keep no opinion.
import type { SyntaxNode, SyntaxTree } from '../../../parsing/treeSitter';
import { closest, descendants, namedChildren } from '../syntax';
import type { ValueClassifier, ValueKind } from '../values';

/** What a lookup may index: a named table, a literal, or a lookup in a table of tables. */
const TABLE_OPERANDS = new Set(['identifier', 'composite_literal', 'index_expression']);
const TABLE_TYPES = new Set(['map_type', 'slice_type', 'array_type', 'implicit_length_array_type']);

/** `map[string]string{"name": "name"}`: constant when every value is; otherwise no opinion. */
export function tableLiteralKind(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (!TABLE_TYPES.has(node.childForFieldName('type')?.type ?? '')) return undefined;
  const body = node.childForFieldName('body');
  return body && elementValues(body).every((value) => values.kind(value) === 'constant')
    ? 'constant'
    : undefined;
}

/** `table[key]` on a constant table no code in the file writes to: constant; otherwise no opinion. */
export function tableLookupKind(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  const table = node.childForFieldName('operand');
  if (!table || !TABLE_OPERANDS.has(table.type)) return undefined;
  if (table.type === 'identifier' && writtenNames(node.tree).has(table.text)) return undefined;
  // columns[kind][0]: the inner lookup is itself classified as a table.
  return values.kind(table) === 'constant' ? 'constant' : undefined;
}

/** The values of a literal's elements; nested `{...}` bodies contribute their own values. */
function elementValues(body: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const element of namedChildren(body)) {
    const value = element.type === 'keyed_element' ? element.childForFieldName('value') : element;
    // literal_element wraps either an expression or a nested literal_value.
    const inner = value?.type === 'literal_element' ? namedChildren(value)[0] : value;
    if (!inner) continue;
    if (inner.type === 'literal_value') out.push(...elementValues(inner));
    else out.push(inner);
  }
  return out;
}

const FUNCTIONS = new Set(['function_declaration', 'method_declaration', 'func_literal']);

/**
 * Whether `read` (`tables[kind]`) indexes a name that a function other than the read's assigns or
 * writes through an index (`func register(n string) { tables[n] = n }`).
 */
export function writtenInOtherFunction(read: SyntaxNode): boolean {
  const table = read.childForFieldName('operand');
  if (table?.type !== 'identifier' || !writtenNames(read.tree).has(table.text)) return false;
  const own = closest(read, FUNCTIONS)?.id;
  return descendants(read.tree.rootNode, 'assignment_statement').some(
    (assignment) =>
      closest(assignment, FUNCTIONS)?.id !== own &&
      namedChildren(assignment.childForFieldName('left') ?? assignment).some(
        (target) =>
          (target.type === 'index_expression' ? target.childForFieldName('operand') : target)?.text ===
          table.text,
      ),
  );
}

const written = new WeakMap<SyntaxTree, Set<string>>();

/** Names assigned to (`m = ...`) or written through an index (`m[k] = v`, `m[k] += v`) in the file. */
function writtenNames(tree: SyntaxTree): Set<string> {
  let names = written.get(tree);
  if (!names) {
    names = new Set();
    for (const assignment of descendants(tree.rootNode, 'assignment_statement')) {
      for (const target of namedChildren(assignment.childForFieldName('left') ?? assignment)) {
        const name = target.type === 'index_expression' ? target.childForFieldName('operand') : target;
        if (name?.type === 'identifier') names.add(name.text);
      }
    }
    written.set(tree, names);
  }
  return names;
}
