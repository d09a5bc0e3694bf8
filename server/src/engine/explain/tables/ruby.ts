// Ruby node types (tree-sitter-ruby). Blocks (`do |x| ... end`, `{ |x| ... }`) are lambdas passed to
// the call they follow, so `xs.each do ... end` is a loop over xs.
import { type TreeSitterTable, field, named } from './treeSitterTable';

export const RUBY: TreeSitterTable = {
  functions: {
    method: 'method',
    singleton_method: 'method',
    block: 'lambda',
    do_block: 'lambda',
    lambda: 'lambda',
  },
  classes: { class: 'class', module: 'module', singleton_class: 'class' },
  loops: ['for', 'while', 'until', 'while_modifier', 'until_modifier'],
  loopHeader(node) {
    if (node.type === 'for')
      return {
        kind: 'for-each',
        item: field(node, 'pattern'),
        collection: field(node, 'value').replace(/^in\s+/, ''),
      };
    const condition = field(node, 'condition');
    return {
      kind: 'while',
      condition: node.type.startsWith('until') ? `!(${condition})` : condition,
      negated: node.type.startsWith('until'),
    };
  },
  branches: ['if', 'unless', 'case', 'case_match', 'conditional', 'if_modifier', 'unless_modifier'],
  calls: ['call'],
  implicitReturn: true,
  returns: ['return'],
  throws: [],
  tries: ['begin'],
  catches: ['rescue'],
  imports: [],
  identifiers: ['identifier', 'instance_variable'],
  declarations: {
    assignment: 'left',
    operator_assignment: 'left',
    block_parameters: '',
    method_parameters: '',
    for: 'pattern',
  },
  keyedAccess: ['element_reference'],
  assignments: ['assignment', 'operator_assignment'],
  blocks: ['program', 'body_statement', 'block_body', 'then', 'else', 'do', 'begin', 'ensure'],
  features: {
    yield: 'blocks and yield',
    block: 'blocks and yield',
    do_block: 'blocks and yield',
    lambda: 'lambdas',
    rescue: 'error handling',
    ensure: 'error handling',
    class: 'classes',
    superclass: 'inheritance',
    module: 'modules and mixins',
    case_match: 'pattern matching',
    regex: 'regular expressions',
    splat_parameter: 'spread/rest',
    hash_splat_parameter: 'spread/rest',
    splat_argument: 'spread/rest',
    left_assignment_list: 'destructuring',
    destructured_parameter: 'destructuring',
    symbol_array: 'symbols',
  },
  statementKinds: {
    yield: 'yield',
    rescue_modifier: 'try',
    break: 'jump',
    next: 'jump',
    retry: 'jump',
    redo: 'jump',
  },
  hashedInit: /^(\{|Hash\.new|Set\.new|Set\[)/,
  sizeOf: /^([@\w.]+)\.(?:length|size|count)$/,
  basesOf(node) {
    return [field(node, 'superclass').replace(/^<\s*/, '')].filter(Boolean);
  },
  conceptsOf(node) {
    const out: string[] = [];
    if (node.type === 'call' && !node.childForFieldName('receiver') && field(node, 'method') === 'raise')
      out.push('error handling');
    if (
      node.type === 'call' &&
      !node.childForFieldName('receiver') &&
      /^(include|extend|prepend)$/.test(field(node, 'method'))
    )
      out.push('modules and mixins');
    if (
      node.type === 'call' &&
      /^(attr_accessor|attr_reader|attr_writer|define_method|method_missing|send)$/.test(
        field(node, 'method'),
      )
    )
      out.push('metaprogramming');
    if (node.type === 'call' && field(node, 'method') === 'new' && field(node, 'receiver') === 'Regexp')
      out.push('regular expressions');
    if (node.type === 'method' && field(node, 'name') === 'each' && named(node).length) out.push('iterators');
    if (node.type === 'call' && /^(lambda|proc)$/.test(field(node, 'method'))) out.push('lambdas');
    return out;
  },
};
