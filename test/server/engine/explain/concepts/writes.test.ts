// Algorithm concepts read from the writes inside loops (concepts/recurrences.ts, pointers.ts) and
// the memoization concept: each concept with the shape that shows it, and each false alarm that a
// looser reading gave (a prefix sum, a distance array, a Z-function box, a segment tree, a run
// scan, a counter) with the code that must not report it.
import assert from 'node:assert/strict';
import { conceptsOf } from '../helpers';

const has = async (code: string, language: string, concept: string) =>
  (await conceptsOf(code, language)).includes(concept);

describe('explain concepts: tables filled from their own entries', () => {
  it('dynamic programming: a 1-D recurrence with a choice (Python, JavaScript)', async () => {
    const rob =
      'def rob(nums):\n    dp = [0] * (len(nums) + 2)\n    for i in range(2, len(nums) + 2):\n        dp[i] = max(dp[i - 1], dp[i - 2] + nums[i - 2])\n    return dp[-1]\n';
    assert.ok(await has(rob, 'python', 'dynamic programming'));
    const lis =
      'function lis(a) { const dp = a.map(() => 1); for (let i = 0; i < a.length; i++) { for (let j = 0; j < i; j++) { if (a[j] < a[i]) dp[i] = Math.max(dp[i], dp[j] + 1); } } return Math.max(...dp); }';
    assert.ok(await has(lis, 'javascript', 'dynamic programming'));
  });
  it('dynamic programming: a 2-D table (C++ LCS) and a rolling table `dp[i % 2]`', async () => {
    const lcs =
      'int lcs(string a, string b) {\n  vector<vector<int>> dp(a.size() + 1, vector<int>(b.size() + 1));\n  for (int i = 1; i <= a.size(); ++i)\n    for (int j = 1; j <= b.size(); ++j)\n      dp[i][j] = a[i - 1] == b[j - 1] ? dp[i - 1][j - 1] + 1 : max(dp[i - 1][j], dp[i][j - 1]);\n  return dp[a.size()][b.size()];\n}\n';
    assert.ok(await has(lcs, 'cpp', 'dynamic programming'));
    const rolling =
      'def paths(grid):\n    dp = [[0] * len(grid[0]) for _ in range(2)]\n    for i in range(1, len(grid)):\n        for j in range(len(grid[0])):\n            dp[i % 2][j] = dp[(i - 1) % 2][j] + grid[i][j]\n            if j:\n                dp[i % 2][j] = min(dp[i % 2][j], dp[i % 2][j - 1] + grid[i][j])\n    return dp[(len(grid) - 1) % 2][-1]\n';
    assert.ok(await has(rolling, 'python', 'dynamic programming'));
  });
  it('dynamic programming: knapsack reads `dp[j - w]`; memoised recursion keyed by its arguments', async () => {
    const knap =
      'def best(items, cap):\n    dp = [0] * (cap + 1)\n    for w, v in items:\n        for j in range(cap, w - 1, -1):\n            dp[j] = max(dp[j], dp[j - w] + v)\n    return dp[cap]\n';
    assert.ok(await has(knap, 'python', 'dynamic programming'));
    const memo =
      'def ways(n, memo):\n    if n in memo:\n        return memo[n]\n    if n < 2:\n        return 1\n    memo[n] = ways(n - 1, memo) + ways(n - 2, memo)\n    return memo[n]\n';
    const concepts = await conceptsOf(memo, 'python');
    assert.ok(concepts.includes('dynamic programming'));
    assert.ok(concepts.includes('memoization'));
  });
  it('prefix sums, not DP: running totals, a suffix gcd, a running maximum, 2-D inclusion–exclusion', async () => {
    const prefix =
      'def sums(nums):\n    prefix = [0] * (len(nums) + 1)\n    for i, x in enumerate(nums):\n        prefix[i + 1] = prefix[i] + x\n    return prefix\n';
    assert.deepEqual(
      (await conceptsOf(prefix, 'python')).filter((c) => /prefix|dynamic/.test(c)),
      ['prefix sums'],
    );
    const gcd =
      'def suffix(nums):\n    right = [0] * (len(nums) + 1)\n    for i in reversed(range(len(nums))):\n        right[i] = gcd(right[i + 1], nums[i])\n    return right\n';
    assert.ok(!(await has(gcd, 'python', 'dynamic programming')));
    assert.ok(await has(gcd, 'python', 'prefix sums'));
    const box =
      'int f(vector<vector<int>>& g) {\n  for (int i = 0; i < g.size(); ++i)\n    for (int j = 0; j < g[0].size(); ++j) {\n      if (i) g[i][j] += g[i - 1][j];\n      if (j) g[i][j] += g[i][j - 1];\n      if (i && j) g[i][j] -= g[i - 1][j - 1];\n    }\n  return g.back().back();\n}\n';
    const concepts = await conceptsOf(box, 'cpp');
    assert.ok(concepts.includes('prefix sums'));
    assert.ok(!concepts.includes('dynamic programming'));
    assert.ok(!concepts.includes('sliding window'));
  });
  it('near misses: distances relaxed from a queue, union-find climbs, Z-function boxes, segment trees, mirrors, copies, power tables', async () => {
    const bfs =
      'from collections import deque\ndef dist(adj, s):\n    d = [-1] * len(adj)\n    d[s] = 0\n    q = deque([s])\n    while q:\n        u = q.popleft()\n        for v in adj[u]:\n            if d[v] == -1:\n                d[v] = d[u] + 1\n                q.append(v)\n    return d\n';
    const z =
      'def z(s):\n    n = len(s)\n    z = [0] * n\n    l = r = 0\n    for i in range(1, n):\n        if i <= r:\n            z[i] = min(r - i + 1, z[i - l])\n        while i + z[i] < n and s[z[i]] == s[i + z[i]]:\n            z[i] += 1\n        if i + z[i] - 1 > r:\n            l, r = i, i + z[i] - 1\n    return z\n';
    const tree =
      'def build(xs):\n    n = len(xs)\n    t = [0] * n + xs\n    for i in range(n - 1, 0, -1):\n        t[i] = t[2 * i] + t[2 * i + 1]\n    return t\n';
    const mirror =
      'string pal(string s) {\n  for (int i = 0; i < s.size() / 2; ++i)\n    s[i] = s[s.size() - 1 - i] = min(s[i], s[s.size() - 1 - i]);\n  return s;\n}\n';
    const shift =
      'def insert(a):\n    for i in range(1, len(a)):\n        x = a[i]\n        j = i - 1\n        while j >= 0 and a[j] > x:\n            a[j + 1] = a[j]\n            j -= 1\n        a[j + 1] = x\n    return a\n';
    const powers =
      'def powers(n):\n    p = [1] * (n + 1)\n    for i in range(n):\n        p[i + 1] = p[i] * 2 % MOD\n    return p\n';
    for (const [code, language] of [
      [bfs, 'python'],
      [z, 'python'],
      [tree, 'python'],
      [mirror, 'cpp'],
      [shift, 'python'],
      [powers, 'python'],
    ] as const) {
      const concepts = await conceptsOf(code, language);
      assert.ok(!concepts.includes('dynamic programming'), code);
      assert.ok(!concepts.includes('prefix sums') || code === tree, code);
    }
  });
  it('union-find path compression is neither DP nor memoization', async () => {
    const find =
      'int find(vector<int>& parent, int x) {\n  if (parent[x] != x) parent[x] = find(parent, parent[x]);\n  return parent[x];\n}\n';
    const concepts = await conceptsOf(find, 'cpp');
    assert.ok(!concepts.includes('dynamic programming'));
    assert.ok(!concepts.includes('memoization'));
  });
});

