// Golden cases for each cause of wrong complexity claims (issue 16), each beside a near miss that
// must not trigger the same rule. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function unit(code: string, language: string, name: string) {
  const out = await explain(code, language);
  const found = out.details!.units.find((u) => u.name === name);
  assert.ok(found, `no unit ${name}`);
  return found;
}

async function claim(code: string, language: string, name: string): Promise<string | undefined> {
  return (await unit(code, language, name)).complexity;
}

describe('explain complexity: divide and conquer recurrences', () => {
  const mergeSort = `function sort(arr) {
  if (arr.length <= 1) return arr;
  const middleIndex = Math.floor(arr.length / 2);
  const left = sort(arr.slice(0, middleIndex));
  const right = sort(arr.slice(middleIndex));
  const out = [];
  let i = 0, j = 0;
  while (i < left.length && j < right.length) out.push(left[i] <= right[j] ? left[i++] : right[j++]);
  return out.concat(left.slice(i), right.slice(j));
}`;
  it('solves merge sort (halves named by a variable) with the Master theorem: O(n log n)', async () => {
    const u = await unit(mergeSort, 'javascript', 'sort');
    assert.equal(u.complexity, 'O(n log n)');
    assert.match(u.complexity_basis!, /T\(n\) = 2T\(n\/2\) \+ O\(n\) → O\(n log n\)/);
  });
  it('near miss: two calls on n - 1 stay exponential', async () => {
    const code =
      'def hanoi(n, a, b, c):\n    if n == 0:\n        return\n    hanoi(n - 1, a, c, b)\n    hanoi(n - 1, c, b, a)\n';
    assert.equal(await claim(code, 'python', 'hanoi'), 'O(2^n)');
  });
  it('binary search by recursion on mid: O(log n); near miss: shrinking by one is O(n)', async () => {
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
    assert.equal(await claim(search, 'python', 'find'), 'O(log n)');
    const scan =
      'def find(xs, lo, t):\n    if lo == len(xs):\n        return -1\n    if xs[lo] == t:\n        return lo\n    return find(xs, lo + 1, t)\n';
    assert.equal(await claim(scan, 'python', 'find'), 'O(n)');
  });
});

describe('explain complexity: visited-guarded traversal', () => {
  it('a DFS that marks and tests `seen` is O(V + E), not exponential', async () => {
    const dfs = `def count(graph, start):
    seen = set()
    def dfs(u):
        if u in seen:
            return
        seen.add(u)
        for v in graph[u]:
            dfs(v)
    dfs(start)
    return len(seen)
`;
    const u = await unit(dfs, 'python', 'dfs');
    assert.equal(u.complexity, 'O(n + m)');
    assert.match(u.complexity_basis!, /visits each item of `seen` once/);
  });
  it('a flood fill marking the grid in C++ is linear in the cells (rows × columns)', async () => {
    const fill = `void fill(vector<vector<char>>& grid, int i, int j) {
    if (i < 0 || j < 0 || grid[i][j] != '1') return;
    grid[i][j] = '0';
    fill(grid, i + 1, j);
    fill(grid, i - 1, j);
    fill(grid, i, j + 1);
    fill(grid, i, j - 1);
}`;
    assert.equal(await claim(fill, 'cpp', 'fill'), 'O(n*m)');
  });
  it('near miss: backtracking that unmarks after the call stays exponential', async () => {
    const perms = `def perms(xs, used, path, out):
    if len(path) == len(xs):
        out.append(path[:])
        return
    for i in range(len(xs)):
        if used[i]:
            continue
        used[i] = True
        path.append(xs[i])
        perms(xs, used, path, out)
        path.pop()
        used[i] = False
`;
    // Every level chooses among the items not used yet: n! (it was read as 2^n before the seventh round).
    assert.match((await claim(perms, 'python', 'perms'))!, /^O\(n\*n!\)$/);
  });
});

