// Golden cases for loop amortisation rules (loopCost.ts), each beside a near miss that must keep
// the multiplied cost. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf, explain } from '../helpers';

describe('explain complexity: an inner loop advancing the outer counter', () => {
  it('C++: `while (i < n && s[i] != c) ++i` inside `for (i...)` is one pass in all: O(n)', async () => {
    const code = `int words(const std::string& s) {
  int count = 0;
  for (int i = 0; i < s.size(); ++i) {
    bool any = false;
    while (i < s.size() && s[i] != ' ') {
      ++i;
      any = true;
    }
    if (any) ++count;
  }
  return count;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'words'), 'O(n)');
  });
  it('near miss: a Python for-each rebinds its counter, so an inner pointer starting anew is O(n²)', async () => {
    const code = `def pairs(xs):
    total = 0
    for i in range(len(xs)):
        j = 0
        while j < len(xs):
            total += xs[i] * xs[j]
            j += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'pairs'), 'O(n^2)');
  });
  it('`j = i; ...; i = j` (a run scanned once, then skipped) is amortised: O(n)', async () => {
    const code = `int runs(const std::vector<int>& a) {
  int result = 0;
  for (int i = 0; i < a.size();) {
    int j = i;
    for (; j < a.size() && a[j] == a[i]; ++j) {
      ++result;
    }
    i = j;
  }
  return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'runs'), 'O(n)');
  });
  it('`left = max(left, i + 1)` moves a window pointer forward, it does not reset it: O(n)', async () => {
    const code = `int window(const std::vector<int>& a) {
  int left = 0, best = 0;
  for (int i = 0; i < a.size(); ++i) {
    left = std::max(left, i + 1);
    while (left < a.size() && a[left] > a[i]) {
      ++left;
    }
    best = std::max(best, left - i);
  }
  return best;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'window'), 'O(n)');
  });
  it('a window `for (j = i - W; j < i; ++j)` of constant width is W passes, not i', async () => {
    const code = `long long smooth(const std::vector<int>& a) {
  static const int W = 3;
  long long total = 0;
  for (int i = 0; i < a.size(); ++i) {
    for (int j = i - W; j < i; ++j) {
      total += j;
    }
  }
  return total;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'smooth'), 'O(n)');
  });
});

describe('explain complexity: work-list loops', () => {
  it('an iterative DFS scanning `adj[u]` inside a branch of the popping loop is O(V + E)', async () => {
    const code = `def order(adj):
    out = []
    stk = [(1, 0)]
    while stk:
        step, u = stk.pop()
        if step == 1:
            stk.append((2, u))
            for v in reversed(adj[u]):
                stk.append((1, v))
        else:
            out.append(sum(1 for v in adj[u]))
    return out
`;
    const claim = await complexityOf(code, 'python', 'order');
    assert.ok(claim && !/\*|\^/.test(claim), `expected a sum of linear terms, got ${claim}`);
  });
  it('a level loop through a size alias (`int size = q.size(); i < size`) walks each level once', async () => {
    const code = `int levels(TreeNode* root) {
  std::queue<TreeNode*> q;
  q.emplace(root);
  int depth = 0;
  while (!q.empty()) {
    int size = q.size();
    for (int i = 0; i < size; ++i) {
      TreeNode* node = q.front();
      q.pop();
      if (node->left) q.emplace(node->left);
      if (node->right) q.emplace(node->right);
    }
    ++depth;
  }
  return depth;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'levels'), 'O(n)');
  });
  it("a BFS lambda that marks the caller's grid, called for every cell, is charged once: O(n·m)", async () => {
    const code = `int islands(std::vector<std::vector<int>>& grid) {
  const auto& bfs = [&](int r, int c) {
    std::vector<std::pair<int, int>> q = {{r, c}};
    grid[r][c] = 0;
    while (!q.empty()) {
      auto [x, y] = q.back();
      q.pop_back();
      if (x + 1 < grid.size() && grid[x + 1][y]) {
        grid[x + 1][y] = 0;
        q.emplace_back(x + 1, y);
      }
    }
  };
  int count = 0;
  for (int i = 0; i < grid.size(); ++i) {
    for (int j = 0; j < grid[0].size(); ++j) {
      if (grid[i][j]) {
        bfs(i, j);
        ++count;
      }
    }
  }
  return count;
}`;
    const out = await explain(code, 'cpp');
    const claim = out.details!.units.find((u) => u.name === 'islands')!.complexity!;
    assert.ok(/^O\(n\*m( \+ \w+)?\)$/.test(claim), claim);
  });
});

describe('explain complexity: amortised algorithms', () => {
  it('the linear sieve (mark `spf[i * p]`, break at the first dividing prime) is O(n)', async () => {
    const code = `def sieve(n):
    primes = []
    spf = [0] * (n + 1)
    for i in range(2, n + 1):
        if spf[i] == 0:
            spf[i] = i
            primes.append(i)
        for p in primes:
            if i * p > n or p > spf[i]:
                break
            spf[i * p] = p
    return primes
`;
    assert.equal(await complexityOf(code, 'python', 'sieve'), 'O(n)');
  });
  it('near miss: a loop over the primes without the break is not amortised', async () => {
    const code = `def multiples(n):
    primes = []
    marks = [0] * (n + 1)
    for i in range(2, n + 1):
        primes.append(i)
        for p in primes:
            marks[p] += 1
    return marks
`;
    assert.equal(await complexityOf(code, 'python', 'multiples'), 'O(n*m)');
  });
  it('counting sort: `for _ in range(cnt[i])` over counts raised once per element adds up to n', async () => {
    const code = `def counting_sort(xs, k):
    cnt = [0] * k
    for x in xs:
        cnt[x] += 1
    out = []
    for i in range(k):
        for _ in range(cnt[i]):
            out.append(i)
    return out
`;
    const claim = await complexityOf(code, 'python', 'counting_sort');
    // A sum of linear terms (the counts are sized as `cnt`), never a product of two sizes.
    assert.match(claim!, /^O\([a-z](?: \+ [a-z])*\)$/);
  });
});
