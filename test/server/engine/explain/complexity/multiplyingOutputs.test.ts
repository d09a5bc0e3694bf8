// Golden cases for the eleventh round (issue 16, doocs Go/Java/Rust/C#): outputs that grow
// multiplicatively. A list replaced on each pass by one holding several items per item it had
// (letter combinations) compounds: withheld outside C/C++ too. A call on the caller's own type
// (`Solution::dfs`, `Solution.dfs`) is a call to itself. A list only counted (`ans.size() >= k`)
// is an output, not a visited mark. Builders and slices cut back by one after the call undo a
// choice. A per-level list read from a table is not every remaining item (not permutations).
// Each cause sits beside a near miss that keeps its answer. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

describe('explain complexity: outputs that grow multiplicatively (eleventh round)', () => {
  it('Go: a list replaced by several items per item on each pass compounds: withheld', async () => {
    const code = `func combos(ds string, keys []string) []string {
	res := []string{""}
	for _, c := range ds {
		opts := keys[c-'0']
		next := []string{}
		for _, r := range res {
			for _, o := range opts {
				next = append(next, r+string(o))
			}
		}
		res = next
	}
	return res
}`;
    const [complexity, basis] = await claimOf(code, 'go', 'combos');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /compounds/);
  });
  it('Go near miss: a list replaced by one item per item keeps its size and its claim', async () => {
    const code = `func step(ds string, xs []int) []int {
	for range ds {
		next := []int{}
		for _, x := range xs {
			next = append(next, x+1)
		}
		xs = next
	}
	return xs
}`;
    assert.equal((await claimOf(code, 'go', 'step'))[0], 'O(n*m)');
  });
  it('Java and C#: the same compounding list is withheld', async () => {
    const java = `class A {
    List<String> combos(String ds, String[] keys) {
        List<String> res = new ArrayList<>();
        res.add("");
        for (char c : ds.toCharArray()) {
            String opts = keys[c - '0'];
            List<String> next = new ArrayList<>();
            for (String r : res) {
                for (char o : opts.toCharArray()) next.add(r + o);
            }
            res = next;
        }
        return res;
    }
}`;
    assert.equal((await claimOf(java, 'java', 'combos'))[0], 'unknown');
    const cs = `public class A {
    public IList<string> Combos(string ds, string[] keys) {
        var res = new List<string> { "" };
        foreach (char c in ds) {
            string opts = keys[c - '0'];
            var next = new List<string>();
            foreach (string r in res) {
                foreach (char o in opts) next.Add(r + o);
            }
            res = next;
        }
        return res;
    }
}`;
    assert.equal((await claimOf(cs, 'csharp', 'Combos'))[0], 'unknown');
  });
  it('Rust: `Solution::dfs` inside `impl Solution` is recursion (backtracking over a per-level list)', async () => {
    const code = `impl Solution {
    pub fn combos(ds: String, keys: Vec<String>) -> Vec<String> {
        let mut out = Vec::new();
        let mut t = String::new();
        Solution::dfs(&ds, &keys, &mut t, &mut out, 0);
        out
    }

    fn dfs(ds: &String, keys: &Vec<String>, t: &mut String, out: &mut Vec<String>, i: usize) {
        if i >= ds.len() {
            out.push(t.clone());
            return;
        }
        let opts = &keys[ds.as_bytes()[i] as usize];
        for c in opts.chars() {
            t.push(c);
            Solution::dfs(ds, keys, t, out, i + 1);
            t.pop();
        }
    }
}`;
    const [complexity, basis] = await claimOf(code, 'rust', 'combos');
    assert.match(complexity!, /2\^/);
    assert.match(basis!, /backtracking/);
  });
  it('Rust near miss: `Vec::new()` inside a method `new` is not a call to itself', async () => {
    const code = `impl Stack {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }
}`;
    assert.equal((await claimOf(code, 'rust', 'new'))[0], 'O(1)');
  });
  it('Java: a list only counted (`ans.size() >= k`) is no visited mark; `deleteCharAt` undoes the choice', async () => {
    const code = `class A {
    private List<String> ans = new ArrayList<>();
    private StringBuilder s = new StringBuilder();
    private int n, k;

    String get(int n, int k) {
        this.n = n;
        this.k = k;
        dfs();
        return ans.size() < k ? "" : ans.get(k - 1);
    }

    private void dfs() {
        if (s.length() == n) {
            ans.add(s.toString());
            return;
        }
        if (ans.size() >= k) return;
        for (char c : "xyz".toCharArray()) {
            s.append(c);
            dfs();
            s.deleteCharAt(s.length() - 1);
        }
    }
}`;
    const [complexity, basis] = await claimOf(code, 'java', 'dfs');
    assert.match(complexity!, /2\^/);
    assert.match(basis!, /backtracking/);
  });
  it('Java near miss: a set tested for membership stays a visited mark', async () => {
    const code = `class A {
    private Set<Integer> seen = new HashSet<>();
    void dfs(int u, List<Integer>[] g) {
        seen.add(u);
        for (int v : g[u]) {
            if (!seen.contains(v)) dfs(v, g);
        }
    }
}`;
    const [, basis] = await claimOf(code, 'java', 'dfs');
    assert.match(basis!, /visits each item of `seen` once/);
  });
  it('C# and Go: `s.Length--` and `s = s[:len(s)-1]` after the call undo the choice', async () => {
    const cs = `public class A {
    public int Count(int n) {
        var s = new StringBuilder();
        var ans = new List<string>();
        void Dfs() {
            if (s.Length == n) { ans.Add(s.ToString()); return; }
            foreach (char c in "xyz") {
                s.Append(c);
                Dfs();
                s.Length--;
            }
        }
        Dfs();
        return ans.Count;
    }
}`;
    assert.match((await claimOf(cs, 'csharp', 'Dfs'))[1]!, /backtracking/);
    const go = `func count(n int) int {
	ans := 0
	var s []byte
	var dfs func()
	dfs = func() {
		if len(s) == n {
			ans++
			return
		}
		for c := byte('x'); c <= 'z'; c++ {
			s = append(s, c)
			dfs()
			s = s[:len(s)-1]
		}
	}
	dfs()
	return ans
}`;
    assert.match((await claimOf(go, 'go', 'dfs'))[1]!, /backtracking/);
  });
  it('Java and Go: one edited copy of the input saved per position costs the copy (`new String(s)`, `string(s)`)', async () => {
    const java = `class A {
    List<String> moves(String cur) {
        List<String> ans = new ArrayList<>();
        char[] s = cur.toCharArray();
        for (int i = 0; i + 1 < s.length; ++i) {
            s[i] = '-';
            ans.add(new String(s));
            s[i] = '+';
        }
        return ans;
    }
}`;
    assert.equal((await claimOf(java, 'java', 'moves'))[0], 'O(n^2)');
    const go = `func moves(cur string) (ans []string) {
	s := []byte(cur)
	for i := 0; i+1 < len(s); i++ {
		s[i] = '-'
		ans = append(ans, string(s))
		s[i] = '+'
	}
	return
}`;
    assert.equal((await claimOf(go, 'go', 'moves'))[0], 'O(n^2)');
  });
  it('near misses: a capacity (`new ArrayList<>(k)`) and a one-byte `string(c)` copy nothing', async () => {
    const java = `class A {
    int f(int[] nums, int k) {
        int t = 0;
        for (int x : nums) {
            List<Integer> row = new ArrayList<>(k);
            row.add(x);
            t += row.size();
        }
        return t;
    }
}`;
    assert.equal((await claimOf(java, 'java', 'f'))[0], 'O(n)');
    const go = `func f(s string) (ans []string) {
	for _, c := range s {
		ans = append(ans, string(c))
	}
	return
}`;
    assert.equal((await claimOf(go, 'go', 'f'))[0], 'O(n)');
  });
  it('a backtracking search that stops once its path holds a literal count of items is withheld', async () => {
    const code = `class A {
    private List<String> ans = new ArrayList<>();
    private List<String> t = new ArrayList<>();
    private String s;
    private void dfs(int i) {
        if (t.size() == 4) {
            if (i == s.length()) ans.add(String.join(".", t));
            return;
        }
        for (int j = i; j < Math.min(i + 3, s.length()); ++j) {
            t.add(s.substring(i, j + 1));
            dfs(j + 1);
            t.remove(t.size() - 1);
        }
    }
}`;
    const [complexity, basis] = await claimOf(code, 'java', 'dfs');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /holds 4 items/);
  });
  it('near miss: a path capped by a parameter (`t.size() == k`) keeps the exponential claim', async () => {
    const code = `class A {
    private List<Integer> t = new ArrayList<>();
    private int k;
    private void dfs(int i, int n) {
        if (t.size() == k) return;
        for (int j = i; j < n; ++j) {
            t.add(j);
            dfs(j + 1, n);
            t.remove(t.size() - 1);
        }
    }
}`;
    assert.match((await claimOf(code, 'java', 'dfs'))[0]!, /2\^/);
  });
  it('Go: a word looked up in a literal table of strings is a fixed length, even cut short in the facts', async () => {
    const code = `func letters(n int) int {
	d := map[int]string{
		0: "zero",
		1: "one",
		2: "two",
		3: "three",
		4: "four",
		5: "five",
		6: "six",
	}
	mask := 0
	for n > 0 {
		for _, c := range d[n%10] {
			mask ^= 1 << (c - 'a')
		}
		n /= 10
	}
	return mask
}`;
    assert.equal((await claimOf(code, 'go', 'letters'))[0], 'O(log n)');
  });
  it('Go near miss: a table of words that the code appends to is no fixed table', async () => {
    const code = `func letters(words []string, n int) int {
	d := []string{"zero", "one"}
	d = append(d, words...)
	t := 0
	for i := 0; i < n; i++ {
		for range d[i%len(d)] {
			t++
		}
	}
	return t
}`;
    assert.notEqual((await claimOf(code, 'go', 'letters'))[0], 'O(n)');
  });
});