describe('explain complexity: loop bounds', () => {
  it('two pointers meeting in the middle are linear even when the body computes a half', async () => {
    const code = `function pal(s) {
  let lo = 0, hi = s.length - 1;
  const half = s.length / 2;
  while (lo < hi) { if (s[lo] !== s[hi]) return false; lo++; hi--; }
  return half >= 0;
}`;
    assert.equal(await claim(code, 'javascript', 'pal'), 'O(n)');
  });
  it('near miss: a search moving an end to mid is logarithmic', async () => {
    const code = `function bs(a, t) {
  let lo = 0, hi = a.length - 1;
  while (lo <= hi) { const mid = (lo + hi) >> 1; if (a[mid] < t) lo = mid + 1; else hi = mid - 1; }
  return lo;
}`;
    assert.equal(await claim(code, 'javascript', 'bs'), 'O(log n)');
  });
  it('i * i <= n is O(sqrt n); near miss i <= n is O(n)', async () => {
    assert.equal(
      await claim(
        'def prime(n):\n    i = 2\n    while i * i <= n:\n        if n % i == 0:\n            return False\n        i += 1\n    return True\n',
        'python',
        'prime',
      ),
      'O(sqrt(n))',
    );
    assert.equal(
      await claim(
        'int f(int n) { int s = 0; for (int i = 1; i * i <= n; ++i) s += i; return s; }',
        'cpp',
        'f',
      ),
      'O(sqrt(n))',
    );
    assert.equal(
      await claim('int f(int n) { int s = 0; for (int i = 1; i <= n; ++i) s += i; return s; }', 'cpp', 'f'),
      'O(n)',
    );
  });
  it('digit loops are O(log n); near miss: subtracting a constant is O(n)', async () => {
    assert.equal(
      await claim(
        'def digits(n):\n    s = 0\n    while n > 0:\n        s += n % 10\n        n //= 10\n    return s\n',
        'python',
        'digits',
      ),
      'O(log n)',
    );
    assert.equal(
      await claim(
        'function d(n) { let c = 0; while (n > 0) { n = Math.floor(n / 10); c++; } return c; }',
        'javascript',
        'd',
      ),
      'O(log n)',
    );
    assert.equal(
      await claim('def down(n):\n    while n > 0:\n        n -= 10\n    return n\n', 'python', 'down'),
      'O(n)',
    );
  });
});

describe('explain complexity: amortised loops', () => {
  it('a monotonic stack popped inside a loop is O(n) overall', async () => {
    const code = `def next_greater(nums):
    out = [-1] * len(nums)
    stk = []
    for i in range(len(nums)):
        while stk and nums[stk[-1]] < nums[i]:
            out[stk.pop()] = nums[i]
        stk.append(i)
    return out
`;
    const u = await unit(code, 'python', 'next_greater');
    assert.equal(u.complexity, 'O(n)');
  });
  it('a sliding window whose left pointer only advances is O(n); near miss: reset per pass is O(n^2)', async () => {
    const window = `def longest(s):
    seen = set()
    left = 0
    best = 0
    for right in range(len(s)):
        while s[right] in seen:
            seen.remove(s[left])
            left += 1
        seen.add(s[right])
        best = max(best, right - left + 1)
    return best
`;
    assert.equal(
      await claim(
        window.replace('while s[right] in seen', 'while left < right and s[right] in seen'),
        'python',
        'longest',
      ),
      'O(n)',
    );
    const reset = `def pairs(s):
    total = 0
    for i in range(len(s)):
        j = i
        while j < len(s):
            total += 1
            j += 1
    return total
`;
    assert.equal(await claim(reset, 'python', 'pairs'), 'O(n^2)');
  });
});

describe('explain complexity: composition and calls', () => {
  it('max(a, b) of two numbers inside a loop is constant; near miss: max(xs) scans xs', async () => {
    assert.equal(
      await claim(
        'def f(nums):\n    best = 0\n    for x in nums:\n        best = max(best, x)\n    return best\n',
        'python',
        'f',
      ),
      'O(n)',
    );
    assert.equal(
      await claim(
        'def f(nums, rows):\n    t = 0\n    for r in rows:\n        t += max(nums)\n    return t\n',
        'python',
        'f',
      ),
      'O(n*m)',
    );
  });
  it('std::min inside a method named min is not recursion; near miss: a real self-call is', async () => {
    const lib = 'int min(int a, int b, int c) { return std::min(a, std::min(b, c)); }';
    const out = await explain(lib, 'cpp');
    assert.equal(out.details!.units.find((u) => u.name === 'min')!.complexity, 'O(1)');
    assert.ok(!out.explanation.concepts.includes('recursion'));
    const self = 'int count(int n) { if (n == 0) return 0; return 1 + count(n - 1); }';
    assert.equal(await claim(self, 'cpp', 'count'), 'O(n)');
  });
  it('a call with another arity is an overload, not recursion', async () => {
    const code =
      'int sum(vector<int>& v) { return sum(v, 0); }\nint sum(vector<int>& v, int i) { return i == v.size() ? 0 : v[i] + sum(v, i + 1); }';
    const out = await explain(code, 'cpp');
    assert.ok(out.details!.units.every((u) => !/2\^/.test(u.complexity ?? '')));
  });
  it('exclusive branches that each return a recursive call count as one call', async () => {
    const code = `function pow(x, n) {
  if (n === 0) return 1;
  if (n % 2 === 0) { const half = pow(x, n / 2); return half * half; }
  else { return x * pow(x, n - 1); }
}`;
    assert.doesNotMatch((await claim(code, 'javascript', 'pow'))!, /2\^/);
  });
  it('says unknown with the reason rather than guessing a loop without a visible bound', async () => {
    const u = await unit(
      'def spin(q):\n    while True:\n        if q.ready():\n            break\n',
      'python',
      'spin',
    );
    assert.equal(u.complexity, 'unknown');
    assert.match(u.complexity_basis!, /until a `break`/);
  });
});
