// Where a `Math.random()` value ends up. The name it is first stored under often says nothing of its
// purpose (`const rand = Math.floor(Math.random() * 1e6)`); the variable, property or parameter it
// later reaches does (`user.resetToken = 'r' + rand`, `issue({ secret: rand })`, `sign(secret)`).
// Followed within the file, a few variables deep: the first security name on each path is reported.
import {
  calleeParts,
  containsNode,
  pushChildNodes,
  enclosingFunction,
  functionsByName,
  isFunction,
  memberPath,
  rootOf,
  type AstNode,
} from '../ast';
import { destinationNames, functionName } from './context';

export interface RandomUse {
  /** Where the value gets its security purpose: the random call, a later use, or a parameter. */
  node: AstNode;
  purpose: string;
}

/** How many variables a value may pass through before its purpose is looked for no further. */
const MAX_HOPS = 3;

/** Calls whose result is still the random value (or a number or string made from it). */
const KEEPS_VALUE = /^(Math\.(floor|round|ceil|abs|trunc)|String|Number|parseInt|parseFloat)$/;

/** Arguments that are keys by position: `createHmac(alg, key)`, `createCipheriv(alg, key, iv)`. */
const KEY_ARGUMENT: Record<string, number> = { createHmac: 1, createCipheriv: 1, createDecipheriv: 1 };

/** The security purposes a `Math.random()` value reaches, nearest first, or none. */
export function randomPurposes(random: AstNode, securityName: RegExp): RandomUse[] {
  return usesOf(random, securityName, 0, new Set());
}

function usesOf(node: AstNode, securityName: RegExp, hops: number, seen: Set<string>): RandomUse[] {
  if (standsInForId(node)) return [];
  // The value's destination (`const resetToken = ...`), else the function building it (`randomInviteCode()`).
  const fn = hops === 0 ? enclosingFunction(node) : undefined;
  const names = [...destinationNames(node), ...(fn ? [functionName(fn) ?? ''] : [])];
  const purpose = names.find((name) => securityName.test(name));
  if (purpose) return [{ node, purpose }];
  if (hops >= MAX_HOPS) return [];
  const value = outermostValue(node);
  const parent = value.parent;
  if (!parent) return [];
  // `const rand = ...`, `rand = ...`: where the variable is read next.
  const variable =
    parent.type === 'VariableDeclarator' && parent.init === value && parent.id.type === 'Identifier'
      ? parent.id.name
      : parent.type === 'AssignmentExpression' && parent.right === value && parent.left.type === 'Identifier'
        ? parent.left.name
        : undefined;
  if (variable) {
    if (seen.has(variable)) return [];
    seen.add(variable);
    return readsOf(variable, parent).flatMap((read) => usesOf(read, securityName, hops + 1, seen));
  }
  if (
    (parent.type === 'CallExpression' || parent.type === 'NewExpression') &&
    parent.arguments.includes(value)
  )
    return argumentUse(parent, parent.arguments.indexOf(value), securityName);
  return [];
}

/** A name of an identifier: `id`, `monitorId`, `user_id`, `uuid`. */
const ID_NAME = /^(?:id|uuid|\w*(?:Id|_id|Uuid|_uuid))$/;

/**
 * The random value is the other choice of an identifier (`m.id ? String(m.id) : Math.random()...`,
 * `item.id || Math.random()`): it names a record that has no id of its own, it guards nothing.
 */
function standsInForId(node: AstNode): boolean {
  for (let current = node; current.parent; current = current.parent) {
    const parent = current.parent;
    const other =
      parent.type === 'ConditionalExpression' && current !== parent.test
        ? current === parent.consequent
          ? parent.alternate
          : parent.consequent
        : parent.type === 'LogicalExpression' && parent.operator !== '&&' && current === parent.right
          ? parent.left
          : undefined;
    if (
      other &&
      containsNode(
        other,
        (n) =>
          (n.type === 'Identifier' && ID_NAME.test(n.name)) ||
          (n.type === 'MemberExpression' && !n.computed && ID_NAME.test(n.property?.name ?? '')),
      )
    )
      return true;
    if (outermostValue(current) === current) return false;
  }
  return false;
}

/** The largest expression around `node` that still is its value (arithmetic, `toString()`, `Math.floor`). */
function outermostValue(node: AstNode): AstNode {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (!parent) return current;
    const keeps =
      /^(BinaryExpression|UnaryExpression|TemplateLiteral|ConditionalExpression|LogicalExpression|ChainExpression)$/.test(
        parent.type,
      ) ||
      (parent.type === 'MemberExpression' &&
        parent.object === current &&
        parent.parent?.type === 'CallExpression') ||
      (parent.type === 'CallExpression' && parent.callee === current) ||
      (parent.type === 'CallExpression' &&
        parent.arguments.includes(current) &&
        KEEPS_VALUE.test(memberPath(parent.callee) ?? ''));
    if (!keeps) return current;
    current = parent;
  }
}

/** A key argument of a crypto call, or the parameter of a file function the value is passed to. */
function argumentUse(call: AstNode, index: number, securityName: RegExp): RandomUse[] {
  const { method } = calleeParts(call);
  if (method && KEY_ARGUMENT[method] === index) return [{ node: call.arguments[index], purpose: 'key' }];
  if (call.callee.type !== 'Identifier') return [];
  const fn = functionsByName(call).get(call.callee.name);
  const param = fn?.params[index];
  return param?.type === 'Identifier' && securityName.test(param.name)
    ? [{ node: param, purpose: param.name }]
    : [];
}

/** Reads of a variable in the function (or program) that declares or assigns it, after `from`. */
function readsOf(name: string, from: AstNode): AstNode[] {
  const scope = enclosingFunction(from) ?? rootOf(from);
  const reads: AstNode[] = [];
  const stack: AstNode[] = [scope.body ?? scope];
  for (let budget = 20_000; stack.length > 0 && budget > 0; budget--) {
    const node = stack.pop()!;
    if (node.type === 'Identifier' && node.name === name && isRead(node) && node.range[0] > from.range[0])
      reads.push(node);
    pushChildNodes(node, stack);
  }
  return reads;
}

function isRead(id: AstNode): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (parent.type === 'MemberExpression' && parent.property === id && !parent.computed) return false;
  if (parent.type === 'Property' && parent.key === id && !parent.shorthand) return false;
  if (parent.type === 'VariableDeclarator' && parent.id === id) return false;
  if (parent.type === 'AssignmentExpression' && parent.left === id) return false;
  if (isFunction(parent) && parent.params.includes(id)) return false;
  return true;
}
