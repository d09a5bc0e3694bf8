// Whether a Python expression can never evaluate to a tuple, which `'%s' % value` would unpack while
// an f-string would not: literals, calls that return strings or numbers, and names that are either
// parameters annotated with a scalar type or only ever assigned such values in their scope.
import type { SyntaxNode } from '../../parsing/treeSitter';
import { descendants, namedChildren } from './tree';

const SCALAR_LITERALS = new Set([
  'integer',
  'float',
  'string',
  'concatenated_string',
  'true',
  'false',
  'none',
]);
const SCALAR_FUNCTIONS = new Set([
  'str',
  'int',
  'float',
  'len',
  'repr',
  'bool',
  'ord',
  'chr',
  'hex',
  'oct',
  'bin',
  'format',
  'round',
  'abs',
  'ascii',
]);
const STRING_METHODS = new Set([
  'join',
  'format',
  'upper',
  'lower',
  'strip',
  'lstrip',
  'rstrip',
  'replace',
  'title',
  'capitalize',
  'zfill',
  'center',
  'ljust',
  'rjust',
  'casefold',
  'count',
  'find',
  'index',
]);
const SCALAR_ANNOTATIONS = /^(str|int|float|bool|bytes)$/;

export function neverTuple(node: SyntaxNode, followNames = true): boolean {
  if (SCALAR_LITERALS.has(node.type)) return true;
  if (node.type === 'binary_operator')
    return (
      node.child(1)?.type === '%' ||
      (neverTuple(node.childForFieldName('left')!, false) &&
        neverTuple(node.childForFieldName('right')!, false))
    );
  if (node.type === 'call') {
    const fn = node.childForFieldName('function');
    if (fn?.type === 'identifier') return SCALAR_FUNCTIONS.has(fn.text);
    return fn?.type === 'attribute' && STRING_METHODS.has(fn.childForFieldName('attribute')?.text ?? '');
  }
  if (node.type === 'identifier' && followNames) return scalarName(node);
  return false;
}

function scalarName(name: SyntaxNode): boolean {
  let scope: SyntaxNode | null = name.parent;
  while (scope && scope.type !== 'function_definition' && scope.type !== 'module') scope = scope.parent;
  if (!scope) return false;
  const parameters =
    scope.type === 'function_definition' ? namedChildren(scope.childForFieldName('parameters')!) : [];
  const parameter = parameters.find(
    (node) => (node.type === 'identifier' ? node.text : node.namedChild(0)?.text) === name.text,
  );
  if (parameter) {
    const annotation = parameter.childForFieldName('type');
    return parameter.type === 'typed_parameter' && !!annotation && SCALAR_ANNOTATIONS.test(annotation.text);
  }
  const bindings = descendants(scope, 'identifier').filter(
    (node) => node.text === name.text && isBinding(node),
  );
  if (bindings.length === 0) return false;
  return bindings.every((node) => {
    const parent = node.parent!;
    return (
      parent.type === 'assignment' &&
      parent.childForFieldName('left')?.startIndex === node.startIndex &&
      !!parent.childForFieldName('right') &&
      neverTuple(parent.childForFieldName('right')!, false)
    );
  });
}

/** A name being bound: assignment targets, loop/with/except targets, parameters of nested scopes. */
function isBinding(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'assignment' || parent.type === 'augmented_assignment')
    return parent.childForFieldName('left')?.startIndex === node.startIndex;
  if (parent.type === 'for_statement' || parent.type === 'for_in_clause')
    return parent.childForFieldName('left')?.startIndex === node.startIndex;
  return [
    'pattern_list',
    'tuple_pattern',
    'as_pattern_target',
    'global_statement',
    'nonlocal_statement',
  ].includes(parent.type);
}
