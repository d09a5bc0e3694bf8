// Golden cases for the eighth round (issue 16): what a memo table's keys are made of. A key built
// in a local (`key = (i, j)`), an argument held in a local (`int x = i + dirs[d]`), a key given
// computed values, a memoized search whose argument is a looked-up value, and loops over what a
// recursive call returns. Each cause was found on the development halves of kamyu104 and
// doocs/leetcode and is written here as small code of our own, beside near misses that must keep
// their answer.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

describe('explain complexity: memo keys built in a local', () => {
  it('a key `List.of(i, j)` stored with `put` counts two indexes (Java)', async () => {
    const code = `class Merge {
    private Map<List<Integer>, Boolean> seen = new HashMap<>();
    private String a, b, c;
    boolean can(int i, int j) {
        if (i == a.length() && j == b.length()) return true;
        var key = List.of(i, j);
        if (seen.containsKey(key)) return seen.get(key);
        boolean ok = false;
        if (i < a.length() && a.charAt(i) == c.charAt(i + j) && can(i + 1, j)) ok = true;
        if (!ok && j < b.length() && b.charAt(j) == c.charAt(i + j) && can(i, j + 1)) ok = true;
        seen.put(key, ok);
        return ok;
    }
}`;
    assert.equal((await unitOf(code, 'java', 'can')).complexity, 'O(n*m)');
  });
  it('a tuple key held in a local counts its parts (Python)', async () => {
    const code = `class Walker:
    def ways(self, grid, r, c, memo):
        if r == len(grid) - 1 and c == len(grid[0]) - 1:
            return 1
        key = (r, c)
        if key in memo:
            return memo[key]
        total = 0
        if r + 1 < len(grid):
            total += self.ways(grid, r + 1, c, memo)
        if c + 1 < len(grid[0]):
            total += self.ways(grid, r, c + 1, memo)
        memo[key] = total
        return total
`;
    assert.equal((await unitOf(code, 'python', 'ways')).complexity, 'O(n*m)');
  });
  it('near miss: a key of one index stored with `put` stays one size (Java)', async () => {
    const code = `class Stairs {
    private Map<Integer, Long> memo = new HashMap<>();
    long climb(int i) {
        if (i <= 1) return 1;
        if (memo.containsKey(i)) return memo.get(i);
        long r = climb(i - 1) + climb(i - 2);
        memo.put(i, r);
        return r;
    }
}`;
    assert.equal((await unitOf(code, 'java', 'climb')).complexity, 'O(n)');
  });
});

describe('explain complexity: memo arguments held in locals', () => {
  it('`int x = i + dirs[d]` passed to a memoized walk steps from `i`: rows × cols × moves (Java)', async () => {
    const code = `class Walks {
    private int rows, cols;
    private Integer[][][] memo;
    int count(int i, int j, int left) {
        if (i < 0 || i >= rows || j < 0 || j >= cols) return 1;
        if (left == 0) return 0;
        if (memo[i][j][left] != null) return memo[i][j][left];
        int[] dirs = {-1, 0, 1, 0, -1};
        int total = 0;
        for (int d = 0; d < 4; ++d) {
            int x = i + dirs[d], y = j + dirs[d + 1];
            total += count(x, y, left - 1);
        }
        return memo[i][j][left] = total;
    }
}`;
    assert.match((await unitOf(code, 'java', 'count')).complexity!, /^O\(n\*m\*k\)$/);
  });
});

