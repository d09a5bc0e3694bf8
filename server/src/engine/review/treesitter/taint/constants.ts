// Constant folding of conditions, so that a branch that can never run does not carry taint:
// `if ((7 * 42) - num > 200) bar = "x"; else bar = param;` with `int num = 86` never takes the
// else branch. Only integer and boolean arithmetic over literals and single-assignment locals is
// folded; anything else is unknown and both branches count.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { closest, descendants } from '../syntax';
import type { Binding, ValueClassifier } from '../values';
import { foldNumbers } from '../arithmetic';

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
  // A character is its code, so `switch (c) { case 'B': ... }` folds like an integer switch.
  if (/^(?:character_literal|char_literal)$/.test(node.type))
    return /^'[^'\\]'$/.test(text) ? text.charCodeAt(1) : undefined;
  // Java `"ABC".charAt(1)`, through a local holding the string.
  if (node.type === 'method_invocation' && node.childForFieldName('name')?.text === 'charAt') {
    const string = constantString(node.childForFieldName('object'), values, depth + 1);
    const index = constantNumber(node.childForFieldName('arguments')?.namedChildren[0], values, depth + 1);
    return string !== undefined && index !== undefined && index < string.length
      ? string.charCodeAt(index)
      : undefined;
  }
  const name = values.dialect.variableName(node);
  if (name !== undefined) {
    const bindings = values.bindingsBefore(name, node);
    if (bindings.length !== 1 || bindings[0].append) return undefined;
    const value = constantNumber(bindings[0].value, values, depth + 1);
    return value === undefined ? undefined : sharedValue(name, node, bindings[0], value, values, depth);
  }
  if (/^(?:binary_expression|binary_operator|comparison_operator|boolean_operator)$/.test(node.type)) {
    const left = node.childForFieldName('left') ?? node.namedChildren[0];
    const right = node.childForFieldName('right') ?? node.namedChildren.at(-1);
    const operator =
      node.childForFieldName('operator')?.text ?? node.children.find((c) => c && !c.isNamed)?.text;
    const a = constantNumber(left, values, depth + 1);
    const b = constantNumber(right, values, depth + 1);
    if (a === undefined || b === undefined || !operator) return undefined;
    return foldNumbers(operator, a, b);
  }
  return undefined;
}

/**
 * A field or module variable (bound outside the function of `use`) is a constant only when every
 * function that assigns it assigns the same value: Juliet's `badPrivate = true` in one method makes
 * `if (badPrivate)` in another undecidable, while `goodPrivate = false` everywhere stays false.
 * Functions declaring a local of the same name do not count.
 */
function sharedValue(
  name: string,
  use: SyntaxNode,
  used: Binding,
  value: number,
  values: ValueClassifier,
  depth: number,
): number | undefined {
  const functions = values.dialect.functionTypes;
  const sites = values.bindingsAnywhere(name);
  const usedSite = sites.find((s) => s.binding === used);
  if (!usedSite || closest(usedSite.node, functions)) return value;
  const shadowing = new Set(
    sites
      .filter((s) => s.node.type !== 'assignment_expression' && s.node.type !== 'assignment')
      .map((s) => closest(s.node, functions)?.id)
      .filter((id) => id !== undefined),
  );
  for (const site of sites) {
    const owner = closest(site.node, functions);
    if (site === usedSite || !owner || shadowing.has(owner.id)) continue;
    if (site.binding.append || constantNumber(site.binding.value, values, depth + 1) !== value)
      return undefined;
  }
  return value;
}

/** The branches of a conditional: [condition, consequence, alternative] in every grammar. */
export function conditionalParts(
  node: SyntaxNode,
): [SyntaxNode | null, SyntaxNode | null, SyntaxNode | null] | undefined {
  // Ruby: `c ? a : b` is a `conditional`; `a if c` / `a unless c` are a or nothing.
  if (node.type === 'if_modifier' || node.type === 'unless_modifier') {
    const [condition, body] = [node.childForFieldName('condition'), node.childForFieldName('body')];
    return node.type === 'if_modifier' ? [condition, body, null] : [condition, null, body];
  }
  // Ruby's block `if c ... else ... end`; `unless c ... else ... end` runs its body when c is false.
  if (node.type === 'if' || node.type === 'unless') {
    const [condition, body, other] = ['condition', 'consequence', 'alternative'].map((f) =>
      node.childForFieldName(f),
    );
    return node.type === 'if' ? [condition, body, other] : [condition, other, body];
  }
  if (
    !/^(?:if_statement|if_expression|ternary_expression|conditional_expression|conditional)$/.test(node.type)
  )
    return undefined;
  const condition = node.childForFieldName('condition');
  // PHP names a ternary's middle `body` (absent in `a ?: b`).
  if (condition)
    return [
      condition,
      node.childForFieldName('consequence') ??
        (node.type === 'conditional_expression' ? node.childForFieldName('body') : null),
      node.childForFieldName('alternative'),
    ];
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
  // Java's `switch (mode)` keeps its parentheses in the subject.
  if (node.type === 'parenthesized_expression')
    return constantString(node.namedChildren[0], values, depth + 1);
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

/** True when `node` sits in a branch whose condition folds to the other way. */
export function inDeadBranch(node: SyntaxNode, values: ValueClassifier): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (values.dialect.functionTypes.has(parent.type)) return false;
    if (SWITCH_GROUP.test(child.type) && deadSwitchGroup(child, values)) return true;
    const parts = conditionalParts(parent);
    if (!parts || child.id === parts[0]?.id) continue;
    const taken = constantNumber(parts[0], values);
    if (taken === undefined) continue;
    if (child.id === parts[1]?.id && !taken) return true;
    if (child.id === parts[2]?.id && taken) return true;
  }
  return false;
}

