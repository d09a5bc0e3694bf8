// Golden cases for naming sizes (issue 16, fifth round): which loops and recursions grow with the
// input and which are fixed by the text, each beside a near miss that must keep its cost. Written
// here, not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf, explain } from '../helpers';

describe('explain complexity: recursion splitting a range at a computed point', () => {
  it('Python: building a tree from traversals, `(lo, i)` / `(i + 1, hi)`, is O(n), not O(2^n)', async () => {
    const code = `def build(order, index, lo, hi):
    if lo == hi:
        return None
    i = index[order[lo]]
    node = Node(order[lo])
    node.left = build(order, index, lo, i)
    node.right = build(order, index, i + 1, hi)
    return node
`;
    assert.equal(await complexityOf(code, 'python', 'build'), 'O(n)');
  });
  it('C++: closed ranges `(lo, p - 1)` / `(p + 1, hi)` with a linear partition: O(n²) worst case', async () => {
    const code = `int partition(std::vector<int>& a, int lo, int hi) {
  int p = lo;
  for (int i = lo; i < hi; ++i) if (a[i] < a[hi]) std::swap(a[i], a[p++]);
  std::swap(a[p], a[hi]);
  return p;
}
void quick(std::vector<int>& a, int lo, int hi) {
  if (lo >= hi) return;
  int p = partition(a, lo, hi);
  quick(a, lo, p - 1);
  quick(a, p + 1, hi);
}`;
    assert.equal(await complexityOf(code, 'cpp', 'quick'), 'O(n^2)');
  });
  // Sixth round: neither call steps a parameter by a constant (`i` is computed), so the number of
  // calls is not visible (split at one point, the ranges' leaves add up to n: linear, not 2^n) and
  // the claim is withheld rather than called exponential.
  it('near miss: two calls that overlap (`(lo, i)` / `(i, hi)` keeps the split point) are not a partition: withheld', async () => {
    const code = `def ways(lo, hi):
    if hi - lo < 2:
        return 1
    i = (lo * 7 + hi) % (hi - lo) + lo
    return ways(lo, i) + ways(i, hi)
`;
    // The sizes `i - lo` and `hi - i` are computed, not constant steps (states.test.ts).
    assert.equal(await complexityOf(code, 'python', 'ways'), 'unknown');
  });
});

describe('explain complexity: a loop bounded by the size of what it grows', () => {
  it('Python: `while len(out) < n: out.append(...)` on a local list is linear in n', async () => {
    const code = `def first_squares(n):
    out = []
    while len(out) < n:
        out.append(len(out) ** 2)
    return out
`;
    assert.equal(await complexityOf(code, 'python', 'first_squares'), 'O(n)');
  });
  it('C++: a table extended lazily is paid once over all calls, not once per pass of the caller', async () => {
    const code = `std::vector<long long> FACT = {1, 1};
long long factorial(int n) {
  while (FACT.size() <= n) {
    FACT.push_back(FACT.back() * FACT.size());
  }
  return FACT[n];
}
long long total(std::vector<int>& xs) {
  long long sum = 0;
  for (int i = 0; i < xs.size(); ++i) {
    sum += factorial(xs[i]);
  }
  return sum;
}`;
    const out = await explain(code, 'cpp');
    const total = out.details!.units.find((u) => u.name === 'total')!;
    assert.equal(total.complexity, 'O(n + m)');
    assert.match(
      out.details!.units.find((u) => u.name === 'factorial')!.complexity_basis!,
      /added once over all calls/,
    );
  });
  it('near miss: growth only under a condition bounds nothing: unknown', async () => {
    const code = `def fill(xs, n):
    out = []
    i = 0
    while len(out) < n:
        if xs[i % len(xs)] > 0:
            out.append(xs[i % len(xs)])
        i = i * 3 + 1
    return out
`;
    assert.equal(await complexityOf(code, 'python', 'fill'), 'unknown');
  });
});

