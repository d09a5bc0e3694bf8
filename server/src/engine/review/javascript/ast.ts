// Small helpers over ESTree nodes as typescript-eslint's parser produces them. The review rules
// read many node shapes, so nodes are typed loosely here and narrowed by `type` where used.

/** An ESTree node as ESLint hands it to rules (with `parent` links). */
export interface AstNode {
  type: string;
  parent?: AstNode;
  range: [number, number];
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ESTree shapes are read field by field
  [field: string]: any;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const LOOP_TYPES = new Set([
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
]);

export function isFunction(node: AstNode | undefined | null): boolean {
  return !!node && FUNCTION_TYPES.has(node.type);
}

export function isLoop(node: AstNode | undefined | null): boolean {
  return !!node && LOOP_TYPES.has(node.type);
}

/** The string value of a literal or a template literal without expressions. */
export function staticString(node: AstNode | undefined | null): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0].value.cooked ?? '';
  return undefined;
}

/** `a.b.c` for a chain of identifiers and non-computed members (also `a["b"]`), else undefined. */
export function memberPath(node: AstNode | undefined | null): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'ChainExpression' || node.type === 'TSNonNullExpression')
    return memberPath(node.expression);
  if (node.type === 'MemberExpression') {
    const object = memberPath(node.object);
    const property = propertyName(node);
    return object !== undefined && property !== undefined ? `${object}.${property}` : undefined;
  }
  return undefined;
}

/** The name of a member's property when it is static (`a.b`, `a['b']`). */
export function propertyName(member: AstNode): string | undefined {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.property.type === 'PrivateIdentifier') return `#${member.property.name}`;
  return staticString(member.property);
}

/** For a call `x.y.z(...)`: the method name `z` and the receiver path `x.y`; for `f(...)`: `f`. */
export function calleeParts(call: AstNode): { method?: string; receiver?: string; receiverNode?: AstNode } {
  let callee = call.callee;
  if (callee.type === 'ChainExpression') callee = callee.expression;
  if (callee.type === 'Identifier') return { method: callee.name };
  if (callee.type === 'MemberExpression') {
    return { method: propertyName(callee), receiver: memberPath(callee.object), receiverNode: callee.object };
  }
  return {};
}

/** The innermost function enclosing a node, or undefined at module level. */
export function enclosingFunction(node: AstNode): AstNode | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunction(current)) return current;
  }
  return undefined;
}

/** The innermost loop whose body contains the node, without crossing a function boundary. */
export function enclosingLoop(node: AstNode): AstNode | undefined {
  let child = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (isFunction(current)) {
      // The callback of `xs.forEach(fn)` / `xs.map(fn)` is a loop body; any other function is a boundary.
      const call = current.parent;
      return call && isIterationCallback(call) && call.arguments[0] === current ? call : undefined;
    }
    if (isLoop(current) && current.body === child) return current;
    if (current.type === 'ForStatement' && (current.test === child || current.update === child))
      return current;
  }
  return undefined;
}

const ITERATION_METHODS = new Set(['forEach', 'map', 'filter', 'reduce', 'some', 'every', 'flatMap', 'find']);

/** `xs.forEach(fn)` and friends: the callback runs once per element, like a loop body. */
export function isIterationCallback(node: AstNode): boolean {
  if (node.type !== 'CallExpression') return false;
  const { method, receiver } = calleeParts(node);
  return !!method && ITERATION_METHODS.has(method) && receiver !== 'Promise' && isFunction(node.arguments[0]);
}

/** The names a binding pattern declares (`a`, `{ b, c: d }`, `[e, ...f]`). */
export function patternNames(pattern: AstNode | undefined | null): string[] {
  if (!pattern) return [];
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p: AstNode) =>
        patternNames(p.type === 'RestElement' ? p.argument : p.value),
      );
    case 'ArrayPattern':
      return pattern.elements.flatMap((e: AstNode | null) => patternNames(e));
    case 'RestElement':
      return patternNames(pattern.argument);
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    case 'TSParameterProperty':
      return patternNames(pattern.parameter);
    default:
      return [];
  }
}

