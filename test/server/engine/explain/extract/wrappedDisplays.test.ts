// Golden cases for the thirteenth round (issue 16): Python `enumerate((node.left, node.right))` and
// `reversed([a, b])` walk the display written inside them — as many passes as elements written, as
// `for child in (node.left, node.right)` already did. Near miss: `enumerate(nodes)` of a parameter
// stays a loop over the input. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { forEachBound } from '../../../../../server/src/engine/explain/extract/bounds';
import { complexityOf } from '../helpers';

describe('explain extract: displays wrapped in enumerate or reversed', () => {
  it('enumerate of a written pair runs twice', () => {
    assert.deepEqual(forEachBound('enumerate((node.left, node.right))'), { kind: 'constant', value: 2 });
    assert.deepEqual(forEachBound('reversed([a, b, c])'), { kind: 'constant', value: 3 });
  });

  it('a loop over the two children of each node of a list is linear', async () => {
    const code = `def count(nodes):
    total = 0
    for node in nodes:
        for i, child in enumerate((node.left, node.right)):
            if child:
                total += i
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'count'), 'O(n)');
  });

  it('near miss: enumerate of a parameter stays a loop over the input', async () => {
    const code = `def count(nodes, others):
    total = 0
    for node in nodes:
        for i, child in enumerate(others):
            total += i
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'count'), 'O(n*m)');
  });
});
