// Golden cases for the twenty-second round (issue 16, doocs Java, Go, Rust, C#, TypeScript,
// JavaScript and PHP). A running gcd (`g = gcd(g, x)` on each pass of a loop, `gcd` a function of
// the file taking Euclid's steps) costs O(1) per pass plus log M once per run of the loop: the
// value only shrinks to a divisor of itself, so the steps telescope. Near misses: the accumulator
// also written elsewhere in the loop, a gcd whose result goes to another name, and a running lcm
// (through a gcd: its value grows), keep log M per pass. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const GCD_GO = `func prefixGcds(values []int) int {
	total := 0
	for start := range values {
		g := 0
		for _, v := range values[start:] {
			g = gcd(g, v)
			total += g
		}
	}
	return total
}

func gcd(a, b int) int {
	if b == 0 {
		return a
	}
	return gcd(b, a%b)
}`;

const GCD_JAVA = `class Solution {
    public boolean allCoprime(int[] values) {
        int g = 0;
        for (int v : values) {
            g = gcd(v, g);
        }
        return g == 1;
    }

    private int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}`;

const GCD_TS = `function shortestOne(values: number[]): number {
    const n = values.length;
    let best = n + 1;
    for (let i = 0; i < n; ++i) {
        let g = 0;
        for (let j = i; j < n; ++j) {
            g = gcd(g, values[j]);
            if (g === 1) {
                best = Math.min(best, j - i + 1);
            }
        }
    }
    return best;
}