describe('explain complexity: loops whose count the text fixes', () => {
  it('C++: a 3×3 window `max(r - 1, 0) .. min(r + 1, n - 1)` around a cell is O(1)', async () => {
    const code = `int around(std::vector<std::vector<int>>& g, int r, int c) {
  int n = g.size(), total = 0;
  for (int i = std::max(r - 1, 0); i <= std::min(r + 1, n - 1); ++i)
    for (int j = std::max(c - 1, 0); j <= std::min(c + 1, n - 1); ++j)
      total += g[i][j];
  return total;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'around'), 'O(1)');
  });
  it('Python: `range(min(x, 10))` and `range(max(0, r - 1), min(len(g), r + 2))` are O(1)', async () => {
    const code = `def capped(x, g, r):
    total = 0
    for i in range(min(x // 3, 10)):
        total += i
    for j in range(max(0, r - 1), min(len(g), r + 2)):
        total += g[j]
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'capped'), 'O(1)');
  });
  it("C++: bits of a word (`8 * sizeof(int)`) and letters (`c <= 'z'`) are fixed counts", async () => {
    const code = `int bits(std::vector<int>& nums) {
  int total = 0;
  for (int i = 0; i < 8 * sizeof(int); ++i)
    for (const auto& x : nums) total += (x >> i) & 1;
  for (char c = 'a'; c <= 'z'; ++c) total += c;
  return total;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'bits'), 'O(n)');
  });
  it('C++: `vector<int> dp(3)` copied and moved on each pass stays fixed: O(n)', async () => {
    const code = `int best(std::vector<int>& nums) {
  std::vector<int> dp(3);
  for (const auto& x : nums) {
    std::vector<int> next(dp);
    for (const auto& v : dp) next[(v + x) % 3] = std::max(next[(v + x) % 3], v + x);
    dp = std::move(next);
  }
  return dp[0];
}`;
    assert.equal(await complexityOf(code, 'cpp', 'best'), 'O(n)');
  });
  it('near misses: a window open on one side, and a vector sized by the input, still grow', async () => {
    const py = `def upto(g, r):
    total = 0
    for j in range(max(0, r - 1), len(g)):
        total += g[j]
    return total
`;
    assert.equal(await complexityOf(py, 'python', 'upto'), 'O(n)');
    const cpp = `int pairs(std::vector<int>& nums) {
  std::vector<int> dp(nums.size());
  int total = 0;
  for (const auto& x : nums)
    for (const auto& v : dp) total += v * x;
  return total;
}`;
    assert.equal(await complexityOf(cpp, 'cpp', 'pairs'), 'O(n*m)');
  });
});

describe('explain complexity: hashed fields reached through another instance', () => {
  it('C++: `p->leaves.find(c)` on an `unordered_map` field of the node struct is O(1)', async () => {
    const code = `struct TrieNode {
  bool end = false;
  std::unordered_map<char, TrieNode*> leaves;
};
void insert(TrieNode* root, const std::string& s) {
  auto* p = root;
  for (const auto& c : s) {
    if (p->leaves.find(c) == p->leaves.end()) p->leaves[c] = new TrieNode;
    p = p->leaves[c];
  }
  p->end = true;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'insert'), 'O(n)');
  });
  it('near miss: a `vector` field searched with `std::find` is still a scan', async () => {
    const code = `struct Node {
  std::vector<int> items;
};
int hits(Node* p, const std::vector<int>& xs) {
  int total = 0;
  for (const auto& x : xs)
    if (std::find(p->items.begin(), p->items.end(), x) != p->items.end()) ++total;
  return total;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'hits'), 'O(n*m)');
  });
});

describe('explain complexity: amortised pointer work the loop header does not show', () => {
  it('Python: a union-find climb whose function re-points the path through a stack is amortised O(1)', async () => {
    const code = `class UnionFind(object):
    def __init__(self, n):
        self.set = list(range(n))

    def find_set(self, x):
        stk = []
        while self.set[x] != x:
            stk.append(x)
            x = self.set[x]
        while stk:
            self.set[stk.pop()] = x
        return x
`;
    const out = await explain(code, 'python');
    const find = out.details!.units.find((u) => u.name === 'find_set')!;
    assert.equal(find.complexity, 'O(1)');
    assert.match(find.complexity_basis!, /path compression/);
  });
  it('near miss: a climb that never re-points `parent` is linear', async () => {
    const code = `def root(parent, x):
    while parent[x] != x:
        x = parent[x]
    return x
`;
    assert.equal(await complexityOf(code, 'python', 'root'), 'O(n)');
  });
  it('Python: Morris in-order traversal (the spine is threaded back to `curr`) is O(n)', async () => {
    const code = `def inorder(root):
    result, curr = [], root
    while curr:
        if curr.left is None:
            result.append(curr.val)
            curr = curr.right
        else:
            node = curr.left
            while node.right and node.right != curr:
                node = node.right
            if node.right is None:
                node.right = curr
                curr = curr.left
            else:
                result.append(curr.val)
                node.right = None
                curr = curr.right
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'inorder'), 'O(n)');
  });
  it('near miss: an inner walk down the spine that threads nothing is repeated per outer step', async () => {
    const code = `def spines(root):
    total, curr = 0, root
    while curr:
        node = curr
        while node.right:
            node = node.right
            total += 1
        curr = curr.left
    return total
`;
    // Without the thread the walk is not shared out: one walk down the spine per outer step (its
    // link test is read as a link walk since the sixteenth round; before, it gave no bound).
    assert.equal(await complexityOf(code, 'python', 'spines'), 'O(n*m)');
  });
});

