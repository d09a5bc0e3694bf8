// Golden cases for the thirteenth round (issue 16): cycles of an in-place permutation walked with
// marks (`while nums[i] >= 0: … nums[i], nums[j] = nums[j], ~nums[i]`) mark one more element on
// each pass, so the inner loop's passes add up to the array's size over the whole outer loop. Near
// misses: an outer loop that unmarks an element again, a swap that stores a value not taken from
// the array. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { claimOf, complexityOf } from '../helpers';

describe('explain complexity: cycles walked with marks', () => {
  it('a perfect shuffle by marked swaps is linear', async () => {
    const code = `def shuffle(nums, n):
    def index(i):
        return 2 * i if i < n else 2 * (i - n) + 1
    for i in range(len(nums)):
        j = i
        while nums[i] >= 0:
            j = index(j)
            nums[i], nums[j] = nums[j], ~nums[i]
    for i in range(len(nums)):
        nums[i] = ~nums[i]
    return nums
`;
    const [complexity, basis] = await claimOf(code, 'python', 'shuffle');
    assert.equal(complexity, 'O(n)');
    assert.match(basis ?? '', /at most once per element over all passes/);
  });

  it('an in-place counting sort placing each value by marked swaps is linear in the values', async () => {
    const code = `def place(nums, count):
    for i in reversed(range(len(nums))):
        while nums[i] >= 0:
            count[nums[i]] -= 1
            j = count[nums[i]]
            nums[i], nums[j] = nums[j], ~nums[i]
    return nums
`;
    assert.equal(await complexityOf(code, 'python', 'place'), 'O(n)');
  });

  it('near miss: an element unmarked again inside the outer loop keeps the loop unbounded', async () => {
    const code = `def walk(nums):
    for i in range(len(nums)):
        while nums[i] >= 0:
            j = nums[i] % len(nums)
            nums[i], nums[j] = nums[j], ~nums[i]
        nums[i] = abs(nums[i])
    return nums
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'unknown');
  });

  it('near miss: a swap storing a value not taken from the array keeps the loop unbounded', async () => {
    const code = `def walk(nums, k):
    for i in range(len(nums)):
        while nums[i] >= 0:
            j = nums[i] % len(nums)
            nums[i], nums[j] = k, ~nums[i]
    return nums
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'unknown');
  });
});
