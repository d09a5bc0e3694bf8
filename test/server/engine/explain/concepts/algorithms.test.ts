// Algorithm-level concepts come from the shapes the complexity estimator recognises, with near
// misses that must not report them.
import assert from 'node:assert/strict';
import { conceptsOf } from '../helpers';

describe('explain concepts: algorithm level', () => {
  it('binary search from a halving search loop; near miss: a plain scan', async () => {
    const bs =
      'def bs(a, t):\n    lo, hi = 0, len(a) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if a[mid] < t:\n            lo = mid + 1\n        else:\n            hi = mid - 1\n    return lo\n';
    assert.ok((await conceptsOf(bs, 'python')).includes('binary search'));
    const scan =
      'def find(a, t):\n    for i in range(len(a)):\n        if a[i] == t:\n            return i\n    return -1\n';
    assert.deepEqual(
      (await conceptsOf(scan, 'python')).filter((c) => /search|sort|traversal|pointers|window/.test(c)),
      [],
    );
  });
  it('graph traversal from a visited-guarded DFS; backtracking when the mark is undone', async () => {
    const dfs =
      'def reach(g, s):\n    seen = set()\n    def go(u):\n        if u in seen:\n            return\n        seen.add(u)\n        for v in g[u]:\n            go(v)\n    go(s)\n    return seen\n';
    const concepts = await conceptsOf(dfs, 'python');
    assert.ok(concepts.includes('graph traversal'));
    assert.ok(!concepts.includes('backtracking'));
    const perms =
      'def p(xs, used, path):\n    for i in range(len(xs)):\n        if used[i]:\n            continue\n        used[i] = True\n        p(xs, used, path)\n        used[i] = False\n';
    const back = await conceptsOf(perms, 'python');
    assert.ok(back.includes('backtracking'));
    assert.ok(!back.includes('graph traversal'));
  });
  it('divide and conquer and sorting from merge sort; sorting from a library sort', async () => {
    const ms =
      'function ms(a) {\n  if (a.length < 2) return a;\n  const mid = a.length >> 1;\n  return merge(ms(a.slice(0, mid)), ms(a.slice(mid)));\n}\nfunction merge(x, y) { const o = []; while (x.length && y.length) o.push(x[0] < y[0] ? x.shift() : y.shift()); return o.concat(x, y); }';
    assert.ok((await conceptsOf(ms, 'javascript')).includes('divide and conquer'));
    assert.ok(
      (await conceptsOf('function s(xs) { return [...xs].sort((a, b) => a - b); }', 'javascript')).includes(
        'sorting',
      ),
    );
  });
  it('two pointers and sliding window from their loops', async () => {
    const tp =
      'function pal(s) { let i = 0, j = s.length - 1; while (i < j) { if (s[i] !== s[j]) return false; i++; j--; } return true; }';
    assert.ok((await conceptsOf(tp, 'javascript')).includes('two pointers'));
    const sw =
      'def w(s, k):\n    left = 0\n    total = 0\n    best = 0\n    for right in range(len(s)):\n        total += s[right]\n        while left < right and total > k:\n            total -= s[left]\n            left += 1\n        best = max(best, right - left + 1)\n    return best\n';
    assert.ok((await conceptsOf(sw, 'python')).includes('sliding window'));
  });
  it('near miss: a KMP prefix function follows failure links, which is amortised but not a window', async () => {
    const kmp =
      'def prefix(p):\n    pi = [0] * len(p)\n    j = 0\n    for i in range(1, len(p)):\n        while j > 0 and p[i] != p[j]:\n            j = pi[j - 1]\n        if p[i] == p[j]:\n            j += 1\n        pi[i] = j\n    return pi\n';
    assert.ok(!(await conceptsOf(kmp, 'python')).includes('sliding window'));
  });
  it('a recursion in a loop the analyser cannot classify claims no algorithm concept', async () => {
    const walk =
      'def walk(grid, i, j):\n    total = grid[i][j]\n    for di, dj in ((0, 1), (1, 0)):\n        if i + di < len(grid) and j + dj < len(grid[0]):\n            total += walk(grid, i + di, j + dj)\n    return total\n';
    assert.ok(!(await conceptsOf(walk, 'python')).includes('backtracking'));
  });
});
