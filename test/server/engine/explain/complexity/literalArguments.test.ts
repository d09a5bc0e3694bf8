// Golden cases for the thirteenth round (issue 16): a Python helper called with a small literal
// (`topk(dist, 2)`) keeps a list of that many items (`result = [(inf, inf)] * k`), so its loop over
// the list is a constant count for that call. Near misses: the same helper given the input's `k`,
// and a literal 1 (left alone, as for C and C++: often a start, not a count). Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

const helper = `    def topk(a, k):
        result = [(float("inf"), float("inf"))] * k
        for idx, x in enumerate(a):
            tmp = (x, idx)
            for i in range(len(result)):
                if tmp < result[i]:
                    result[i], tmp = tmp, result[i]
        return result
`;

describe('explain complexity: Python helpers given a small literal count', () => {
  it('a list of k copies with k = 2 passed in the call is a fixed count', async () => {
    const code = `def best(nums):
${helper}    return topk(nums, 2)[1][0]
`;
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n)');
  });

  it("near miss: the input's k passed in keeps the product", async () => {
    const code = `def best(nums, k):
${helper}    return topk(nums, k)[-1][0]
`;
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n*k)');
  });

  it('near miss: a literal 1 (a start as often as a count) leaves the list unread', async () => {
    const code = `def best(nums):
${helper}    return topk(nums, 1)[0][0]
`;
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n*m)');
  });
});
