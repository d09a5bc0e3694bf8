// Where data is stored and read back outside plain variables: arrays filled with `push`, React
// state set through `setX`, JSX attributes and children, and the file's named helper functions.
import { isFunction, type AstNode } from '../ast';
import { isDangerousHtmlProperty, type SinkHit } from './sinks';
import { join, type Scope, type Taint } from './value';

/**
 * Mutations that move data into a variable: `parts.push('a = ' + x)` (the array now holds it, text
 * included, for `parts.join`) and React's `setTerm(params.get('q'))` (which fills `term`).
 */
export function recordMutation(
  callee: AstNode,
  method: string | undefined,
  args: Taint[],
  scope: Scope,
): void {
  const risky = args.some((a) => a.tainted || a.dynamic);
  if (!risky) return;
  const stateName = callee.type === 'Identifier' ? /^set([A-Z]\w*)$/.exec(callee.name)?.[1] : undefined;
  const state = stateName && stateName[0]!.toLowerCase() + stateName.slice(1);
  if (state && scope.has(state) && args[0]) scope.assign(state, join(scope.get(state)!, args[0]));
  const array = callee.type === 'MemberExpression' ? callee.object : undefined;
  if ((method === 'push' || method === 'unshift') && array?.type === 'Identifier' && scope.has(array.name)) {
    scope.assign(array.name, join(scope.get(array.name)!, ...args));
  }
}

/** Visits a JSX tree: evaluates embedded expressions and reports `dangerouslySetInnerHTML` values. */
export function walkJsx(
  node: AstNode,
  evaluate: (expression: AstNode) => Taint,
  report: (hit: SinkHit) => void,
): void {
  const stack: AstNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'JSXExpressionContainer') {
      const expression = current.expression;
      const attribute = current.parent;
      if (
        attribute?.type === 'JSXAttribute' &&
        attribute.name?.name === 'dangerouslySetInnerHTML' &&
        expression.type === 'ObjectExpression'
      ) {
        for (const prop of expression.properties) {
          if (isDangerousHtmlProperty(prop)) {
            report({
              kind: 'xss',
              node: attribute,
              value: evaluate(prop.value),
              sink: 'dangerouslySetInnerHTML',
            });
          }
        }
      } else if (expression.type !== 'JSXEmptyExpression') {
        evaluate(expression);
      }
    } else if (current.type === 'JSXElement') {
      const attributes = current.openingElement.attributes.map((a: AstNode) =>
        a.type === 'JSXSpreadAttribute' ? a.argument : a.value,
      );
      stack.push(...attributes.filter(Boolean), ...current.children);
    } else if (current.type === 'JSXFragment') {
      stack.push(...current.children);
    } else if (
      current.type === 'JSXSpreadChild' ||
      current.type === 'Identifier' ||
      current.type === 'ObjectExpression'
    ) {
      evaluate(current.expression ?? current);
    }
  }
}

/** Named functions of the file (declarations and `const f = () => ...`), by name. */
export function collectHelpers(program: AstNode, helpers: Map<string, AstNode>): void {
  for (const statement of program.body) {
    const node = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (node?.type === 'FunctionDeclaration' && node.id) helpers.set(node.id.name, node);
    if (node?.type === 'VariableDeclaration') {
      for (const d of node.declarations) {
        if (d.id.type === 'Identifier' && isFunction(d.init)) helpers.set(d.id.name, d.init);
      }
    }
  }
}

/**
 * The slot a constant-key member names on a local variable (`a[0]`, `o.name`, `o["name"]`): what
 * was stored there is what is read back, so `list[1]` of `[input, 'abc']` is clean and `a[0]` after
 * `a[0] = input` carries the input. Undefined for other members (computed keys, nested objects).
 */
export function slotOf(member: AstNode): { owner: string; slot: string } | undefined {
  if (member.type !== 'MemberExpression' || member.object.type !== 'Identifier') return undefined;
  const key = !member.computed
    ? member.property.name
    : member.property.type === 'Literal' && /^(?:string|number)$/.test(typeof member.property.value)
      ? String(member.property.value)
      : undefined;
  return key === undefined
    ? undefined
    : { owner: member.object.name, slot: `${member.object.name}\u0000${key}` };
}

/** Elements and properties of a literal container whose value reads no call (safe to evaluate again). */
export function literalSlots(name: string, init: AstNode): Array<[string, AstNode]> {
  const simple = (n: AstNode) =>
    n && /^(?:Identifier|Literal|MemberExpression|TemplateLiteral)$/.test(n.type) && !callsInside(n);
  if (init?.type === 'ArrayExpression')
    return init.elements.flatMap((e: AstNode, i: number) => (simple(e) ? [[`${name}\u0000${i}`, e]] : []));
  if (init?.type === 'ObjectExpression')
    return init.properties.flatMap((p: AstNode) => {
      const key = p.type === 'Property' && !p.computed ? (p.key.name ?? String(p.key.value)) : undefined;
      return key !== undefined && simple(p.value) ? [[`${name}\u0000${key}`, p.value]] : [];
    });
  return [];
}

/** Whether an expression contains a call (evaluating it twice would report its sinks twice). */
function callsInside(node: AstNode, budget = { left: 200 }): boolean {
  if (!node || typeof node.type !== 'string' || --budget.left < 0) return budget.left < 0;
  if (/^(?:CallExpression|NewExpression|TaggedTemplateExpression)$/.test(node.type)) return true;
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const child = node[key];
    const children: AstNode[] = Array.isArray(child) ? child : [child];
    if (children.some((c) => c && typeof c === 'object' && callsInside(c, budget))) return true;
  }
  return false;
}
