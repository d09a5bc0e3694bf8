// Golden cases for the tenth round (issue 16, kamyu104 Python): loops counted by a number the code
// computes or a collection it starts again on every pass, which the engine read as one more input
// size (withheld now, with the reason), the index of `enumerate` read as a position, and a bit-mask
// table sized by a row's width. Each beside a near miss that must keep its answer. Written here,
// not taken from a corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

describe('explain complexity: counts the code computes', () => {
  it('a loop over a for-each item used as a number is withheld in Python (`for x in nums: range(x)`)', async () => {
    const code = `def expand(nums):
    out = []
    for x in nums:
        for _ in range(x):
            out.append(x)
    return out
`;
    assert.equal(await complexityOf(code, 'python', 'expand'), 'unknown');
    assert.match(await basisOf(code, 'python', 'expand'), /`x` holds a number read from the data/);
  });

  it('near miss: a loop over a for-each item that is a collection stays its total (`for w in words: for c in w`)', async () => {
    const code = `def letters(words):
    total = 0
    for w in words:
        for c in w:
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'letters'), 'O(L + n)');
  });

  it('near miss: the item of `reversed(range(…))` is a counter, not a value: its loop keeps the product', async () => {
    const code = `def part(nums, k):
    dp = nums[:]
    for l in range(2, k + 1):
        for i in reversed(range(l - 1, len(dp))):
            for j in range(l - 1, i):
                dp[i] = min(dp[i], dp[j])
    return dp
`;
    assert.equal(await complexityOf(code, 'python', 'part'), 'O(k*n*m)');
  });

  it('the index of `enumerate` is a position in the collection: `range(i)` is the triangle, O(n^2)', async () => {
    const code = `def pairs(xs):
    total = 0
    for i, x in enumerate(xs):
        for j in range(i):
            total += xs[j] * x
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'pairs'), 'O(n^2)');
  });

  // (A bit length alone is read as the logarithm of its number since the sixteenth round: bitLengths.test.ts.)
  it('a loop counted by a common divisor of the sizes is withheld; by a bit length, logarithmic', async () => {
    const code = `def rotate(nums, k):
    c = gcd(len(nums), k)
    for i in range(c):
        j = i
        for _ in range(len(nums) // c):
            j = (j + k) % len(nums)
    return nums

def bits(nums):
    l = max(nums).bit_length()
    total = 0
    for i in range(l):
        for x in nums:
            total += (x >> i) & 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'rotate'), 'unknown');
    assert.match(
      await basisOf(code, 'python', 'rotate'),
      /`c = gcd\(len\(nums\), k\)`: a bit length, logarithm, root or common divisor/,
    );
    assert.equal(await complexityOf(code, 'python', 'bits'), 'O(n log m)');
  });

  it('near miss: a local computed from sizes by arithmetic keeps its reading (`l = min(1 + steps // 2, n)`)', async () => {
    const code = `def ways(steps, n):
    l = min(1 + steps // 2, n)
    dp = [0] * l
    for _ in range(steps):
        for i in range(l):
            dp[i] += 1
    return dp
`;
    assert.equal(await complexityOf(code, 'python', 'ways'), 'O(n*m)');
  });

  it('a table sized `2 ** len(cost[0])` holds every bit mask of a row: exponential', async () => {
    const code = `def connect(cost):
    total = 2 ** len(cost[0])
    dp = [0] * total
    for i in range(len(cost)):
        for mask in range(total):
            dp[mask] += cost[i][0]
    return dp
`;
    assert.match((await complexityOf(code, 'python', 'connect')) ?? '', /^O\(2\^/);
  });
});

describe('explain complexity: collections started again on every pass', () => {
  it('a set rebuilt from itself (`curr = {x} | {x | y for y in curr}`) is withheld', async () => {
    const code = `def ors(A):
    result, curr = set(), {0}
    for x in A:
        curr = {x} | {x | y for y in curr}
        result |= curr
    return len(result)
`;
    assert.equal(await complexityOf(code, 'python', 'ors'), 'unknown');
    assert.match(await basisOf(code, 'python', 'ors'), /starts again on its passes/);
  });

  it('a list swapped in from one filled by the loop over it (`dp = new_dp`) is withheld', async () => {
    const code = `def gcds(nums):
    dp = []
    for x in nums:
        dp.append(x)
        new_dp = []
        for g in dp:
            new_dp.append(g & x)
        dp = new_dp
    return dp
`;
    assert.equal(await complexityOf(code, 'python', 'gcds'), 'unknown');
  });

  // (Withheld until the sixteenth round; `tmp` is created on each pass and gains entries only by
  // the pops of that pass, which the amortised drain pays for once in all: perPassLists.test.ts.)
  it('a list emptied and filled by the pops of the same pass costs what the pops cost', async () => {
    const code = `def second_greater(nums):
    stk1, stk2 = [], []
    for i, x in enumerate(nums):
        tmp = []
        while stk1 and nums[stk1[-1]] < x:
            tmp.append(stk1.pop())
        stk1.append(i)
        for y in reversed(tmp):
            stk2.append(y)
    return stk2
`;
    assert.equal(await complexityOf(code, 'python', 'second_greater'), 'O(n)');
  });

  it('near miss: a counter filled by a loop over another collection keeps its reading', async () => {
    const code = `def boomerangs(points):
    result = 0
    for i in range(len(points)):
        cnt = collections.defaultdict(int)
        for j in range(len(points)):
            cnt[points[j][0] - points[i][0]] += 1
        for k in cnt:
            result += cnt[k]
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'boomerangs'), 'O(n^2 + n*m)');
  });

  it('near miss: a table rebuilt with a size (`new_dp = [0] * (k + 1)`) keeps its reading', async () => {
    const code = `def roll(nums, k):
    dp = [0] * (k + 1)
    for x in nums:
        new_dp = [0] * (k + 1)
        for j in range(len(dp)):
            new_dp[j] = dp[j] + x
        dp = new_dp
    return dp
`;
    assert.equal(await complexityOf(code, 'python', 'roll'), 'O(n*k + n*m)');
  });
});
