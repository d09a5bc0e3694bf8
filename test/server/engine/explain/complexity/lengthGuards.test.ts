// Golden cases for the thirteenth round (issue 16): a Python loop over a map only under a test that
// holds its length at a fixed count (`if len(cnts) == k:` with `k = 3`) runs that many passes, however
// many keys the map gains elsewhere. Near miss: the same guard with `k` a parameter. Written here,
// not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

const body = `    cnts = {}
    for x in nums:
        cnts[x] = cnts.get(x, 0) + 1
        if len(cnts) == k:
            for y in cnts.keys():
                cnts[y] -= 1
                if cnts[y] == 0:
                    del cnts[y]
    return cnts
`;

describe('explain complexity: loops under a fixed length test', () => {
  it('a loop over a map under `len(cnts) == k` with k fixed is a constant count', async () => {
    const code = `def frequent(nums):
    k = 3
${body}`;
    assert.equal(await complexityOf(code, 'python', 'frequent'), 'O(n)');
  });

  it('near miss: the same guard with k a parameter keeps the product', async () => {
    const code = `def frequent(nums, k):
${body}`;
    assert.notEqual(await complexityOf(code, 'python', 'frequent'), 'O(n)');
  });
});
