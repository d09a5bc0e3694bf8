// Assignments and increments as `Write` facts (model.ts), from any tree-sitter grammar: the target
// (a name, or a table element with its indices), the operator, and what the assigned value reads.
// The shapes are the ones the grammars share: a subscript's first named child is the object and
// the rest are indices; a binary expression carries its operator in an `operator` field.
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { IndexedRead, Write } from '../model';
import { type TreeSitterTable, named } from '../tables/treeSitterTable';
import { compact } from './bounds';

/** Increment and decrement nodes (`++i`, `--cnt[x]`, Go's `i++` statements). */
const UPDATES =
  /^(update_expression|inc_statement|dec_statement|postfix_unary_expression|prefix_unary_expression)$/;

/** True for a node that may be `++`/`--` (the operator is checked when the write is read). */
export function isUpdateNode(type: string): boolean {
  return UPDATES.test(type);
}
const BINARY = /^(binary_operator|binary_expression|boolean_operator)$/;

const TUPLE =
  /^(pattern_list|tuple_pattern|tuple|expression_list|left_assignment_list|right_assignment_list)$/;
const flat = (text: string) => text.replace(/\s+/g, '');

/** `dp[i-1][j]` → root `dp`, indices `['i-1', 'j']`; undefined when `node` is not a subscript. */
function subscript(
  node: SyntaxNode,
  table: TreeSitterTable,
): { root: SyntaxNode; index: SyntaxNode[] } | undefined {
  if (!table.keyedAccess.includes(node.type)) return undefined;
  const [object, ...rest] = named(node);
  if (!object) return undefined;
  // C++ `subscript_argument_list`, C# `bracketed_argument_list`: the indices are inside.
  const index = rest.flatMap((r) => (/argument_list$|^argument$/.test(r.type) ? named(r) : [r]));
  const inner = subscript(object, table);
  return inner ? { root: inner.root, index: [...inner.index, ...index] } : { root: object, index };
}

function isIdentifier(node: SyntaxNode, table: TreeSitterTable): boolean {
  return table.identifiers.includes(node.type);
}

/** Indexed reads, calls and names in an expression (a subscript chain counts as one read). */
function scan(
  node: SyntaxNode,
  table: TreeSitterTable,
  into: Pick<Write, 'reads' | 'calls' | 'names' | 'ops'>,
): void {
  const sub = subscript(node, table);
  if (sub) {
    into.reads.push({
      table: compact(sub.root.text, 40),
      index: sub.index.map((i) => flat(i.text)),
    } as IndexedRead);
    if (isIdentifier(sub.root, table)) into.names.push(sub.root.text);
    // Index arithmetic (`i - 1`, `% len(xs)`) is not how the value is combined: its operators
    // and calls are left out.
    const inIndex = { ...into, ops: [] as string[], calls: [] as string[] };
    sub.index.forEach((i) => scan(i, table, inIndex));
    return;
  }
  if (table.calls.includes(node.type)) {
    const callee = node.childForFieldName('function') ?? node.childForFieldName('name') ?? named(node)[0];
    const name = callee?.text.split(/\.|::|->/).pop();
    if (name) into.calls.push(name);
  }
  if (isIdentifier(node, table)) into.names.push(node.text.replace(/^\$/, ''));
  const op = BINARY.test(node.type) ? node.childForFieldName('operator')?.text : undefined;
  if (op) into.ops.push(op);
  named(node).forEach((child) => scan(child, table, into));
}

/** Go wraps both sides in an `expression_list`: one element stands for itself; more is a tuple. */
function single(node: SyntaxNode | null | undefined): SyntaxNode | null {
  if (!node) return null;
  if (node.type !== 'expression_list') return node;
  return named(node).length === 1 ? named(node)[0]! : null;
}

/** `++` / `--` outside the operand (`--cnt[s[i++]]` is a decrement), or '' for `!x`, `-x`. */
function updateOperator(node: SyntaxNode, operand: SyntaxNode): string {
  const outside =
    node.text.slice(0, operand.startIndex - node.startIndex) +
    node.text.slice(operand.endIndex - node.startIndex);
  return /\+\+/.test(outside) ? '++' : /--/.test(outside) ? '--' : '';
}

function operatorOf(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode | null): string {
  const field = node.childForFieldName('operator')?.text;
  if (field) return field;
  const between = node.text.slice(
    left.endIndex - node.startIndex,
    right ? right.startIndex - node.startIndex : undefined,
  );
  return between.trim() || '=';
}

function topOperator(value: SyntaxNode | null): string | undefined {
  let node = value;
  while (node && /^parenthesized_expression$/.test(node.type) && named(node).length === 1)
    node = named(node)[0]!;
  if (!node || !BINARY.test(node.type)) return undefined;
  return node.childForFieldName('operator')?.text;
}

/**
 * The writes an assignment or increment node performs: one, or one per pair of a tuple assignment
 * (`l, r = i, i + z[i] - 1`, `a[i], a[j] = a[j], a[i]`), none for other targets.
 */
export function treeSitterWrites(node: SyntaxNode, table: TreeSitterTable, line: number): Write[] {
  const update = UPDATES.test(node.type);
  const whole = update
    ? (node.childForFieldName('argument') ?? node.childForFieldName('operand') ?? named(node)[0])
    : (node.childForFieldName('left') ?? named(node)[0]);
  const value = update ? null : (node.childForFieldName('right') ?? named(node)[1] ?? null);
  if (!whole) return [];
  const targets = named(whole);
  const values = value ? named(value) : [];
  if (TUPLE.test(whole.type) && value && TUPLE.test(value.type) && targets.length === values.length) {
    const operator = operatorOf(node, whole, value);
    return targets.flatMap((t, k) => pairWrite(t, values[k]!, operator, table, line) ?? []);
  }
  const left = single(whole);
  if (!left) return [];
  const right = single(value);
  const operator = update ? updateOperator(node, left) : operatorOf(node, left, right);
  if (!operator) return [];
  return [pairWrite(left, right, operator, table, line)].flatMap((w) => w ?? []);
}

function pairWrite(
  left: SyntaxNode,
  right: SyntaxNode | null,
  operator: string,
  table: TreeSitterTable,
  line: number,
): Write | undefined {
  const write: Write = {
    line,
    target: '',
    operator,
    valueOp: topOperator(right),
    reads: [],
    calls: [],
    names: [],
    ops: [],
  };
  const sub = subscript(left, table);
  if (sub) {
    write.target = compact(sub.root.text, 40);
    write.index = sub.index.map((i) => flat(i.text));
    sub.index.forEach((i) => scan(i, table, write));
    // Reads and arithmetic in the target's own indices (`cnt[s[left]]`) are not the value's.
    write.reads = [];
    write.ops = [];
  } else if (
    isIdentifier(left, table) ||
    /^(attribute|field_expression|member_expression|field_access|selector_expression)$/.test(left.type)
  ) {
    write.target = compact(left.text.replace(/^\$/, ''), 40);
  } else return undefined;
  if (right) scan(right, table, write);
  return write;
}
