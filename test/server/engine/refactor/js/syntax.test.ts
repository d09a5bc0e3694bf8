// `nodeSpanning` finds a node by its exact full span and kind, descending only into the child whose
// span holds the range (regionCheck.ts finds each converted function in the text after a batch so).
import assert from 'node:assert/strict';
import ts from 'typescript';
import { nodeAt, nodeSpanning } from '../../../../../server/src/engine/refactor/js/syntax';

const CODE = `var x = 1;
function outer(a) {
  function inner(b) { return b; }
  return inner(a);
}
function last() { return 2; }
`;

function parse(code: string): ts.SourceFile {
  return ts.createSourceFile('/virtual/input.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
}

/** Every node of the kind, found by a walk of the whole tree (what the search must agree with). */
function allOfKind(source: ts.SourceFile, kind: ts.SyntaxKind): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === kind) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('refactor/js/syntax', () => {
  it('finds each function by its full span, nested or top-level', () => {
    const source = parse(CODE);
    const functions = allOfKind(source, ts.SyntaxKind.FunctionDeclaration);
    assert.equal(functions.length, 3);
    for (const fn of functions)
      assert.equal(nodeSpanning(source, fn.pos, fn.end, ts.SyntaxKind.FunctionDeclaration), fn);
  });

  it('finds nothing for a span one character off, or for another kind with that span', () => {
    const source = parse(CODE);
    const inner = allOfKind(source, ts.SyntaxKind.FunctionDeclaration)[1]!;
    assert.equal(nodeSpanning(source, inner.pos + 1, inner.end, inner.kind), undefined);
    assert.equal(nodeSpanning(source, inner.pos, inner.end - 1, inner.kind), undefined);
    assert.equal(nodeSpanning(source, inner.pos, inner.end, ts.SyntaxKind.FunctionExpression), undefined);
  });

  it('agrees with nodeAt on the innermost node at each position', () => {
    const source = parse(CODE);
    for (let at = 0; at < CODE.length; at++) {
      const node = nodeAt(source, at);
      if (node === source) continue;
      assert.equal(nodeSpanning(source, node.pos, node.end, node.kind)?.kind, node.kind, `at ${at}`);
    }
  });
});
