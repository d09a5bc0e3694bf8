// The walks of the JavaScript rules append a node's children to their stack without an array per
// node: the same children, in the same (source) order, as the keys of the node give them, so that
// walks with a node budget stop at the same node as before.
import assert from 'node:assert/strict';
import { Linter } from 'eslint/universal';
import type { AstNode } from '../../../../../server/src/engine/review/javascript/ast';
import { childNodes, pushChildNodes } from '../../../../../server/src/engine/review/javascript/ast';

/** The children as `Object.keys` lists them: the order the walks had before. */
function byKeys(node: AstNode): AstNode[] {
  const children: AstNode[] = [];
  for (const key of Object.keys(node)) {
    if (['parent', 'loc', 'range', 'tokens', 'comments'].includes(key)) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item.type === 'string') children.push(item);
    } else if (value && typeof value === 'object' && typeof value.type === 'string') children.push(value);
  }
  return children;
}

function parse(code: string): AstNode {
  let program: AstNode | undefined;
  const linter = new Linter({ configType: 'flat' });
  linter.verify(
    code,
    [
      {
        plugins: {
          capture: {
            rules: {
              program: { create: () => ({ Program: (node) => void (program = node as never) }) },
            },
          },
        },
        rules: { 'capture/program': 'error' },
      },
    ],
    'input.js',
  );
  return program!;
}

function allNodes(root: AstNode): AstNode[] {
  const nodes: AstNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    stack.push(...byKeys(node));
  }
  return nodes;
}

describe('javascript ast: child nodes', () => {
  const program = parse(
    [
      'const tag = `a ${b} c ${d}`;',
      'for (const [k, v] of Object.entries(o)) f(k, v, ...rest);',
      'class A extends B { #x = 1; static { g(); } m({ a = 1 }) { return a?.b ?? this.#x; } }',
      'label: while (x) { if (y) continue label; else break; }',
      'export default async function* h() { yield* await i; }',
    ].join('\n'),
  );

  it('gives every node its children in the order of its keys (template literals: expressions first)', () => {
    const nodes = allNodes(program);
    assert.ok(nodes.length > 70);
    for (const node of nodes) {
      const pushed: AstNode[] = [];
      pushChildNodes(node, pushed);
      assert.deepEqual(pushed, byKeys(node), node.type);
      assert.deepEqual(childNodes(node), pushed, node.type);
    }
    const template = nodes.find((node) => node.type === 'TemplateLiteral')!;
    assert.deepEqual(
      childNodes(template).map((child) => child.type),
      ['Identifier', 'Identifier', 'TemplateElement', 'TemplateElement', 'TemplateElement'],
    );
  });

  it('appends after what the stack already holds and never follows the parent, locations or tokens', () => {
    const statement = program.body[0];
    const stack: AstNode[] = [program];
    pushChildNodes(statement, stack);
    assert.equal(stack[0], program);
    assert.deepEqual(stack.slice(1), statement.declarations);
    assert.ok(!childNodes(statement.declarations[0]).includes(statement));
    assert.deepEqual(childNodes({ type: 'X', loc: { type: 'Y' }, range: [0, 1] } as unknown as AstNode), []);
  });
});
