// `JSON.parse(x)` inside a loop where x certainly does not change between iterations: a literal, a
// `const` declared outside the loop, or a `let`/`var`/parameter declared outside it that the loop
// never assigns. Anything bound per iteration, or read through a property or call, is not reported.
import type { Rule } from 'eslint';
import { containsNode, enclosingLoop, memberPath, staticString, type AstNode } from '../ast';
import type { JsRule } from '../rule';
import { findDeclaration, loopScopedNames } from './loops';

function isInvariant(arg: AstNode, loop: AstNode): boolean {
  if (staticString(arg) !== undefined) return true;
  if (arg.type !== 'Identifier' || loopScopedNames(loop).has(arg.name)) return false;
  const declaration = findDeclaration(arg, arg.name);
  if (!declaration || containsNode(loop, (n) => n === declaration)) return false;
  if (declaration.type === 'VariableDeclarator' && declaration.parent?.kind === 'const') return true;
  const writes = (n: AstNode): boolean =>
    (n.type === 'AssignmentExpression' && n.left.type === 'Identifier' && n.left.name === arg.name) ||
    (n.type === 'UpdateExpression' && n.argument.type === 'Identifier' && n.argument.name === arg.name);
  return !containsNode(loop, writes, { enterFunctions: true });
}

const module: Rule.RuleModule = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: { parse: 'JSON.parse({{arg}}) parses the same text on every iteration.' },
  },
  create: (context) =>
    ({
      CallExpression(node: AstNode) {
        if (memberPath(node.callee) !== 'JSON.parse' || node.arguments.length === 0) return;
        const loop = enclosingLoop(node);
        const [arg] = node.arguments;
        if (!loop || !isInvariant(arg, loop)) return;
        context.report({
          node: node as unknown as Rule.Node,
          messageId: 'parse',
          data: { arg: context.sourceCode.getText(arg).slice(0, 40) },
        });
      },
    }) as unknown as Rule.RuleListener,
};

export const JSON_PARSE_IN_LOOP_RULE: JsRule = {
  eslintId: 'codewright/json-parse-in-loop',
  module,
  appliesTo: (profile) => !profile.test,
  meta: {
    id: 'codewright/json-parse-in-loop',
    type: 'performance',
    severity: 'low',
    languages: ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'],
    description:
      '`JSON.parse(x)` inside a loop (or an iteration callback) where `x` is a literal, a `const` declared outside the loop, or a variable declared outside it that the loop never assigns.',
    rationale: 'Parsing the same text again on every iteration repeats work whose result cannot change.',
    fix: 'Parse once before the loop; use `structuredClone` of the parsed value if each iteration needs its own copy.',
    example:
      'for (const user of users) { const defaults = JSON.parse(DEFAULTS_JSON); apply(user, defaults); }',
  },
};
