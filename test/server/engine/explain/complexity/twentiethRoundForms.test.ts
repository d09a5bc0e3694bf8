// Golden cases for the twentieth round (issue 16, doocs Java, Go and TypeScript). A set of the ORs
// (ANDs, gcds) of the stretches ending at the current item, rebuilt on each pass from the last
// pass's set (`cur.add(x | y)` for `y` in `pre`, then `pre = cur`), holds at most the bit length of
// the largest item plus one values: loops over it run O(log M) passes, not one more input size.
// Near misses: a sum instead of an OR (`x + y` values are not a chain), and a set never started
// again (it keeps every pass's values). An inner loop each of whose passes takes one from a count
// the items filled by ones, leaving once the count is spent (`if cnt[y] == 0 { return false };
// cnt[y]--`), is shared out over the outer loop: its passes add up to the items counted. Near
// misses: a take without the spent test, and a count raised again inside the loop. An `if` (no
// `else`) directly in a loop whose block ends the loop with `break` runs at most once per run of
// the loop; near misses: the same block with an `else` (the break may sit in either arm) and a
// `continue` that can skip the break. A Java `int m = s.length();` is the size of `s`, as
// `s.length` of an array was; near miss: a length of something else than the item. A bit length
// written as the width less the leading zeros (Java `32 - Integer.numberOfLeadingZeros(mx)`, Go
// `bits.Len(uint(mx))`, JavaScript `mx.toString(2).length`) counts O(log mx) passes, also beside an
// array of that many slots; near miss: a plain count of the items. A heap drained by a loop that
// also counts its passes (`for (d = 1; !pq.isEmpty(); ++d)`) and re-pushes the next cell of a row
// (Java `pq.offer(new int[] {values[i][j - 1], i, j - 1})`) holds cells of the grid: rows × width
// passes; near miss: pushes that carry one index only. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const OR_SET_JAVA = `class Solution {
    public int closest(int[] nums, int k) {
        int ans = Integer.MAX_VALUE;
        Set<Integer> pre = new HashSet<>();
        for (int x : nums) {
            Set<Integer> cur = new HashSet<>();
            for (int y : pre) {
                cur.add(x | y);
            }
            cur.add(x);
            for (int y : cur) {
                ans = Math.min(ans, Math.abs(y - k));
            }
            pre = cur;
        }
        return ans;
    }
}`;

const AND_SET_GO = `func closest(arr []int, target int) int {
	ans := abs(arr[0] - target)
	pre := map[int]bool{arr[0]: true}
	for _, x := range arr {
		cur := map[int]bool{x: true}
		for y := range pre {
			cur[x&y] = true
		}
		for y := range cur {
			ans = min(ans, abs(y-target))
		}
		pre = cur
	}
	return ans
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}`;

const OR_SET_TS = `function distinctOrs(arr: number[]): number {
    const ans: Set<number> = new Set();
    const s: Set<number> = new Set();
    for (const x of arr) {
        const t: Set<number> = new Set([x]);
        for (const y of s) {
            t.add(x | y);
        }
        s.clear();
        for (const y of t) {
            ans.add(y);
            s.add(y);
        }
    }
    return ans.size;
}`;

describe('twentieth round: sets of the ORs of stretches ending at the item', () => {
  it('reads a Java set of ORs rebuilt from the last pass as O(log M) entries', async () => {
    const [c, why] = await claimOf(OR_SET_JAVA, 'java', 'closest');
    assert.equal(c, 'O(n log m)');
    assert.match(why ?? '', /distinct values `x \| …`.*bit length of the largest item/);
  });

  it('reads a Go map of ANDs started from one entry as O(log M) entries', async () => {
    const [c, why] = await claimOf(AND_SET_GO, 'go', 'closest');
    assert.equal(c, 'O(n log m)');
    assert.match(why ?? '', /distinct values `x & …`/);
  });

  it('reads a TypeScript set cleared and refilled from the new set as O(log M) entries', async () => {
    const [c] = await claimOf(OR_SET_TS, 'typescript', 'distinctOrs');
    assert.equal(c, 'O(n log m)');
  });

  it('near miss: sums of the stretches are no chain and keep the set as a size', async () => {
    const [c, why] = await claimOf(
      OR_SET_JAVA.replace('cur.add(x | y)', 'cur.add(x + y)'),
      'java',
      'closest',
    );
    assert.notEqual(c, 'O(n log m)');
    assert.doesNotMatch(why ?? '', /distinct values/);
  });

  it('near miss: a set never started again keeps every pass’s values', async () => {
    const kept = OR_SET_TS.replace('        s.clear();\n', '');
    const [c, why] = await claimOf(kept, 'typescript', 'distinctOrs');
    assert.notEqual(c, 'O(n log m)');
    assert.doesNotMatch(why ?? '', /distinct values/);
  });
});

const TAKES_GO = `func straights(hand []int, k int) bool {
	cnt := map[int]int{}
	for _, x := range hand {
		cnt[x]++
	}
	for _, x := range hand {
		if cnt[x] > 0 {
			for y := x; y < x+k; y++ {
				if cnt[y] == 0 {
					return false
				}
				cnt[y]--
			}
		}
	}
	return true
}`;

const TAKES_JAVA = `class Solution {
    public boolean straights(int[] hand, int k) {
        Map<Integer, Integer> cnt = new HashMap<>();
        for (int x : hand) {
            cnt.merge(x, 1, Integer::sum);
        }
        for (int x : hand) {
            if (cnt.getOrDefault(x, 0) > 0) {
                for (int y = x; y < x + k; ++y) {
                    if (cnt.merge(y, -1, Integer::sum) < 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}`;

const TAKES_TS = `function straights(hand: number[], k: number): boolean {
    const cnt = new Map<number, number>();
    for (const x of hand) {
        cnt.set(x, (cnt.get(x) || 0) + 1);
    }
    for (const x of hand) {
        if (cnt.get(x)! > 0) {
            for (let y = x; y < x + k; y++) {
                if ((cnt.get(y) || 0) === 0) {
                    return false;
                }
                cnt.set(y, cnt.get(y)! - 1);
            }
        }
    }
    return true;
}`;

describe('twentieth round: inner loops that take one from a count on every pass', () => {
  it('shares out a Go loop that lowers a count it tests for zero first', async () => {
    const [c] = await claimOf(TAKES_GO, 'go', 'straights');
    assert.equal(c, 'O(n)');
  });

  it('shares out a Java loop whose merge by -1 leaves when the count goes below zero', async () => {
    const [c] = await claimOf(TAKES_JAVA, 'java', 'straights');
    assert.equal(c, 'O(n)');
  });

  it('shares out a TypeScript loop over a map counted with set(get + 1)', async () => {
    const [c] = await claimOf(TAKES_TS, 'typescript', 'straights');
    assert.equal(c, 'O(n)');
  });

  it('near miss: a take without the spent test keeps the product', async () => {
    const loose = TAKES_GO.replace('\t\t\t\tif cnt[y] == 0 {\n\t\t\t\t\treturn false\n\t\t\t\t}\n', '');
    assert.notEqual(loose, TAKES_GO);
    const [c] = await claimOf(loose, 'go', 'straights');
    assert.equal(c, 'O(n*m)');
  });

  it('near miss: a count raised again inside the loop keeps the product', async () => {
    const raised = TAKES_GO.replace('\t\t\t\tcnt[y]--\n', '\t\t\t\tcnt[y]--\n\t\t\t\tcnt[y+k]++\n');
    assert.notEqual(raised, TAKES_GO);
    const [c] = await claimOf(raised, 'go', 'straights');
    assert.equal(c, 'O(n*m)');
  });
});

const BREAK_ARM = `class Solution {
    public long median(int[][] arr, long mid) {
        long s = 0, ans = 0;
        for (var e : arr) {
            s += e[1];
            if (s > mid) {
                for (var t : arr) {
                    ans += (long) Math.abs(t[0] - e[0]) * t[1];
                }
                break;
            }
        }
        return ans;
    }
}`;

describe('twentieth round: a branch that ends the loop with break', () => {
  it('pays the work of an arm ending in break once per run of the loop', async () => {
    const [c, why] = await claimOf(BREAK_ARM, 'java', 'median');
    assert.equal(c, 'O(n)');
    assert.match(why ?? '', /ends it with `break`/);
  });

  it('reads the same shape in Go', async () => {
    const go = `func median(arr [][]int, mid int) int {
	s, ans := 0, 0
	for _, e := range arr {
		s += e[1]
		if s > mid {
			for _, t := range arr {
				ans += t[0] * t[1]
			}
			break
		}
	}
	return ans
}`;
    const [c] = await claimOf(go, 'go', 'median');
    assert.equal(c, 'O(n)');
  });

  it('near miss: with an else arm the break is not known to follow the work', async () => {
    const withElse = BREAK_ARM.replace(
      '                break;\n            }',
      '            } else {\n                break;\n            }',
    );
    assert.notEqual(withElse, BREAK_ARM);
    const [c] = await claimOf(withElse, 'java', 'median');
    assert.equal(c, 'O(n^2)');
  });

  it('near miss: a continue that can skip the break keeps the product', async () => {
    const skipped = BREAK_ARM.replace(
      '                break;',
      '                if (ans > 0) {\n                    continue;\n                }\n                break;',
    );
    assert.notEqual(skipped, BREAK_ARM);
    const [c] = await claimOf(skipped, 'java', 'median');
    assert.equal(c, 'O(n^2)');
  });
});

const ITEM_LENGTH = `class Solution {
    public int slashes(String[] source) {
        int c = 0;
        for (String s : source) {
            int m = s.length();
            for (int i = 0; i < m; ++i) {
                if (s.charAt(i) == '/') {
                    ++c;
                }
            }
        }
        return c;
    }
}`;

describe('twentieth round: Java String length() as a size alias', () => {
  it('reads int m = s.length() of the item as the item’s size: the items’ total', async () => {
    const [c, why] = await claimOf(ITEM_LENGTH, 'java', 'slashes');
    assert.equal(c, 'O(L + n)');
    assert.match(why ?? '', /items' total size/);
  });

  it('near miss: the length of another string on every pass keeps the product', async () => {
    const other = ITEM_LENGTH.replace('String[] source)', 'String[] source, String t)').replace(
      'int m = s.length();',
      'int m = t.length();',
    );
    const [c] = await claimOf(other, 'java', 'slashes');
    assert.equal(c, 'O(n*m)');
  });
});

const BIT_COUNTS_JAVA = `class Solution {
    public int bits(int[] nums) {
        int mx = 0;
        for (int x : nums) {
            mx = Math.max(mx, x);
        }
        int m = 32 - Integer.numberOfLeadingZeros(mx);
        int[] cnt = new int[m];
        for (int x : nums) {
            for (int h = 0; h < m; ++h) {
                if ((x >> h & 1) == 1) {
                    ++cnt[h];
                }
            }
        }
        return cnt[0];
    }
}`;

describe('twentieth round: bit lengths written as a width less the leading zeros', () => {
  it('reads Java 32 - numberOfLeadingZeros(mx) as O(log mx) passes, beside new int[m]', async () => {
    const [c, why] = await claimOf(BIT_COUNTS_JAVA, 'java', 'bits');
    assert.equal(c, 'O(n log k + m)');
    assert.match(why ?? '', /loop over the bits of `mx`/);
  });

  it('reads Go bits.Len(uint(mx)) and JavaScript mx.toString(2).length the same way', async () => {
    const go = `func bits(nums []int) int {
	m := bits.Len(uint(slices.Max(nums)))
	cnt := make([]int, m)
	for _, x := range nums {
		for h := 0; h < m; h++ {
			cnt[h] += x >> h & 1
		}
	}
	return cnt[0]
}`;
    const ts = `function bits(nums: number[]): number {
    const m = Math.max(...nums).toString(2).length;
    const cnt: number[] = Array(m).fill(0);
    for (const x of nums) {
        for (let h = 0; h < m; ++h) {
            cnt[h] += (x >> h) & 1;
        }
    }
    return cnt[0];
}`;
    assert.match((await claimOf(go, 'go', 'bits'))[1] ?? '', /loop over the bits of/);
    assert.match((await claimOf(ts, 'typescript', 'bits'))[1] ?? '', /loop over the bits of/);
  });

  it('near miss: a count of the items is still a size', async () => {
    const plain = BIT_COUNTS_JAVA.replace(
      'int m = 32 - Integer.numberOfLeadingZeros(mx);',
      'int m = nums.length;',
    );
    const [c, why] = await claimOf(plain, 'java', 'bits');
    assert.equal(c, 'O(n^2)');
    assert.doesNotMatch(why ?? '', /bits of/);
  });
});

const ROW_MERGE_JAVA = `class Solution {
    public long spend(int[][] values) {
        int m = values.length, n = values[0].length;
        PriorityQueue<int[]> pq = new PriorityQueue<>((a, b) -> a[0] - b[0]);
        for (int i = 0; i < m; ++i) {
            pq.offer(new int[] {values[i][n - 1], i, n - 1});
        }
        long ans = 0;
        for (int d = 1; !pq.isEmpty(); ++d) {
            var p = pq.poll();
            int v = p[0], i = p[1], j = p[2];
            ans += (long) v * d;
            if (j > 0) {
                pq.offer(new int[] {values[i][j - 1], i, j - 1});
            }
        }
        return ans;
    }
}`;

describe('twentieth round: a counted drain of a heap of grid cells', () => {
  it('reads Java new int[] {…} cells re-pushed under a pass counter as rows × width passes', async () => {
    const [c, why] = await claimOf(ROW_MERGE_JAVA, 'java', 'spend');
    assert.equal(c, 'O(n*m log k)');
    assert.match(why ?? '', /holds cells of `values`/);
  });

  it('near miss: cells that carry one index only are no grid cells', async () => {
    const one = ROW_MERGE_JAVA.replace(
      'pq.offer(new int[] {values[i][j - 1], i, j - 1});',
      'pq.offer(new int[] {values[i][j - 1], j - 1});',
    );
    assert.notEqual(one, ROW_MERGE_JAVA);
    const [, why] = await claimOf(one, 'java', 'spend');
    assert.doesNotMatch(why ?? '', /holds cells/);
  });
});