/** A `case ...:` group of a switch: Java statement groups and rules, C# sections, Python `match` cases. */
const SWITCH_GROUP = /^(?:switch_block_statement_group|switch_rule|switch_section|case_clause)$/;
/** Groups that never fall through into the next one. */
const NO_FALLTHROUGH = /^(?:switch_rule|case_clause)$/;
/** Statements that leave a case group, so the next group is not reached by falling through. */
const JUMP =
  /^(?:break_statement|return_statement|throw_statement|continue_statement|yield_statement|goto_statement)$/;

/**
 * True when the switch around `group` has a constant subject and `group` is neither the case it
 * selects (or `default` when no case matches) nor reached from it by falling through. Any label
 * that does not fold leaves every group live.
 */
function deadSwitchGroup(group: SyntaxNode, values: ValueClassifier): boolean {
  const body = group.parent;
  const switchNode = body?.parent;
  const subjectNode =
    switchNode?.childForFieldName('condition') ??
    switchNode?.childForFieldName('value') ??
    switchNode?.childForFieldName('subject');
  const subject = constantValue(subjectNode, values);
  if (!body || subject === undefined) return false;
  const groups = body.namedChildren.filter((g): g is SyntaxNode => g !== null && SWITCH_GROUP.test(g.type));
  let selected = -1;
  let fallback = -1;
  for (const [i, g] of groups.entries()) {
    const labels = caseLabels(g);
    if (!labels) return false;
    if (labels.isDefault) fallback = i;
    for (const value of labels.values) {
      const folded = constantValue(value, values);
      if (folded === undefined) return false;
      if (folded === subject && selected < 0) selected = i;
    }
  }
  let live = selected >= 0 ? selected : fallback;
  if (live < 0) return true;
  const index = groups.findIndex((g) => g.id === group.id);
  // Groups from the selected one run on until one ends with a jump (rules never fall through).
  for (; live < groups.length; live++) {
    if (live === index) return false;
    const last = groups[live].namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1);
    if (NO_FALLTHROUGH.test(groups[live].type) || (last && JUMP.test(last.type))) break;
  }
  return true;
}

/** A number (integers, characters, booleans) or a string an expression always evaluates to. */
function constantValue(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
): number | string | undefined {
  return constantNumber(node, values) ?? constantString(node, values);
}

/**
 * The case values of a group and whether it is `default`: Java nests them in `switch_label` nodes,
 * C# lists `case <pattern> :` tokens directly in the section, Python's `case "a" | "b":` holds string
 * patterns (`case _:` is the default). Undefined when a label does not fold to a plain value (a
 * `when` guard, a type or capture pattern).
 */
function caseLabels(group: SyntaxNode): { values: SyntaxNode[]; isDefault: boolean } | undefined {
  const tokens = group.children.flatMap((c) => (c && /label$/.test(c.type) ? c.children : [c]));
  const out = { values: [] as SyntaxNode[], isDefault: false };
  let inLabel = false;
  for (const token of tokens) {
    if (!token) continue;
    if (!token.isNamed) {
      if (token.type === 'case') inLabel = true;
      else if (token.type === 'default') out.isDefault = true;
      else if (token.type === ':' || token.type === '->') inLabel = false;
      continue;
    }
    if (!inLabel || token.type === 'comment') continue;
    if (token.type === 'case_pattern') {
      if (token.namedChildren.length === 0) out.isDefault = true;
      const strings = descendants(token, ['string']);
      if (token.namedChildren.length > 0 && strings.length === 0) return undefined;
      out.values.push(...strings);
      continue;
    }
    const value = token.type === 'constant_pattern' ? token.namedChildren[0] : token;
    if (!value || /pattern|when|guard|if_clause/.test(value.type)) return undefined;
    out.values.push(value);
  }
  return out.values.length > 0 || out.isDefault ? out : undefined;
}
