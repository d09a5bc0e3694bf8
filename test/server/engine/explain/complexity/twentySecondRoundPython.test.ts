// Golden cases for the twenty-second round (issue 16, kamyu104 and doocs Python): shapes the engine
// misread. A `while` loop whose body halves something (`ans += (j - i) * (j - i + 1) // 2`, a
// parameter named `mid` read in a comparison) but moves the names its condition tests otherwise
// (`i = j`, `j += 1`) does not halve its range; near misses: a search that moves an end to `mid`
// (or to a name computed from a halving) halves, and so does a loop that takes a doubled value off
// its tested name (`a -= x` after `x <<= 1`). A window product divided by the element at a pointer
// the body steps (`prod /= nums[left]; left += 1`) is bounded by the pointer, not by a division
// (the element may be 1); near miss: a value divided by the smallest prime factor at its own index
// (`x //= spf[x]`) still takes logarithmically many passes. `Counter.most_common(k)` sorts the
// counts (it was free); near miss: `most_common(1)` keeps one entry while it scans, one pass.
// Two pointers in a Python `while i < m and j < n`, each jumping to where its own inner run ended
// (`i, j = x, y`), pass each position once: `and` now splits the condition as `&&` does; near
// miss: an inner run restarted from the start of the other text on each pass stays a product.
// A walk that marks what it tests, written `while j != -1 and not vis[j]` (Python's `not`, and a
// second conjunct), enters each entry once over all passes of a loop that keeps the mark, and the
// list it fills is walked through its count (`m = len(cycle)`, `range(m)`) as long in all; near
// miss: a mark made anew on each pass lets every pass walk again.
// Written here, not taken from a corpus.
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

  it('most_common(k) sorts the counts of a counter', async () => {
    const code = `from collections import Counter
def top(nums: list[int], k: int) -> list[int]:
    cnt = Counter(nums)
    return [x for x, _ in cnt.most_common(k)]
`;
    const [claim, basis] = await claimOf(code, 'python', 'top');
    assert.match(claim ?? '', /^O\(n log n/);
    assert.match(basis ?? '', /`cnt.most_common` sorts `cnt`/);
  });

  it('near miss: most_common(1) scans the counter once', async () => {
    const code = `from collections import Counter
def mode(nums: list[int]) -> int:
    cnt = Counter(nums)
    return cnt.most_common(1)[0][0]
`;
    const [claim] = await claimOf(code, 'python', 'mode');
    assert.doesNotMatch(claim ?? '', /log/);
    assert.match(claim ?? '', /^O\(n/);
  });

  it('two pointers of a Python `and` condition jumping to their inner runs pass each position once', async () => {
    const code = `def long_pressed(name: str, typed: str) -> bool:
    m, n = len(name), len(typed)
    i = j = 0
    while i < m and j < n:
        if name[i] != typed[j]:
            return False
        x = i + 1
        while x < m and name[x] == name[i]:
            x += 1
        y = j + 1
        while y < n and typed[y] == typed[j]:
            y += 1
        if x - i > y - j:
            return False
        i, j = x, y
    return i == m and j == n
`;
    const [claim] = await claimOf(code, 'python', 'long_pressed');
    assert.equal(claim, 'O(n + m)');
  });

  it('near miss: an inner run restarted from the start of the other text is paid on every pass', async () => {
    const code = `def prefixes(name: str, typed: str) -> int:
    m, n = len(name), len(typed)
    i = j = total = 0
    while i < m and j < n:
        y = 0
        while y < n and typed[y] == name[i]:
            y += 1
        total += y
        i, j = i + 1, j + 1
    return total
`;
    const [claim] = await claimOf(code, 'python', 'prefixes');
    assert.match(claim ?? '', /n\*m/);
  });

  it('a Python walk marking what it tests, with a second conjunct, enters each entry once in all', async () => {
    const code = `def longest(edges: list[int]) -> int:
    n = len(edges)
    vis = [False] * n
    ans = -1
    for i in range(n):
        if vis[i]:
            continue
        j = i
        cycle = []
        while j != -1 and not vis[j]:
            vis[j] = True
            cycle.append(j)
            j = edges[j]
        if j == -1:
            continue
        m = len(cycle)
        k = next((k for k in range(m) if cycle[k] == j), m)
        ans = max(ans, m - k)
    return ans
`;
    const [claim] = await claimOf(code, 'python', 'longest');
    assert.equal(claim, 'O(n)');
  });

  it('near miss: a mark made anew on each pass lets every pass walk again', async () => {
    const code = `def walks(edges: list[int]) -> int:
    n = len(edges)
    total = 0
    for i in range(n):
        vis = [False] * n
        j = i
        while j != -1 and not vis[j]:
            vis[j] = True
            total += 1
            j = edges[j]
    return total
`;
    const [claim] = await claimOf(code, 'python', 'walks');
    assert.match(claim ?? '', /n\^2/);
  });
});
