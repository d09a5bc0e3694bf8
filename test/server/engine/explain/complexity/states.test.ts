// Golden cases for the sixth doocs round (issue 16): how many states a visited mark or memo table
// holds and what each costs, Euclid's recursion, one-subtree descents, in-place updates that are
// not caches, and a few language readings (Go packages, a Go header jump, Rust range adapters).
// Each cause was found on the development half of doocs/leetcode and is written here as small
// code of our own, beside a near miss that must keep its answer.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

describe('explain complexity: states of marks and memo tables', () => {
  it('a memo table with two subscripts holds a product of sizes (Java)', async () => {
    const code = `class Grid {
    private Integer[][] memo;
    private int rows, cols;
    public int paths(int m, int n) {
        rows = m; cols = n;
        memo = new Integer[m][n];
        return walk(0, 0);
    }
    private int walk(int r, int c) {
        if (r == rows - 1 || c == cols - 1) return 1;
        if (memo[r][c] != null) return memo[r][c];
        return memo[r][c] = walk(r + 1, c) + walk(r, c + 1);
    }
}`;
    const u = await unitOf(code, 'java', 'walk');
    assert.equal(u.complexity, 'O(n*m)');
    assert.match(u.complexity_basis!, /2 subscripts per item|the states range over `r` × `c`/);
  });
  it('a loop in the body of a memoized visit runs once per state (TypeScript)', async () => {
    const code = `function cheapest(costs: number[]): number {
    const n = costs.length;
    const best: number[] = Array(n + 1).fill(-1);
    const go = (i: number): number => {
        if (i >= n) return 0;
        if (best[i] !== -1) return best[i];
        let low = Infinity;
        for (let j = i + 1; j <= n; j++) low = Math.min(low, go(j));
        best[i] = costs[i] + low;
        return best[i];
    };
    return go(0);
}`;
    // `best` (n + 1 entries) and the loop over `n` are two names for sizes of one input.
    assert.match((await unitOf(code, 'typescript', 'cheapest')).complexity!, /^O\(n(\^2|\*m)\)$/);
  });
  it('a table of `1 << n` entries holds 2^n states (Go bit-mask DP)', async () => {
    const code = `func assign(cost []int) int {
	n := len(cost)
	f := make([]int, 1<<n)
	for i := range f {
		f[i] = -1
	}
	var dfs func(mask int) int
	dfs = func(mask int) int {
		if mask == 0 {
			return 0
		}
		if f[mask] != -1 {
			return f[mask]
		}
		f[mask] = 1 << 30
		for i, x := range cost {
			if mask>>i&1 == 1 {
				f[mask] = min(f[mask], dfs(mask^(1<<i))+x)
			}
		}
		return f[mask]
	}
	return dfs(1<<n - 1)
}`;
    assert.equal((await unitOf(code, 'go', 'assign')).complexity, 'O(2^n*n)');
  });
  it('near miss: a graph DFS with one-index marks stays O(V + E), neighbour lists shared out (Java)', async () => {
    const code = `class Reach {
    private List<Integer>[] g;
    private boolean[] seen;
    int count(int u) {
        if (seen[u]) return 0;
        seen[u] = true;
        int total = 1;
        for (int v : g[u]) total += count(v);
        return total;
    }
}`;
    assert.equal((await unitOf(code, 'java', 'count')).complexity, 'O(n + m)');
  });
  it('memoized branching recursion ranges over every parameter the calls vary (Go)', async () => {
    const code = `func interleave(a, b, c string) bool {
	m, n := len(a), len(b)
	memo := map[int]bool{}
	var dfs func(int, int) bool
	dfs = func(i, j int) bool {
		if i >= m && j >= n {
			return true
		}
		if v, ok := memo[i*1000+j]; ok {
			return v
		}
		k := i + j
		memo[i*1000+j] = (i < m && a[i] == c[k] && dfs(i+1, j)) || (j < n && b[j] == c[k] && dfs(i, j+1))
		return memo[i*1000+j]
	}
	return dfs(0, 0)
}`;
    const u = await unitOf(code, 'go', 'dfs');
    assert.equal(u.complexity, 'O(n*m)');
    assert.match(u.complexity_basis!, /the states range over `i` × `j`/);
  });
  it('near miss: a parameter only reset to literals adds no factor (Java)', async () => {
    const code = `class Trades {
    private Integer[][] f;
    private int[] p;
    int best(int i, int holding) {
        if (i >= p.length) return 0;
        if (f[i][holding] != null) return f[i][holding];
        int skip = best(i + 1, holding);
        int act = holding > 0 ? p[i] + best(i + 1, 0) : -p[i] + best(i + 1, 1);
        return f[i][holding] = Math.max(skip, act);
    }
}`;
    assert.equal((await unitOf(code, 'java', 'best')).complexity, 'O(n)');
  });
  it('an in-place toggle of an entry is neither a cache nor a visited mark (Go, TypeScript)', async () => {
    const go = `func variants(s string) (out []string) {
	t := []byte(s)
	var dfs func(int)
	dfs = func(i int) {
		if i >= len(t) {
			out = append(out, string(t))
			return
		}
		dfs(i + 1)
		if t[i] >= 'A' {
			t[i] ^= 32
			dfs(i + 1)
		}
	}
	dfs(0)
	return
}`;
    // `string(t)` copies the bytes at each leaf (eleventh round): 2^n leaves times n, whatever the letters.
    assert.match((await unitOf(go, 'go', 'dfs')).complexity!, /^O\(2\^\w/);
    const ts = `function variants(s: string): string[] {
    const t = s.split('');
    const out: string[] = [];
    const dfs = (i: number) => {
        if (i >= t.length) {
            out.push(t.join(''));
            return;
        }
        dfs(i + 1);
        if (t[i] !== t[i].toUpperCase()) {
            t[i] = t[i].toUpperCase();
            dfs(i + 1);
        }
    };
    dfs(0);
    return out;
}`;
    assert.match((await unitOf(ts, 'typescript', 'dfs')).complexity!, /^O\(2\^\w/);
  });
});

describe('explain complexity: recursion shapes (sixth round)', () => {
  it("Euclid's recursion `gcd(b, a % b)` is logarithmic (Java)", async () => {
    const code = `class G {
    int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
    int all(int[] xs) {
        int g = 0;
        for (int x : xs) g = gcd(g, x);
        return g;
    }
}`;
    const u = await unitOf(code, 'java', 'gcd');
    assert.equal(u.complexity, 'O(log n)');
    assert.match(u.complexity_basis!, /Euclid/);
    assert.equal((await unitOf(code, 'java', 'all')).complexity, 'O(n log m)');
  });
  it('near miss: one call on `n - 1` stays linear', async () => {
    const code = `function fact(n: number): number {
    return n <= 1 ? 1 : n * fact(n - 1);
}`;
    assert.equal((await unitOf(code, 'typescript', 'fact')).complexity, 'O(n)');
  });
  it('descending into one subtree per call is O(h), linear for an unbalanced tree (Go)', async () => {
    const code = `func find(root *TreeNode, v int) *TreeNode {
	if root == nil || root.Val == v {
		return root
	}
	if v < root.Val {
		return find(root.Left, v)
	}
	return find(root.Right, v)
}`;
    const u = await unitOf(code, 'go', 'find');
    assert.equal(u.complexity, 'O(n)');
    assert.match(u.complexity_basis!, /one subtree per call/);
  });
  it('near miss: both subtrees per call stay a tree walk, O(n)', async () => {
    const code = `func size(root *TreeNode) int {
	if root == nil {
		return 0
	}
	return 1 + size(root.Left) + size(root.Right)
}`;
    assert.equal((await unitOf(code, 'go', 'size')).complexity, 'O(n)');
  });
});

describe('explain complexity: branching recursion on computed parts (sixth round)', () => {
  // Twenty-first round: sizes that add up to the size less one (`k-j` and `n-k+j-1`) are the parts
  // of a split leaving the root out, O(n) calls; sizes adding up to anything else stay unknown
  // (twentyFirstRoundForms.test.ts).
  it('two calls on computed sizes adding up to `n - 1` (`k - j`, `n - k + j - 1`) split the rest: O(n) (Go)', async () => {
    const code = `func build(pre []int, pos map[int]int) *TreeNode {
	var dfs func(i, j, n int) *TreeNode
	dfs = func(i, j, n int) *TreeNode {
		if n <= 0 {
			return nil
		}
		k := pos[pre[i]]
		l := dfs(i+1, j, k-j)
		r := dfs(i+1+k-j, k+1, n-k+j-1)
		return &TreeNode{pre[i], l, r}
	}
	return dfs(0, 0, len(pre))
}`;
    const u = await unitOf(code, 'go', 'dfs');
    assert.equal(u.complexity, 'O(n)');
    assert.match(u.complexity_basis!, /add up to `n - 1`/);
  });
  it('near miss: two calls each one step smaller stay exponential (Java subsets)', async () => {
    const code = `class Subsets {
    int count(int[] xs, int i, int acc) {
        if (i == xs.length) return acc;
        return count(xs, i + 1, acc ^ xs[i]) + count(xs, i + 1, acc);
    }
}`;
    assert.equal((await unitOf(code, 'java', 'count')).complexity, 'O(2^n)');
  });
  it('child indexes of an implicit tree (`u << 1`, `u << 1 | 1`): one path is O(log n), a range query too (TypeScript)', async () => {
    const code = `class Tree {
    sum: number[] = [];
    update(u: number, lo: number, hi: number, at: number, v: number): void {
        if (lo === hi) {
            this.sum[u] = v;
            return;
        }
        const mid = (lo + hi) >> 1;
        if (at <= mid) this.update(u << 1, lo, mid, at, v);
        else this.update((u << 1) | 1, mid + 1, hi, at, v);
        this.sum[u] = this.sum[u << 1] + this.sum[(u << 1) | 1];
    }
    total(u: number, lo: number, hi: number, l: number, r: number): number {
        if (l <= lo && hi <= r) return this.sum[u];
        let s = 0;
        if (l <= (lo + hi) >> 1) s += this.total(u << 1, lo, (lo + hi) >> 1, l, r);
        if (r > (lo + hi) >> 1) s += this.total((u << 1) | 1, ((lo + hi) >> 1) + 1, hi, l, r);
        return s;
    }
}`;
    assert.equal((await unitOf(code, 'typescript', 'update')).complexity, 'O(log n)');
    // `total` passes the query bounds `l`, `r` on and returns once a node lies inside them: a range
    // query, O(log n) nodes (seventh round; it was read as every node, O(n)).
    assert.equal((await unitOf(code, 'typescript', 'total')).complexity, 'O(log n)');
  });
  it('a memo store after the loop of moves is a result, not an undo (Go)', async () => {
    const code = `func wins(n int) bool {
	f := make([]int8, n+1)
	var dfs func(int) bool
	dfs = func(i int) bool {
		if i <= 0 {
			return false
		}
		if f[i] != 0 {
			return f[i] == 1
		}
		for j := 1; j <= 3; j++ {
			if !dfs(i - j) {
				f[i] = 1
				return true
			}
		}
		f[i] = -1
		return false
	}
	return dfs(n)
}`;
    assert.equal((await unitOf(code, 'go', 'wins')).complexity, 'O(n)');
  });
  it('near miss: an undo inside the loop, right after the call, is backtracking (Java)', async () => {
    const code = `class Perms {
    boolean[] used;
    int count(int[] xs, int depth) {
        if (depth == xs.length) return 1;
        int c = 0;
        for (int i = 0; i < xs.length; i++) {
            if (used[i]) continue;
            used[i] = true;
            c += count(xs, depth + 1);
            used[i] = false;
        }
        return c;
    }
}`;
    // Backtracking (permutations since the seventh round: n!, 2^n before).
    assert.match((await unitOf(code, 'java', 'count')).complexity!, /^O\(n\*n!\)$/);
  });
  it('memoized recursion inside a loop with a two-key table counts both keys (Java)', async () => {
    const code = `class Ways {
    private Integer[][] f;
    private int n;
    int ways(int i, int k) {
        if (i == n) return 1;
        if (f[i][k] != null) return f[i][k];
        int s = 0;
        for (int d = 0; d < 2; d++) s += ways(i + 1, k + d);
        return f[i][k] = s;
    }
}`;
    const u = await unitOf(code, 'java', 'ways');
    assert.match(u.complexity!, /^O\(n\*(m|k)\)$/);
    assert.match(u.complexity_basis!, /the states range over `i` × `k`/);
  });
  it('near miss: a parameter given the loop value (`reach(i + j, j)`) ranges over values the text does not bound', async () => {
    const code = `class Jumps {
    private Boolean[][] f;
    private int[] stones;
    boolean reach(int i, int k) {
        if (i == stones.length - 1) return true;
        if (f[i][k] != null) return f[i][k];
        for (int j = k - 1; j <= k + 1; j++) {
            if (j > 0 && i + j < stones.length && reach(i + j, j)) return f[i][k] = true;
        }
        return f[i][k] = false;
    }
}`;
    assert.equal((await unitOf(code, 'java', 'reach')).complexity, 'unknown');
  });
});

describe('explain complexity: tree walks and per-call collections (sixth round)', () => {
  it('a walk that skips the node it came from is a tree walk even when it restores state after the call (Go rerooting)', async () => {
    const code = `func reroot(g [][]int, w []int) (best int) {
	cur := 0
	var dfs func(i, fa int)
	dfs = func(i, fa int) {
		best = max(best, cur)
		for _, j := range g[i] {
			if j != fa {
				cur += w[j]
				dfs(j, i)
				cur -= w[j]
			}
		}
	}
	dfs(0, -1)
	return
}`;
    const u = await unitOf(code, 'go', 'dfs');
    assert.equal(u.complexity, 'O(n)');
    assert.match(u.complexity_basis!, /skips the node it came from/);
  });
  it('a collection each call creates for itself is not a visited mark (Java)', async () => {
    const code = `class Sums {
    private List<Integer>[] g;
    private int[] val;
    int[] walk(int i) {
        int[] res = new int[] {val[i], 1};
        for (int j : g[i]) {
            int[] t = walk(j);
            res[0] += t[0];
            res[1] += t[1];
        }
        if (res[0] == 0) res[1] = 0;
        return res;
    }
}`;
    const u = await unitOf(code, 'java', 'walk');
    assert.equal(u.complexity, 'O(n)');
    assert.match(u.complexity_basis!, /tree walk/);
  });
});

describe('explain complexity: language readings (sixth round)', () => {
  it('Go `strings.Count`, `sort.Sort(sort.Reverse(sort.IntSlice(xs)))` and JS `Math.min(...xs)` are charged on their input', async () => {
    const go = `func f(s string, xs []int) int {
	sort.Sort(sort.Reverse(sort.IntSlice(xs)))
	return strings.Count(s, "1")
}`;
    assert.match((await unitOf(go, 'go', 'f')).complexity!, /^O\(n log n \+ m\)$|^O\(m \+ n log n\)$/);
    const ts = `function spread(xs: number[]): number {
    return Math.max(...xs) - Math.min(...xs);
}`;
    assert.equal((await unitOf(ts, 'typescript', 'spread')).complexity, 'O(n)');
    const scalar = `function pair(a: number, b: number): number {
    return Math.max(a, b);
}`;
    assert.equal((await unitOf(scalar, 'typescript', 'pair')).complexity, 'O(1)');
  });
  it('Python `pairwise((-1, 0, 1, 0, -1))` over a written tuple is a fixed number of passes', async () => {
    const code = `def fill(grid, i, j):
    if grid[i][j] == 0:
        return
    grid[i][j] = 0
    for a, b in pairwise((-1, 0, 1, 0, -1)):
        x, y = i + a, j + b
        if 0 <= x < len(grid) and 0 <= y < len(grid[0]):
            fill(grid, x, y)
`;
    assert.equal((await unitOf(code, 'python', 'fill')).complexity, 'O(n*m)');
  });

  it('Go `strings.Split(s, …)` works on `s`, not on the package', async () => {
    const code = `func words(s string) int {
	return len(strings.Split(s, " "))
}`;
    const u = await unitOf(code, 'go', 'words');
    assert.match(u.complexity_basis!, /in `s`/);
  });
  it('Go `for i, j := 0, 0; i < n; i = j` with `j = i` before the inner run is one pass', async () => {
    const code = `func runs(s string) (count int) {
	n := len(s)
	for i, j := 0, 0; i < n; i = j {
		j = i
		for j < n && s[j] == s[i] {
			j++
		}
		count++
	}
	return
}`;
    assert.equal((await unitOf(code, 'go', 'runs')).complexity, 'O(n)');
  });
  it('near miss: an inner run from the counter without the jump stays quadratic (Go)', async () => {
    const code = `func runs(s string) (count int) {
	n := len(s)
	for i := 0; i < n; i++ {
		j := i
		for j < n && s[j] == s[i] {
			j++
		}
		count += j - i
	}
	return
}`;
    assert.equal((await unitOf(code, 'go', 'runs')).complexity, 'O(n^2)');
  });
  it('Rust `(0..n).rev()` and `(1..=k).step_by(2)` iterate the range up to `n` / `k`', async () => {
    const code = `fn total(n: usize, k: usize) -> usize {
    let mut s = 0;
    for i in (0..n).rev() {
        for j in (1..=k).step_by(2) {
            s += i * j;
        }
    }
    s
}`;
    const u = await unitOf(code, 'rust', 'total');
    assert.equal(u.complexity, 'O(n*k)');
  });
});
