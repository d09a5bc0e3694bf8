// Golden cases for the twenty-third round (issue 16, kamyu104 and doocs Python): shapes the engine
// misread. An inner loop that takes one from a `Counter(hand)` entry on each pass and leaves when it
// is spent adds up to the number of items counted over all outer passes, as the same loop over a map
// counted by `cnt[x] += 1` already did; near miss: a map raised again inside the outer loop. A
// `while k and j < n` whose count `k` the outer loop sets anew but whose pointer `j` it keeps moves
// `j` over the list once in all (the pointer, not the count, decides the sharing); near miss: a
// pointer reset on each outer pass repeats the walk. `sorted(...)` of one comprehension sorts what
// the comprehension yields (the call was left to the comprehension's loop, so the sort was free);
// near misses: `sum` of a generator stays one pass, and a comprehension over two loops is not taken
// for a list as long as one of them.
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const STRAIGHTS = `from collections import Counter
def straights(hand, size):
    cnt = Counter(hand)
    for x in sorted(hand):
        if cnt[x]:
            for y in range(x, x + size):
                if cnt[y] == 0:
                    return False
                cnt[y] -= 1
    return True
`;

const DIVIDE = `import collections
def divide(nums, k):
    count = collections.Counter(nums)
    for num in sorted(count.keys()):
        c = count[num]
        if not c:
            continue
        for i in range(num, num + k):
            if count[i] < c:
                return False
            count[i] -= c
    return True
`;

describe('explain complexity: twenty-third-round Python reads', () => {
  it('a run of takes from a Counter entry, leaving when it is spent, is shared out over the items', async () => {
    assert.equal((await claimOf(STRAIGHTS, 'python', 'straights'))[0], 'O(n log n)');
  });

  it('near miss: a Counter raised again inside the outer loop keeps the inner loop per pass', async () => {
    const code = STRAIGHTS.replace('    return True', '        cnt[x] += 1\n    return True');
    assert.equal((await claimOf(code, 'python', 'straights'))[0], 'O(n*m + n log n)');
  });

  it('a pointer kept across outer passes is shared out though a count set on each pass is tested first', async () => {
    const code = `def take(order, queries):
    n = len(order)
    used = [False] * n
    j = 0
    out = []
    for k in queries:
        while k and j < n:
            if not used[j]:
                used[j] = True
                k -= 1
            j += 1
        out.append(j)
    return out
`;
    const [claim] = await claimOf(code, 'python', 'take');
    assert.equal(claim, 'O(n + m)');
  });

  it('near miss: a pointer reset on each outer pass walks again', async () => {
    const code = `def take(order, queries):
    n = len(order)
    out = []
    for k in queries:
        j = 0
        while k and j < n:
            if order[j] > 0:
                k -= 1
            j += 1
        out.append(j)
    return out
`;
    const [claim] = await claimOf(code, 'python', 'take');
    assert.match(claim ?? '', /n\*m|m\*n/);
  });

  it('sorting one comprehension sorts as many items as it walks', async () => {
    const code = `def order(nums):
    return sorted((x, i) for i, x in enumerate(nums))

def order_list(nums):
    return sorted([x * x for x in nums if x > 0])

def order_set(points):
    return sorted(set(tuple(p) for p in points))
`;
    assert.equal((await claimOf(code, 'python', 'order'))[0], 'O(n log n)');
    assert.equal((await claimOf(code, 'python', 'order_list'))[0], 'O(n log n)');
    assert.match((await claimOf(code, 'python', 'order_set'))[0] ?? '', /^O\(n log n/);
  });

  it('near misses: a sum of a generator is one pass; a comprehension over two loops is not one list', async () => {
    const code = `def total(nums):
    return sum(x * x for x in nums)

def pairs(a, b):
    return sorted(x + y for x in a for y in b)
`;
    assert.equal((await claimOf(code, 'python', 'total'))[0], 'O(n)');
    assert.doesNotMatch((await claimOf(code, 'python', 'pairs'))[1] ?? '', /sorts `a`/);
  });

  it('a search that walks a row of an adjacency matrix by position scans n entries per visit', async () => {
    const code = `def provinces(isConnected):
    n = len(isConnected)
    vis = [False] * n
    def dfs(i):
        vis[i] = True
        for j, x in enumerate(isConnected[i]):
            if x and not vis[j]:
                dfs(j)
    ans = 0
    for i in range(n):
        if not vis[i]:
            dfs(i)
            ans += 1
    return ans
`;
    const [claim] = await claimOf(code, 'python', 'dfs');
    assert.match(claim ?? '', /n\*m|m\*n|n\^2/);
  });

  it('near miss: a search over adjacency lists of pairs still scans each list once in all', async () => {
    const code = `def reach(g, n):
    vis = [False] * n
    def dfs(u):
        vis[u] = True
        for v, w in g[u]:
            if not vis[v]:
                dfs(v)
    dfs(0)
    return vis
`;
    assert.equal((await claimOf(code, 'python', 'dfs'))[0], 'O(n + m)');
  });

  it('stripping or lowering a text parameter copies the text', async () => {
    const code = `def trim(num: str) -> str:
    return num.rstrip('0')

def fold(s: str) -> str:
    t = s.lower()
    return t
`;
    assert.equal((await claimOf(code, 'python', 'trim'))[0], 'O(n)');
    assert.equal((await claimOf(code, 'python', 'fold'))[0], 'O(n)');
  });

  it('near miss: lowering each character of a word is paid once per character', async () => {
    const code = `def caps(word: str) -> int:
    total = 0
    for c in word:
        if c.lower() == c:
            total += 1
    return total
`;
    assert.equal((await claimOf(code, 'python', 'caps'))[0], 'O(n)');
  });

  it("a run that takes the first entry's whole count from each entry, zero counts skipped, is shared out too", async () => {
    assert.equal((await claimOf(DIVIDE, 'python', 'divide'))[0], 'O(n log n + m)');
  });

  it('near miss: without the skip of a zero count a pass may take nothing, so the run stays per pass', async () => {
    const code = DIVIDE.replace('        if not c:\n            continue\n', '');
    assert.notEqual(code, DIVIDE);
    assert.match((await claimOf(code, 'python', 'divide'))[0] ?? '', /n\*k/);
  });
});