describe('explain concepts: memoization is a cache, not any keyed table', () => {
  it('a DP table filled and returned, a distance array, a counter and a visited mark are no memoization', async () => {
    const table =
      'def climb(n):\n    dp = [1] * (n + 1)\n    for i in range(2, n + 1):\n        dp[i] = dp[i - 1] + dp[i - 2]\n    return dp[n]\n';
    const distances =
      'int shortest(vector<vector<int>>& adj, int s, int t) {\n  vector<int> dist(adj.size(), -1);\n  queue<int> q;\n  dist[s] = 0;\n  q.push(s);\n  while (!q.empty()) {\n    int u = q.front(); q.pop();\n    for (int v : adj[u]) if (dist[v] == -1) { dist[v] = dist[u] + 1; q.push(v); }\n  }\n  return dist[t];\n}\n';
    const visited =
      'def dfs(g, u, seen):\n    if seen[u]:\n        return\n    seen[u] = True\n    for v in g[u]:\n        dfs(g, v, seen)\n';
    for (const [code, language] of [
      [table, 'python'],
      [distances, 'cpp'],
      [visited, 'python'],
    ] as const)
      assert.ok(!(await has(code, language, 'memoization')), code);
  });
  it('a cache kept on the object across calls is memoization (JavaScript)', async () => {
    const cached =
      'class Prices {\n  constructor() { this.cache = new Map(); }\n  get(id) {\n    if (this.cache.has(id)) return this.cache.get(id);\n    const v = load(id);\n    this.cache.set(id, v);\n    return this.cache.get(id);\n  }\n}\n';
    assert.ok(await has(cached, 'javascript', 'memoization'));
  });
});

