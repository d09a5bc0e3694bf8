// Reading Rust calls for the misuse checks: a call's head and arguments, a method call's name and
// receiver, and the boolean a value always has.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { namedChildren } from '../syntax';
import type { ValueClassifier } from '../values';

/** The text of a call up to its argument list, without whitespace (`Cookie::build(("a","b")).secure`). */
export function head(call: SyntaxNode): string {
  return (call.childForFieldName('function')?.text ?? '').replace(/\s+/g, '');
}

export function args(call: SyntaxNode): SyntaxNode[] {
  return namedChildren(call.childForFieldName('arguments') ?? call).filter((a) => a.type !== 'comment');
}

/** `recv.method(...)`: the method's name and receiver; undefined for path calls (`Type::f(...)`). */
export function method(call: SyntaxNode): { name: string; receiver: SyntaxNode } | undefined {
  const outer = call.childForFieldName('function');
  // `v.align_to::<u8>()`: the turbofish wraps the method.
  const fn = outer?.type === 'generic_function' ? outer.childForFieldName('function') : outer;
  const name = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : undefined;
  const receiver = fn?.childForFieldName('value');
  return name && receiver ? { name, receiver } : undefined;
}

/**
 * The boolean a value always has: a literal, `!x`, `a && b`, `a || b`, or a local whose every
 * reaching assignment has the same constant value. Undefined when it may vary (parameters, input).
 */
export function constantBool(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
  depth = 0,
): boolean | undefined {
  if (!node || depth > 8) return undefined;
  switch (node.type) {
    case 'boolean_literal':
      return node.text === 'true';
    case 'parenthesized_expression':
      return constantBool(namedChildren(node)[0], values, depth + 1);
    case 'unary_expression': {
      const inner = node.text.trim().startsWith('!')
        ? constantBool(namedChildren(node)[0], values, depth + 1)
        : undefined;
      return inner === undefined ? undefined : !inner;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.text;
      const left = constantBool(node.childForFieldName('left'), values, depth + 1);
      const right = constantBool(node.childForFieldName('right'), values, depth + 1);
      if (operator === '&&') return left === false || right === false ? false : left && right;
      if (operator === '||')
        return left === true || right === true
          ? true
          : left === undefined || right === undefined
            ? undefined
            : false;
      return undefined;
    }
    case 'identifier': {
      const bindings = values.bindingsBefore(node.text, node);
      const all = bindings.map((b) => (b.append ? undefined : constantBool(b.value, values, depth + 1)));
      return all.length > 0 && all.every((v) => v === all[0]) ? all[0] : undefined;
    }
    default:
      return undefined;
  }
}
