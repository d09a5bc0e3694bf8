// Golden cases for the twenty-first round (issue 16, kamyu104 and doocs Python): shapes the engine
// misread. A callback run per element (`filter(lambda v: dfs(v), …)`) that calls a traversal whose
// mark outlives the call enters each item once over all its runs, as the same call in a loop does;
// near miss: a callback calling a plain scan stays multiplied. A three-colour search (`lookup[node] =
// GRAY; any(dfs(c) for c in …); lookup[node] = BLACK` with `lookup = [WHITE] * n`) keeps its mark
// set; near miss: a search that writes the fill value back after the call backtracks. A memoized
// parameter the body reassigns before passing it on by name (`k += grid[i][j]; dfs(i + 1, j, k)`)
// varies; near misses: one passed through unchanged, and one capped by `if k > 2: return`. The
// orderings of items written out (`permutations((a, b, c))`) are a fixed number; near miss:
// `permutations(words, 2)` keeps |words|². A `key=check` passed to `bisect_left` runs once per
// probe; near miss: a helper called beside the search adds to it. A helper called on one block of a
// strided range (`for i in range(0, n, k): reverse(i, min(i + k, n) - 1)`) works on each position
// once over all calls; near miss: a helper called from the counter to the end each time. A list
// made empty (`items = []`) and filled by appends before it is passed to a helper keeps the size of
// what was appended, not the empty display's; near miss: a list written out in full stays fixed.
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A nested helper reversing `nums` between its two parameters, shared by the strided cases. */
const REVERSE = `    def reverse(left, right):
        while left < right:
            nums[left], nums[right] = nums[right], nums[left]
            left += 1
            right -= 1
`;

