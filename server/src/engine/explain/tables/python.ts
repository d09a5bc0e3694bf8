// Python node types (tree-sitter-python).
import { SIZED_ALLOCATION, type TreeSitterTable, field, hasToken, named } from './treeSitterTable';
import type { SyntaxNode } from '../../parsing/treeSitter';

export const PYTHON: TreeSitterTable = {
  functions: { function_definition: 'function', lambda: 'lambda' },
  classes: { class_definition: 'class' },
  loops: ['for_statement', 'while_statement', 'for_in_clause'],
  loopHeader(node) {
    if (node.type === 'while_statement') return { kind: 'while', condition: field(node, 'condition') };
    return { kind: 'for-each', item: field(node, 'left'), collection: field(node, 'right') };
  },
  comprehensions: [
    'list_comprehension',
    'dictionary_comprehension',
    'set_comprehension',
    'generator_expression',
  ],
  branches: ['if_statement', 'conditional_expression', 'match_statement'],
  calls: ['call'],
  returns: ['return_statement'],
  throws: ['raise_statement'],
  tries: ['try_statement'],
  catches: ['except_clause'],
  imports: ['import_statement', 'import_from_statement', 'future_import_statement'],
  awaits: ['await'],
  yields: ['yield'],
  identifiers: ['identifier'],
  declarations: {
    assignment: 'left',
    augmented_assignment: 'left',
    for_statement: 'left',
    for_in_clause: 'left',
    as_pattern_target: '',
    with_item: '',
  },
  keyedAccess: ['subscript'],
  assignments: ['assignment', 'augmented_assignment'],
  blocks: ['module', 'block'],
  features: {
    list_comprehension: 'comprehensions',
    dictionary_comprehension: 'comprehensions',
    set_comprehension: 'comprehensions',
    generator_expression: 'generators',
    yield: 'generators',
    lambda: 'lambdas',
    decorator: 'decorators',
    try_statement: 'error handling',
    raise_statement: 'error handling',
    with_statement: 'context managers',
    match_statement: 'pattern matching',
    pattern_list: 'destructuring',
    tuple_pattern: 'destructuring',
    list_splat: 'spread/rest',
    dictionary_splat: 'spread/rest',
    list_splat_pattern: 'spread/rest',
    dictionary_splat_pattern: 'spread/rest',
    await: 'async/await',
    class_definition: 'classes',
  },
  statementKinds: {
    decorated_definition: 'unit',
    pass_statement: 'jump',
    with_statement: 'try',
    global_statement: 'declaration',
    nonlocal_statement: 'declaration',
  },
  hashedInit:
    /^(?:collections\.)?(set|dict|defaultdict|Counter|OrderedDict|frozenset)\(|^\{\s*\}$|^\{[^:]*:|^\{[^}]/,
  orderedInit: /^(?:sortedcontainers\.)?(SortedList|SortedDict|SortedSet|SortedKeyList)\(/,
  sizeOf: /^len\(\s*([\w.]+)\s*\)$/,
  decoratorsOf(node) {
    const parent = node.parent;
    if (parent?.type !== 'decorated_definition') return [];
    return named(parent)
      .filter((c) => c.type === 'decorator')
      .map((c) => c.text.replace(/^@/, '').trim());
  },
  basesOf(node) {
    const supers = node.childForFieldName('superclasses');
    return supers
      ? named(supers)
          .filter((c) => c.type !== 'keyword_argument')
          .map((c) => c.text)
      : [];
  },
  pseudoCall(node) {
    const sliced = slicedUse(node);
    if (sliced) return { callee: `substring ${sliced}`, args: [node.text] };
    // `[0] * n`, `n * [False]`: a list made with a size.
    if (node.type !== 'binary_operator' || field(node, 'operator') !== '*') return undefined;
    const [left, right] = [node.childForFieldName('left'), node.childForFieldName('right')];
    const size = left?.type === 'list' ? right : right?.type === 'list' ? left : undefined;
    return size ? { callee: SIZED_ALLOCATION, args: [size.text] } : undefined;
  },
  membership(node) {
    if (node.type !== 'comparison_operator' || !(hasToken(node, 'in') || hasToken(node, 'not in')))
      return undefined;
    return named(node).at(-1)?.text;
  },
  conceptsOf(node) {
    const out: string[] = [];
    const type = node.type;
    if (type === 'call') {
      const callee = field(node, 'function');
      if (/^(iter|next)$/.test(callee)) out.push('iterators');
      if (/^re\.\w+$/.test(callee)) out.push('regular expressions');
      if (/^asyncio\.(gather|create_task|wait|as_completed)$/.test(callee)) out.push('async/await');
      // `T = TypeVar("T")` declares a type parameter (pre-PEP 695 generics).
      if (/^(typing\.)?(TypeVar|ParamSpec|TypeVarTuple)$/.test(callee)) out.push('generics');
    } else if (type === 'type_parameter') {
      // `def first[T](...)` / `class Box[T]` declare type parameters; `list[int]` in a hint only
      // uses a generic type (its `type_parameter` sits inside a `generic_type`), which is not generics.
      if (node.parent?.type !== 'generic_type') out.push('generics');
    } else if (type === 'class_definition') {
      const supers = node.childForFieldName('superclasses');
      const bases = supers ? named(supers).filter((c) => c.type !== 'keyword_argument') : [];
      if (bases.some((b) => b.text !== 'object')) out.push('inheritance');
      if (bases.some((b) => /^(ABC|Protocol)$/.test(b.text))) out.push('interfaces');
      if (bases.some((b) => /^(typing\.)?(Generic|Protocol)\[/.test(b.text))) out.push('generics');
    } else if (type === 'function_definition') {
      if (node.text.startsWith('async')) out.push('async/await');
      if (/^__(iter|next|aiter|anext)__$/.test(field(node, 'name'))) out.push('iterators');
      if (/^__(aiter|anext)__$/.test(field(node, 'name'))) out.push('async iterators');
    } else if (type === 'for_statement' && node.text.startsWith('async'))
      out.push('async/await', 'async iterators');
    return out;
  },
  // `async def` / `async for` start with the keyword; reading the text avoids walking child tokens.
  isAsync: (node) => node.text.startsWith('async'),
  globalNames: (node) => (node.type === 'global_statement' ? named(node).map((c) => c.text) : []),
};

/**
 * A slice (`s[i:j]`, `s[:-i]`) hashed or compared, as Go's (tables/go.ts): compared with any
 * operator (`word[i:] == word[:-i]`, `s[j:i] in seen`), used as a key (`cnt[s[i:j]]`, a dictionary
 * key), added to a set (`seen.add(s[i:j])`, `{s[i:i + k] for …}`), joined to another string
 * (`s[i:] + s[:i]`, `"".join([s[i:], t])`): each reads the slice's
 * characters, so it costs the slice's width (operandCosts.ts prices it). A slice only copied or
 * passed on is left to what reads it.
 */
function slicedUse(node: SyntaxNode): 'key' | 'comparison' | 'concatenation' | undefined {
  if (node.type !== 'subscript' || node.childForFieldName('subscript')?.type !== 'slice') return undefined;
  if (named(node.childForFieldName('subscript')!).length > 2) return undefined;
  const parent = node.parent;
  if (!parent || beforeBreak(node)) return undefined;
  if (parent.type === 'comparison_operator') return 'comparison';
  // (joined to another string: `s[i:] + s[:i]`, `w[:i] + c + w[i + 1:]` copies it into the result)
  if (parent.type === 'binary_operator' && field(parent, 'operator') === '+') return 'concatenation';
  // (… or joined from a display: `"".join([p[j:], body, p[:j]])`)
  const args = parent.type === 'list' || parent.type === 'tuple' ? parent.parent : undefined;
  if (
    args?.type === 'argument_list' &&
    named(args).length === 1 &&
    args.parent?.type === 'call' &&
    /\.join$/.test(field(args.parent, 'function'))
  )
    return 'concatenation';
  if (parent.type === 'subscript' && parent.childForFieldName('subscript')?.id === node.id) return 'key';
  if (parent.type === 'pair' && parent.childForFieldName('key')?.id === node.id) return 'key';
  if (
    parent.type === 'set' ||
    (parent.type === 'set_comprehension' && parent.childForFieldName('body')?.id === node.id)
  )
    return 'key';
  const call = parent.type === 'argument_list' ? parent.parent : undefined;
  if (call?.type === 'call' && named(parent).length === 1 && /\.add$/.test(field(call, 'function')))
    return 'key';
  return undefined;
}

/** True when the statement holding `node` is followed, in its block, by `break`: it runs once per entry of the loop. */
function beforeBreak(node: SyntaxNode): boolean {
  let statement: SyntaxNode | null = node;
  while (statement?.parent && statement.parent.type !== 'block' && statement.parent.type !== 'module')
    statement = statement.parent;
  return statement?.nextNamedSibling?.type === 'break_statement';
}
