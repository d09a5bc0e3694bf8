// Java node types (tree-sitter-java).
import { SIZED_ALLOCATION, type TreeSitterTable, childTexts, field, named } from './treeSitterTable';

export const JAVA: TreeSitterTable = {
  functions: {
    method_declaration: 'method',
    constructor_declaration: 'constructor',
    lambda_expression: 'lambda',
  },
  classes: {
    class_declaration: 'class',
    interface_declaration: 'interface',
    enum_declaration: 'enum',
    record_declaration: 'class',
  },
  loops: ['for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement'],
  loopHeader(node) {
    if (node.type === 'enhanced_for_statement')
      return { kind: 'for-each', item: field(node, 'name'), collection: field(node, 'value') };
    if (node.type === 'for_statement') {
      const init = field(node, 'init');
      return {
        kind: 'counter',
        variable: /(\w+)\s*=/.exec(init)?.[1],
        init,
        condition: field(node, 'condition'),
        // `--i, --j` is two `update` fields: both counters step on every pass.
        update: node
          .childrenForFieldName('update')
          .map((u) => u?.text ?? '')
          .join(', '),
      };
    }
    return { kind: 'while', condition: field(node, 'condition') };
  },
  branches: ['if_statement', 'ternary_expression', 'switch_expression'],
  calls: ['method_invocation'],
  creations: ['object_creation_expression'],
  returns: ['return_statement'],
  throws: ['throw_statement'],
  tries: ['try_statement', 'try_with_resources_statement'],
  catches: ['catch_clause'],
  imports: ['import_declaration'],
  identifiers: ['identifier'],
  declarations: {
    variable_declarator: 'name',
    enhanced_for_statement: 'name',
    formal_parameter: 'name',
    catch_formal_parameter: 'name',
  },
  keyedAccess: ['array_access'],
  assignments: ['assignment_expression'],
  blocks: [
    'program',
    'block',
    'class_body',
    'interface_body',
    'constructor_body',
    'enum_body',
    'switch_block_statement_group',
  ],
  features: {
    lambda_expression: 'lambdas',
    method_reference: 'higher-order functions',
    try_statement: 'error handling',
    try_with_resources_statement: 'error handling',
    throw_statement: 'error handling',
    throws: 'error handling',
    type_parameters: 'generics',
    interface_declaration: 'interfaces',
    super_interfaces: 'interfaces',
    superclass: 'inheritance',
    class_declaration: 'classes',
    record_declaration: 'classes',
    enum_declaration: 'enums',
    annotation: 'annotations',
    marker_annotation: 'annotations',
    switch_expression: 'pattern matching',
    instanceof_expression: 'type checks',
  },
  statementKinds: {
    local_variable_declaration: 'declaration',
    field_declaration: 'declaration',
    explicit_constructor_invocation: 'call',
    update_expression: 'assignment',
  },
  // A constructor call, or a field's declared type (`private TreeSet<int[]> sl;`, `Map<K, V> d;`).
  hashedInit:
    /^(new\s+)?(Hash|Linked|Tree|Concurrent\w*|Enum|Sorted|Navigable)?(Set|Map)\b(?!\.)|^(Set|Map)\.of\(/,
  orderedInit: /^(new\s+)?(Tree(Map|Set)|PriorityQueue|Sorted(Map|Set)|Navigable(Map|Set))\b/,
  sizeOf: /^([\w.]+)\.(?:size\(\)|length(?:\(\))?)$/,
  decoratorsOf(node) {
    const modifiers = named(node).find((c) => c.type === 'modifiers');
    return childTexts(modifiers, /^(annotation|marker_annotation)$/).map((a) => a.replace(/^@/, ''));
  },
  basesOf(node) {
    return [
      ...childTexts(
        node.childForFieldName('superclass'),
        /type_identifier|generic_type|scoped_type_identifier/,
      ),
      ...childTexts(
        node.childForFieldName('interfaces'),
        /type_identifier|generic_type|scoped_type_identifier/,
      ),
    ];
  },
  pseudoCall(node) {
    // `new int[n][m]`: an array made with sizes (`new int[] {1, 2}` has none).
    if (node.type !== 'array_creation_expression') return undefined;
    const sizes = node
      .childrenForFieldName('dimensions')
      .filter((d) => d?.type === 'dimensions_expr')
      .map((d) => named(d!)[0]?.text ?? '');
    return sizes.length ? { callee: SIZED_ALLOCATION, args: sizes } : undefined;
  },
  conceptsOf(node) {
    if (node.type === 'method_invocation' && field(node, 'name') === 'stream') return ['streams'];
    if (node.type === 'method_invocation' && /^Pattern$/.test(field(node, 'object')))
      return ['regular expressions'];
    if (node.type === 'method_invocation' && /^(matches|replaceAll|split)$/.test(field(node, 'name')))
      return ['regular expressions'];
    if (node.type === 'class_declaration' && /\bIterator\b|\bIterable\b/.test(field(node, 'interfaces')))
      return ['iterators'];
    return [];
  },
};
