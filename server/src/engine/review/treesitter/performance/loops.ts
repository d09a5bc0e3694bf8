// Loop shapes for the tree-sitter performance rules: which loops a language has, what each binds
// per iteration, and whether an expression is certainly the same on every iteration. The rules
// report only what the tree proves: a value counts as loop-invariant when it is a literal, a
// constant holder (`re.I`, `RegexOptions.Compiled`), or a local/parameter declared before the loop
// that nothing inside the loop writes. Fields and calls are never assumed invariant.
import type { LanguageId } from '../../../languages';
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { JAVA_LITERALS } from '../languages/java';
import { closest, contains, descendants, namedChildren } from '../syntax';

export interface LoopSyntax {
  loops: ReadonlySet<string>;
  functions: ReadonlySet<string>;
  /** Literal node types that are constants (strings without interpolation are checked separately). */
  literals: ReadonlySet<string>;
  /** Member accesses whose object is a constant holder (`re.IGNORECASE`). */
  constantHolder: RegExp;
  memberTypes: ReadonlySet<string>;
  /** Binary expressions whose operands decide (`a + b`, `A | B`). */
  binaryTypes: ReadonlySet<string>;
  /** True when this identifier occurrence writes its variable (assignment target, loop variable, ...). */
  writes(identifier: SyntaxNode): boolean;
  /** True when the identifier is a parameter or a local declaration. */
  declares(identifier: SyntaxNode): boolean;
}

/** The field `name` of `node` contains `inner`. */
function inField(node: SyntaxNode, name: string, inner: SyntaxNode): boolean {
  const field = node.childForFieldName(name);
  return !!field && contains(field, inner);
}

/** Climbs through destructuring containers (`a, b = ...`) to the node that binds. */
function binder(identifier: SyntaxNode, containers: ReadonlySet<string>): SyntaxNode | null {
  let node = identifier.parent;
  while (node && containers.has(node.type)) node = node.parent;
  return node;
}

const PY_CONTAINERS = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'tuple',
  'list',
  'parenthesized_expression',
  'list_splat_pattern',
  'expression_list',
]);

const python: LoopSyntax = {
  loops: new Set(['for_statement', 'while_statement']),
  functions: new Set(['function_definition', 'lambda']),
  literals: new Set(['integer', 'float', 'true', 'false', 'none']),
  constantHolder: /^re$/,
  memberTypes: new Set(['attribute']),
  binaryTypes: new Set(['binary_operator']),
  writes(id) {
    const node = binder(id, PY_CONTAINERS);
    if (!node) return false;
    switch (node.type) {
      case 'assignment':
      case 'augmented_assignment':
      case 'for_statement':
      case 'for_in_clause':
        return inField(node, 'left', id);
      case 'named_expression':
        return inField(node, 'name', id);
      case 'as_pattern_target':
      case 'global_statement':
      case 'nonlocal_statement':
      case 'delete_statement':
        return true;
      default:
        return python.declares(id);
    }
  },
  declares(id) {
    const parent = id.parent;
    if (!parent) return false;
    if (parent.type === 'parameters' || parent.type === 'lambda_parameters') return true;
    if (/^(?:default|typed|typed_default)_parameter$/.test(parent.type))
      return parent.childForFieldName('name')?.id === id.id || parent.namedChildren[0]?.id === id.id;
    const node = binder(id, PY_CONTAINERS);
    return node?.type === 'assignment' && inField(node, 'left', id);
  },
};

const java: LoopSyntax = {
  loops: new Set(['for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement']),
  functions: new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']),
  // Java's string literal is among them: it never interpolates, so it is constant as isPlainString says.
  literals: JAVA_LITERALS,
  constantHolder: /^Pattern$/,
  memberTypes: new Set(['field_access']),
  binaryTypes: new Set(['binary_expression']),
  writes(id) {
    const parent = id.parent;
    if (!parent) return false;
    if (parent.type === 'assignment_expression') return inField(parent, 'left', id);
    if (parent.type === 'update_expression' || parent.type === 'inferred_parameters') return true;
    if (parent.type === 'lambda_expression') return inField(parent, 'parameters', id);
    return java.declares(id) || (parent.type === 'enhanced_for_statement' && inField(parent, 'name', id));
  },
  declares(id) {
    const parent = id.parent;
    if (!parent) return false;
    return (
      /^(?:variable_declarator|formal_parameter|catch_formal_parameter|spread_parameter)$/.test(
        parent.type,
      ) && parent.childForFieldName('name')?.id === id.id
    );
  },
};

