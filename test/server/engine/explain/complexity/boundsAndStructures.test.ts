// Golden cases for the second round of issue 16 causes: loop bounds beyond plain counters, O(log n)
// library and structure operations, literal-sized collections, append-filled buckets, classes used
// through an instance, union-find, re-dispatching recursion and traversals sharing a visited mark.
// Each rule has a near miss that must not trigger it. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { counterBound } from '../../../../../server/src/engine/explain/extract/bounds';
import { whileBound } from '../../../../../server/src/engine/explain/extract/whileBound';
import { complexityOf, explain } from '../helpers';

const GCD = `def gcd(a, b):
    while b:
        a, b = b, a % b
    return a`;

const DIGITS = `def digit_sum(n):
    total = 0
    while n:
        n, r = divmod(n, 10)
        total += r
    return total`;

const LINKS = `int length(ListNode* head) {
    int count = 0;
    for (ListNode* curr = head; curr; curr = curr->next) {
        ++count;
    }
    return count;
}

int depth(TreeNode* root, int val) {
    int d = 0;
    TreeNode* curr = root;
    while (curr) {
        ++d;
        curr = val < curr->val ? curr->left : curr->right;
    }
    return d;
}`;

const WINDOW = `int pairs(vector<int>& nums, int k) {
    int j = 0, result = 0;
    for (int i = 0; i < size(nums); ++i) {
        for (; j < size(nums) && nums[j] - nums[i] <= k; ++j) {
        }
        result += j - i - 1;
    }
    return result;
}

int adjacent(string& s) {
    int result = 0;
    for (int i = 0; i + 1 < size(s); ++i) {
        result += s[i] == s[i + 1];
    }
    return result;
}

int distinct(vector<int>& nums) {
    unordered_set<int> seen;
    for (int x : nums) {
        seen.insert(x);
    }
    return size(seen);
}`;

const HEAP = `import heapq

def k_smallest(values, k):
    heap = []
    for v in values:
        heapq.heappush(heap, -v)
        if len(heap) > k:
            heapq.heappop(heap)
    return sorted(-x for x in heap)`;

const BISECT = `import bisect

def count_smaller(sorted_xs, queries):
    result = []
    for q in queries:
        result.append(bisect.bisect_left(sorted_xs, q))
    return result`;

const PQ = `int lastStone(vector<int>& stones) {
    priority_queue<int> pq;
    for (int s : stones) {
        pq.push(s);
    }
    return pq.top();
}`;

const FIXED = `DIRECTIONS = [(0, 1), (1, 0), (0, -1), (-1, 0)]
ALPHABET_SIZE = 26

def neighbours(cells):
    out = []
    for r, c in cells:
        for dr, dc in DIRECTIONS:
            out.append((r + dr, c + dc))
    return out

def letter_counts(words):
    total = 0
    for w in words:
        for i in range(ALPHABET_SIZE):
            total += i
    return total`;

const BUCKETS = `def out_degrees(n, edges):
    adj = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
    total = 0
    for u in range(n):
        for v in adj[u]:
            total += v
    return total`;

const FENWICK = `class Fenwick(object):
    def __init__(self, n):
        self.tree = [0] * (n + 1)

    def add(self, i, delta):
        i += 1
        while i < len(self.tree):
            self.tree[i] += delta
            i += i & -i

    def prefix(self, i):
        total = 0
        while i > 0:
            total += self.tree[i]
            i -= i & -i
        return total


def inversions(nums):
    fen = Fenwick(len(nums))
    count = 0
    for x in reversed(nums):
        count += fen.prefix(x)
        fen.add(x, 1)
    return count`;

const UNIONFIND = `def components(n, edges):
    parent = list(range(n))

    def find(x):
        if parent[x] != x:
            parent[x] = find(parent[x])
        return parent[x]

    for u, v in edges:
        parent[find(u)] = find(v)
    return len({find(x) for x in range(n)})


def find_root(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x`;

const SWAP = `def common(a, b):
    if len(a) < len(b):
        return common(b, a)
    count = 0
    for x in a:
        for y in b:
            if x == y:
                count += 1
    return count`;