describe('explain complexity: expansions bounded by a moving window, streams read to the end', () => {
  it('Python: the Z-function (`z[i] = min(r - i + 1, z[i - l])`, extend, move `r`) is O(n)', async () => {
    const code = `def z_function(s):
    z = [0] * len(s)
    l, r = 0, 0
    for i in range(1, len(z)):
        if i <= r:
            z[i] = min(r - i + 1, z[i - l])
        while i + z[i] < len(z) and s[z[i]] == s[i + z[i]]:
            z[i] += 1
        if i + z[i] - 1 > r:
            l, r = i, i + z[i] - 1
    return z
`;
    assert.equal(await complexityOf(code, 'python', 'z_function'), 'O(n)');
  });
  it('near miss: extending `z[i]` from zero at every `i` (no window) is not shared out', async () => {
    const code = `def naive_z(s):
    z = [0] * len(s)
    for i in range(1, len(z)):
        while i + z[i] < len(z) and s[z[i]] == s[i + z[i]]:
            z[i] += 1
    return z
`;
    assert.equal(await complexityOf(code, 'python', 'naive_z'), 'unknown');
  });
  it('C++: `while (getline(ss, token, delim))` reads each part of the stream once: O(n)', async () => {
    const code = `std::vector<std::string> split(const std::string& s, char delim) {
  std::vector<std::string> tokens;
  std::stringstream ss(s);
  std::string token;
  while (std::getline(ss, token, delim)) {
    if (!token.empty()) tokens.push_back(token);
  }
  return tokens;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'split'), 'O(n)');
  });
});

describe('explain complexity: Python 2 dictionary views', () => {
  it('`itervalues()` of buckets filled by appends is one pass over all entries (m), as `values()` is', async () => {
    const code = `def spans(nums):
    lookup = {}
    for i, x in enumerate(nums):
        lookup.setdefault(x, []).append(i)
    total = 0
    for idxs in lookup.itervalues():
        for i in idxs:
            total += i
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'spans'), 'O(n + m)');
    assert.equal(await complexityOf(code.replace('itervalues', 'values'), 'python', 'spans'), 'O(n + m)');
  });
  // Seventh round: each pass scans its own row, so the rows add up to their total (itemTotals.ts),
  // without the bucket rule: O(L + n), L the total size of the rows.
  it('near miss: a grid of rows is no bucket collection, its `iteritems()` loop sums its rows', async () => {
    const code = `def cells(grid):
    total = 0
    for r, row in grid.iteritems():
        for c in row:
            total += c
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'cells'), 'O(L + n)');
  });
});
