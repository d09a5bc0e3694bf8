// A companion ESLint rule to no-var: for every `var` that remains, it says why converting it to `let`
// could change behaviour, following the same scope checks as no-var's own fixer. Only the notes of
// the final round (when no-var has nothing left to fix) are reported, so each names a kept `var`.
import type { Rule, Scope } from 'eslint';
import type * as ESTree from 'estree';

export const VAR_REASON_RULE = 'var-reason';

type NodeWithParent = ESTree.Node & { parent?: NodeWithParent };

const LOOPS = new Set([
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
]);
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const BLOCKS = new Set(['BlockStatement', 'Program', 'StaticBlock', 'SwitchStatement', ...LOOPS]);
const STATEMENT_LISTS = new Set(['BlockStatement', 'Program', 'StaticBlock', 'SwitchCase']);

export const varReasonRule: Rule.RuleModule = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      VariableDeclaration(declaration: ESTree.Node) {
        const node = declaration as ESTree.VariableDeclaration & NodeWithParent;
        if (node.kind !== 'var') return;
        const variables = context.sourceCode.getDeclaredVariables(node);
        const names = variables.map((variable) => variable.name).join(', ');
        const reason = reasonToKeep(node, variables);
        context.report({ node, message: `kept \`var ${names}\` — ${reason}` });
      },
    };
  },
};

function reasonToKeep(
  node: ESTree.VariableDeclaration & NodeWithParent,
  variables: Scope.Variable[],
): string {
  const parent = node.parent;
  if (parent?.type === 'SwitchCase')
    return 'declared directly in a `switch` case, where `let` would be shared by all cases';
  if (variables.some((variable) => variable.scope.type === 'global')) {
    return 'a top-level `var` in a classic script becomes a property of the global object; `let` would not';
  }
  if (variables.some((variable) => variable.defs.length > 1))
    return 'declared more than once; `let` forbids redeclaration';
  const block = enclosing(node, BLOCKS);
  if (
    block &&
    variables.some((variable) =>
      variable.references.some((ref) => !within(ref.identifier as ESTree.Node, block)),
    )
  ) {
    return 'used outside the block it is declared in (`var` is function-scoped, `let` is not)';
  }
  if (
    variables.some((variable) =>
      variable.references.some((ref) => rangeOf(ref.identifier as ESTree.Node)[1] <= rangeOf(node)[0]),
    )
  ) {
    return 'used before its declaration; with `let` that would throw (temporal dead zone)';
  }
  if (inLoop(node)) {
    const captured = variables.some((variable) =>
      variable.references.some((ref) => ref.from.variableScope !== variable.scope.variableScope),
    );
    if (captured)
      return 'captured by a closure inside the loop; with `let` each iteration would get its own copy';
    const assignee = parent && (parent.type === 'ForInStatement' || parent.type === 'ForOfStatement');
    if (!assignee && node.declarations.some((declarator) => !declarator.init)) {
      return 'declared without a value inside a loop; `let` would reset it to undefined on every iteration';
    }
  }
  if (parent && !STATEMENT_LISTS.has(parent.type) && !LOOPS.has(parent.type)) {
    return 'it is the lone body of a statement, where `let` is not allowed';
  }
  return "ESLint's no-var fixer could not prove `let` equivalent here";
}

function enclosing(node: NodeWithParent, types: ReadonlySet<string>): NodeWithParent | undefined {
  let current = node.parent;
  while (current && !types.has(current.type)) current = current.parent;
  return current;
}

function inLoop(node: NodeWithParent): boolean {
  for (let current = node.parent; current && !FUNCTIONS.has(current.type); current = current.parent) {
    if (LOOPS.has(current.type)) return true;
  }
  return false;
}

function rangeOf(node: ESTree.Node): [number, number] {
  return (node as ESTree.Node & { range: [number, number] }).range;
}

function within(inner: ESTree.Node, outer: ESTree.Node): boolean {
  const [start, end] = rangeOf(inner);
  const [outerStart, outerEnd] = rangeOf(outer);
  return start >= outerStart && end <= outerEnd;
}
