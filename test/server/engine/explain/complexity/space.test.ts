// Golden cases for extra-space estimates (space.ts): DP tables by their dimensions, collections
// grown in loops, call-stack depth, and in-place code. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function space(code: string, language: string, name: string) {
  const out = await explain(code, language);
  const unit = out.details!.units.find((u) => u.name === name);
  assert.ok(unit, `no unit ${name}`);
  return {
    claim: unit.space_complexity,
    basis: unit.space_basis ?? '',
    text: out.explanation.performance_impact,
  };
}

describe('explain space complexity', () => {
  it('a DP table `[[0] * (m + 1) for _ in range(n + 1)]` is O(n·m), said with its basis', async () => {
    const code = `def lcs(a, b):
    dp = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a)):
        for j in range(len(b)):
            dp[i + 1][j + 1] = dp[i][j] + 1 if a[i] == b[j] else max(dp[i][j + 1], dp[i + 1][j])
    return dp[-1][-1]
`;
    const s = await space(code, 'python', 'lcs');
    assert.equal(s.claim, 'O(n*m)');
    assert.match(s.basis, /allocates/);
    assert.match(s.text, /Extra space O\(n·m\)/);
  });
  it('C++: `vector<vector<int>> dp(n, vector<int>(m))` is O(n·m); `vector<int> cnt(26)` is O(1)', async () => {
    const code = `int paths(int n, int m) {
  std::vector<int> cnt(26);
  std::vector<std::vector<int>> dp(n, std::vector<int>(m, 1));
  return dp[n - 1][m - 1] + cnt[0];
}`;
    assert.equal((await space(code, 'cpp', 'paths')).claim, 'O(n*m)');
  });
  it('a list appended once per element, and a counter keyed per element, are O(n)', async () => {
    const evens =
      'def evens(xs):\n    out = []\n    for x in xs:\n        if x % 2 == 0:\n            out.append(x)\n    return out\n';
    assert.equal((await space(evens, 'python', 'evens')).claim, 'O(n)');
    const counts =
      'def counts(xs):\n    cnt = {}\n    for x in xs:\n        cnt[x] = cnt.get(x, 0) + 1\n    return cnt\n';
    assert.equal((await space(counts, 'python', 'counts')).claim, 'O(n)');
  });
  it('recursion keeps one frame per level: linear recursion O(n), binary search by halving O(log n)', async () => {
    const sum =
      'def total(xs, i):\n    if i == len(xs):\n        return 0\n    return xs[i] + total(xs, i + 1)\n';
    assert.equal((await space(sum, 'python', 'total')).claim, 'O(n)');
    const search = `def find(xs, lo, hi, t):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if xs[mid] == t:
        return mid
    if xs[mid] < t:
        return find(xs, mid + 1, hi, t)
    return find(xs, lo, mid - 1, t)
`;
    const s = await space(search, 'python', 'find');
    assert.equal(s.claim, 'O(log n)');
    assert.match(s.basis, /call stack/);
  });
  it('in-place code (swaps in the input) is O(1)', async () => {
    const code =
      'function reverse(a) {\n  for (let i = 0, j = a.length - 1; i < j; i++, j--) {\n    const t = a[i];\n    a[i] = a[j];\n    a[j] = t;\n  }\n  return a;\n}\n';
    assert.equal((await space(code, 'javascript', 'reverse')).claim, 'O(1)');
  });
});
