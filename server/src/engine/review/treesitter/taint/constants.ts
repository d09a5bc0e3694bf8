// Constant folding of conditions, so that a branch that can never run does not carry taint:
// `if ((7 * 42) - num > 200) bar = "x"; else bar = param;` with `int num = 86` never takes the
// else branch. Only integer and boolean arithmetic over literals and single-assignment locals is
// folded; anything else is unknown and both branches count.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { descendants } from '../syntax';
import type { ValueClassifier } from '../values';

const MAX_DEPTH = 20;

/** The number (booleans as 1/0) an expression always evaluates to, or undefined. */
export function constantNumber(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
  depth = 0,
): number | undefined {
  if (!node || depth > MAX_DEPTH) return undefined;
  const text = node.text;
  if (/^(?:decimal_integer_literal|integer_literal|integer|number_literal|int_literal)$/.test(node.type))
    return /^\d+$/.test(text) ? Number(text) : undefined;
  if (/^(?:true|false)$/i.test(text) && /^(?:true|false|boolean_literal|boolean)$/.test(node.type))
    return /^true$/i.test(text) ? 1 : 0;
  if (node.type === 'parenthesized_expression')
    return constantNumber(node.namedChildren[0], values, depth + 1);
  const name = values.dialect.variableName(node);
  if (name !== undefined) {
    const bindings = values.bindingsBefore(name, node);
    if (bindings.length !== 1 || bindings[0].append) return undefined;
    return constantNumber(bindings[0].value, values, depth + 1);
  }
  if (/^(?:binary_expression|binary_operator|comparison_operator|boolean_operator)$/.test(node.type)) {
    const left = node.childForFieldName('left') ?? node.namedChildren[0];
    const right = node.childForFieldName('right') ?? node.namedChildren.at(-1);
    const operator =
      node.childForFieldName('operator')?.text ?? node.children.find((c) => c && !c.isNamed)?.text;
    const a = constantNumber(left, values, depth + 1);
    const b = constantNumber(right, values, depth + 1);
    if (a === undefined || b === undefined || !operator) return undefined;
    return fold(operator, a, b);
  }
  return undefined;
}

function fold(operator: string, a: number, b: number): number | undefined {
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? undefined : Math.trunc(a / b);
    case '%':
      return b === 0 ? undefined : a % b;
    case '>':
      return Number(a > b);
    case '<':
      return Number(a < b);
    case '>=':
      return Number(a >= b);
    case '<=':
      return Number(a <= b);
    case '==':
      return Number(a === b);
    case '!=':
      return Number(a !== b);
    case '&&':
    case 'and':
      return Number(!!a && !!b);
    case '||':
    case 'or':
      return Number(!!a || !!b);
    default:
      return undefined;
  }
}

/** The branches of a conditional: [condition, consequence, alternative] in every grammar. */
export function conditionalParts(
  node: SyntaxNode,
): [SyntaxNode | null, SyntaxNode | null, SyntaxNode | null] | undefined {
  if (!/^(?:if_statement|ternary_expression|conditional_expression)$/.test(node.type)) return undefined;
  const condition = node.childForFieldName('condition');
  if (condition)
    return [condition, node.childForFieldName('consequence'), node.childForFieldName('alternative')];
  // Python `a if c else b` has no field names.
  const named = node.namedChildren.filter((n) => n !== null && n.type !== 'comment');
  return named.length === 3 ? [named[1], named[0], named[2]] : undefined;
}

/**
 * The string an expression always evaluates to: a literal, a local assigned once, or a constant
 * index into one (`possible = "ABC"; guess = possible[1]` is `"B"`).
 */
export function constantString(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
  depth = 0,
): string | undefined {
  if (!node || depth > MAX_DEPTH) return undefined;
  if (values.dialect.stringTypes.has(node.type)) return values.dialect.literalValue(node);
  const name = values.dialect.variableName(node);
  if (name !== undefined) {
    const bindings = values.bindingsBefore(name, node);
    if (bindings.length !== 1 || bindings[0].append) return undefined;
    return constantString(bindings[0].value, values, depth + 1);
  }
  if (node.type === 'subscript') {
    const text = constantString(node.childForFieldName('value'), values, depth + 1);
    const index = constantNumber(node.childForFieldName('subscript'), values, depth + 1);
    return text !== undefined && index !== undefined && index < text.length ? text[index] : undefined;
  }
  return undefined;
}

/**
 * The case of a `match` on a constant string that runs: the first whose patterns are that string,
 * or a wildcard. Undefined when the subject or an earlier pattern is not a plain string.
 */
function takenCase(match: SyntaxNode, values: ValueClassifier): SyntaxNode | undefined {
  const subject = constantString(match.childForFieldName('subject'), values);
  if (subject === undefined) return undefined;
  for (const clause of match.childForFieldName('body')?.namedChildren ?? []) {
    if (clause?.type !== 'case_clause') continue;
    const pattern = clause.namedChildren.find((c) => c?.type === 'case_pattern');
    if (!pattern || pattern.namedChildren.length === 0) return clause;
    const strings = descendants(pattern, ['string']);
    if (strings.length === 0) return undefined;
    if (strings.some((s) => values.dialect.literalValue(s) === subject)) return clause;
  }
  return undefined;
}

/** True when `node` sits in a branch whose condition folds to the other way. */
export function inDeadBranch(node: SyntaxNode, values: ValueClassifier): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (values.dialect.functionTypes.has(parent.type)) return false;
    if (parent.type === 'case_clause' && parent.parent?.parent?.type === 'match_statement') {
      const taken = takenCase(parent.parent.parent, values);
      if (taken && taken.id !== parent.id) return true;
    }
    const parts = conditionalParts(parent);
    if (!parts || child.id === parts[0]?.id) continue;
    const taken = constantNumber(parts[0], values);
    if (taken === undefined) continue;
    if (child.id === parts[1]?.id && !taken) return true;
    if (child.id === parts[2]?.id && taken) return true;
  }
  return false;
}
