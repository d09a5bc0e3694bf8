// C# node types (tree-sitter-c-sharp).
import {
  SIZED_ALLOCATION,
  type TreeSitterTable,
  childTexts,
  field,
  hasToken,
  named,
} from './treeSitterTable';

export const CSHARP: TreeSitterTable = {
  functions: {
    method_declaration: 'method',
    constructor_declaration: 'constructor',
    local_function_statement: 'function',
    lambda_expression: 'lambda',
    anonymous_method_expression: 'lambda',
  },
  classes: {
    class_declaration: 'class',
    interface_declaration: 'interface',
    struct_declaration: 'struct',
    record_declaration: 'class',
    enum_declaration: 'enum',
  },
  loops: ['for_statement', 'foreach_statement', 'while_statement', 'do_statement'],
  loopHeader(node) {
    if (node.type === 'foreach_statement')
      return { kind: 'for-each', item: field(node, 'left'), collection: field(node, 'right') };
    if (node.type === 'for_statement') {
      const init =
        field(node, 'initializer') || named(node).find((c) => c.type === 'variable_declaration')?.text || '';
      return {
        kind: 'counter',
        variable: /(\w+)\s*=/.exec(init)?.[1],
        init,
        condition: field(node, 'condition'),
        // `--i, --j` may be several `update` fields: every counter steps on each pass.
        update: node
          .childrenForFieldName('update')
          .map((u) => u?.text ?? '')
          .join(', '),
      };
    }
    return { kind: 'while', condition: field(node, 'condition') };
  },
  branches: ['if_statement', 'conditional_expression', 'switch_statement', 'switch_expression'],
  calls: ['invocation_expression'],
  creations: ['object_creation_expression'],
  returns: ['return_statement'],
  throws: ['throw_statement', 'throw_expression'],
  tries: ['try_statement'],
  catches: ['catch_clause'],
  imports: ['using_directive'],
  awaits: ['await_expression'],
  yields: ['yield_statement'],
  identifiers: ['identifier'],
  declarations: {
    variable_declarator: 'name',
    foreach_statement: 'left',
    parameter: 'name',
    catch_declaration: 'name',
  },
  keyedAccess: ['element_access_expression'],
  assignments: ['assignment_expression'],
  blocks: [
    'compilation_unit',
    'block',
    'declaration_list',
    'namespace_declaration',
    'file_scoped_namespace_declaration',
    'global_statement',
    'switch_section',
  ],
  features: {
    lambda_expression: 'lambdas',
    try_statement: 'error handling',
    throw_statement: 'error handling',
    throw_expression: 'error handling',
    await_expression: 'async/await',
    yield_statement: 'iterators',
    type_parameter_list: 'generics',
    interface_declaration: 'interfaces',
    class_declaration: 'classes',
    record_declaration: 'classes',
    struct_declaration: 'structs',
    enum_declaration: 'enums',
    attribute_list: 'attributes',
    switch_expression: 'pattern matching',
    is_pattern_expression: 'pattern matching',
    query_expression: 'LINQ',
    property_declaration: 'properties',
    tuple_pattern: 'destructuring',
    using_statement: 'resource management',
  },
  statementKinds: {
    local_declaration_statement: 'declaration',
    field_declaration: 'declaration',
    using_statement: 'try',
  },
  hashedInit: /^new\s+(Hash|Sorted|Concurrent)?(Set|Dictionary)\b/,
  orderedInit: /^new\s+(Sorted(Set|Dictionary|List)|PriorityQueue)\b/,
  sizeOf: /^([\w.]+)\.(?:Count|Length)(?:\(\))?$/,
  decoratorsOf(node) {
    return named(node)
      .filter((c) => c.type === 'attribute_list')
      .flatMap((list) => childTexts(list, /^attribute$/));
  },
  basesOf(node) {
    const list = named(node).find((c) => c.type === 'base_list');
    return list ? named(list).map((c) => c.text) : [];
  },
  pseudoCall(node) {
    // `new int[n]`, `new int[n, m]`, jagged `new int[n][]`: an array made with sizes.
    if (node.type !== 'array_creation_expression') return undefined;
    const sizes: string[] = [];
    for (
      let type = node.childForFieldName('type');
      type?.type === 'array_type';
      type = type.childForFieldName('type')
    ) {
      const rank = type.childForFieldName('rank');
      if (rank) sizes.push(...named(rank).map((r) => r.text));
    }
    return sizes.length ? { callee: SIZED_ALLOCATION, args: sizes } : undefined;
  },
  conceptsOf(node) {
    const out: string[] = [];
    if (node.type === 'class_declaration' && named(node).some((c) => c.type === 'base_list'))
      out.push('inheritance');
    if (
      node.type === 'invocation_expression' &&
      /\.(Where|Select|OrderBy|GroupBy|Any|All|Sum|First|FirstOrDefault|ToList)$/.test(
        field(node, 'function'),
      )
    )
      out.push('LINQ');
    if (node.type === 'invocation_expression' && /^Regex\./.test(field(node, 'function')))
      out.push('regular expressions');
    return out;
  },
  isAsync: (node) =>
    named(node).some((c) => c.type === 'modifier' && c.text === 'async') || hasToken(node, 'async'),
};