describe('explain complexity: memo keys whose values are not visible', () => {
  it('a memo keyed by a number the calls compute (`dfs(v - p)`) is unknown, with the reason (Java)', async () => {
    const code = `class Ops {
    private int base;
    private Map<Integer, Integer> memo = new HashMap<>();
    int cost(int v) {
        if (v < base) return v;
        if (memo.containsKey(v)) return memo.get(v);
        long p = base;
        while (p * base <= v) p *= base;
        int best = 1 + cost(v - (int) p);
        if (p * base - v < v) best = Math.min(best, 2 + cost((int) (p * base) - v));
        memo.put(v, best);
        return best;
    }
}`;
    const u = await unitOf(code, 'java', 'cost');
    assert.equal(u.complexity, 'unknown');
    assert.match(u.complexity_basis!, /computed values/);
  });
  it('near miss: a memo keyed by `n` with calls on `n - 1` and `n - 2` stays linear (Python)', async () => {
    const code = `class Fib:
    def fib(self, n, memo):
        if n < 2:
            return n
        if n in memo:
            return memo[n]
        memo[n] = self.fib(n - 1, memo) + self.fib(n - 2, memo)
        return memo[n]
`;
    assert.equal((await unitOf(code, 'python', 'fib')).complexity, 'O(n)');
  });
  it('near miss: an array memo sized by the input bounds computed keys (`dfs(i + step)`) (Java)', async () => {
    const code = `class Builds {
    private int[] memo;
    private int top, a, b;
    int ways(int high, int a, int b) {
        memo = new int[high + 1];
        Arrays.fill(memo, -1);
        top = high;
        this.a = a;
        this.b = b;
        return go(0);
    }
    private int go(int i) {
        if (i > top) return 0;
        if (memo[i] != -1) return memo[i];
        memo[i] = 1 + go(i + a) + go(i + b);
        return memo[i];
    }
}`;
    assert.equal((await unitOf(code, 'java', 'go')).complexity, 'O(n)');
  });
  it('a memoized search passing a looked-up index is unknown, not exponential (Java)', async () => {
    const code = `class Hops {
    private Boolean[][] memo;
    private Map<Integer, Integer> at = new HashMap<>();
    private int[] spots;
    boolean reach(int i, int k) {
        if (i == spots.length - 1) return true;
        if (memo[i][k] != null) return memo[i][k];
        for (int s = k - 1; s <= k + 1; ++s) {
            if (s > 0 && at.containsKey(spots[i] + s) && reach(at.get(spots[i] + s), s)) {
                return memo[i][k] = true;
            }
        }
        return memo[i][k] = false;
    }
}`;
    const u = await unitOf(code, 'java', 'reach');
    assert.equal(u.complexity, 'unknown');
    assert.match(u.complexity_basis!, /memoized/);
  });
  it('near miss: a memoized loop over later positions (`dfs(j + 1)`) counts positions × loop (Python)', async () => {
    const code = `from functools import cache
class Cuts:
    def best(self, xs):
        n = len(xs)
        @cache
        def dfs(i):
            if i == n:
                return 0
            top = 0
            for j in range(i, n):
                top = max(top, xs[j] + dfs(j + 1))
            return top
        return dfs(0)
`;
    assert.equal((await unitOf(code, 'python', 'dfs')).complexity, 'O(n^2)');
  });
});

describe('explain complexity: loops over what a recursive call returns', () => {
  it('combining the results of two memoized recursive calls is unknown: their number is the output size (Python)', async () => {
    const code = `class Shapes:
    def __init__(self):
        self.memo = {1: [1]}

    def build(self, n):
        if n not in self.memo:
            out = []
            for k in range(1, n, 2):
                for a in self.build(k):
                    for b in self.build(n - 1 - k):
                        out.append((a, b))
            self.memo[n] = out
        return self.memo[n]
`;
    const u = await unitOf(code, 'python', 'build');
    assert.equal(u.complexity, 'unknown');
    assert.match(u.complexity_basis!, /results of the recursive call/);
  });
  it('near miss: a loop over another function’s result keeps its size (Python)', async () => {
    const code = `def pieces(s):
    return s.split(",")

def total(s):
    t = 0
    for p in pieces(s):
        t += len(p)
    return t
`;
    assert.notEqual((await unitOf(code, 'python', 'total')).complexity, 'unknown');
  });
});