const ISLANDS = `def count_islands(grid):
    def sink(i, j):
        if i < 0 or j < 0 or i >= len(grid) or j >= len(grid[0]) or grid[i][j] != '1':
            return
        grid[i][j] = '0'
        sink(i + 1, j)
        sink(i - 1, j)
        sink(i, j + 1)
        sink(i, j - 1)

    islands = 0
    for i in range(len(grid)):
        for j in range(len(grid[0])):
            if grid[i][j] == '1':
                islands += 1
                sink(i, j)
    return islands`;

const FRESH = `def reach_counts(graph, starts):
    def visit(u, seen):
        if u in seen:
            return
        seen.add(u)
        for v in graph[u]:
            visit(v, seen)

    total = 0
    for s in starts:
        seen = set()
        visit(s, seen)
        total += len(seen)
    return total`;

async function basis(code: string, language: string, name: string): Promise<string> {
  const out = await explain(code, language);
  return out.details!.units.find((u) => u.name === name)?.complexity_basis ?? '';
}

describe('explain complexity: loop bounds beyond plain counters', () => {
  it('reads a shifted or scaled counter (i + 1 < size(s), 2 * i < n) as linear', () => {
    const shifted = counterBound('int i = 0', 'i + 1 < size(s)', '++i');
    assert.equal(shifted.kind, 'linear');
    assert.equal(shifted.kind === 'linear' && shifted.key, 's');
    assert.equal(counterBound('int i = 0', '2 * i < n', '++i').kind, 'linear');
    // A limit that moves with the counter is not a fixed bound.
    assert.equal(counterBound('int i = 0', 'i + 1 < i * k', '++i').kind, 'unknown');
  });
  it('uses the conjunct that bounds a for loop, and continues a pointer without initialiser', () => {
    const b = counterBound('', 'j < size(nums) && nums[j] <= x', '++j');
    assert.equal(b.kind, 'linear');
    assert.equal(b.kind === 'linear' && b.amortised, 'pointer');
    const reset = counterBound('int j = 0', 'j < size(nums) && nums[j] <= x', '++j');
    assert.equal(reset.kind === 'linear' && reset.amortised, undefined);
  });
  it('counts `while (k--)` down, and a bare `while n:` that steps n by one', () => {
    assert.equal(whileBound('k--', 'sum += k;').kind, 'linear');
    assert.equal(whileBound('n', 'n -= 1').kind, 'linear');
    assert.equal(whileBound('n', 'n = step(n)').kind, 'unknown');
  });
  it('reads Euclid, divmod digits and Fenwick steps as logarithmic', async () => {
    assert.equal(await complexityOf(GCD, 'python', 'gcd'), 'O(log n)');
    assert.equal(await complexityOf(DIGITS, 'python', 'digit_sum'), 'O(log n)');
    assert.equal(whileBound('i < len(tree)', 'tree[i] += d\ni += i & -i').kind, 'log');
    assert.equal(whileBound('i > 0', 'total += tree[i]\ni -= lowbit(i)').kind, 'log');
    // A remainder by a constant does not shrink the tested variable.
    assert.equal(whileBound('b', 'a = b % 2').kind, 'unknown');
  });
  it('walks links one node per pass (lists, one path down a tree), and for loops over ->next', async () => {
    assert.equal(await complexityOf(LINKS, 'cpp', 'length'), 'O(n)');
    assert.equal(await complexityOf(LINKS, 'cpp', 'depth'), 'O(n)');
    assert.equal(whileBound('curr', 'total += curr.val').kind, 'unknown');
  });
  it('keeps a window pointer amortised and an offset counter linear in C++', async () => {
    assert.equal(await complexityOf(WINDOW, 'cpp', 'pairs'), 'O(n)');
    assert.equal(await complexityOf(WINDOW, 'cpp', 'adjacent'), 'O(n)');
  });
});

