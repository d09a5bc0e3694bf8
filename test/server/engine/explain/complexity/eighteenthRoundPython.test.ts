// Golden cases for the eighteenth round (issue 16, kamyu104 and doocs Python): shapes the engine
// misread. A cyclic sort (`while nums[nums[i] - 1] != nums[i]: nums[nums[i] - 1], nums[i] =
// nums[i], nums[nums[i] - 1]`) swaps each element into its home slot, which is never written
// again: the inner passes add up to the number of elements over the whole outer loop; near misses:
// a swap into a slot the loop's test does not check (`nums[i + 1]`), or another write into the
// array inside the outer loop, keeps the product. A helper whose every return is a written-out
// pair (`return (0, 0)`, `return (a, max(left))`) returns a fixed-size value: `max(left)` over its
// result is O(1), and a tree walk doing it is O(n); near miss: a helper that may return a list of
// the input keeps the scan. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: eighteenth-round Python reads', () => {
  /** A cyclic sort over `nums`, testing `nums[home] != nums[i]` and swapping `nums[i]` with `swapped`. */
  const cyclic = (home: string, swapped: string) => `def place(nums):
    n = len(nums)
    for i in range(n):
        while 1 <= nums[i] <= n and ${home} != nums[i]:
            ${swapped}, nums[i] = nums[i], ${swapped}
    return nums
`;

  it('a cyclic sort swaps each element home once: the inner passes add up to n', async () => {
    assert.equal(
      await complexityOf(cyclic('nums[nums[i] - 1]', 'nums[nums[i] - 1]'), 'python', 'place'),
      'O(n)',
    );
  });

  it('... also with the home slot named by a local of the pass and the test written the other way', async () => {
    const code = `def place(nums):
    n = len(nums)
    for i in range(n):
        while 1 <= nums[i] <= n and nums[i] != nums[nums[i] - 1]:
            j = nums[i] - 1
            nums[i], nums[j] = nums[j], nums[i]
    return nums
`;
    assert.equal(await complexityOf(code, 'python', 'place'), 'O(n)');
  });

  it('near miss: a swap into a slot the test does not check keeps the product', async () => {
    assert.equal(await complexityOf(cyclic('nums[nums[i] - 1]', 'nums[i + 1]'), 'python', 'place'), 'O(n*m)');
  });

  it('near miss: another write into the array in the outer loop keeps the product', async () => {
    const code = cyclic('nums[nums[i] - 1]', 'nums[nums[i] - 1]').replace(
      '    return nums',
      '        nums[i] = 0\n    return nums',
    );
    assert.equal(await complexityOf(code, 'python', 'place'), 'O(n*m)');
  });

  /** A tree walk whose helper returns `ret` on a leaf and a pair built from its children's results. */
  const robbed = (leaf: string) => `def rob(root):
    def helper(node):
        if not node:
            return ${leaf}
        left, right = helper(node.left), helper(node.right)
        return (node.val + left[1] + right[1], max(left) + max(right))

    return max(helper(root))
`;

  it('a helper whose every return is a pair returns a fixed-size value: `max` over it is O(1)', async () => {
    assert.equal(await complexityOf(robbed('(0, 0)'), 'python', 'rob'), 'O(n)');
  });

  it('near miss: a helper that may return a list of the input keeps the scan', async () => {
    assert.equal(await complexityOf(robbed('list(node.vals)'), 'python', 'rob'), 'O(n log n + m)');
  });
});
