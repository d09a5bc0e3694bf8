// Golden cases for the tenth round (issue 16, doocs Go/Java/Rust/C#): blocks of a strided range,
// pointers that the outer loop jumps to through a tuple or a second counter, Go arrays of a
// literal length (and rows of a table whose type fixes them), and loop counts held in a name bound
// to an element outside C/C++. Each cause sits beside a near miss that keeps its answer. Written
// here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

describe('explain complexity: strided blocks, jumps, Go arrays, element counts (tenth round)', () => {
  it('Java: `for (j = i; j < i + k; ++j)` inside `i += k` visits each position once', async () => {
    const code = `class A {
    int sum(String s, int k) {
        int n = s.length(), t = 0;
        for (int i = 0; i < n; i += k) {
            for (int j = i; j < i + k; ++j) t += s.charAt(j);
        }
        return t;
    }
}`;
    assert.equal((await claimOf(code, 'java', 'sum'))[0], 'O(n)');
  });
  it('Java near miss: a block wider than the stride (`j < i + 2 * k` under `i += k`) stays a product', async () => {
    const code = `class A {
    int sum(String s, int k) {
        int n = s.length(), t = 0;
        for (int i = 0; i < n; i += k) {
            for (int j = i; j < i + 2 * k; ++j) t += s.charAt(j);
        }
        return t;
    }
}`;
    assert.notEqual((await claimOf(code, 'java', 'sum'))[0], 'O(n)');
  });
  it('Go: two pointers closing in on `i .. min(i+k-1, n-1)` under `i += 2 * k` (and not a halving loop)', async () => {
    const code = `func rev(cs []byte, k int) {
	n := len(cs)
	for i := 0; i < n; i += 2 * k {
		for l, r := i, min(i+k-1, n-1); l < r; l, r = l+1, r-1 {
			cs[l], cs[r] = cs[r], cs[l]
		}
	}
}`;
    assert.equal((await claimOf(code, 'go', 'rev'))[0], 'O(n)');
    const java = `class A {
    void rev(char[] cs, int k) {
        int n = cs.length;
        for (int i = 0; i < n; i += k * 2) {
            int l = i, r = Math.min(i + k - 1, n - 1);
            while (l < r) { char t = cs[l]; cs[l++] = cs[r]; cs[r--] = t; }
        }
    }
}`;
    assert.equal((await claimOf(java, 'java', 'rev'))[0], 'O(n)');
  });
  it('Go near miss: an inner loop from `i` to the end of the range stays quadratic', async () => {
    const code = `func f(a []int, k int) int {
	n, t := len(a), 0
	for i := 0; i < n; i += k {
		for j := i; j < n; j++ {
			t += a[j]
		}
	}
	return t
}`;
    assert.equal((await claimOf(code, 'go', 'f'))[0], 'O(n^2)');
  });
  it('Rust: `(0..n).step_by(m)` with `l = i`, `r = i + m - 1` closing in is one pass', async () => {
    const code = `fn rev(mut nums: Vec<i32>, k: usize) -> Vec<i32> {
    let n = nums.len();
    let m = n / k;
    for i in (0..n).step_by(m) {
        let mut l = i;
        let mut r = i + m - 1;
        while l < r {
            nums.swap(l, r);
            l += 1;
            r -= 1;
        }
    }
    nums
}`;
    assert.equal((await claimOf(code, 'rust', 'rev'))[0], 'O(n)');
  });
  it('Go: residues (`i` over the last k positions, `j -= k` back to 0) are one pass in all', async () => {
    const code = `func best(a []int, k int) int {
	ans, n := 0, len(a)
	for i := n - k; i < n; i++ {
		for j, s := i, 0; j >= 0; j -= k {
			s += a[j]
			ans = max(ans, s)
		}
	}
	return ans
}`;
    assert.equal((await claimOf(code, 'go', 'best'))[0], 'O(k + n)');
  });
  it('Go: pointers started at `i + 1` / `j + 1` that `i, j = x, y` jumps to are amortised', async () => {
    const code = `func same(a string, b string) bool {
	m, n := len(a), len(b)
	i, j := 0, 0
	for i < m && j < n {
		x, y := i+1, j+1
		for x < m && a[x] == a[i] {
			x++
		}
		for y < n && b[y] == b[j] {
			y++
		}
		i, j = x, y
	}
	return i == m && j == n
}`;
    assert.equal((await claimOf(code, 'go', 'same'))[0], 'O(n + m)');
    const java = `class A {
    boolean same(String a, String b) {
        int m = a.length(), n = b.length(), i = 0, j = 0;
        while (i < m && j < n) {
            int x = i + 1;
            while (x < m && a.charAt(x) == a.charAt(i)) ++x;
            int y = j + 1;
            while (y < n && b.charAt(y) == b.charAt(j)) ++y;
            i = x;
            j = y;
        }
        return i == m && j == n;
    }
}`;
    // (`int m = a.length()` is the size of `a` since the twentieth round: the letters follow `a`, `b`)
    assert.equal((await claimOf(java, 'java', 'same'))[0], 'O(n + m)');
  });
  it('Go near miss: a pointer restarted at `i + 1` that the counter does not jump to stays a product', async () => {
    const code = `func f(a string) int {
	m, t := len(a), 0
	i := 0
	for i < m {
		x := i + 1
		for x < m && a[x] == a[i] {
			x++
			t++
		}
		i++
	}
	return t
}`;
    assert.equal((await claimOf(code, 'go', 'f'))[0], 'O(n^2)');
  });
  it('Go: `[26]int{}`, `var c [26]int` and `make([]int, 26)` are fixed; so are the rows of `make([][26]int, n)`', async () => {
    const code = `func f(words []string, word string) int {
	cnt := [26]int{}
	var seen [26]int
	g := make([][]int, 26)
	for i := range g {
		g[i] = make([]int, 26)
	}
	h := make([][26][26]int, len(word))
	t := 0
	for _, w := range words {
		for i, v := range cnt {
			t += v + seen[i] + len(w)
		}
		for i := range g {
			for j := range g[i] {
				t += g[i][j]
			}
		}
	}
	for i := range h {
		for j := range h[i] {
			for k := range h[i][j] {
				t += k
			}
		}
	}
	return t
}`;
    assert.equal((await claimOf(code, 'go', 'f'))[0], 'O(n + m)');
  });
  it('Go near miss: `make([]int, n)` and rows grown by `append` keep their sizes', async () => {
    const code = `func f(words []string, n int) int {
	cnt := make([]int, n)
	g := make([][]int, 26)
	for _, w := range words {
		g[len(w)%26] = append(g[len(w)%26], len(w))
	}
	t := 0
	for _, w := range words {
		for i := range cnt {
			t += i + len(w)
		}
	}
	for i := range g {
		for j := range g[i] {
			t += j
		}
	}
	return t
}`;
    const [c] = await claimOf(code, 'go', 'f');
    assert.equal(c, 'O(m*k + n + p)'); // (`n` itself: `make([]int, n)` costs n, allocations.ts)
  });
  it('Java, Go: a loop counted by a name bound to an element keeps its product (measured: withholding it there traded as many right answers as wrong)', async () => {
    const java = `class A {
    int f(int[] vs, int num) {
        int t = 0;
        for (int v : vs) {
            for (int k = 0; k < v; k++) t += num;
        }
        return t;
    }
}`;
    assert.equal((await claimOf(java, 'java', 'f'))[0], 'O(n*m)');
    const cpp = `int f(vector<int>& vs, int num) {
    int t = 0;
    for (int v : vs) {
        for (int k = 0; k < v; k++) t += num;
    }
    return t;
}`;
    assert.equal((await claimOf(cpp, 'cpp', 'f'))[0], 'unknown');
  });
  it('near misses: Go`s `i` in `for i, x := range xs` and Java`s `n = nums.length` are sizes, not values', async () => {
    const go = `func f(nums []int) int {
	t := 0
	for i, x := range nums {
		for j := 0; j < i; j++ {
			t += x
		}
	}
	return t
}`;
    assert.notEqual((await claimOf(go, 'go', 'f'))[0], 'unknown');
    const single = `func g(mat [][]int) int {
	t := 0
	for i := range mat {
		for k := i; k >= 0; k-- {
			t += mat[k][0]
		}
	}
	return t
}`;
    assert.notEqual((await claimOf(single, 'go', 'g'))[0], 'unknown');
    const java = `class A {
    int f(int[] nums) {
        int n = nums.length, t = 0;
        for (int i = 0; i < n; i++) t += nums[i];
        return t;
    }
}`;
    assert.equal((await claimOf(java, 'java', 'f'))[0], 'O(n)');
  });
  it('Java: `Arrays.asList(a, b)` and a loop over `List.of(i + x, i - x)` handle the elements written', async () => {
    const code = `class A {
    List<List<Integer>> pairs(int[][] intervals) {
        List<List<Integer>> ans = new ArrayList<>();
        for (var e : intervals) {
            int a = e[0], b = e[1];
            ans.add(Arrays.asList(a, b));
        }
        return ans;
    }
    int jumps(int[] arr, int i) {
        int t = 0;
        for (int k = 0; k < arr.length; k++) {
            for (int j : List.of(i + arr[k], i - arr[k])) t += j;
        }
        return t;
    }
}`;
    assert.equal((await claimOf(code, 'java', 'pairs'))[0], 'O(n)');
    assert.equal((await claimOf(code, 'java', 'jumps'))[0], 'O(n)');
  });
  it('Java near miss: `Arrays.asList(arr)` of one array is still charged on it', async () => {
    const code = `class A {
    int all(Integer[] arr) {
        int t = 0;
        for (int i = 0; i < arr.length; i++) t += Arrays.asList(arr).indexOf(i);
        return t;
    }
}`;
    assert.equal((await claimOf(code, 'java', 'all'))[0], 'O(n^2)');
  });
  it('Rust: a neighbour list indexed through a cast (`&keys[u as usize]`) is scanned once per item drained', async () => {
    const code = `use std::collections::VecDeque;
fn reach(keys: Vec<Vec<i32>>, start: i32) -> usize {
    let mut seen = vec![false; keys.len()];
    let mut q = VecDeque::new();
    q.push_back(start);
    seen[start as usize] = true;
    while let Some(u) = q.pop_front() {
        for &k in &keys[u as usize] {
            if !seen[k as usize] {
                seen[k as usize] = true;
                q.push_back(k);
            }
        }
    }
    seen.len()
}`;
    const [c] = await claimOf(code, 'rust', 'reach');
    assert.doesNotMatch(c!, /\^2|\*/);
  });
  it('Go: a substring hashed as a map key or compared with `==` reads its characters', async () => {
    const code = `func codes(s string, k int) bool {
	ss := map[string]bool{}
	for i := 0; i+k <= len(s); i++ {
		ss[s[i:i+k]] = true
	}
	return len(ss) == 1<<k
}

func revert(word string, k int) int {
	n := len(word)
	for i := k; i < n; i += k {
		if word[i:] == word[:n-i] {
			return i / k
		}
	}
	return 0
}`;
    assert.equal((await claimOf(code, 'go', 'codes'))[0], 'O(n*k)');
    assert.equal((await claimOf(code, 'go', 'revert'))[0], 'O(n^2)');
  });
  it('Go near miss: a key cut from the stretch a loop just scanned, and a slice iterated, add no charge', async () => {
    const code = `func words(s string) int {
	cnt := map[string]int{}
	n, i := len(s), 0
	for i < n {
		j := i
		for j < n && s[j] != ' ' {
			j++
		}
		cnt[s[i:j]]++
		i = j + 1
	}
	return len(cnt)
}

func pairs(nums []int) int {
	t := 0
	for i := 0; i < len(nums); i++ {
		if nums[i:i+1][0] == 0 {
			t++
		}
	}
	return t
}`;
    assert.equal((await claimOf(code, 'go', 'words'))[0], 'O(n)');
    assert.equal((await claimOf(code, 'go', 'pairs'))[0], 'O(n)');
  });
});