describe('explain complexity: a traversal whose mark each call resets', () => {
  it('a Dijkstra from every source that refills its distance table is repeated per source (Java)', async () => {
    const code = `class Routes {
    private int[] dist;
    private List<int[]>[] g;
    long[] all(int n, int[][] roads) {
        g = new List[n];
        dist = new int[n];
        for (int i = 0; i < n; ++i) g[i] = new ArrayList<>();
        for (var e : roads) {
            g[e[0]].add(new int[] {e[1], e[2]});
            g[e[1]].add(new int[] {e[0], e[2]});
        }
        long[] out = new long[n];
        for (int i = 0; i < n; ++i) out[i] = shortest(i);
        return out;
    }
    private long shortest(int s) {
        PriorityQueue<int[]> pq = new PriorityQueue<>((a, b) -> a[0] - b[0]);
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[s] = 0;
        pq.offer(new int[] {0, s});
        long far = 0;
        while (!pq.isEmpty()) {
            var top = pq.poll();
            int u = top[1];
            if (top[0] > dist[u]) continue;
            far = Math.max(far, dist[u]);
            for (var nb : g[u]) {
                if (dist[nb[0]] > dist[u] + nb[1]) {
                    dist[nb[0]] = dist[u] + nb[1];
                    pq.offer(new int[] {dist[nb[0]], nb[0]});
                }
            }
        }
        return far;
    }
}`;
    // n sources × (V + E) log: the reset makes every call a whole new traversal.
    assert.match((await unitOf(code, 'java', 'all')).complexity!, /^O\(n\*\w+ log \w+/);
  });
  it('near miss: a flood fill marking the caller’s grid is added once over all starts (Python)', async () => {
    const code = `from collections import deque
class Islands:
    def count(self, grid):
        total = 0
        for r in range(len(grid)):
            for c in range(len(grid[0])):
                if grid[r][c] == 1:
                    self.fill(grid, r, c)
                    total += 1
        return total

    def fill(self, grid, r, c):
        q = deque([(r, c)])
        grid[r][c] = 0
        while q:
            i, j = q.popleft()
            for x, y in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= x < len(grid) and 0 <= y < len(grid[0]) and grid[x][y] == 1:
                    grid[x][y] = 0
                    q.append((x, y))
`;
    // rows × columns once (plus the queue's own letter), not rows × columns × a whole fill.
    assert.match((await unitOf(code, 'python', 'count')).complexity!, /^O\(n\*m( \+ \w+)?\)$/);
  });
});

describe('explain complexity: heaps drained across calls', () => {
  it('a helper popping a field heap it never pushes onto is paid once over all calls (Python)', async () => {
    const code = `import heapq
class Board:
    def __init__(self):
        self.heap = []
        self.gone = {}

    def add(self, x):
        heapq.heappush(self.heap, x)

    def remove(self, x):
        self.gone[x] = self.gone.get(x, 0) + 1
        self.prune()

    def prune(self):
        while self.heap and self.gone.get(self.heap[0], 0):
            self.gone[self.heap[0]] -= 1
            heapq.heappop(self.heap)

def replay(xs):
    b = Board()
    for x in xs:
        b.add(x)
    for x in xs:
        b.remove(x)
`;
    const u = await unitOf(code, 'python', 'replay');
    assert.match(u.complexity!, /^O\(n log n( \+ [\w ]+)?\)$/);
    assert.match(u.complexity_basis!, /paid once in all/);
  });
  it('near miss: a helper draining a heap it builds itself is paid on every call (Python)', async () => {
    const code = `import heapq
def flush(xs):
    q = list(xs)
    heapq.heapify(q)
    out = 0
    while q:
        out += heapq.heappop(q)
    return out

def replay(xs):
    t = 0
    for x in xs:
        t += flush(xs)
    return t
`;
    assert.match((await unitOf(code, 'python', 'replay')).complexity!, /^O\(n(\*m|\^2) log [nm]/);
  });
});
