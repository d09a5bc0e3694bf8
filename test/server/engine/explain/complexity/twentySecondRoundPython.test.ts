// Golden cases for the twenty-second round (issue 16, kamyu104 and doocs Python): shapes the engine
// misread. A `while` loop whose body halves something (`ans += (j - i) * (j - i + 1) // 2`, a
// parameter named `mid` read in a comparison) but moves the names its condition tests otherwise
// (`i = j`, `j += 1`) does not halve its range; near misses: a search that moves an end to `mid`
// (or to a name computed from a halving) halves, and so does a loop that takes a doubled value off
// its tested name (`a -= x` after `x <<= 1`). A window product divided by the element at a pointer
// the body steps (`prod /= nums[left]; left += 1`) is bounded by the pointer, not by a division
// (the element may be 1); near miss: a value divided by the smallest prime factor at its own index
// (`x //= spf[x]`) still takes logarithmically many passes. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

describe('explain complexity: twenty-second-round Python reads', () => {
  it('a run-length loop that moves its counter to the run end is linear despite a `// 2` in the body', async () => {
    const code = `def runs(s: str) -> int:
    n = len(s)
    i = total = 0
    while i < n:
        j = i
        while j < n and s[j] == s[i]:
            j += 1
        total += (1 + j - i) * (j - i) // 2
        i = j
    return total
`;
    const [claim, basis] = await claimOf(code, 'python', 'runs');
    assert.equal(claim, 'O(n)');
    assert.doesNotMatch(basis ?? '', /halving/);
  });

  it('a pointer stepped by one is not a halving because the body reads a parameter named mid', async () => {
    const code = `def count_below(mid, a):
    j = 0
    count = 0
    for i in range(len(a)):
        while j < len(a):
            if a[i] < a[j] * mid:
                break
            j += 1
        count += len(a) - j
    return count
`;
    const [claim, basis] = await claimOf(code, 'python', 'count_below');
    assert.equal(claim, 'O(n)');
    assert.doesNotMatch(basis ?? '', /halving/);
  });

  it('near miss: a search that moves an end to a midpoint computed by name still halves', async () => {
    const code = `def first_true(a, target):
    lo, hi = 0, len(a)
    while lo < hi:
        m = (lo + hi) // 2
        if a[m] < target:
            lo = m + 1
        else:
            hi = m
    return lo
`;
    const [claim, basis] = await claimOf(code, 'python', 'first_true');
    assert.equal(claim, 'O(log n)');
    assert.match(basis ?? '', /halving its range/);
  });

  it('near miss: taking a doubled value off the tested name keeps the loop logarithmic', async () => {
    const code = `def divide(a: int, b: int) -> int:
    ans = 0
    while a >= b:
        x = b
        cnt = 1
        while a >= (x << 1):
            x <<= 1
            cnt <<= 1
        a -= x
        ans += cnt
    return ans
`;
    const [claim] = await claimOf(code, 'python', 'divide');
    assert.match(claim ?? '', /log/);
  });

  it('a window product divided by the element at a stepped pointer is amortised, not a division', async () => {
    const code = `def count_below(nums, k):
    result, prod, left = 0, 1, 0
    for right, x in enumerate(nums):
        prod *= x
        while prod >= k and left <= right:
            prod /= nums[left]
            left += 1
        result += right - left + 1
    return result
`;
    const [claim, basis] = await claimOf(code, 'python', 'count_below');
    assert.equal(claim, 'O(n)');
    assert.doesNotMatch(basis ?? '', /divided on each pass/);
  });

  it('near miss: a value divided by the factor stored at its own index still shrinks by division', async () => {
    const code = `def factors(nums, spf):
    total = 0
    for x in nums:
        while x > 1:
            x //= spf[x]
            total += 1
    return total
`;
    const [claim, basis] = await claimOf(code, 'python', 'factors');
    assert.equal(claim, 'O(n log m)');
    assert.match(basis ?? '', /divided on each pass/);
  });
});