describe('explain complexity: twenty-first-round Python reads', () => {
  it('a callback per element calling a traversal with a lasting mark enters each item once', async () => {
    const code = `def safe(graph):
    lookup = [0] * len(graph)
    def dfs(node):
        if lookup[node]:
            return lookup[node] == 2
        lookup[node] = 1
        for child in graph[node]:
            if not dfs(child):
                return False
        lookup[node] = 2
        return True
    return list(filter(lambda node: dfs(node), range(len(graph))))
`;
    const [claim, basis] = await claimOf(code, 'python', 'safe');
    assert.equal(claim, 'O(n + m)');
    assert.match(basis ?? '', /visits each item of `lookup` once/);
  });

  it('near miss: a callback per element calling a plain scan is paid on every element', async () => {
    const code = `def widest(rows):
    def scan(i):
        best = 0
        for x in rows:
            best = max(best, x + i)
        return best
    return list(map(lambda i: scan(i), range(len(rows))))
`;
    const [claim, basis] = await claimOf(code, 'python', 'widest');
    assert.equal(claim, 'O(n^2)');
    assert.match(basis ?? '', /`map` runs its callback for each element/);
  });

  it('a three-colour search keeps its mark set when it moves an item to the third colour', async () => {
    const code = `def safe(graph):
    WHITE, GRAY, BLACK = 0, 1, 2
    lookup = [WHITE] * len(graph)
    def dfs(node):
        if lookup[node] != WHITE:
            return lookup[node] == BLACK
        lookup[node] = GRAY
        if any(not dfs(child) for child in graph[node]):
            return False
        lookup[node] = BLACK
        return True
    return [i for i in range(len(graph)) if dfs(i)]
`;
    const [claim, basis] = await claimOf(code, 'python', 'safe');
    assert.equal(claim, 'O(n + m)');
    assert.match(basis ?? '', /marked and tested before recursing/);
  });

  it('near miss: a search that writes the fill value back after the call backtracks', async () => {
    const code = `def longest(graph):
    vis = [False] * len(graph)
    def dfs(node):
        vis[node] = True
        best = max([dfs(child) + 1 for child in graph[node] if not vis[child]] + [0])
        vis[node] = False
        return best
    return max(dfs(i) for i in range(len(graph)))
`;
    const [claim, basis] = await claimOf(code, 'python', 'longest');
    assert.match(claim ?? '', /2\^/);
    assert.match(basis ?? '', /backtracking/);
  });

  it('a memoized parameter reassigned before it is passed on varies', async () => {
    const code = `from functools import cache
def balanced(grid):
    m, n = len(grid), len(grid[0])
    @cache
    def dfs(i, j, k):
        if i >= m or j >= n:
            return False
        k += grid[i][j]
        if i == m - 1 and j == n - 1:
            return 2 * k == m + n - 1
        return dfs(i + 1, j, k) or dfs(i, j + 1, k)
    return dfs(0, 0, 0)
`;
    const [claim, basis] = await claimOf(code, 'python', 'balanced');
    assert.equal(claim, 'O(n*m*k)');
    assert.match(basis ?? '', /the states range over `i` × `j` × `k`/);
  });

  it('near miss: a memoized parameter passed through unchanged adds no factor', async () => {
    const code = `from functools import cache
def reach(grid, k):
    m, n = len(grid), len(grid[0])
    @cache
    def dfs(i, j, k):
        if i >= m or j >= n:
            return False
        if i == m - 1 and j == n - 1:
            return grid[i][j] == k
        return dfs(i + 1, j, k) or dfs(i, j + 1, k)
    return dfs(0, 0, k)
`;
    const [claim, basis] = await claimOf(code, 'python', 'reach');
    assert.equal(claim, 'O(n*m)');
    assert.match(basis ?? '', /the states range over `i` × `j`(?! ×)/);
  });

  it('near miss: a reassigned parameter capped by a literal takes a fixed number of values', async () => {
    const code = `from functools import cache
def ways(corridor):
    @cache
    def dfs(i, k):
        if i >= len(corridor):
            return int(k == 2)
        k += int(corridor[i] == "S")
        if k > 2:
            return 0
        ans = dfs(i + 1, k)
        if k == 2:
            ans += dfs(i + 1, 0)
        return ans
    return dfs(0, 0)
`;
    const [claim] = await claimOf(code, 'python', 'ways');
    assert.equal(claim, 'O(n)');
  });

  it('the orderings of items written out are a fixed number of passes', async () => {
    const code = `from itertools import permutations
def shortest(a, b, c):
    def join(s, t):
        return s if t in s else s + t
    best = ""
    for x, y, z in permutations((a, b, c)):
        s = join(join(x, y), z)
        if not best or len(s) < len(best):
            best = s
    return best
`;
    const [claim, basis] = await claimOf(code, 'python', 'shortest');
    assert.equal(claim, 'O(n + m)');
    assert.doesNotMatch(basis ?? '', /permutations/);
  });

  it('near miss: the orderings of a collection keep its size', async () => {
    const code = `from itertools import permutations
def pairs(words):
    total = 0
    for x, y in permutations(words, 2):
        total += len(x) + len(y)
    return total
`;
    const [claim, basis] = await claimOf(code, 'python', 'pairs');
    assert.equal(claim, 'O(n^2)');
    assert.match(basis ?? '', /the orderings of 2 items of `words`/);
  });

  it('a key function passed by name to a binary search runs once per probe', async () => {
    const code = `from bisect import bisect_left
def split(nums, k):
    def check(limit):
        s, cnt = 0, 1
        for x in nums:
            s += x
            if s > limit:
                s, cnt = x, cnt + 1
        return cnt <= k
    return bisect_left(range(max(nums), sum(nums) + 1), True, key=check)
`;
    const [claim, basis] = await claimOf(code, 'python', 'split');
    assert.equal(claim, 'O(n log m)');
    assert.match(basis ?? '', /`bisect_left` is O\(log n\).*→ loop over `nums`/);
  });

  it('near miss: a helper called beside a binary search adds to it', async () => {
    const code = `from bisect import bisect_left
def position(nums, target):
    def check(limit):
        return sum(x <= limit for x in nums)
    return bisect_left(nums, target) if check(target) else -1
`;
    const [claim] = await claimOf(code, 'python', 'position');
    assert.equal(claim, 'O(n)');
  });

  it('a helper called on one block of a strided range adds up to one pass', async () => {
    const code = `def reverse_blocks(nums, k):
${REVERSE}    for i in range(0, len(nums), k):
        reverse(i, min(i + k, len(nums)) - 1)
    return nums
`;
    const [claim] = await claimOf(code, 'python', 'reverse_blocks');
    assert.equal(claim, 'O(n)');
  });

  it('near miss: a helper called from the counter to the end on each pass is paid on each pass', async () => {
    const code = `def reverse_tails(nums, k):
${REVERSE}    for i in range(0, len(nums), k):
        reverse(i, len(nums) - 1)
    return nums
`;
    const [claim] = await claimOf(code, 'python', 'reverse_tails');
    assert.equal(claim, 'O(n^2)');
  });

  it('an empty list filled by appends before the call is sized by the appends', async () => {
    const code = `def count_smaller(nums):
    def merge_sort(items, start, end, counts):
        if end - start <= 0:
            return
        mid = start + (end - start) // 2
        merge_sort(items, start, mid, counts)
        merge_sort(items, mid + 1, end, counts)
        tmp = []
        for i in range(start, end + 1):
            tmp.append(items[i])
        counts[items[start][1]] += len(tmp)
        items[start:start + len(tmp)] = tmp
    items = []
    counts = [0] * len(nums)
    for i, num in enumerate(nums):
        items.append((num, i))
    merge_sort(items, 0, len(items) - 1, counts)
    return counts
`;
    const [claim, basis] = await claimOf(code, 'python', 'count_smaller');
    assert.match(claim ?? '', /^O\(n log n\b/);
    assert.match(basis ?? '', /calls `merge_sort`/);
  });

  it('near miss: a list written out in full keeps its fixed size through the call', async () => {
    const code = `def total(n):
    def walk(xs):
        s = 0
        for x in xs:
            s += x
        return s
    base = [1, 2, 3]
    return walk(base) * n
`;
    const [claim] = await claimOf(code, 'python', 'total');
    assert.equal(claim, 'O(1)');
  });
});
