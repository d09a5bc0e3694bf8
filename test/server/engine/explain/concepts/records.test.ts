// The estimator's algorithm records re-checked against the shape that names the algorithm
// (concepts/records.ts): bucket loops are no graph traversal, a window pointer named `mid` is no
// binary search, and a statement after the loop undoes no choice.
import assert from 'node:assert/strict';
import { conceptsOf } from '../helpers';

describe('explain concepts: estimator records re-checked', () => {
  it('graph traversal needs a drained work list around the neighbour loop; bucket loops are none', async () => {
    const buckets =
      'def order(n, pairs):\n    right = [[] for _ in range(n)]\n    for l, r in pairs:\n        right[r].append(l)\n    total = 0\n    for r in range(n):\n        for l in right[r]:\n            total += r - l\n    return total\n';
    assert.ok(!(await conceptsOf(buckets, 'python')).includes('graph traversal'));
    const counting =
      "string spell(vector<int>& cnt) {\n  string out;\n  for (int i = 0; i < cnt.size(); ++i) {\n    for (int k = 0; k < cnt[i]; ++k) {\n      out.push_back('a' + i);\n    }\n  }\n  return out;\n}\n";
    assert.ok(!(await conceptsOf(counting, 'cpp')).includes('graph traversal'));
    const bfs =
      'from collections import deque\ndef reach(adj, s):\n    seen = {s}\n    q = deque([s])\n    while q:\n        u = q.popleft()\n        for v in adj[u]:\n            if v not in seen:\n                seen.add(v)\n                q.append(v)\n    return seen\n';
    assert.ok((await conceptsOf(bfs, 'python')).includes('graph traversal'));
    const levels =
      'def dist(adj, s, t):\n    seen = {s}\n    q = [s]\n    steps = 0\n    while q:\n        nq = []\n        for u in q:\n            if u == t:\n                return steps\n            for v in adj[u]:\n                if v not in seen:\n                    seen.add(v)\n                    nq.append(v)\n        q = nq\n        steps += 1\n    return -1\n';
    assert.ok((await conceptsOf(levels, 'python')).includes('graph traversal'));
  });
  it('binary search needs a midpoint of two ends; a window end named `mid` is none', async () => {
    const window =
      "int count(string w, int k) {\n  int res = 0, bad = 0;\n  for (int r = 0, l = 0, mid = 0; r < w.size(); ++r) {\n    bad += w[r] == 'x';\n    while (bad > k) {\n      bad -= w[l] == 'x';\n      mid = max(mid, ++l);\n    }\n    res += mid - l + 1;\n  }\n  return res;\n}\n";
    assert.ok(!(await conceptsOf(window, 'cpp')).includes('binary search'));
    const search =
      'int lower(vector<int>& a, int t) {\n  int lo = 0, hi = a.size();\n  while (lo < hi) {\n    int mid = lo + (hi - lo) / 2;\n    if (a[mid] < t) lo = mid + 1;\n    else hi = mid;\n  }\n  return lo;\n}\n';
    assert.ok((await conceptsOf(search, 'cpp')).includes('binary search'));
  });
  it('backtracking needs the choice undone inside its loop; a serialiser dropping a trailing comma is a tree walk', async () => {
    const serialise =
      'function str(o: unknown, out: string[]): void {\n  if (!Array.isArray(o)) {\n    out.push(String(o));\n    return;\n  }\n  out.push("[");\n  for (const x of o) {\n    str(x, out);\n    out.push(",");\n  }\n  if (o.length) {\n    out.pop();\n  }\n  out.push("]");\n}\n';
    assert.ok(!(await conceptsOf(serialise, 'typescript')).includes('backtracking'));
    const subsets =
      'function subsets(xs: number[], i: number, path: number[], out: number[][]): void {\n  out.push([...path]);\n  for (let j = i; j < xs.length; j++) {\n    path.push(xs[j]);\n    subsets(xs, j + 1, path, out);\n    path.pop();\n  }\n}\n';
    assert.ok((await conceptsOf(subsets, 'typescript')).includes('backtracking'));
  });
});
