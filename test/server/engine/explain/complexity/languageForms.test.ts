// Golden cases for language-specific forms the complexity estimate must read (Go, Java, C, Rust,
// C#, JS/TS): each case is a cause found on the development half of doocs/leetcode, written here
// as small code of our own.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

describe('explain complexity: language forms', () => {
  describe('Go closures assigned to a name', () => {
    const code = `func height(root *Node) (best int) {
	var walk func(n *Node) int
	walk = func(n *Node) int {
		if n == nil {
			return 0
		}
		l, r := walk(n.Left), walk(n.Right)
		best = max(best, l+r)
		return 1 + max(l, r)
	}
	walk(root)
	return
}`;
    it('`walk = func(...)` names the literal, so its recursion and its caller are charged', async () => {
      assert.equal((await unitOf(code, 'go', 'walk')).complexity, 'O(n)');
      assert.equal((await unitOf(code, 'go', 'height')).complexity, 'O(n)');
    });
    it('`f := func(...)` and `var f = func(...)` name their literal too', async () => {
      const forms = `func total(xs []int) int {
	sum := func(ys []int) int {
		s := 0
		for _, y := range ys {
			s += y
		}
		return s
	}
	var twice = func(ys []int) int { return 2 * sum(ys) }
	return twice(xs)
}`;
      assert.equal((await unitOf(forms, 'go', 'sum')).complexity, 'O(n)');
      assert.equal((await unitOf(forms, 'go', 'twice')).complexity, 'O(n)');
    });
  });
  it("Go: recursing on a node's `Left` and `Right` fields walks the tree once, O(n)", async () => {
    const code = `func prune(root *Node) *Node {
	if root == nil {
		return nil
	}
	root.Left = prune(root.Left)
	root.Right = prune(root.Right)
	return root
}`;
    const unit = await unitOf(code, 'go', 'prune');
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis!, /subtrees/);
  });
  it('Rust: `a.max(b)` compares two values (O(1)); only an iterator `max()` scans', async () => {
    const code = `impl Solution {
    pub fn best(nums: Vec<i32>) -> i32 {
        let mut ans = 0;
        for &x in nums.iter() {
            ans = ans.max(x);
        }
        ans
    }
    pub fn top(nums: Vec<i32>) -> i32 {
        *nums.iter().max().unwrap()
    }
}`;
    assert.equal((await unitOf(code, 'rust', 'best')).complexity, 'O(n)');
    assert.equal((await unitOf(code, 'rust', 'top')).complexity, 'O(n)');
  });
  describe('Go work lists: `for len(q) > 0` drained by re-slicing', () => {
    it('a queue taken from the front (`q = q[1:]`) level by level is one pass per item, O(n)', async () => {
      const code = `func levels(root *Node) (ans [][]int) {
	q := []*Node{root}
	for len(q) > 0 {
		t := []int{}
		for n := len(q); n > 0; n-- {
			node := q[0]
			q = q[1:]
			t = append(t, node.Val)
			if node.Left != nil {
				q = append(q, node.Left)
			}
		}
		ans = append(ans, t)
	}
	return
}`;
      assert.equal((await unitOf(code, 'go', 'levels')).complexity, 'O(n)');
    });
    it('a monotonic stack popped by `stk = stk[:len(stk)-1]` is amortised, O(n)', async () => {
      const code = `func nextGreater(nums []int) []int {
	stk := []int{}
	ans := make([]int, len(nums))
	for i, x := range nums {
		for len(stk) > 0 && nums[stk[len(stk)-1]] < x {
			ans[stk[len(stk)-1]] = i
			stk = stk[:len(stk)-1]
		}
		stk = append(stk, i)
	}
	return ans
}`;
      assert.equal((await unitOf(code, 'go', 'nextGreater')).complexity, 'O(n)');
    });
    it('near miss: a `len(q) > 0` loop that never takes an item has no bound', async () => {
      const code = `func spin(q []int) int {
	c := 0
	for len(q) > 0 {
		c++
	}
	return c
}`;
      assert.equal((await unitOf(code, 'go', 'spin')).complexity, 'unknown');
    });
  });
  it('Go: recursing once per child of `for _, v := range g[u]` is a tree walk, O(n)', async () => {
    const code = `func deepest(g [][]int, root int) int {
	var dfs func(int) int
	dfs = func(u int) (best int) {
		for _, v := range g[u] {
			best = max(best, dfs(v)+1)
		}
		return
	}
	return dfs(root)
}`;
    const unit = await unitOf(code, 'go', 'dfs');
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis!, /tree walk/);
  });
  describe('loops over written literals are constant', () => {
    it('Go `[]int{a, b}` and `[][2]int{{0, 1}, {1, 0}}` inside a loop add no factor', async () => {
      const code = `func f(nums []int) int {
	c := 0
	for i, x := range nums {
		for _, j := range []int{i + x, i - x} {
			c += j
		}
		for _, d := range [][2]int{{0, 1}, {1, 0}} {
			c += d[0]
		}
	}
	return c
}`;
      assert.equal((await unitOf(code, 'go', 'f')).complexity, 'O(n)');
    });
    it('Java `new int[] {a, b}` and Rust `[(0, 1), (1, 0)]` likewise', async () => {
      const java = `class S {
    int f(int[] a, int[] b) {
        int c = 0;
        for (int i = 0; i < a.length; ++i) {
            for (int j : new int[] {a[i], b[i]}) {
                c += j;
            }
        }
        return c;
    }
}`;
      assert.equal((await unitOf(java, 'java', 'f')).complexity, 'O(n)');
      const rust = `fn f(nums: Vec<i32>) -> i32 {
    let mut c = 0;
    for x in nums.iter() {
        for (dx, dy) in [(0, 1), (1, 0)] {
            c += dx * x + dy;
        }
    }
    c
}`;
      assert.equal((await unitOf(rust, 'rust', 'f')).complexity, 'O(n)');
    });
  });
  describe('loops without a condition', () => {
    it('`for i := 0; ; i++` that subscripts `s[i]` stays within `s`: O(n)', async () => {
      const code = `func firstTwice(s string) byte {
	mask := 0
	for i := 0; ; i++ {
		if mask>>(s[i]-'a')&1 == 1 {
			return s[i]
		}
		mask |= 1 << (s[i] - 'a')
	}
}`;
      assert.equal((await unitOf(code, 'go', 'firstTwice')).complexity, 'O(n)');
    });
    it('Go `for { ... s[i] ... i++ }` likewise', async () => {
      const code = `func scan(s string) int {
	i := 0
	for {
		if s[i] == 'x' {
			return i
		}
		i++
	}
}`;
      assert.equal((await unitOf(code, 'go', 'scan')).complexity, 'O(n)');
    });
    it('near miss: no collection subscripted by the counter stays unknown', async () => {
      const code = `func root(n int) int {
	for i := 0; ; i++ {
		if i*i > n {
			return i
		}
	}
}`;
      assert.equal((await unitOf(code, 'go', 'root')).complexity, 'unknown');
    });
  });
  it('`for p.Next != nil { p = p.Next }` walks the list held by `p`, not a size named `nil`', async () => {
    const code = `func last(head *ListNode) int {
	for head.Next != nil {
		head = head.Next
	}
	return head.Val
}`;
    const unit = await unitOf(code, 'go', 'last');
    assert.equal(unit.complexity, 'O(n)');
    assert.doesNotMatch(unit.complexity_basis!, /`nil`/);
  });
  it("C: `for (i = 0; s[i]; i++)` and `rows[i][j] != '\\0'` run to the terminator, once per character", async () => {
    const code = `int count(char* s, char** rows, int n) {
    int c = 0;
    for (int i = 0; s[i]; i++) {
        if (s[i] == 'a') c++;
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; rows[i][j] != '\\0'; ++j) {
            c++;
        }
    }
    return c;
}`;
    const unit = await unitOf(code, 'c', 'count');
    assert.match(unit.complexity!, /^O\(n\*m/);
    assert.match(unit.complexity_basis!, /rows\[i\]/);
  });
  describe('Rust `while let` over a work list', () => {
    it('`while let Some(u) = q.pop_front()` drains the queue: a BFS is O(n + m)', async () => {
      const code = `impl Solution {
    pub fn reach(g: Vec<Vec<usize>>) -> i32 {
        let mut q = VecDeque::new();
        let mut vis = vec![false; g.len()];
        q.push_back(0);
        vis[0] = true;
        let mut c = 0;
        while let Some(u) = q.pop_front() {
            c += 1;
            for &v in &g[u] {
                if !vis[v] {
                    vis[v] = true;
                    q.push_back(v);
                }
            }
        }
        c
    }
}`;
      assert.equal((await unitOf(code, 'rust', 'reach')).complexity, 'O(n + m)');
    });
    it('`while let Some(&top) = stk.last()` with `stk.pop()` in the body is an amortised stack, O(n)', async () => {
      const code = `impl Solution {
    pub fn next_greater(nums: Vec<i32>) -> Vec<i32> {
        let mut stk: Vec<usize> = Vec::new();
        let mut ans = vec![-1; nums.len()];
        for i in 0..nums.len() {
            while let Some(&top) = stk.last() {
                if nums[top] >= nums[i] {
                    break;
                }
                ans[top] = nums[i];
                stk.pop();
            }
            stk.push(i);
        }
        ans
    }
}`;
      assert.equal((await unitOf(code, 'rust', 'next_greater')).complexity, 'O(n)');
    });
    it('near miss: a peek the body never pops is no bound', async () => {
      const code = `fn spin(stk: Vec<i32>) -> i32 {
    let mut c = 0;
    while let Some(&top) = stk.last() {
        c += top;
    }
    c
}`;
      assert.equal((await unitOf(code, 'rust', 'spin')).complexity, 'unknown');
    });
  });
  it('Go: grouped parameters (`func(i, s int)`) are two parameters, so `dfs(i+1, s)` is recursion', async () => {
    const code = `func subsetSums(nums []int) (ans int) {
	n := len(nums)
	var dfs func(int, int)
	dfs = func(i, s int) {
		if i >= n {
			ans += s
			return
		}
		dfs(i+1, s)
		dfs(i+1, s+nums[i])
	}
	dfs(0, 0)
	return
}`;
    assert.match((await unitOf(code, 'go', 'subsetSums')).complexity!, /^O\(2\^n/);
  });
});
