// Validation guards: which variables a condition checks (`re.test(x)`, `ALLOWED.has(x)`,
// `x === 'a'`), and whether a branch always leaves the function, so the analysis can treat the
// checked variables as validated after `if (!valid(x)) return;`.
import { propertyName, type AstNode } from '../ast';

/** Names checked by a call (`re.test(x)`, `list.includes(x)`, `isSafe(x)`, `x.startsWith(b)`) or against literals. */
export function validatedNames(test: AstNode): string[] {
  const names: string[] = [];
  const stack = [test];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'UnaryExpression' || node.type === 'LogicalExpression') {
      stack.push(node.argument ?? node.left, ...(node.right ? [node.right] : []));
    } else if (node.type === 'CallExpression') {
      for (const arg of node.arguments) if (arg.type === 'Identifier') names.push(arg.name);
      const callee = node.callee;
      if (
        callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        /^(startsWith|endsWith|match|includes)$/.test(propertyName(callee) ?? '')
      ) {
        names.push(callee.object.name);
      }
    } else if (node.type === 'BinaryExpression' && /^[!=]==?$/.test(node.operator)) {
      const [id, other] = node.left.type === 'Identifier' ? [node.left, node.right] : [node.right, node.left];
      if (id.type === 'Identifier' && other.type === 'Literal' && other.value !== null) names.push(id.name);
    }
  }
  return names;
}

/**
 * Members checked by a call in the condition (`if (!/^\w+$/.test(req.query.id)) return;`,
 * `if (!isValid(req.body.name)) throw ...`): after an exit guard, reading the same member again
 * gives the validated value.
 */
export function validatedMembers(test: AstNode): AstNode[] {
  const members: AstNode[] = [];
  const stack = [test];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'UnaryExpression' || node.type === 'LogicalExpression')
      stack.push(node.argument ?? node.left, ...(node.right ? [node.right] : []));
    else if (node.type === 'CallExpression')
      for (const arg of node.arguments) if (arg.type === 'MemberExpression') members.push(arg);
  }
  return members;
}

export function alwaysExits(node: AstNode | null): boolean {
  if (!node) return false;
  if (node.type === 'ReturnStatement' || node.type === 'ThrowStatement') return true;
  // ctx.throw(400), process.exit(1), reply.abort(): calls that do not come back.
  if (node.type === 'ExpressionStatement' && node.expression.type === 'CallExpression') {
    const callee = node.expression.callee;
    return callee.type === 'MemberExpression' && /^(throw|exit|abort)$/.test(propertyName(callee) ?? '');
  }
  if (node.type === 'BlockStatement')
    return node.body.length > 0 && alwaysExits(node.body[node.body.length - 1]);
  return false;
}

/**
 * Names a condition shows to be safe when it does NOT hold (the `else` of `if (!isSafe(x))`, of
 * `if (TABLE[x] === undefined)`, of `if (void 0 == TABLE[x])`).
 */
export function deniedNames(test: AstNode): string[] {
  if (test.type === 'UnaryExpression' && test.operator === '!') return affirmedNames(test.argument);
  if (test.type === 'BinaryExpression' && /^===?$/.test(test.operator)) {
    const [lookup, other] =
      test.left.type === 'MemberExpression' ? [test.left, test.right] : [test.right, test.left];
    if (
      lookup.type === 'MemberExpression' &&
      lookup.computed &&
      lookup.property.type === 'Identifier' &&
      isEmpty(other)
    )
      return [lookup.property.name];
  }
  return [];
}

/** `undefined`, `null`, `void 0`. */
function isEmpty(node: AstNode): boolean {
  return (
    (node.type === 'Identifier' && node.name === 'undefined') ||
    (node.type === 'Literal' && node.value === null) ||
    (node.type === 'UnaryExpression' && node.operator === 'void')
  );
}

/** Type tests say what a value is, not that its text is harmless (`Array.isArray(x)`, `_.isString(x)`). */
const TYPE_CHECK =
  /^is(Array|String|Object|PlainObject|Buffer|Function|Empty|Defined|Undefined|Nil|Null|Map|Set|Date|Error|Iterable|Typed\w*|Arguments|Symbol|Boolean|Truthy|Falsy|Present|Blank)$/;

/**
 * Names a condition shows to be safe when it holds (the `if` branch of `if (isLetter(c) || c == '_')`,
 * `if (ALLOWED.has(x))`, `if (/^\w+$/.test(x))`): every alternative of an `||` must check the name,
 * one conjunct of an `&&` is enough. Only predicate-like calls count (`is*`, `has`, anchored regex
 * `test`), unlike the exit guards above: `if (x.includes('a')) send(x)` still sends input.
 */
export function affirmedNames(test: AstNode): string[] {
  if (test.type === 'LogicalExpression' && test.operator === '||') {
    const right = new Set(affirmedNames(test.right));
    return affirmedNames(test.left).filter((name) => right.has(name));
  }
  if (test.type === 'LogicalExpression' && test.operator === '&&')
    return [...affirmedNames(test.left), ...affirmedNames(test.right)];
  if (test.type === 'CallExpression') {
    const callee = test.callee;
    const name =
      callee.type === 'Identifier'
        ? callee.name
        : callee.type === 'MemberExpression'
          ? propertyName(callee)
          : undefined;
    const anchoredRegex =
      name === 'test' &&
      callee.object?.type === 'Literal' &&
      /^\^[\s\S]*\$$/.test(callee.object.regex?.pattern ?? '');
    const predicate =
      /^(is[A-Z_]\w*|has|hasOwnProperty|hasOwn)$/.test(name ?? '') && !TYPE_CHECK.test(name ?? '');
    if (!anchoredRegex && !predicate) return [];
    return test.arguments.filter((a: AstNode) => a.type === 'Identifier').map((a: AstNode) => a.name);
  }
  if (test.type === 'BinaryExpression' && /^===?$/.test(test.operator)) {
    const [id, other] = test.left.type === 'Identifier' ? [test.left, test.right] : [test.right, test.left];
    if (id.type === 'Identifier' && other.type === 'Literal' && other.value !== null) return [id.name];
  }
  // `x in ALLOWED`: a key of a known table.
  if (test.type === 'BinaryExpression' && test.operator === 'in' && test.left.type === 'Identifier')
    return [test.left.name];
  // `ALLOWED[x] !== undefined`, `TABLE[x] != null`: the table has an entry for x.
  if (test.type === 'BinaryExpression' && /^!==?$/.test(test.operator)) {
    const [lookup, other] =
      test.left.type === 'MemberExpression' ? [test.left, test.right] : [test.right, test.left];
    const empty = isEmpty(other);
    if (
      lookup.type === 'MemberExpression' &&
      lookup.computed &&
      lookup.property.type === 'Identifier' &&
      empty
    )
      return [lookup.property.name];
  }
  return [];
}
