// Golden cases for the eighth round (issue 16): what a memo table's keys are made of. A key built
// in a local (`key = (i, j)`), an argument held in a local (`int x = i + dirs[d]`), a key given
// computed values, a memoized search whose argument is a looked-up value, and loops over what a
// recursive call returns. Each cause was found on the development halves of kamyu104 and
// doocs/leetcode and is written here as small code of our own, beside near misses that must keep
// their answer.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function unitOf(code: string, language: string, name: string) {
  const out = await explain(code, language);
  const unit = out.details!.units.find((u) => u.name === name);
  assert.ok(unit, `no unit ${name} in ${out.details!.units.map((u) => u.name).join(', ')}`);
  return unit;
}

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
