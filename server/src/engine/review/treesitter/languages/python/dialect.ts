// How Python spells strings, variables, scopes and string building, for the value classifier.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import { binaryOperands, namedChildren, NUMERIC_PRINTF, unquote } from '../../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../../values';

const CONSTANT_TYPES = new Set(['integer', 'float', 'true', 'false', 'none']);
/** Conversions that keep a value's kind: str(x) is as constant as x. */
const TRANSPARENT_CALLS = new Set(['str', 'repr']);
/** Calls whose result cannot carry shell or SQL syntax: numbers and quoting functions. */
const SAFE_CALLS = /^(?:int|float|len|bool|abs|round|(?:shlex\.|pipes\.)?quote|escape_string|uuid\.uuid4)$/;

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (CONSTANT_TYPES.has(node.type)) return 'constant';
  switch (node.type) {
    case 'string': {
      const parts = namedChildren(node)
        .filter((c) => c.type === 'interpolation')
        .map((c) => c.childForFieldName('expression'));
      return parts.length === 0 ? 'constant' : values.combine(parts);
    }
    case 'concatenated_string':
    case 'tuple':
    case 'list':
    case 'expression_list':
      return values.combine(namedChildren(node));
    case 'parenthesized_expression':
      return values.kind(namedChildren(node)[0]);
    case 'generator_expression':
    case 'list_comprehension':
      // ", ".join("?" for _ in ids): the produced items decide, not the iterated values.
      return values.kind(node.childForFieldName('body'));
    case 'binary_operator': {
      const left = node.childForFieldName('left');
      const isPercent = node.childForFieldName('operator')?.type === '%';
      const format = left?.type === 'string' ? values.dialect.literalValue(left) : undefined;
      if (isPercent && format !== undefined && NUMERIC_PRINTF.test(format)) return 'constant';
      return values.combine(binaryOperands(node));
    }
    case 'attribute': {
      // settings.MAX_ROWS, Config.TABLE: upper-case attributes are constants by convention.
      const attr = node.childForFieldName('attribute')?.text ?? '';
      return /^[A-Z][A-Z0-9_]+$/.test(attr) ? 'constant' : undefined;
    }
    case 'dictionary':
      // {"name": "name", ...}: a table of constants is constant (otherwise no opinion, as before).
      return namedChildren(node).every(
        (pair) => pair.type === 'pair' && values.kind(pair.childForFieldName('value')) === 'constant',
      )
        ? 'constant'
        : undefined;
    case 'subscript': {
      // COLUMNS[key] on a constant table: an allow-list lookup, whatever the key.
      const table = node.childForFieldName('value');
      return table?.type === 'identifier' && values.kind(table) === 'constant' ? 'constant' : undefined;
    }
    case 'call':
      return classifyCall(node, values);
    default:
      return undefined;
  }
}

function classifyCall(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  const fn = node.childForFieldName('function');
  const args = node.childForFieldName('arguments');
  // f(x for x in y): the generator itself is the arguments node.
  const argList = !args ? [] : args.type === 'generator_expression' ? [args] : namedChildren(args);
  if (fn && SAFE_CALLS.test(fn.text)) return 'constant';
  if (fn?.type === 'identifier' && TRANSPARENT_CALLS.has(fn.text)) return values.combine(argList);
  if (fn?.type === 'attribute') {
    const method = fn.childForFieldName('attribute')?.text;
    const object = fn.childForFieldName('object');
    // COLUMNS.get(key, "created_at") on a constant table: an allow-list lookup, whatever the key.
    if (method === 'get' && object?.type === 'identifier' && values.kind(object) === 'constant')
      return argList.slice(1).every((a) => values.kind(a) === 'constant') ? 'constant' : undefined;
    // "...".format(x), "sep".join(parts), "...".replace(...): the result is built from object and args.
    // Only str methods build strings: sql.SQL("...").format(...) composes safely and stays opaque.
    const onString =
      object?.type === 'string' || object?.type === 'identifier' || object?.type === 'concatenated_string';
    if (
      onString &&
      (method === 'format' || method === 'join' || method === 'replace' || method === 'strip')
    ) {
      return values.combine([
        object,
        ...argList.map((a) => (a.type === 'keyword_argument' ? a.childForFieldName('value') : a)),
      ]);
    }
  }
  return undefined;
}

function bindings(node: SyntaxNode): Binding[] {
  const left = node.childForFieldName(node.type === 'named_expression' ? 'name' : 'left');
  const value = node.childForFieldName(node.type === 'named_expression' ? 'value' : 'right');
  if (!left) return [];
  const append = node.type === 'augmented_assignment';
  if (left.type === 'identifier') return [{ name: left.text, value, append }];
  // a, b = ...: each name gets an unknown part of the value.
  return namedChildren(left)
    .filter((c) => c.type === 'identifier')
    .map((c) => ({ name: c.text, value: null, append }));
}

function literalValue(node: SyntaxNode): string | undefined {
  if (node.type === 'concatenated_string') {
    const parts = namedChildren(node).map(literalValue);
    return parts.some((p) => p === undefined) ? undefined : parts.join('');
  }
  if (namedChildren(node).some((c) => c.type === 'interpolation')) return undefined;
  return unquote(node.text);
}

export const pythonDialect: Dialect = {
  language: 'python',
  functionTypes: new Set(['function_definition']),
  loopTypes: new Set([
    'for_statement',
    'while_statement',
    'list_comprehension',
    'set_comprehension',
    'dictionary_comprehension',
    'generator_expression',
  ]),
  stringTypes: new Set(['string', 'concatenated_string']),
  bindingTypes: ['assignment', 'augmented_assignment', 'named_expression'],
  bindings,
  variableName: (node) => (node.type === 'identifier' ? node.text : undefined),
  literalValue,
  classify,
};
