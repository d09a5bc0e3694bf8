// C and C++ node types (tree-sitter-cpp parses both).
import type { SyntaxNode } from '../../parsing/treeSitter';
import { type TreeSitterTable, childTexts, field, named } from './treeSitterTable';

/** A C/C++ function's name sits inside its declarator chain (`int *f(int)`, `A::f() const`). */
function declaratorName(node: SyntaxNode): string | undefined {
  let current: SyntaxNode | null = node.childForFieldName('declarator');
  for (let i = 0; current && i < 6; i++) {
    if (/identifier|destructor_name|operator_name/.test(current.type)) return current.text;
    current = current.childForFieldName('declarator') ?? current.namedChild(0);
  }
  return undefined;
}

export const CPP: TreeSitterTable = {
  functions: { function_definition: 'function', lambda_expression: 'lambda' },
  classes: {
    class_specifier: 'class',
    struct_specifier: 'struct',
    enum_specifier: 'enum',
    union_specifier: 'struct',
  },
  loops: ['for_statement', 'for_range_loop', 'while_statement', 'do_statement'],
  loopHeader(node) {
    if (node.type === 'for_range_loop')
      return { kind: 'for-each', item: field(node, 'declarator'), collection: field(node, 'right') };
    if (node.type === 'for_statement') {
      const init = field(node, 'initializer');
      return {
        kind: 'counter',
        variable: /(\w+)\s*=/.exec(init)?.[1],
        init,
        condition: field(node, 'condition'),
        update: field(node, 'update'),
      };
    }
    return { kind: 'while', condition: field(node, 'condition').replace(/^\((.*)\)$/s, '$1') };
  },
  branches: ['if_statement', 'conditional_expression', 'switch_statement'],
  calls: ['call_expression'],
  creations: ['new_expression'],
  returns: ['return_statement'],
  throws: ['throw_statement'],
  tries: ['try_statement'],
  catches: ['catch_clause'],
  imports: ['preproc_include', 'using_declaration'],
  awaits: ['co_await_expression'],
  yields: ['co_yield_statement'],
  identifiers: ['identifier'],
  declarations: {
    init_declarator: 'declarator',
    parameter_declaration: 'declarator',
    for_range_loop: 'declarator',
    declaration: 'declarator',
  },
  keyedAccess: ['subscript_expression'],
  assignments: ['assignment_expression'],
  blocks: [
    'translation_unit',
    'compound_statement',
    'field_declaration_list',
    'declaration_list',
    'namespace_definition',
    'case_statement',
  ],
  features: {
    lambda_expression: 'lambdas',
    try_statement: 'error handling',
    throw_statement: 'error handling',
    template_declaration: 'generics',
    class_specifier: 'classes',
    struct_specifier: 'structs',
    enum_specifier: 'enums',
    base_class_clause: 'inheritance',
    pointer_declarator: 'pointers',
    pointer_expression: 'pointers',
    new_expression: 'manual memory management',
    delete_expression: 'manual memory management',
    operator_name: 'operator overloading',
    structured_binding_declarator: 'destructuring',
    virtual: 'polymorphism',
  },
  statementKinds: {
    declaration: 'declaration',
    field_declaration: 'declaration',
    update_expression: 'assignment',
    preproc_def: 'declaration',
  },
  hashedInit: /^(std::)?(unordered_)?(set|map|multiset|multimap)\b/,
  orderedInit: /^(std::)?(set|map|multiset|multimap|priority_queue)\b/,
  // `xs.size()`, `s.length()`, C++17 `size(xs)` / `ssize(xs)` and C `strlen(s)`, through an `(int)`
  // cast: a local holding one is that collection's size (`const int n = size(nums);`).
  sizeOf:
    /^(?:\(\s*int\s*\)\s*)?(?:([\w.]+)\.(?:size|length)\(\)|(?:std::)?(?:s?size|strlen)\(\s*([\w.]+)\s*\))$/,
  pseudoCall(node) {
    // `unordered_set<int> s(xs.begin(), xs.end());`: a container declared with constructor
    // arguments is built like `unordered_set<int>(xs.begin(), xs.end())`, a call the library table
    // prices (the range copy is linear; a count `vector<int> f(n)` fills n entries).
    if (node.type === 'init_declarator' && node.childForFieldName('value')?.type === 'argument_list') {
      const type = node.parent?.childForFieldName('type')?.text.replace(/\s+/g, '');
      const value = node.childForFieldName('value')!;
      if (type && /^(std::)?\w+<.*>$/.test(type))
        return { callee: type, args: named(value).map((a) => a.text) };
      return undefined;
    }
    // `vector<int> cnt(n);` in a function body: a count given as a bare name parses as a function
    // declaration (its "parameter" a type named `n`); no function is declared in a body this way.
    // Each declarator of the declaration is one (`vector<int> d(n), e(m);` builds two).
    const declaration = node.parent?.type === 'declaration' ? node.parent : null;
    const params =
      declaration && node.type === 'function_declarator' ? node.childForFieldName('parameters') : null;
    const type = declaration?.childForFieldName('type');
    if (
      params &&
      declaration!.parent?.type === 'compound_statement' &&
      type?.type === 'template_type' &&
      /^(std::)?(vector|deque)$/.test(field(type, 'name')) &&
      named(params).length > 0 &&
      named(params).every(
        (p) =>
          p.type === 'parameter_declaration' &&
          p.namedChildCount === 1 &&
          p.namedChild(0)!.type === 'type_identifier',
      )
    )
      return { callee: type.text.replace(/\s+/g, ''), args: named(params).map((p) => p.text) };
    if (node.type !== 'binary_expression' || node.parent?.type === 'binary_expression') return undefined;
    const stream = /^\s*((?:std::)?(?:cout|cerr|clog|cin))\s*(<<|>>)/.exec(node.text);
    return stream?.[1];
  },
  paramsOf(node) {
    // `int *f(int a)`: the parameters sit on the function declarator inside the declarator chain;
    // a lambda's `[&](TreeNode* root)` on its lambda declarator (without them a
    // recursive lambda's calls failed the arity check and its recursion was read as O(1)).
    let current: SyntaxNode | null = node.childForFieldName('declarator');
    for (let i = 0; current && i < 6; i++) {
      if (/^(function|lambda)_declarator$/.test(current.type)) return current.childForFieldName('parameters');
      current = current.childForFieldName('declarator');
    }
    return node.childForFieldName('parameters');
  },
  nameOf(node) {
    if (node.type === 'function_definition') return declaratorName(node);
    return node.childForFieldName('name')?.text;
  },
  basesOf(node) {
    return childTexts(node, /^base_class_clause$/).flatMap((clause) =>
      clause
        .replace(/^:\s*/, '')
        .split(',')
        .map((b) => b.replace(/\b(public|private|protected|virtual)\b/g, '').trim()),
    );
  },
  conceptsOf(node) {
    if (node.type === 'call_expression' && /^(malloc|calloc|realloc|free)$/.test(field(node, 'function')))
      return ['manual memory management'];
    if (node.type === 'call_expression' && /^std::regex/.test(field(node, 'function')))
      return ['regular expressions'];
    if (node.type === 'function_definition' && /\bvirtual\b/.test(node.text.slice(0, 80).split('(')[0] ?? ''))
      return ['polymorphism'];
    return [];
  },
};
