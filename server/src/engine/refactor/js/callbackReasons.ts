// A companion ESLint rule to prefer-arrow-callback: for a function-expression callback it leaves
// alone, says why an arrow function would behave differently (its own `this`, `arguments`, or name).
import type { Rule } from 'eslint';
import type * as ESTree from 'estree';

export const CALLBACK_REASON_RULE = 'callback-reason';

type Walkable = ESTree.Node & Record<string, unknown>;

export const callbackReasonRule: Rule.RuleModule = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      FunctionExpression(node: ESTree.Node) {
        const fn = node as ESTree.FunctionExpression & { parent?: ESTree.Node };
        const parent = fn.parent;
        if (parent?.type !== 'CallExpression' || !parent.arguments.includes(fn) || fn.generator) return;
        const reason = reasonToKeep(fn);
        if (reason) context.report({ node, message: `kept the function callback — ${reason}` });
      },
    };
  },
};

function reasonToKeep(fn: ESTree.FunctionExpression): string | undefined {
  const found = { this: false, arguments: false, self: false };
  const name = fn.id?.name;
  const visit = (node: ESTree.Node, nested: boolean): void => {
    if (node.type === 'ThisExpression' && !nested) found.this = true;
    if (node.type === 'Identifier' && node.name === 'arguments' && !nested) found.arguments = true;
    if (node.type === 'Identifier' && name && node.name === name && node !== fn.id) found.self = true;
    for (const [key, value] of Object.entries(node as Walkable)) {
      if (key === 'parent') continue;
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) {
        if (child && typeof child === 'object' && typeof (child as ESTree.Node).type === 'string') {
          const inner = child as ESTree.Node;
          visit(inner, nested || inner.type === 'FunctionExpression' || inner.type === 'FunctionDeclaration');
        }
      }
    }
  };
  visit(fn.body, false);
  if (found.this) return 'it uses `this`, which an arrow function would take from the enclosing scope';
  if (found.arguments) return 'it uses `arguments`, which an arrow function does not have';
  if (found.self) return `it refers to itself as \`${name}\``;
  return undefined;
}