describe('explain complexity: O(log n) operations', () => {
  it('charges heap pushes and pops O(log n)', async () => {
    // (the closing `sorted(-x for x in heap)` sorts the heap's entries: m log m since the
    // twenty-third round, when a sort of one comprehension stopped being free)
    assert.equal(await complexityOf(HEAP, 'python', 'k_smallest'), 'O(n log m + m log m)');
    assert.match(await basis(HEAP, 'python', 'k_smallest'), /`heappush` is O\(log n\)/);
  });
  it('charges bisect O(log n) per query', async () => {
    assert.equal(await complexityOf(BISECT, 'python', 'count_smaller'), 'O(n log m)');
  });
  it('knows a C++ priority_queue declared by type, and a one-argument insert into an unordered_set is O(1)', async () => {
    assert.equal(await complexityOf(PQ, 'cpp', 'lastStone'), 'O(n log m)');
    assert.equal(await complexityOf(WINDOW, 'cpp', 'distinct'), 'O(n)');
  });
  it('searches a SortedList in O(log n), a plain list in O(n)', async () => {
    const code = `from sortedcontainers import SortedList

def hits(xs, qs):
    sl = SortedList(xs)
    return sum(1 for q in qs if q in sl)

def hits_list(xs, qs):
    found = 0
    for q in qs:
        if q in xs:
            found += 1
    return found`;
    assert.equal(await complexityOf(code, 'python', 'hits_list'), 'O(n*m)');
    const out = await explain(
      `from sortedcontainers import SortedList\n\ndef hits(xs, qs):\n    sl = SortedList(xs)\n    found = 0\n    for q in qs:\n        if q in sl:\n            found += 1\n    return found\n`,
      'python',
    );
    assert.equal(out.details!.units.find((u) => u.name === 'hits')?.complexity, 'O(n log m)');
  });
});

describe('explain complexity: sizes that do not grow with the input', () => {
  it('treats loops over literal-sized constants as O(1)', async () => {
    assert.equal(await complexityOf(FIXED, 'python', 'neighbours'), 'O(n)');
    assert.equal(await complexityOf(FIXED, 'python', 'letter_counts'), 'O(n)');
  });
  it('does not treat a literal that is later grown, or an empty one, as fixed', async () => {
    const code = `BASE = [1, 2]

def grow(xs):
    BASE.append(len(xs))
    total = 0
    for x in xs:
        for b in BASE:
            total += b * x
    return total`;
    assert.equal(await complexityOf(code, 'python', 'grow'), 'O(n*m)');
  });
  it('scans each append-filled bucket once: O(V + E), not O(V·E)', async () => {
    assert.equal(await complexityOf(BUCKETS, 'python', 'out_degrees'), 'O(n + m + k)');
    // A grid is not filled by appends, but each pass scans its own row: the rows' total, O(L + n)
    // (seventh round, itemTotals.ts), not rows × one row's size.
    const grid = `def total(grid):
    s = 0
    for i in range(len(grid)):
        for x in grid[i]:
            s += x
    return s`;
    assert.equal(await complexityOf(grid, 'python', 'total'), 'O(L + n)');
  });
});

describe('explain complexity: structures and recursion shapes', () => {
  it('charges the methods of a class of the file called on an instance (Fenwick tree)', async () => {
    assert.equal(await complexityOf(FENWICK, 'python', 'inversions'), 'O(n log m)');
    assert.equal(await complexityOf(FENWICK, 'python', 'add'), 'O(log n)');
  });
  it('treats union-find with path compression alone (no union by size or rank) as amortised O(log n) per find', async () => {
    assert.equal(await complexityOf(UNIONFIND, 'python', 'find'), 'O(log n)');
    assert.equal(await complexityOf(UNIONFIND, 'python', 'find_root'), 'O(1)');
    assert.match(await basis(UNIONFIND, 'python', 'find'), /path compression/);
    // Without compression a climb can pass every element.
    const plain = `def find(parent, x):
    while parent[x] != x:
        x = parent[x]
    return x`;
    assert.equal(await complexityOf(plain, 'python', 'find'), 'O(n)');
  });
  it('reads a call that only swaps the parameters as a re-dispatch, not recursion depth', async () => {
    assert.equal(await complexityOf(SWAP, 'python', 'common'), 'O(n*m)');
  });
  it('adds a traversal sharing its visited mark once, not once per loop pass', async () => {
    assert.equal(await complexityOf(ISLANDS, 'python', 'count_islands'), 'O(n*m)');
    // A mark created anew in the loop gives every call a fresh traversal.
    assert.equal(await complexityOf(FRESH, 'python', 'reach_counts'), 'O(n*m + n*k)');
  });
});
