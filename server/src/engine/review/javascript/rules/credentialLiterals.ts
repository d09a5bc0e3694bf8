// Which literal a credential expression stands for: the literal itself, the constant it names, the
// fallback of a default, or what the file's calls pass for the parameter it names. Shared by the
// credential positions of rules/credentials.ts.
import { childNodes, declaredInit, enclosingFunction, staticString, type AstNode } from '../ast';
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
  if (target?.type === 'Identifier' && hops < 2) return passedFor(target, hops);
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

const callIndex = new WeakMap<AstNode, Map<string, AstNode[]>>();

/** The file's calls of plain names (`connect(...)`), by name, computed once per file. */
function callsByName(node: AstNode): Map<string, AstNode[]> {
  let program = node;
  while (program.parent) program = program.parent;
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
    stack.push(...childNodes(current));
  }
  callIndex.set(program, calls);
  return calls;
}
