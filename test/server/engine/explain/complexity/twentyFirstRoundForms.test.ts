// Golden cases for the twenty-first round (issue 16, doocs Go, TypeScript, Rust and Java). A
// recursion whose two calls pass a size on as two computed sizes that add up to the size less one
// (`walk(lo + 1, a, cut)` and `walk(lo + 1 + cut, b, size - 1 - cut)`), and that returns at once for
// a size of zero, splits what is left after one element: O(n) calls, not "unknown". Near misses:
// sizes that add up to the whole size (nothing is left out) and a recursion with no test of the size
// against zero stay unknown. Two calls on `(lo + 1, x)` and `(x + 1, hi)` are disjoint ranges
// without `lo`: O(n) calls; near miss: `(lo + 1, x)` and `(x, hi)` share `x`. A loop while two
// values are non-zero that reduces the larger by the smaller (`a -= b` / `b -= a`: linear in the
// values; `a %= b` / `b %= a`: Euclid, O(log)); near misses: a value also written otherwise, and no
// comparison of the two. A product of two names capped (`k * cnt < n` with `cnt *= 10`: O(log n);
// `d * y <= mx` with `d++`, `y` an outer counter over `mx`: a harmonic sum); near misses: a factor
// also lowered, the other factor changed in the loop, multiples of a parameter (withheld). A list
// made empty that gains only the position of the loop around it holds each position once, so scans
// of `g[i]` for its items add up; near misses: values pushed, a position pushed in a nested loop. A
// segment-tree update whose covered arm marks the node before returning, and a query that clips its
// bounds to the halves (`l, mid` / `mid + 1, r`), visit O(log n) nodes; near misses: an arm that
// recurses again, a build stopping at `l >= r`. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const SIZES_GO = `func rebuild(order []int, place map[int]int) *Node {
	var walk func(start, from, size int) *Node
	walk = func(start, from, size int) *Node {
		if size <= 0 {
			return nil
		}
		root := order[start]
		cut := place[root] - from
		left := walk(start+1, from, cut)
		right := walk(start+1+cut, from+cut+1, size-cut-1)
		return &Node{root, left, right}
	}
	return walk(0, 0, len(order))
}`;

const SIZES_TS = `function rebuild(order: number[], place: Map<number, number>): Node | null {
    const walk = (start: number, from: number, size: number): Node | null => {
        if (size <= 0) {
            return null;
        }
        const root = order[start];
        const at = place.get(root)!;
        const left = walk(start + 1, from, at - from);
        const right = walk(start + 1 + at - from, at + 1, size - 1 - (at - from));
        return new Node(root, left, right);
    };
    return walk(0, 0, order.length);
}`;

const SIZES_RUST = `impl Solution {
    fn walk(order: &Vec<i32>, place: &HashMap<i32, usize>, start: usize, from: usize, size: usize) -> Option<Box<Node>> {
        if size == 0 {
            return None;
        }
        let root = order[start];
        let at = place[&root];
        let left = Self::walk(order, place, start + 1, from, at - from);
        let right = Self::walk(order, place, start + at - from + 1, at + 1, size - at + from - 1);
        Some(Box::new(Node::new(root, left, right)))
    }
}`;

const SKIPS_LO_JAVA = `class Solution {
    private Map<Integer, Integer> place = new HashMap<>();
    private int[] first;

    private Node walk(int lo, int hi, int from, int to) {
        if (lo > hi) {
            return null;
        }
        Node root = new Node(first[lo]);
        if (lo == hi) {
            return root;
        }
        int at = place.get(first[lo + 1]);
        int width = at - from + 1;
        root.left = walk(lo + 1, lo + width, from, at);
        root.right = walk(lo + width + 1, hi, at + 1, to - 1);
        return root;
    }
}`;

describe('twenty-first round: two calls on sizes that add up to the size less one', () => {
  it('reads a Go split of the sizes left after the root as O(n) calls', async () => {
    const [c, why] = await claimOf(SIZES_GO, 'go', 'walk');
    assert.equal(c, 'O(n)');
    assert.match(why ?? '', /two sizes, `cut` and `size-cut-1`, that add up to `size - 1`/);
  });
  it('reads a TypeScript split whose second size is written with brackets', async () => {
    const [c] = await claimOf(SIZES_TS, 'typescript', 'walk');
    assert.equal(c, 'O(n)');
  });
  it('reads a Rust split of sizes tested against zero', async () => {
    const [c] = await claimOf(SIZES_RUST, 'rust', 'walk');
    assert.equal(c, 'O(n)');
  });
  it('near miss: sizes that add up to the whole size leave nothing out and stay unknown', async () => {
    const [c, why] = await claimOf(SIZES_GO.replace('size-cut-1', 'size-cut'), 'go', 'walk');
    assert.equal(c, 'unknown');
    assert.match(why ?? '', /computed parts of its input/);
  });
  it('near miss: without a test of the size against zero the split stays unknown', async () => {
    const [c] = await claimOf(SIZES_GO.replace('size <= 0', 'start >= len(order)'), 'go', 'walk');
    assert.equal(c, 'unknown');
  });
});

describe('twenty-first round: ranges that start one past the low bound', () => {
  it('reads Java calls on (lo + 1, x) and (x + 1, hi) as O(n) calls', async () => {
    const [c, why] = await claimOf(SKIPS_LO_JAVA, 'java', 'walk');
    assert.equal(c, 'O(n)');
    assert.match(why ?? '', /splits `lo\.\.hi` at `lo`/);
  });
  it('near miss: (lo + 1, x) and (x, hi) share x and are not read as a split', async () => {
    const [c] = await claimOf(
      SKIPS_LO_JAVA.replace('walk(lo + width + 1, hi', 'walk(lo + width, hi'),
      'java',
      'walk',
    );
    assert.notEqual(c, 'O(n)');
  });
});

const SUBTRACT_GO = `func steps(a int, b int) (ans int) {
	for ; a != 0 && b != 0; ans++ {
		if a >= b {
			a -= b
		} else {
			b -= a
		}
	}
	return
}`;

const REMAINDER_TS = `function steps(a: number, b: number): number {
    let ans = 0;
    while (a && b) {
        if (a >= b) {
            ans += Math.floor(a / b);
            a %= b;
        } else {
            ans += Math.floor(b / a);
            b %= a;
        }
    }
    return ans;
}`;

describe('twenty-first round: two values reduced by each other while both are non-zero', () => {
  it('reads a TypeScript `for (; a && b; ++ans)` header the same way', async () => {
    const code = REMAINDER_TS.replace('while (a && b) {', 'for (; a && b; ++ans) {');
    const [c] = await claimOf(code, 'typescript', 'steps');
    assert.equal(c, 'O(log n)');
  });
  it('reads a Go loop subtracting the smaller from the larger as linear in the values', async () => {
    const [c] = await claimOf(SUBTRACT_GO, 'go', 'steps');
    assert.equal(c, 'O(n + m)');
  });
  it('reads a TypeScript loop taking remainders as Euclid, O(log n)', async () => {
    const [c, why] = await claimOf(REMAINDER_TS, 'typescript', 'steps');
    assert.equal(c, 'O(log n)');
    assert.match(why ?? '', /replaced by its remainder by the other on each pass \(Euclid\)/);
  });
  it('near miss: a value also written otherwise in the body is no reduction and stays unknown', async () => {
    const [c] = await claimOf(SUBTRACT_GO.replace('b -= a', 'b -= a\n\t\t\ta ^= b'), 'go', 'steps');
    assert.equal(c, 'unknown');
  });
  it('near miss: without a comparison of the two the subtraction may pass zero and stays unknown', async () => {
    const [c] = await claimOf(
      REMAINDER_TS.replace('(a >= b)', '(ans % 2 === 0)').replace(/%= b|%= a/g, (m) => m.replace('%', '-')),
      'typescript',
      'steps',
    );
    assert.equal(c, 'unknown');
  });
});

const DIGITS_GO = `func digitAt(n int) int {
	k, cnt := 1, 9
	for k*cnt < n {
		n -= k * cnt
		k++
		cnt *= 10
	}
	return k
}`;

const MULTIPLES_JAVA = `class Solution {
    public long pairs(int[] cnt, int mx) {
        long ans = 0;
        for (int y = 1; y <= mx; ++y) {
            for (int d = 1; d * y <= mx; ++d) {
                ans += (long) d * cnt[y];
            }
        }
        return ans;
    }
}`;

describe('twenty-first round: loops capped by a product of two names', () => {
  it('reads a Go product whose factor is multiplied on every pass as O(log n)', async () => {
    const [c, why] = await claimOf(DIGITS_GO, 'go', 'digitAt');
    assert.equal(c, 'O(log n)');
    assert.match(why ?? '', /`cnt` is multiplied on each pass and `k` never lowered/);
  });
  it('reads the same product behind a Java widening cast `(long) k * cnt`', async () => {
    const code = `class Solution {
    public int digitAt(int n) {
        int k = 1, cnt = 9;
        while ((long) k * cnt < n) {
            n -= k * cnt;
            ++k;
            cnt *= 10;
        }
        return k;
    }
}`;
    const [c] = await claimOf(code, 'java', 'digitAt');
    assert.equal(c, 'O(log n)');
  });
  it('reads Java multiples `d * y <= mx` of an outer counter as a harmonic sum', async () => {
    const [c, why] = await claimOf(MULTIPLES_JAVA, 'java', 'pairs');
    assert.equal(c, 'O(n log n)');
    assert.match(why ?? '', /harmonic sum/);
  });
  it('reads a Rust `while d * y <= mx` with `d += 1` in the body as a harmonic sum', async () => {
    const code = `impl Solution {
    pub fn total(mx: usize) -> usize {
        let mut ans = 0;
        for y in 1..=mx {
            let mut d = 1;
            while d * y <= mx {
                ans += d;
                d += 1;
            }
        }
        ans
    }
}`;
    const [c] = await claimOf(code, 'rust', 'total');
    assert.equal(c, 'O(n log n)');
  });
  it('near miss: multiples of a parameter (no enclosing counter) are withheld', async () => {
    const code = `func multiples(y int, mx int) (ans int) {
	for d := 1; d*y <= mx; d++ {
		ans += d
	}
	return
}`;
    const [c, why] = await claimOf(code, 'go', 'multiples');
    assert.equal(c, 'unknown');
    assert.match(
      why ?? '',
      /walks the multiples of `y` up to `mx`: mx \/ y passes, and the code does not show what values `y` takes/,
    );
  });
  it('near miss: a factor that is also lowered is no bound and stays unknown', async () => {
    const [c] = await claimOf(DIGITS_GO.replace('k++', 'k--'), 'go', 'digitAt');
    assert.equal(c, 'unknown');
  });
  it('near miss: a product whose other factor changes in the loop is not read as multiples', async () => {
    const [c] = await claimOf(
      MULTIPLES_JAVA.replace('++d) {', '++d) {\n                y++;'),
      'java',
      'pairs',
    );
    assert.notEqual(c, 'O(n log n)');
  });
});

const POSITIONS_GO = `func strip(coins []int, g []map[int]bool) int {
	ans := 0
	for k := 0; k < 2; k++ {
		q := []int{}
		for i := range coins {
			if len(g[i]) == 1 {
				q = append(q, i)
			}
		}
		for _, i := range q {
			for j := range g[i] {
				delete(g[j], i)
				ans++
			}
		}
	}
	return ans
}`;

const POSITIONS_TS = `function leaves(deg: number[], g: number[][]): number {
    const q: number[] = [];
    for (let i = 0; i < deg.length; ++i) {
        if (deg[i] === 1) {
            q.push(i);
        }
    }
    let ans = 0;
    for (const i of q) {
        for (const j of g[i]) {
            ans += j;
        }
    }
    return ans;
}`;

describe('twenty-first round: lists of positions taken once each', () => {
  it('reads a Go list of positions, made again on each pass, as distinct items: its neighbour scans add up', async () => {
    const [c, why] = await claimOf(POSITIONS_GO, 'go', 'strip');
    assert.doesNotMatch(why ?? '', /loop over `q` \(line 10\) → loop over `g\[i\]`/);
    assert.notEqual(c, 'unknown');
  });
  it('reads a TypeScript list filled with a counter once per pass the same way', async () => {
    const [, why] = await claimOf(POSITIONS_TS, 'typescript', 'leaves');
    assert.doesNotMatch(why ?? '', /loop over `q` \(line 9\) → loop over `g\[i\]`/);
  });
  it('near miss: a list of values (not positions) may repeat and keeps the product', async () => {
    const [, why] = await claimOf(
      POSITIONS_TS.replace('q.push(i)', 'q.push(deg[i])'),
      'typescript',
      'leaves',
    );
    assert.match(why ?? '', /loop over `q` \(line 9\) → loop over `g\[i\]`/);
  });
  it('near miss: a position pushed inside a nested loop may repeat and keeps the product', async () => {
    const nested = POSITIONS_TS.replace(
      'if (deg[i] === 1) {\n            q.push(i);\n        }',
      'for (const j of g[i]) {\n            q.push(i);\n        }',
    );
    const [, why] = await claimOf(nested, 'typescript', 'leaves');
    assert.match(why ?? '', /loop over `q` \(line 9\) → loop over `g\[i\]`/);
  });
});

const LAZY_UPDATE_GO = `type node struct{ l, r, s, lazy int }

