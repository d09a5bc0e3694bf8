// Go node types (tree-sitter-go). Go has one `for` node; its clause says which loop it is.
import { type TreeSitterTable, field, named } from './treeSitterTable';

export const GO: TreeSitterTable = {
  functions: { function_declaration: 'function', method_declaration: 'method', func_literal: 'lambda' },
  classes: { type_spec: 'struct' },
  loops: ['for_statement'],
  loopHeader(node) {
    const clause = named(node).find((c) => c.type !== 'block');
    if (!clause) return { kind: 'loop' };
    if (clause.type === 'range_clause')
      return { kind: 'for-each', item: field(clause, 'left'), collection: field(clause, 'right') };
    if (clause.type === 'for_clause') {
      const init = field(clause, 'initializer');
      return {
        kind: 'counter',
        variable: /^(\w+)/.exec(init)?.[1],
        init,
        condition: field(clause, 'condition'),
        update: field(clause, 'update'),
      };
    }
    return { kind: 'while', condition: clause.text };
  },
  branches: ['if_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement'],
  calls: ['call_expression'],
  creations: ['composite_literal'],
  returns: ['return_statement'],
  throws: [],
  tries: [],
  catches: [],
  imports: ['import_declaration'],
  identifiers: ['identifier'],
  declarations: {
    short_var_declaration: 'left',
    var_spec: 'name',
    const_spec: 'name',
    range_clause: 'left',
    parameter_declaration: 'name',
  },
  keyedAccess: ['index_expression'],
  assignments: ['assignment_statement'],
  blocks: ['source_file', 'block', 'statement_list'],
  features: {
    go_statement: 'goroutines',
    send_statement: 'channels',
    receive_statement: 'channels',
    channel_type: 'channels',
    select_statement: 'channels',
    defer_statement: 'deferred calls',
    interface_type: 'interfaces',
    struct_type: 'structs',
    type_parameter_list: 'generics',
    func_literal: 'lambdas',
    type_switch_statement: 'pattern matching',
    pointer_type: 'pointers',
  },
  statementKinds: {
    short_var_declaration: 'declaration',
    var_declaration: 'declaration',
    const_declaration: 'declaration',
    go_statement: 'call',
    defer_statement: 'call',
    type_declaration: 'unit',
    inc_statement: 'assignment',
    dec_statement: 'assignment',
  },
  pseudoCall(node) {
    // A slice used as a map key (`seen[s[i:j]]`) is hashed, and one compared (`s[i:] == t`) is
    // compared element by element; Go allows neither for slices, only for strings, so both read
    // the substring's characters (operandCosts.ts prices its width).
    if (node.type === 'index_expression' && node.childForFieldName('index')?.type === 'slice_expression')
      return { callee: 'substring key', args: [node.childForFieldName('index')!.text] };
    if (node.type === 'binary_expression' && /^[!=]=$/.test(node.childForFieldName('operator')?.text ?? '')) {
      const side = [node.childForFieldName('left'), node.childForFieldName('right')].find(
        (c) => c?.type === 'slice_expression',
      );
      if (side) return { callee: 'substring comparison', args: [side.text] };
    }
    return undefined;
  },
  // (the gods library's trees and heaps: `redblacktree.NewWithIntComparator()`, `treemap.NewWith(…)`)
  orderedInit: /^(redblacktree|treemap|treeset|avltree|btree|priorityqueue|binaryheap)\.New\w*\(/,
  hashedInit: /^(make\(\s*map\[|map\[)/,
  sizeOf: /^len\(\s*([\w.]+)\s*\)$/,
  nameOf(node) {
    return field(node, 'name') || undefined;
  },
  conceptsOf(node) {
    const out: string[] = [];
    if (
      node.type === 'call_expression' &&
      /^(errors\.(New|Is|As)|fmt\.Errorf)$/.test(field(node, 'function'))
    )
      out.push('error handling');
    if (node.type === 'if_statement' && /\berr\s*!=\s*nil\b/.test(field(node, 'condition')))
      out.push('error handling');
    if (node.type === 'call_expression' && /^(panic|recover)$/.test(field(node, 'function')))
      out.push('error handling');
    if (node.type === 'call_expression' && /^regexp\.\w+$/.test(field(node, 'function')))
      out.push('regular expressions');
    return out;
  },
};
