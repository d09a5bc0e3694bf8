// PHP node types (tree-sitter-php).
import { type TreeSitterTable, childTexts, field, named } from './treeSitterTable';

export const PHP: TreeSitterTable = {
  functions: {
    function_definition: 'function',
    method_declaration: 'method',
    anonymous_function: 'lambda',
    arrow_function: 'lambda',
    anonymous_function_creation_expression: 'lambda',
  },
  classes: {
    class_declaration: 'class',
    interface_declaration: 'interface',
    trait_declaration: 'trait',
    enum_declaration: 'enum',
  },
  loops: ['for_statement', 'foreach_statement', 'while_statement', 'do_statement'],
  loopHeader(node) {
    if (node.type === 'foreach_statement') {
      const [collection, item] = named(node).filter(
        (c) => c.type !== 'compound_statement' && c !== node.childForFieldName('body'),
      );
      // `foreach ($words as &$w)` binds `$w` by reference: the item is still `$w`.
      const itemText = (item?.text ?? '').replace(/^&\s*/, '');
      return { kind: 'for-each', item: itemText, collection: collection?.text ?? '' };
    }
    if (node.type === 'for_statement') {
      // Read by position only in a grammar without fields: with fields, an empty part
      // (`for ($i = 0; ; $i++)`) must stay empty, not take the next part's text.
      const fielded = ['initialize', 'condition', 'update', 'increment'].some((f) =>
        node.childForFieldName(f),
      );
      const part = (name: string, index: number) =>
        field(node, name) || (fielded ? '' : (named(node)[index]?.text ?? ''));
      const init = part('initialize', 0);
      const condition = part('condition', 1);
      const update = part('update', 2) || field(node, 'increment');
      return {
        kind: 'counter',
        variable: /\$(\w+)\s*=/.exec(init)?.[1],
        // The three parts lose their `$` together, so the counter of `++$i` is the `i` of `$i + 1 < $n`.
        init: init.replace(/\$/g, ''),
        condition: condition.replace(/\$/g, ''),
        update: update.replace(/\$/g, ''),
      };
    }
    return { kind: 'while', condition: field(node, 'condition').replace(/^\((.*)\)$/s, '$1') };
  },
  branches: ['if_statement', 'conditional_expression', 'switch_statement', 'match_expression'],
  outputStatements: ['echo_statement', 'print_intrinsic'],
  calls: [
    'function_call_expression',
    'member_call_expression',
    'scoped_call_expression',
    'nullsafe_member_call_expression',
  ],
  creations: ['object_creation_expression'],
  returns: ['return_statement'],
  throws: ['throw_expression', 'throw_statement'],
  tries: ['try_statement'],
  catches: ['catch_clause'],
  imports: [
    'namespace_use_declaration',
    'require_once_expression',
    'require_expression',
    'include_expression',
    'include_once_expression',
  ],
  yields: ['yield_expression'],
  identifiers: ['variable_name'],
  declarations: { assignment_expression: 'left', simple_parameter: 'name', foreach_statement: '' },
  keyedAccess: ['subscript_expression'],
  assignments: ['assignment_expression', 'augmented_assignment_expression'],
  blocks: ['program', 'compound_statement', 'declaration_list', 'switch_block', 'case_statement'],
  features: {
    anonymous_function: 'lambdas',
    arrow_function: 'lambdas',
    anonymous_function_use_clause: 'closures',
    try_statement: 'error handling',
    throw_expression: 'error handling',
    class_declaration: 'classes',
    base_clause: 'inheritance',
    class_interface_clause: 'interfaces',
    interface_declaration: 'interfaces',
    trait_declaration: 'traits',
    use_declaration: 'traits',
    match_expression: 'pattern matching',
    yield_expression: 'generators',
    attribute_list: 'attributes',
    enum_declaration: 'enums',
    variadic_parameter: 'spread/rest',
    variadic_unpacking: 'spread/rest',
    list_literal: 'destructuring',
    nullsafe_member_call_expression: 'optional chaining',
  },
  statementKinds: {
    echo_statement: 'call',
    global_declaration: 'declaration',
    const_declaration: 'declaration',
    property_declaration: 'declaration',
    namespace_definition: 'import',
  },
  hashedInit: /^$a/,
  // SPL heaps: `insert` and `extract` sift through the heap, O(log n) (`top`, `count` are O(1)).
  orderedInit: /^new\s+\\?Spl(MinHeap|MaxHeap|Heap|PriorityQueue)\b/,
  sizeOf: /^(?:count|sizeof|strlen|mb_strlen)\(\s*\$?([\w]+)\s*\)$/,
  basesOf(node) {
    return [...childTexts(node, /^base_clause$/), ...childTexts(node, /^class_interface_clause$/)].flatMap(
      (t) => t.replace(/^(extends|implements)\s+/, '').split(/\s*,\s*/),
    );
  },
  conceptsOf(node) {
    if (node.type === 'function_call_expression' && /^preg_/.test(field(node, 'function')))
      return ['regular expressions'];
    return [];
  },
  globalNames: (node) =>
    node.type === 'global_declaration' ? named(node).map((c) => c.text.replace(/^\$/, '')) : [],
};