type tree struct{ tr []node }

func (t *tree) flip(u, l, r int) {
	if t.tr[u].l >= l && t.tr[u].r <= r {
		t.tr[u].lazy ^= 1
		t.tr[u].s = t.tr[u].r - t.tr[u].l + 1 - t.tr[u].s
		return
	}
	mid := (t.tr[u].l + t.tr[u].r) >> 1
	if l <= mid {
		t.flip(u<<1, l, r)
	}
	if r > mid {
		t.flip(u<<1|1, l, r)
	}
	t.tr[u].s = t.tr[u<<1].s + t.tr[u<<1|1].s
}`;

const CLIPPED_QUERY_TS = `class Tree {
    lo: number[] = [];
    hi: number[] = [];
    g: number[] = [];
    ask(u: number, l: number, r: number): number {
        if (this.lo[u] >= l && this.hi[u] <= r) {
            return this.g[u];
        }
        const mid = (this.lo[u] + this.hi[u]) >> 1;
        if (r <= mid) {
            return this.ask(u << 1, l, r);
        }
        if (l > mid) {
            return this.ask((u << 1) | 1, l, r);
        }
        return this.ask(u << 1, l, mid) + this.ask((u << 1) | 1, mid + 1, r);
    }
}`;

const BUILD_GO = `func build(t []int, u, l, r int) {
	if l >= r {
		return
	}
	mid := (l + r) >> 1
	build(t, u<<1, l, mid)
	build(t, u<<1|1, mid+1, r)
	t[u] = t[u<<1] + t[u<<1|1]
}`;

describe('twenty-first round: segment-tree updates that mark a node first, queries that clip their bounds', () => {
  it('reads a Go lazy range update whose covered arm marks the node before returning as O(log n)', async () => {
    const [c, why] = await claimOf(LAZY_UPDATE_GO, 'go', 'flip');
    assert.equal(c, 'O(log n)');
    assert.match(why ?? '', /segment-tree range query/);
  });
  it('reads a TypeScript query that passes `l, mid` and `mid + 1, r` to the halves as O(log n)', async () => {
    const [c] = await claimOf(CLIPPED_QUERY_TS, 'typescript', 'ask');
    assert.equal(c, 'O(log n)');
  });
  it('near miss: a covered arm that recurses again is no early return and stays O(n)', async () => {
    const [c] = await claimOf(
      LAZY_UPDATE_GO.replace('\t\treturn\n', '\t\tt.flip(u<<1, l, r)\n\t\treturn\n'),
      'go',
      'flip',
    );
    assert.equal(c, 'O(n)');
  });
  it('near miss: a build passing its halves and stopping at `l >= r` stays O(n)', async () => {
    const [c] = await claimOf(BUILD_GO, 'go', 'build');
    assert.equal(c, 'O(n)');
  });
});
