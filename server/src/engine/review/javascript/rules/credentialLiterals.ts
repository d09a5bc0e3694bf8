// Which literal a credential expression stands for: the literal itself, the constant it names, the
// fallback of a default, or what the file's calls pass for the parameter it names. Shared by the
// credential positions of rules/credentials.ts.
import {
  pushChildNodes,
  declaredInit,
  enclosingFunction,
  functionsByName,
  rootOf,
  staticString,
  type AstNode,
} from '../ast';
import { isPlaceholder } from '../../secrets';

/** Here the position makes a literal a credential: only stand-ins (`<password>`, `***`, `${PW}`) are spared. */
export const BY_POSITION = { byPosition: true };

/**
 * The literal a credential expression is: itself, the constant it names (`const PASSWORD = 'pw'`),
 * the fallback of a default (`process.env.PW || 'pw'`), or what the file's calls pass for the
 * parameter it names (`function connect(pw) { db.login({ password: pw }) } connect('pw')`).
 */
export function literalOf(node: AstNode | undefined, hops = 0): AstNode | undefined {
  const target = declaredInit(node);
  if (target?.type === 'LogicalExpression' && /^(\|\||\?\?)$/.test(target.operator))
    return literalOf(target.right, hops);
  // `dev ? 'devpass' : 'prodpass'`: either branch is a credential written in the code.
  if (target?.type === 'ConditionalExpression')
    return literalOf(target.consequent, hops) ?? literalOf(target.alternate, hops);
  if (target?.type === 'Identifier' && hops < 2) return passedFor(target, hops);
  // `password: defaultPassword()` where the file's function returns a literal.
  if (target?.type === 'CallExpression' && target.callee.type === 'Identifier' && hops < 2)
    return returnedBy(target, hops);
  const value = staticString(target);
  return value !== undefined && !isPlaceholder(value, BY_POSITION) ? target : undefined;
}

/** The literal a call of the enclosing named function passes for the parameter `name` refers to. */
function passedFor(name: AstNode, hops: number): AstNode | undefined {
  const fn = enclosingFunction(name);
  if (!fn) return undefined;
  const index = fn.params.findIndex((p: AstNode) => p.type === 'Identifier' && p.name === name.name);
  const fnName: string | undefined =
    fn.id?.name ?? (fn.parent?.type === 'VariableDeclarator' ? fn.parent.id?.name : undefined);
  if (index < 0 || !fnName) return undefined;
  for (const call of callsByName(fn).get(fnName) ?? []) {
    const literal = literalOf(call.arguments[index], hops + 1);
    if (literal) return literal;
  }
  return undefined;
}

/** The literal a file function called by name returns (`function getPw() { return 'pw' }`). */
function returnedBy(call: AstNode, hops: number): AstNode | undefined {
  const fn = functionsByName(call).get(call.callee.name);
  if (!fn) return undefined;
  if (fn.body?.type !== 'BlockStatement') return literalOf(fn.body, hops + 1);
  const stack: AstNode[] = [...fn.body.body];
  for (let budget = 500; stack.length > 0 && budget > 0; budget--) {
    const node = stack.pop()!;
    if (node.type === 'ReturnStatement') {
      const literal = literalOf(node.argument, hops + 1);
      if (literal) return literal;
      continue;
    }
    // Returns of nested functions are theirs, not this function's.
    if (/Function/.test(node.type)) continue;
    pushChildNodes(node, stack);
  }
  return undefined;
}

const callIndex = new WeakMap<AstNode, Map<string, AstNode[]>>();

/** The file's calls of plain names (`connect(...)`), by name, computed once per file. */
function callsByName(node: AstNode): Map<string, AstNode[]> {
  const program = rootOf(node);
  let calls = callIndex.get(program);
  if (calls) return calls;
  calls = new Map();
  const stack: AstNode[] = [program];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'CallExpression' && current.callee.type === 'Identifier') {
      const list = calls.get(current.callee.name) ?? [];
      list.push(current);
      calls.set(current.callee.name, list);
    }
    pushChildNodes(current, stack);
  }
  callIndex.set(program, calls);
  return calls;
}