const csharp: LoopSyntax = {
  loops: new Set(['for_statement', 'foreach_statement', 'while_statement', 'do_statement']),
  functions: new Set([
    'method_declaration',
    'constructor_declaration',
    'local_function_statement',
    'lambda_expression',
    'anonymous_method_expression',
  ]),
  literals: new Set([
    'integer_literal',
    'real_literal',
    'boolean_literal',
    'null_literal',
    'character_literal',
  ]),
  constantHolder: /^RegexOptions$/,
  memberTypes: new Set(['member_access_expression']),
  binaryTypes: new Set(['binary_expression']),
  writes(id) {
    const parent = id.parent;
    if (!parent) return false;
    if (parent.type === 'assignment_expression') return inField(parent, 'left', id);
    if (/^(?:prefix|postfix)_unary_expression$/.test(parent.type)) return /\+\+|--/.test(parent.text);
    if (parent.type === 'argument') return /^(?:out|ref)\b/.test(parent.text);
    if (parent.type === 'declaration_expression' || parent.type === 'lambda_expression') return true;
    if (parent.type === 'foreach_statement') return inField(parent, 'left', id);
    return csharp.declares(id);
  },
  declares(id) {
    const parent = id.parent;
    if (!parent) return false;
    return (
      /^(?:variable_declarator|parameter|catch_declaration)$/.test(parent.type) &&
      parent.childForFieldName('name')?.id === id.id
    );
  },
};

export const LOOP_SYNTAX: Partial<Record<LanguageId, LoopSyntax>> = { python, java, csharp };

/** The innermost loop around `node` within its own function, if any. */
export function enclosingLoop(node: SyntaxNode, syntax: LoopSyntax): SyntaxNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (syntax.functions.has(p.type)) return undefined;
    if (syntax.loops.has(p.type)) return p;
  }
  return undefined;
}

/** A string literal without interpolation, in any of the three grammars. */
function isPlainString(node: SyntaxNode): boolean {
  if (node.type === 'string') return !namedChildren(node).some((c) => c.type === 'interpolation');
  if (node.type === 'concatenated_string') return namedChildren(node).every(isPlainString);
  return /^(?:string_literal|verbatim_string_literal|raw_string_literal|text_block)$/.test(node.type);
}

/**
 * True when `expr` certainly has the same value on every iteration of `loop`: literals, constant
 * holders, and locals or parameters declared before the loop that no part of the loop writes.
 */
export function isLoopInvariant(expr: SyntaxNode, loop: SyntaxNode, syntax: LoopSyntax): boolean {
  if (syntax.literals.has(expr.type) || isPlainString(expr)) return true;
  if (expr.type === 'parenthesized_expression' || expr.type === 'argument') {
    const inner = namedChildren(expr).at(-1);
    return !!inner && isLoopInvariant(inner, loop, syntax);
  }
  if (syntax.binaryTypes.has(expr.type))
    return namedChildren(expr).every((part) => isLoopInvariant(part, loop, syntax));
  if (syntax.memberTypes.has(expr.type)) {
    const object = namedChildren(expr)[0];
    return object?.type === 'identifier' && syntax.constantHolder.test(object.text);
  }
  if (expr.type === 'identifier') return isInvariantVariable(expr, loop, syntax);
  return false;
}

/** A local or parameter declared before the loop in the same function and never written inside it. */
function isInvariantVariable(use: SyntaxNode, loop: SyntaxNode, syntax: LoopSyntax): boolean {
  const scope = closest(loop, syntax.functions as Set<string>);
  if (!scope) return false;
  const same = descendants(scope, 'identifier').filter((id) => id.text === use.text);
  const declared = same.some((id) => id.startIndex < loop.startIndex && syntax.declares(id));
  return declared && !same.some((id) => contains(loop, id) && syntax.writes(id));
}

/** The identifiers a loop binds per iteration in its header (`for x in`, `foreach (var x in`). */
export function loopVariables(loop: SyntaxNode): string[] {
  const target =
    loop.childForFieldName('left') ??
    (loop.type === 'enhanced_for_statement' ? loop.childForFieldName('name') : null);
  if (!target) return [];
  return target.type === 'identifier' ? [target.text] : descendants(target, 'identifier').map((i) => i.text);
}

/** The collection a for-each loop iterates (`for x in <right>`), if the loop is one. */
export function iterated(loop: SyntaxNode): SyntaxNode | null {
  if (loop.type === 'enhanced_for_statement') return loop.childForFieldName('value');
  if (loop.type === 'for_statement' || loop.type === 'foreach_statement')
    return loop.childForFieldName('right');
  return null;
}
