// Golden cases for Java and JS/TS forms and memoized recursion in loops (see languageForms.test.ts
// for Go, Rust and C): each case is a cause found on the development half of doocs/leetcode,
// written here as small code of our own.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

describe('explain complexity: Java and JS/TS idioms, memoized loops', () => {
  describe('memoized recursion inside a loop', () => {
    it('Java: `if (f[i] != null) return f[i]; ... return f[i] = best;` computes each state once', async () => {
      const code = `class Solution {
    private Integer[] f;
    private int[] cost;
    public int cheapest(int[] cost) {
        this.cost = cost;
        f = new Integer[cost.length];
        return dfs(0);
    }
    private int dfs(int i) {
        if (i >= cost.length) return 0;
        if (f[i] != null) return f[i];
        int best = Integer.MAX_VALUE;
        for (int j = 1; j <= 2; j++) {
            best = Math.min(best, cost[i] + dfs(i + j));
        }
        return f[i] = best;
    }
}`;
      const unit = await unitOf(code, 'java', 'dfs');
      assert.equal(unit.complexity, 'O(n)');
      assert.match(unit.complexity_basis!, /memoized/);
    });
    it("Go: a closure filling the enclosing function's table with `f[i] = best` likewise", async () => {
      const code = `func cheapest(cost []int) int {
	n := len(cost)
	f := make([]int, n)
	for i := range f {
		f[i] = -1
	}
	var dfs func(int) int
	dfs = func(i int) int {
		if i >= n {
			return 0
		}
		if f[i] != -1 {
			return f[i]
		}
		best := 1 << 30
		for j := 1; j <= 2; j++ {
			best = min(best, cost[i]+dfs(i+j))
		}
		f[i] = best
		return best
	}
	return dfs(0)
}`;
      assert.equal((await unitOf(code, 'go', 'dfs')).complexity, 'O(n)');
    });
    it('near miss: a mark reset after the call is backtracking, not a memo', async () => {
      const code = `class Solution {
    private boolean[] used;
    private int count(int[] xs, int depth) {
        if (depth == xs.length) return 1;
        int total = 0;
        for (int i = 0; i < xs.length; i++) {
            if (used[i]) continue;
            used[i] = true;
            total += count(xs, depth + 1);
            used[i] = false;
        }
        return total;
    }
}`;
      // Backtracking over the unused items: permutations, n! (seventh round; 2^n before).
      assert.match((await unitOf(code, 'java', 'count')).complexity!, /^O\(n\*n!\)$/);
    });
  });
  describe('Java collections', () => {
    it('a field declared `TreeSet<...>` and built in the constructor is searched in O(log n) by other methods', async () => {
      const code = `class Book {
    private TreeSet<int[]> order;
    public Book(int[][] items) {
        order = new TreeSet<>((a, b) -> a[0] - b[0]);
        for (int[] e : items) {
            order.add(new int[] {e[1], e[0]});
        }
    }
    public void move(int id, int from, int to) {
        order.remove(new int[] {from, id});
        order.add(new int[] {to, id});
    }
}`;
      assert.equal((await unitOf(code, 'java', 'move')).complexity, 'O(log n)');
    });
    it('`xs.remove(xs.size() - 1)` pops the last element in O(1); `xs.remove(0)` still shifts', async () => {
      const code = `class S {
    int f(String s) {
        List<Integer> stk = new ArrayList<>();
        for (char c : s.toCharArray()) {
            if (!stk.isEmpty() && c == ')') {
                stk.remove(stk.size() - 1);
            } else {
                stk.add(1);
            }
        }
        return stk.size();
    }
    int g(List<Integer> xs) {
        int c = 0;
        for (int x : xs) {
            xs.remove(0);
            c++;
        }
        return c;
    }
}`;
      assert.equal((await unitOf(code, 'java', 'f')).complexity, 'O(n)');
      assert.equal((await unitOf(code, 'java', 'g')).complexity, 'O(n^2)');
    });
    it("`for (char c = 'a'; c <= 'z'; ++c)` runs a fixed 26 times", async () => {
      const code = `class S {
    int f(int[] cnt, String[] words) {
        int c = 0;
        for (String w : words) {
            for (char ch = 'a'; ch <= 'z'; ++ch) {
                c += cnt[ch - 'a'];
            }
        }
        return c;
    }
}`;
      assert.equal((await unitOf(code, 'java', 'f')).complexity, 'O(n)');
    });
  });
  describe('JS / TS idioms', () => {
    it('`for (let i = n - 1; ~i; --i)` and `for (let i = k; i; --i)` count down to zero: linear', async () => {
      const code = `function suffix(nums: number[]): number[] {
    const n = nums.length;
    const ans: number[] = new Array(n).fill(0);
    for (let i = n - 1; ~i; --i) {
        ans[i] = nums[i] + (i + 1 < n ? ans[i + 1] : 0);
    }
    return ans;
}
function down(k: number): number {
    let c = 0;
    for (let i = k; i; --i) c += i;
    return c;
}`;
      assert.equal((await unitOf(code, 'typescript', 'suffix')).complexity, 'O(n)');
      assert.equal((await unitOf(code, 'typescript', 'down')).complexity, 'O(k)');
    });
    it('`s.slice(i, i + 2)` copies two characters; `s.slice(0, i)` still copies up to n', async () => {
      const code = `function pairs(s: string): number {
    let c = 0;
    for (let i = 0; i + 2 <= s.length; i++) c += +s.slice(i, i + 2);
    return c;
}
function prefixes(s: string): number {
    let c = 0;
    for (let i = 0; i < s.length; i++) c += s.slice(0, i).length;
    return c;
}`;
      assert.equal((await unitOf(code, 'typescript', 'pairs')).complexity, 'O(n)');
      assert.equal((await unitOf(code, 'typescript', 'prefixes')).complexity, 'O(n^2)');
    });
  });
  it('`fast !== null && fast.next !== null` with `fast = fast.next.next` walks the list: O(n), named after `fast`', async () => {
    const code = `function middle(head) {
    let [slow, fast] = [head, head.next];
    while (fast !== null && fast.next !== null) {
        slow = slow.next;
        fast = fast.next.next;
    }
    return slow;
}`;
    const unit = await unitOf(code, 'javascript', 'middle');
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis!, /loop over `fast`/);
  });
});