/** True when the node's subtree contains a node for which `test` holds (not entering functions unless asked). */
export function containsNode(
  root: AstNode,
  test: (node: AstNode) => boolean,
  options: { enterFunctions?: boolean } = {},
): boolean {
  const stack: AstNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (test(node)) return true;
    if (node !== root && isFunction(node) && !options.enterFunctions) continue;
    pushChildNodes(node, stack);
  }
  return false;
}

/** The direct child nodes of a node, in source order. */
export function childNodes(node: AstNode): AstNode[] {
  const children: AstNode[] = [];
  pushChildNodes(node, children);
  return children;
}

/**
 * Appends the direct child nodes of a node to `out`, in source order: `childNodes` without the
 * array per node, for the walks that visit a whole file. `for...in` reads the object's keys in the
 * order `Object.keys` gives them (AST nodes have no enumerable inherited keys) without allocating
 * the key list.
 */
export function pushChildNodes(node: AstNode, out: AstNode[]): void {
  for (const key in node) {
    if (key === 'parent' || key === 'loc' || key === 'range' || key === 'tokens' || key === 'comments')
      continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item.type === 'string') out.push(item);
    } else if (value && typeof value === 'object' && typeof value.type === 'string') {
      out.push(value);
    }
  }
}

/** Identifier names referenced anywhere in a subtree (including nested functions). */
export function referencedNames(root: AstNode): Set<string> {
  const names = new Set<string>();
  containsNode(
    root,
    (node) => {
      if (node.type === 'Identifier') names.add(node.name);
      return false;
    },
    { enterFunctions: true },
  );
  return names;
}

/**
 * What an identifier was initialised with, when a variable of that name is declared in an enclosing
 * block or the program (`const opts = { shell: true }`); the node itself otherwise. Reassignments
 * are not followed: callers use it for literals and option objects, which code rarely reassigns.
 */
export function declaredInit(node: AstNode | undefined): AstNode | undefined {
  if (node?.type !== 'Identifier') return node;
  for (let scope = node.parent; scope; scope = scope.parent) {
    const body = scope.type === 'Program' || scope.type === 'BlockStatement' ? scope.body : undefined;
    for (const statement of body ?? []) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration') continue;
      const declarator = declaration.declarations.find(
        (d: AstNode) => d.id.type === 'Identifier' && d.id.name === node.name,
      );
      if (declarator) return declarator.init ?? node;
    }
  }
  return node;
}

/** A regex literal or `new RegExp(...)`/`RegExp(...)`, directly or through the variable holding it. */
export function isRegExpNode(node: AstNode | undefined): boolean {
  const value = declaredInit(node);
  return (
    (value?.type === 'Literal' && !!value.regex) ||
    ((value?.type === 'NewExpression' || value?.type === 'CallExpression') &&
      memberPath(value.callee) === 'RegExp')
  );
}

const functionIndex = new WeakMap<AstNode, Map<string, AstNode>>();

/** The file's functions declared under a unique name (`function f() {}`, `const f = () => ...`). */
export function functionsByName(node: AstNode): Map<string, AstNode> {
  const program = rootOf(node);
  let functions = functionIndex.get(program);
  if (functions) return functions;
  functions = new Map();
  const seen = new Set<string>();
  const stack: AstNode[] = [program];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const name: string | undefined =
      current.type === 'FunctionDeclaration'
        ? current.id?.name
        : current.type === 'VariableDeclarator' && /Function/.test(current.init?.type ?? '')
          ? current.id?.name
          : undefined;
    const fn = current.type === 'FunctionDeclaration' ? current : current.init;
    if (name) {
      // A name declared twice could be either function: neither is followed.
      if (seen.has(name)) functions.delete(name);
      else functions.set(name, fn);
      seen.add(name);
    }
    pushChildNodes(current, stack);
  }
  functionIndex.set(program, functions);
  return functions;
}

export function rootOf(node: AstNode): AstNode {
  let program = node;
  while (program.parent) program = program.parent;
  return program;
}