describe('explain concepts: two pointers and sliding windows from the writes in loops', () => {
  it('a variable window: an aggregate gains at the loop index and loses the element at a pointer', async () => {
    const longest =
      'def longest(s):\n    count = {}\n    left = best = 0\n    for right in range(len(s)):\n        count[s[right]] = count.get(s[right], 0) + 1\n        count[s[right]] += 0\n        while count[s[right]] > 1:\n            count[s[left]] -= 1\n            left += 1\n        best = max(best, right - left + 1)\n    return best\n';
    const concepts = await conceptsOf(longest, 'python');
    assert.ok(concepts.includes('sliding window'));
    assert.ok(concepts.includes('two pointers'));
    const cpp =
      'int f(vector<int>& a, int k) {\n  int best = 0;\n  long long sum = 0;\n  for (int i = 0, j = 0; j < a.size(); ++j) {\n    sum += a[j];\n    while (sum > k) sum -= a[i++];\n    best = max(best, j - i + 1);\n  }\n  return best;\n}\n';
    assert.ok(await has(cpp, 'cpp', 'sliding window'));
  });
  it('a fixed window: `total -= xs[i - k]` (JavaScript)', async () => {
    const fixed =
      'function maxSum(xs, k) { let total = 0, best = -Infinity; for (let i = 0; i < xs.length; i++) { total += xs[i]; if (i >= k) total -= xs[i - k]; if (i >= k - 1) best = Math.max(best, total); } return best; }';
    assert.ok(await has(fixed, 'javascript', 'sliding window'));
  });
  it('a slow pointer chasing the loop index over the same array (in-place compaction) is two pointers', async () => {
    const dedupe =
      'def dedupe(nums):\n    slow = 0\n    for fast in range(len(nums)):\n        if nums[fast] != nums[slow]:\n            slow += 1\n            nums[slow] = nums[fast]\n    return slow + 1\n';
    const concepts = await conceptsOf(dedupe, 'python');
    assert.ok(concepts.includes('two pointers'));
    assert.ok(!concepts.includes('sliding window'));
  });
  it('near misses: a run scan, counters stepping toward each other that index nothing, a mirrored copy, a greedy counter', async () => {
    const runs =
      'int runs(string s) {\n  int count = 0;\n  for (int i = 0; i < s.size();) {\n    int j = i;\n    for (; j < s.size() && s[j] == s[i]; ++j) {\n      count += s[j] - s[i];\n    }\n    i = j;\n  }\n  return count;\n}\n';
    const bottles =
      'int drink(int full, int need) {\n  int drunk = full;\n  while (full >= need) {\n    full -= need++;\n    ++drunk;\n    ++full;\n  }\n  return drunk;\n}\n';
    const mirror =
      'string mirror(string s, int l) {\n  string r(2 * l, 0);\n  for (int i = l - 1; i >= 0; --i) {\n    r[l++] = r[i];\n  }\n  return r;\n}\n';
    const groups =
      'def groups(limits):\n    result = curr = 0\n    for x in sorted(limits):\n        curr += x\n        if curr >= result + 1:\n            curr -= result + 1\n            result += 1\n    return result\n';
    for (const [code, language] of [
      [runs, 'cpp'],
      [bottles, 'cpp'],
      [mirror, 'cpp'],
      [groups, 'python'],
    ] as const) {
      const concepts = await conceptsOf(code, language);
      assert.ok(!concepts.includes('two pointers'), code);
      assert.ok(!concepts.includes('sliding window'), code);
    }
  });
});
