// Rust node types (tree-sitter-rust).
import { topLevel } from '../extract/boundText';
import { SIZED_ALLOCATION, type TreeSitterTable, field, named } from './treeSitterTable';

export const RUST: TreeSitterTable = {
  functions: { function_item: 'function', closure_expression: 'lambda' },
  classes: {
    struct_item: 'struct',
    enum_item: 'enum',
    trait_item: 'trait',
    impl_item: 'impl',
    mod_item: 'module',
  },
  loops: ['for_expression', 'while_expression', 'loop_expression'],
  loopHeader(node) {
    if (node.type === 'for_expression')
      return { kind: 'for-each', item: field(node, 'pattern'), collection: field(node, 'value') };
    if (node.type === 'while_expression') return { kind: 'while', condition: field(node, 'condition') };
    return { kind: 'loop' };
  },
  branches: ['if_expression', 'match_expression'],
  calls: ['call_expression', 'macro_invocation'],
  tailReturn: true,
  creations: ['struct_expression'],
  returns: ['return_expression'],
  throws: [],
  tries: [],
  catches: [],
  imports: ['use_declaration', 'extern_crate_declaration'],
  awaits: ['await_expression'],
  identifiers: ['identifier'],
  declarations: {
    let_declaration: 'pattern',
    parameter: 'pattern',
    for_expression: 'pattern',
    closure_parameters: '',
  },
  keyedAccess: ['index_expression'],
  assignments: ['assignment_expression', 'compound_assignment_expr'],
  blocks: ['source_file', 'block', 'declaration_list'],
  features: {
    closure_expression: 'lambdas',
    match_expression: 'pattern matching',
    if_let_expression: 'pattern matching',
    let_condition: 'pattern matching',
    trait_item: 'traits',
    type_parameters: 'generics',
    lifetime: 'lifetimes',
    reference_type: 'borrowing',
    reference_expression: 'borrowing',
    try_expression: 'error handling',
    struct_item: 'structs',
    enum_item: 'enums',
    tuple_pattern: 'destructuring',
    struct_pattern: 'destructuring',
    attribute_item: 'attributes',
    await_expression: 'async/await',
    macro_definition: 'macros',
    unsafe_block: 'unsafe code',
  },
  statementKinds: {
    let_declaration: 'declaration',
    const_item: 'declaration',
    static_item: 'declaration',
    macro_invocation: 'call',
  },
  // A constructor (also with a turbofish, `HashMap::<i32, i32>::new()`), or a written type
  // (`seen: &HashSet<i32>`, `let s: HashSet<i32> = xs.into_iter().collect()`), or a chain collected
  // into one by a turbofish (`let s = xs.iter().collect::<HashSet<_>>()`).
  hashedInit:
    /^(std::collections::)?(HashMap|HashSet|BTreeMap|BTreeSet)(::<.*?>)?(::(new|with_capacity|from)|\s*<)|\.collect::<\s*(std::collections::)?(HashMap|HashSet|BTreeMap|BTreeSet)\s*</,
  orderedInit:
    /^(std::collections::)?(BTreeMap|BTreeSet|BinaryHeap)(::|\s*<)|\.collect::<\s*(std::collections::)?(BTreeMap|BTreeSet|BinaryHeap)\s*</,
  sizeOf: /^([\w.]+)\.len\(\)$/,
  decoratorsOf(node) {
    const out: string[] = [];
    for (
      let prev = node.previousNamedSibling;
      prev?.type === 'attribute_item';
      prev = prev.previousNamedSibling
    )
      out.push(prev.text.replace(/^#\[|\]$/g, ''));
    return out;
  },
  basesOf(node) {
    if (node.type === 'impl_item') return [field(node, 'trait')].filter(Boolean);
    if (node.type === 'trait_item')
      return named(node)
        .filter((c) => c.type === 'trait_bounds')
        .map((c) => c.text.replace(/^:\s*/, ''));
    return [];
  },
  pseudoCall(node) {
    // `vec![0; n]`, `vec![vec![0; m]; n]`: a vector made with sizes (the macro's tokens are not
    // parsed, so the sizes are read from its text).
    if (node.type !== 'token_tree' || node.parent?.type !== 'macro_invocation') return undefined;
    if (field(node.parent, 'macro') !== 'vec') return undefined;
    const sizes = vecSizes(node.text);
    return sizes.length ? { callee: SIZED_ALLOCATION, args: sizes } : undefined;
  },
  nameOf(node) {
    if (node.type === 'impl_item') return field(node, 'type') || undefined;
    return field(node, 'name') || undefined;
  },
  conceptsOf(node) {
    const out: string[] = [];
    if (node.type === 'impl_item' && /^Iterator\b/.test(field(node, 'trait'))) out.push('iterators');
    // `impl Trait for Type` implements a trait; an inherent `impl Type { ... }` only adds methods.
    if (node.type === 'impl_item' && field(node, 'trait')) out.push('traits');
    if (node.type === 'call_expression' && /\.(iter|into_iter|iter_mut)$/.test(field(node, 'function')))
      out.push('iterators');
    if (node.type === 'call_expression' && /^Regex::new$/.test(field(node, 'function')))
      out.push('regular expressions');
    if (node.type === 'function_item' && /\bResult</.test(field(node, 'return_type')))
      out.push('error handling');
    if (node.type === 'macro_invocation' && /^panic$/.test(field(node, 'macro'))) out.push('error handling');
    if (node.type === 'function_item' && /^async\b|\basync\s+fn\b/.test(node.text.slice(0, 60)))
      out.push('async/await');
    return out;
  },
  isAsync: (node) => /^(pub(\([^)]*\))?\s+)?async\b/.test(node.text.slice(0, 40)),
};

/** The sizes of `[value; count]`, outermost first, through nested `vec![…; m]` values. */
function vecSizes(tokens: string): string[] {
  const inner = /^\s*[[(]([\s\S]*)[\])]\s*$/.exec(tokens)?.[1];
  const split = inner === undefined ? -1 : topLevel(inner, ';');
  if (inner === undefined || split < 0) return [];
  const value = /^\s*vec!\s*([[(][\s\S]*[\])])\s*$/.exec(inner.slice(0, split))?.[1];
  return [inner.slice(split + 1).trim(), ...(value ? vecSizes(value) : [])];
}