function gcd(a: number, b: number): number {
    return b === 0 ? a : gcd(b, a % b);
}`;

const GCD_RUST = `impl Solution {
    pub fn all_coprime(values: Vec<i64>) -> bool {
        let mut g = 0;
        for &v in values.iter() {
            g = gcd(g, v);
        }
        g == 1
    }
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}`;

describe('twenty-second round: a running gcd', () => {
  it('reads a Go gcd of every subarray starting at a position as O(n²), not O(n² log M)', async () => {
    const [c, why] = await claimOf(GCD_GO, 'go', 'prefixGcds');
    assert.equal(c, 'O(n^2 + n log m)');
    assert.match(why!, /running gcd only shrinks to a divisor of itself/);
  });
  it('reads a Java gcd of all the values, the accumulator second, as O(n + log M)', async () => {
    const [c] = await claimOf(GCD_JAVA, 'java', 'allCoprime');
    assert.match(c!, /^O\(n \+ log \w\)$/);
  });
  it('reads a TypeScript running gcd in the inner loop of two as O(n²)', async () => {
    const [c] = await claimOf(GCD_TS, 'typescript', 'shortestOne');
    assert.equal(c, 'O(n^2 + n log m)');
  });
  it('reads a Rust running gcd through a helper that loops on remainders', async () => {
    const [c, why] = await claimOf(GCD_RUST, 'rust', 'all_coprime');
    assert.match(c!, /^O\(n \+ log \w\)$/);
    assert.match(why!, /running gcd/);
  });
  it('near miss: an accumulator also set again in the loop pays log M on every pass', async () => {
    const code = GCD_GO.replace('total += g', 'total += g\n\t\t\tif g == 1 {\n\t\t\t\tg = v\n\t\t\t}');
    const [c, why] = await claimOf(code, 'go', 'prefixGcds');
    assert.equal(c, 'O(n^2 log m)');
    assert.doesNotMatch(why!, /running gcd/);
  });
  it('near miss: a gcd whose result goes to another name pays log M on every pass', async () => {
    const code = GCD_JAVA.replace('g = gcd(v, g);', 'int h = gcd(v, g);\n            g += h;');
    const [c] = await claimOf(code, 'java', 'allCoprime');
    assert.match(c!, /^O\(n log \w\)$/);
  });
  it('near miss: a running lcm through a gcd grows its value and pays log M on every pass', async () => {
    const code = GCD_JAVA.replace('g = gcd(v, g);', 'g = lcm(g, v);').replace(
      '    private int gcd',
      '    private int lcm(int a, int b) {\n        return a / gcd(a, b) * b;\n    }\n\n    private int gcd',
    );
    const [c, why] = await claimOf(code, 'java', 'allCoprime');
    assert.match(c!, /^O\(n log \w\)$/);
    assert.doesNotMatch(why!, /running gcd/);
  });
});

const KEYS_GO = `func pairs(a []int, b []int) (ans int) {
	seen := map[int]int{}
	for _, x := range a {
		seen[x]++
	}
	top := 0
	for x := range seen {
		top = max(top, x)
	}
	counts := map[int]int{}
	for _, x := range b {
		counts[x]++
	}
	for x, v := range counts {
		s := 0
		for y := x; y <= top; y += x {
			s += seen[y]
		}
		ans += s * v
	}
	return
}`;

const KEYS_TS = `function pairs(a: number[], b: number[]): number {
    const seen: Map<number, number> = new Map();
    for (const x of a) {
        seen.set(x, (seen.get(x) || 0) + 1);
    }
    const counts: Map<number, number> = new Map();
    for (const x of b) {
        counts.set(x, (counts.get(x) || 0) + 1);
    }
    const top = Math.max(...seen.keys());
    let ans = 0;
    for (const [x, v] of counts) {
        let s = 0;
        for (let y = x; y <= top; y += x) {
            s += seen.get(y) || 0;
        }
        ans += s * v;
    }
    return ans;
}`;

const KEYS_JAVA = `class Solution {
    public int pairs(int[] a, int[] b) {
        Map<Integer, Integer> seen = new HashMap<>();
        for (int x : a) {
            seen.merge(x, 1, Integer::sum);
        }
        Map<Integer, Integer> counts = new HashMap<>();
        for (int x : b) {
            counts.merge(x, 1, Integer::sum);
        }
        int top = Collections.max(seen.keySet());
        int ans = 0;
        for (var e : counts.entrySet()) {
            int x = e.getKey(), v = e.getValue();
            int s = 0;
            for (int y = x; y <= top; y += x) {
                s += seen.getOrDefault(y, 0);
            }
            ans += s * v;
        }
        return ans;
    }
}`;

describe('twenty-second round: a stride by the distinct keys of a Go, TypeScript or Java map', () => {
  it('reads `for x, v := range counts` stepping by x as a harmonic sum', async () => {
    const [c, why] = await claimOf(KEYS_GO, 'go', 'pairs');
    assert.doesNotMatch(c!, /\*/);
    assert.match(why!, /stepping by a key of `counts`/);
  });
  it('reads `for (const [x, v] of counts)` stepping by x as a harmonic sum', async () => {
    const [, why] = await claimOf(KEYS_TS, 'typescript', 'pairs');
    assert.match(why!, /stepping by a key of `counts`/);
  });
  it('reads Java `int x = e.getKey()` over `counts.entrySet()` as a harmonic sum', async () => {
    const [, why] = await claimOf(KEYS_JAVA, 'java', 'pairs');
    assert.match(why!, /stepping by a key of `counts`/);
  });
  it('near miss: stepping by the value of the pair, which may repeat, keeps the product', async () => {
    const code = KEYS_GO.replace('y := x; y <= top; y += x', 'y := v; y <= top; y += v');
    const [c, why] = await claimOf(code, 'go', 'pairs');
    assert.match(c!, /\*/);
    assert.doesNotMatch(why!, /harmonic/);
  });
  it('near miss: a Go slice may repeat its values and keeps the product', async () => {
    const code = KEYS_GO.replace('counts := map[int]int{}', 'counts := []int{}')
      .replace('counts[x]++', 'counts = append(counts, x)')
      .replace('for x, v := range counts', 'for v, x := range counts');
    const [c, why] = await claimOf(code, 'go', 'pairs');
    assert.match(c!, /\*/);
    assert.doesNotMatch(why!, /harmonic/);
  });
});

const FILLED_GO = `func sortedSums(values []int, n int) []int {
	var sums []int
	for i := 0; i < n; i++ {
		s := 0
		for j := i; j < n; j++ {
			s += values[j]
			sums = append(sums, s)
		}
	}
	sort.Ints(sums)
	return sums
}`;

describe('twenty-second round: a sort of a list filled by loops over the same size', () => {
  it('reads a Go list appended to on each pass of two loops over n as n² entries: O(n² log n)', async () => {
    const [c, why] = await claimOf(FILLED_GO, 'go', 'sortedSums');
    assert.equal(c, 'O(n^2 log n)');
    assert.match(why!, /as long as the passes of the loop that filled it/);
  });
  it('near miss: an inner loop up to a value read from an item is no size and keeps its own letter', async () => {
    const code = FILLED_GO.replace('j := i; j < n; j++', 'j := 0; j < values[i]; j++');
    const [, why] = await claimOf(code, 'go', 'sortedSums');
    assert.doesNotMatch(why!, /as long as the passes of the loop that filled it/);
  });
});

const BITS_GO = `func parityCounts(n int) []int {
	counts := make([]int, 2)
	for i := 0; n != 0; n, i = n>>1, i^1 {
		counts[i] += n & 1
	}
	return counts
}`;

describe('twenty-second round: a Go parallel update that halves the tested value', () => {
  it('reads `n, i = n>>1, i^1` as `n` halved on each pass: O(log n), not O(1)', async () => {
    const [c, why] = await claimOf(BITS_GO, 'go', 'parityCounts');
    assert.equal(c, 'O(log n)');
    assert.match(why!, /`n` is divided on each pass/);
  });
  it('near miss: a part that reads another target is not read part by part', async () => {
    const [, why] = await claimOf(
      BITS_GO.replace('n, i = n>>1, i^1', 'n, i = i>>1, n^1'),
      'go',
      'parityCounts',
    );
    assert.doesNotMatch(why!, /is divided on each pass/);
  });
});

const CELLS_GO = `func spend(rows [][]int) (total int) {
	pq := hp{}
	w := len(rows[0])
	for i, row := range rows {
		heap.Push(&pq, cell{row[w-1], i, w - 1})
	}
	for d := 1; len(pq) > 0; d++ {
		c := heap.Pop(&pq).(cell)
		total += c.v * d
		if c.j > 0 {
			heap.Push(&pq, cell{rows[c.i][c.j-1], c.i, c.j - 1})
		}
	}
	return
}

