// Second round of recurrence shapes (concepts/recurrences.ts, rolling.ts): the readings the hand
// judgement of the fourth round found wrong, each with the shape that must keep its answer, and
// the DP shapes that had no claim (rolling variables, bitmask tables).
import assert from 'node:assert/strict';
import { conceptsOf } from '../helpers';

const algo = async (code: string, language: string) =>
  (await conceptsOf(code, language)).filter((c) => /prefix|dynamic/.test(c));

describe('explain concepts: recurrence shapes, second round', () => {
  it('a running product a constant stride behind is a prefix product; coin change (stride of a loop item) stays DP', async () => {
    const strided =
      'def apply(nums, k, MOD):\n    d = [1] * len(nums)\n    for i in range(len(nums)):\n        if i - k >= 0:\n            d[i] = (d[i] * d[i - k]) % MOD\n        nums[i] = nums[i] * d[i] % MOD\n    return nums\n';
    assert.deepEqual(await algo(strided, 'python'), ['prefix sums']);
    const coins =
      'def ways(coins, t):\n    dp = [1] + [0] * t\n    for c in coins:\n        for j in range(c, t + 1):\n            dp[j] += dp[j - c]\n    return dp[t]\n';
    assert.deepEqual(await algo(coins, 'python'), ['dynamic programming']);
  });
  it('power tables modulo a variable and capped factorials are closed forms, neither DP nor prefix sums', async () => {
    const pow =
      'def pows(n, k):\n    pow10 = [1] * (n + 1)\n    for i in range(n):\n        pow10[i + 1] = (pow10[i] * 10) % k\n    return pow10\n';
    assert.deepEqual(await algo(pow, 'python'), []);
    const capped =
      'def counts(n, k):\n    cnt = [1] * (n + 1)\n    for i in range(n):\n        cnt[i + 1] = min(cnt[i] * (i + 1), k)\n    return cnt\n';
    assert.deepEqual(await algo(capped, 'python'), []);
    const hashes =
      'def hashes(s, B, MOD):\n    prefix = [0] * (len(s) + 1)\n    for i in range(len(s)):\n        prefix[i + 1] = (prefix[i] * B + ord(s[i])) % MOD\n    return prefix\n';
    assert.deepEqual(await algo(hashes, 'python'), ['prefix sums']);
  });
  it('a prefix sum through a helper (`add(left[i][j - 1], f(x))`) is a prefix sum', async () => {
    const helper =
      'int f(vector<vector<int>>& g) {\n  vector<vector<int>> left(g.size(), vector<int>(g[0].size() + 1));\n  for (int i = 0; i < g.size(); ++i)\n    for (int j = 1; j <= g[0].size(); ++j)\n      left[i][j] = add(left[i][j - 1], factor(g[i][j - 1]));\n  return left[0][1];\n}\n';
    assert.deepEqual(await algo(helper, 'cpp'), ['prefix sums']);
  });
  it('a swap at a computed index moves elements: no DP', async () => {
    const rotate =
      'def rotate(nums, k, c):\n    for i in range(c):\n        for j in range(1, len(nums) // c):\n            nums[i], nums[(i - j * k) % len(nums)] = nums[(i - j * k) % len(nums)], nums[i]\n';
    assert.deepEqual(await algo(rotate, 'python'), []);
  });
  it("a DP table's carried row and running maximum are part of the DP, not prefix sums", async () => {
    const carried =
      'def best(items, K):\n    dp = [[0] * (K + 1) for _ in range(len(items) + 1)]\n    for i, (w, v) in enumerate(items):\n        for k in range(1, K + 1):\n            dp[i + 1][k] = max(dp[i][k], dp[i][k - 1] + v)\n            dp[i + 1][k] = max(dp[i + 1][k], dp[i + 1][k - 1])\n    return dp[-1][-1]\n';
    assert.deepEqual(await algo(carried, 'python'), ['dynamic programming']);
    const viaLocal =
      'def best(iv, K):\n    dp = [[0] * (K + 1) for _ in range(len(iv) + 1)]\n    for i in range(len(iv)):\n        j = iv[i][0]\n        for k in range(1, K + 1):\n            cand = dp[j][k - 1] + iv[i][1]\n            dp[i + 1][k] = max(dp[i][k], cand)\n    return dp[-1][-1]\n';
    assert.ok(!(await algo(viaLocal, 'python')).includes('prefix sums'));
  });
  it('an entry read ahead of a descending scan is the previous row: DP, not a prefix sum', async () => {
    const pascal =
      'def count(n, MOD):\n    dp = [0] * (n + 1)\n    dp[0] = 1\n    for i in range(n):\n        for j in reversed(range(i)):\n            dp[j + 1] = (dp[j + 1] + dp[j]) % MOD\n    return dp\n';
    assert.deepEqual(await algo(pascal, 'python'), ['dynamic programming']);
    const suffix =
      'int f(vector<int>& a) {\n  vector<int> s(a.size() + 1);\n  for (int i = a.size() - 1; i >= 0; --i) s[i] = s[i + 1] + a[i];\n  return s[0];\n}\n';
    assert.deepEqual(await algo(suffix, 'cpp'), ['prefix sums']);
  });
  it('DP over rolling variables; near misses: Euclid, a swap, the extended Euclid step', async () => {
    const fib =
      'def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n';
    assert.deepEqual(await algo(fib, 'python'), ['dynamic programming']);
    const rob =
      'def rob(nums):\n    prev, curr = 0, 0\n    for x in nums:\n        prev, curr = curr, max(curr, prev + x)\n    return curr\n';
    assert.deepEqual(await algo(rob, 'python'), ['dynamic programming']);
    const climb =
      'int climb(int n) {\n  int a = 1, b = 1;\n  for (int i = 2; i <= n; ++i) {\n    int c = a + b;\n    a = b;\n    b = c;\n  }\n  return b;\n}\n';
    assert.deepEqual(await algo(climb, 'cpp'), ['dynamic programming']);
    const gcd = 'def gcd(a, b):\n    while b:\n        a, b = b, a % b\n    return a\n';
    assert.deepEqual(await algo(gcd, 'python'), []);
    const swap = 'def flip(xs):\n    a, b = 0, 1\n    for x in xs:\n        a, b = b, a\n    return a\n';
    assert.deepEqual(await algo(swap, 'python'), []);
    const ext =
      'def inv(a, m):\n    x, y, r, s = 1, 0, a, m\n    while s:\n        q = r // s\n        r, s = s, r - q * s\n        x, y = y, x - q * y\n    return x\n';
    assert.deepEqual(await algo(ext, 'python'), []);
  });
  it('two transitions added into one cell are DP; rolling near misses: a chained reset, a search call', async () => {
    const good =
      'int good(int high, int zero, int one) {\n  vector<int> dp(high + 1);\n  dp[0] = 1;\n  for (int i = 1; i <= high; ++i) {\n    if (i >= zero) dp[i] = (dp[i] + dp[i - zero]) % MOD;\n    if (i >= one) dp[i] = (dp[i] + dp[i - one]) % MOD;\n  }\n  return dp[high];\n}\n';
    assert.deepEqual(await algo(good, 'cpp'), ['dynamic programming']);
    const chained =
      'def best(skill, mana):\n    res = 0\n    for i in range(1, len(mana)):\n        prefix = mx = 0\n        for x in skill:\n            prefix += x\n            mx = max(mx, mana[i - 1] * prefix - mana[i] * (prefix - x))\n        res += mx\n    return res\n';
    assert.deepEqual(await algo(chained, 'python'), []);
    const search =
      'def play(a, b):\n    i, j = 0, -1\n    for _ in range(len(a) + len(b)):\n        j = next((k for k in range(j + 1, len(b)) if b[k] > a[i]), len(b))\n        if j == len(b):\n            break\n        a, b, i, j = b, a, j, i\n    return i\n';
    assert.deepEqual(await algo(search, 'python'), []);
  });
  it('bitmask DP: a mask with a bit set, cleared or flipped; near miss: segment-tree children', async () => {
    const assign =
      'def assign(cost):\n    n = len(cost)\n    dp = [0] * (1 << n)\n    for mask in range(1, 1 << n):\n        k = bin(mask).count("1") - 1\n        for j in range(n):\n            if mask & (1 << j):\n                dp[mask] = max(dp[mask], dp[mask ^ (1 << j)] + cost[k][j])\n    return dp[-1]\n';
    assert.deepEqual(await algo(assign, 'python'), ['dynamic programming']);
    const bits =
      'def bits(n):\n    dp = [0] * (n + 1)\n    for i in range(1, n + 1):\n        dp[i] = dp[i & (i - 1)] + 1\n    return dp\n';
    assert.deepEqual(await algo(bits, 'python'), ['dynamic programming']);
    const tree =
      'def build(a):\n    n = len(a)\n    t = [0] * (2 * n)\n    t[n:] = a\n    for i in range(n - 1, 0, -1):\n        t[i] = t[i << 1] + t[i << 1 | 1]\n    return t\n';
    assert.deepEqual(await algo(tree, 'python'), []);
  });
});
