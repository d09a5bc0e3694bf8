// Where data is stored and read back outside plain variables: arrays filled with `push`, React
// state set through `setX`, JSX attributes and children, and the file's named helper functions.
import { isFunction, pushChildNodes, type AstNode } from '../ast';
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

/** The `src` attribute of a JSX `<script>` or `<iframe>` element. */
function isScriptSource(attribute: AstNode | undefined): boolean {
  const element = attribute?.parent;
  return (
    attribute?.type === 'JSXAttribute' &&
    attribute.name?.name === 'src' &&
    element?.type === 'JSXOpeningElement' &&
    /^(script|iframe)$/.test(element.name?.name ?? '')
  );
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
      } else if (attribute && isScriptSource(attribute)) {
        // `<script src={url} />`, `<iframe src={url} />`: the element loads (and runs) what the URL names.
        report({ kind: 'redirect', node: attribute, value: evaluate(expression), sink: 'src' });
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

/**
 * Named functions of the file (declarations and `const f = () => ...`), by name: those at the top
 * level, and function declarations nested in other functions (`app.get(..., (req, res) => {
 * function build(p) {...} build(req.query.p) })`) when no other function of the file has their name,
 * so that a call can only mean that one.
 */
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
  const nested = new Map<string, AstNode | null>();
  // Two parallel stacks (node, whether it is inside a function), not a pair per node.
  const stack: AstNode[] = [...program.body];
  const inFunctions: boolean[] = stack.map(() => false);
  while (stack.length > 0) {
    const node = stack.pop()!;
    const inFunction = inFunctions.pop()!;
    if (inFunction && node.type === 'FunctionDeclaration' && node.id) {
      const name: string = node.id.name;
      nested.set(name, nested.has(name) ? null : node);
    }
    const inside = inFunction || isFunction(node);
    const first = stack.length;
    pushChildNodes(node, stack);
    for (let i = first; i < stack.length; i++) inFunctions.push(inside);
  }
  for (const [name, fn] of nested) if (fn && !helpers.has(name)) helpers.set(name, fn);
}

/**
 * The slot a chain of constant-key members names on a local variable (`a[0]`, `o.name`, `o["name"]`,
 * `a[0][1]`, `req.session.user`): what was stored there is what is read back, so `list[1]` of
 * `[input, 'abc']` is clean and `a[0][0]` after `a[0][0] = input` carries the input. Inside a method
 * run for a known instance (`w.setContents(s)`), `this.x` is the slot `x` of that instance's variable
 * (`thisOwner`). Undefined for other members (computed keys, calls in the chain).
 */
export function slotOf(member: AstNode, thisOwner?: string): { owner: string; slot: string } | undefined {
  if (member.type !== 'MemberExpression') return undefined;
  const keys: string[] = [];
  let node: AstNode = member;
  while (node.type === 'MemberExpression') {
    const key = !node.computed
      ? node.property.name
      : node.property.type === 'Literal' && /^(?:string|number)$/.test(typeof node.property.value)
        ? String(node.property.value)
        : undefined;
    if (key === undefined) return undefined;
    keys.unshift(key);
    node = node.object;
  }
  const owner =
    node.type === 'Identifier' ? node.name : node.type === 'ThisExpression' ? thisOwner : undefined;
  return owner === undefined ? undefined : { owner, slot: [owner, ...keys].join('\u0000') };
}

/**
 * The slot a path names once the objects along it are followed: after `head.next = next`,
 * `head.next.value` is `next.value`. With `whole`, the path itself is followed too (`writer` after
 * `const writer = res` is `res`); without it, a value stored at the path stays its own.
 */
export function resolveSlot(slot: string, scope: Scope, whole = false): string {
  let current = slot;
  for (let round = 0; round < 8; round++) {
    const parts = current.split('\u0000');
    let rewritten: string | undefined;
    for (let i = whole ? parts.length : parts.length - 1; i >= 1 && rewritten === undefined; i--) {
      const target = scope.aliasOf(parts.slice(0, i).join('\u0000'));
      if (target !== undefined) rewritten = [target, ...parts.slice(i)].join('\u0000');
    }
    if (rewritten === undefined || rewritten === current) return current;
    current = rewritten;
  }
  return current;
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

/** Classes declared at the top of the file, by name: their methods run for instances made here. */
export function collectClasses(program: AstNode, classes: Map<string, AstNode>): void {
  for (const statement of program.body) {
    const node = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (node?.type === 'ClassDeclaration' && node.id) classes.set(node.id.name, node);
    if (node?.type === 'VariableDeclaration') {
      for (const d of node.declarations) {
        if (d.id.type === 'Identifier' && d.init?.type === 'ClassExpression') classes.set(d.id.name, d.init);
      }
    }
  }
}

/** A method of a file class (or of its file superclasses), by name: `constructor` included. */
export function findMethod(
  cls: AstNode,
  name: string,
  classes: Map<string, AstNode>,
  depth = 0,
): AstNode | undefined {
  for (const member of cls.body.body) {
    const key = member.key?.type === 'Identifier' ? member.key.name : member.key?.value;
    if (member.type === 'MethodDefinition' && key === name && member.kind !== 'get' && member.kind !== 'set')
      return member.value;
  }
  const parent = cls.superClass?.type === 'Identifier' ? classes.get(cls.superClass.name) : undefined;
  return parent && depth < 5 ? findMethod(parent, name, classes, depth + 1) : undefined;
}