type cell struct{ v, i, j int }
type hp []cell

func (h hp) Len() int           { return len(h) }
func (h hp) Less(i, j int) bool { return h[i].v < h[j].v }
func (h hp) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *hp) Push(v any)        { *h = append(*h, v.(cell)) }
func (h *hp) Pop() any          { a := *h; v := a[len(a)-1]; *h = a[:len(a)-1]; return v }`;

describe('twenty-second round: Go `heap.Push(&pq, cell{…})` pushes a grid cell', () => {
  it('reads a Go heap of cells of `rows` as rows × width items', async () => {
    const [, why] = await claimOf(CELLS_GO, 'go', 'spend');
    assert.match(why!, /the work list `pq` holds cells of `rows`/);
  });
  it('near miss: cells that carry one index only are no cells of the grid', async () => {
    const code = CELLS_GO.replace('cell{rows[c.i][c.j-1], c.i, c.j - 1}', 'cell{rows[c.i][c.j-1], c.i, 0}');
    const [, why] = await claimOf(code, 'go', 'spend');
    assert.doesNotMatch(why!, /holds cells of/);
  });
});

const SIZED_JAVA = `class Solution {
    public int sortedPairs(int[] values, int n) {
        int[] sums = new int[n * (n + 1) / 2];
        for (int i = 0, k = 0; i < n; ++i) {
            for (int j = i; j < n; ++j) {
                sums[k++] = values[i] + values[j];
            }
        }
        Arrays.sort(sums);
        return sums[0];
    }
}`;

const SIZED_TS = `function sortedPairs(values: number[], n: number): number {
    let sums = Array((n * (n + 1)) / 2).fill(0);
    for (let i = 0, k = 0; i < n; ++i) {
        for (let j = i; j < n; ++j, ++k) {
            sums[k] = values[i] + values[j];
        }
    }
    sums = sums.sort((a, b) => a - b).slice(0, 1);
    return sums[0];
}`;

describe('twenty-second round: a sort of an array allocated with a product of sizes', () => {
  it('reads Java `new int[n * (n + 1) / 2]` sorted as n² entries: O(n² log n)', async () => {
    const [c, why] = await claimOf(SIZED_JAVA, 'java', 'sortedPairs');
    assert.equal(c, 'O(n^2 log n)');
    assert.match(why!, /allocated with `n \* \(n \+ 1\) \/ 2` entries/);
  });
  it('reads TypeScript `Array((n * (n + 1)) / 2).fill(0)` sorted and kept in one statement', async () => {
    const [c] = await claimOf(SIZED_TS, 'typescript', 'sortedPairs');
    assert.equal(c, 'O(n^2 log n)');
  });
  it('near miss: a size that is a value read from the data is not a product of sizes', async () => {
    const code = SIZED_JAVA.replace('new int[n * (n + 1) / 2]', 'new int[values[0] * values[1]]');
    const [, why] = await claimOf(code, 'java', 'sortedPairs');
    assert.doesNotMatch(why!, /allocated with/);
  });
  it('near miss: an array written again as a whole before the sort keeps its own letter', async () => {
    const code = SIZED_JAVA.replace(
      'Arrays.sort(sums);',
      'sums = Arrays.copyOf(sums, 5);\n        Arrays.sort(sums);',
    );
    const [, why] = await claimOf(code, 'java', 'sortedPairs');
    assert.doesNotMatch(why!, /allocated with/);
  });
});
