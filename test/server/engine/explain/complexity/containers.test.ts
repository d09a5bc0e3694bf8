// Golden cases for the seventh round (issue 16): what a container is and what its operations cost,
// read from written types (parameters, typed locals, element types of arrays and generics), names
// bound to an element (`var s = ts[i % 2]`), a work list walked by index while it grows, and a
// sort of each bucket in a loop over the buckets. Small code of our own, each cause beside a near
// miss that must keep its answer.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

/** A sum of single sizes (`O(n)`, `O(m + n + k)`): linear in the input. */
const LINEAR = /^O\([a-z](?: \+ [a-z])*\)$/;

describe('explain complexity: container kinds from written types (seventh round)', () => {
  it('a parameter typed as a hash set is searched in O(1) (Java, Rust, C++)', async () => {
    const java = `class Tally {
    int hits(List<Integer> xs, Set<Integer> seen) {
        int c = 0;
        for (int x : xs) if (seen.contains(x)) c++;
        return c;
    }
}`;
    assert.equal((await unitOf(java, 'java', 'hits')).complexity, 'O(n)');
    const rust = `impl Tally {
    fn hits(xs: &Vec<i32>, seen: &HashSet<i32>) -> i32 {
        let mut c = 0;
        for x in xs.iter() { if seen.contains(x) { c += 1; } }
        c
    }
}`;
    assert.equal((await unitOf(rust, 'rust', 'hits')).complexity, 'O(n)');
    const cpp = `class Tally {
public:
    int hits(vector<int>& xs, unordered_set<int>& seen) {
        int c = 0;
        for (int x : xs) if (seen.count(x)) c++;
        return c;
    }
};`;
    assert.equal((await unitOf(cpp, 'cpp', 'hits')).complexity, 'O(n)');
  });

  it('near miss: a parameter typed as a list is still scanned (Java)', async () => {
    const code = `class Tally {
    int hits(List<Integer> xs, List<Integer> seen) {
        int c = 0;
        for (int x : xs) if (seen.contains(x)) c++;
        return c;
    }
}`;
    assert.equal((await unitOf(code, 'java', 'hits')).complexity, 'O(n*m)');
  });

  it('a Rust local typed as a HashSet, built by `collect`, is hashed', async () => {
    const code = `impl Tally {
    pub fn follow(nums: Vec<i32>) -> i32 {
        let s: HashSet<i32> = nums.iter().cloned().collect();
        let mut c = 0;
        for x in nums.iter() { if s.contains(&(x + 1)) { c += 1; } }
        c
    }
}`;
    assert.equal((await unitOf(code, 'rust', 'follow')).complexity, 'O(n)');
  });

  it('a typed tree set (std::set parameter, Java TreeSet local from a call) costs O(log n) per operation', async () => {
    const cpp = `class Tally {
public:
    int hits(vector<int>& xs, const set<int>& seen) {
        int c = 0;
        for (int x : xs) if (seen.count(x)) c++;
        return c;
    }
};`;
    assert.equal((await unitOf(cpp, 'cpp', 'hits')).complexity, 'O(n log m)');
    const java = `class Book {
    private final Map<Integer, TreeSet<Integer>> shelves = new HashMap<>();
    public void move(int shelf, int from, int to) {
        TreeSet<Integer> s = shelves.get(shelf);
        s.remove(from);
        s.add(to);
    }
}`;
    assert.match((await unitOf(java, 'java', 'move')).complexity!, /^O\(log \w\)$/);
  });
});

describe('explain complexity: element kinds of typed containers (seventh round)', () => {
  it('Java `Set<Integer>[]` filled by `Arrays.setAll(g, k -> new HashSet<>())`: `g[j].remove(i)` is O(1)', async () => {
    const code = `class Peel {
    public int leaves(int n, int[][] edges) {
        Set<Integer>[] g = new Set[n];
        Arrays.setAll(g, k -> new HashSet<>());
        for (var e : edges) {
            int a = e[0], b = e[1];
            g[a].add(b);
            g[b].add(a);
        }
        Deque<Integer> q = new ArrayDeque<>();
        for (int i = 0; i < n; ++i) if (g[i].size() == 1) q.offer(i);
        int seen = 0;
        while (!q.isEmpty()) {
            int i = q.poll();
            ++seen;
            for (int j : g[i]) {
                g[j].remove(i);
                if (g[j].size() == 1) q.offer(j);
            }
        }
        return seen;
    }
}`;
    const u = await unitOf(code, 'java', 'leaves');
    assert.match(u.complexity!, LINEAR);
  });

  it('Java `List<Integer>[]` elements are lists: the scan of `g[j].contains(i)` is confirmed (it was withheld)', async () => {
    const code = `class Peel {
    public int pairs(int n, int[][] edges) {
        List<Integer>[] g = new List[n];
        Arrays.setAll(g, k -> new ArrayList<>());
        for (var e : edges) {
            int a = e[0], b = e[1];
            g[a].add(b);
        }
        int c = 0;
        for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) if (g[j].contains(i)) c++;
        return c;
    }
}`;
    const u = await unitOf(code, 'java', 'pairs');
    assert.match(u.complexity!, /\^2\*m|\^3/);
  });

  it('Rust `vec![HashSet::new(); n]` holds hashed elements, whatever another function builds under the same name', async () => {
    const code = `impl Peel {
    pub fn common(n: usize, pairs: Vec<Vec<usize>>, asks: Vec<Vec<usize>>) -> i32 {
        let mut g = vec![HashSet::new(); n];
        for p in pairs.iter() { g[p[0]].insert(p[1]); }
        let mut c = 0;
        for a in asks.iter() { let u = a[0]; if g[u].contains(&a[1]) { c += 1; } }
        c
    }
    pub fn lists(n: usize, pairs: Vec<Vec<usize>>, asks: Vec<Vec<usize>>) -> i32 {
        let mut g = vec![Vec::new(); n];
        for p in pairs.iter() { g[p[0]].push(p[1]); }
        let mut c = 0;
        for a in asks.iter() { let u = a[0]; if g[u].contains(&a[1]) { c += 1; } }
        c
    }
}`;
    assert.match((await unitOf(code, 'rust', 'common')).complexity!, LINEAR);
    // Near miss: the lists are scanned.
    assert.match((await unitOf(code, 'rust', 'lists')).complexity!, /^O\(m\*k \+ n( \+ p)?\)$/);
  });

  it('a name bound to an element of an array of tree sets (`var s = ts[i % 2]`) costs O(log n) per operation', async () => {
    const code = `class Parity {
    public int drop(int n, int[] xs) {
        TreeSet<Integer>[] ts = new TreeSet[] {new TreeSet<>(), new TreeSet<>()};
        for (int i = 0; i < n; ++i) ts[i % 2].add(i);
        int c = 0;
        for (int x : xs) {
            var s = ts[x % 2];
            if (s.contains(x)) c++;
            s.remove(x);
        }
        return c;
    }
}`;
    const u = await unitOf(code, 'java', 'drop');
    assert.match(u.complexity!, /log/);
    assert.doesNotMatch(u.complexity!, /\^2|\*m\b(?! log)/);
  });

  it('C++ `vector<set<int>>` elements are balanced trees: membership is O(log n), not O(1)', async () => {
    const code = `class Adj {
public:
    int hits(int n, vector<vector<int>>& asks) {
        vector<set<int>> g(n);
        for (auto& a : asks) g[a[0]].insert(a[1]);
        int c = 0;
        for (auto& a : asks) if (g[a[0]].count(a[1])) ++c;
        return c;
    }
};`;
    assert.match((await unitOf(code, 'cpp', 'hits')).complexity!, /^O\(m log \w \+ n\)$/);
  });
});

describe('explain complexity: work lists walked by index (seventh round)', () => {
  it('a BFS over a vector grown while it is walked by index is O(V + E)', async () => {
    const code = `class Graph {
public:
    vector<int> bfs(int n, vector<vector<int>>& adj, int s) {
        vector<int> dist(n, -1);
        dist[s] = 0;
        vector<int> q = {s};
        for (int i = 0; i < size(q); ++i) {
            const int u = q[i];
            for (const auto& v : adj[u]) {
                if (dist[v] != -1) continue;
                dist[v] = dist[u] + 1;
                q.emplace_back(v);
            }
        }
        return dist;
    }
};`;
    // Eighth round: `vector<int> dist(n, -1)` is now charged its n entries beside the walk.
    assert.match((await unitOf(code, 'cpp', 'bfs')).complexity!, /^O\(n( \+ m)?( \+ k)?\)$/);
  });

  it('Go: `for i := 0; i < len(q); i++ { ... q = append(q, v) }` drains the work list', async () => {
    const code = `func reach(adj [][]int, s int) int {
	seen := make([]bool, len(adj))
	seen[s] = true
	q := []int{s}
	for i := 0; i < len(q); i++ {
		for _, v := range adj[q[i]] {
			if !seen[v] {
				seen[v] = true
				q = append(q, v)
			}
		}
	}
	return len(q)
}`;
    assert.match((await unitOf(code, 'go', 'reach')).complexity!, /^O\(n( \+ m)?\)$/);
  });

  it('near miss: a loop by index over a list it does not grow still multiplies the inner scans', async () => {
    const code = `class Graph {
public:
    int degrees(vector<int>& q, vector<vector<int>>& adj) {
        int c = 0;
        for (int i = 0; i < size(q); ++i) {
            for (const auto& v : adj[q[i]]) c += v;
        }
        return c;
    }
};`;
    assert.match((await unitOf(code, 'cpp', 'degrees')).complexity!, /^O\(n\*m\)$/);
  });
});

describe('explain complexity: buckets filled through nested subscripts (seventh round)', () => {
  it('near miss: neighbours of neighbours (`for j in adj[i]: for k in adj[j]`) are not each bucket once', async () => {
    const code = `class Maze {
public:
    int triangles(int n, vector<vector<int>>& edges) {
        vector<unordered_set<int>> adj(n);
        for (const auto& e : edges) {
            adj[min(e[0], e[1])].emplace(max(e[0], e[1]));
        }
        int result = 0;
        for (int i = 0; i < n; ++i) {
            for (const auto& j : adj[i]) {
                for (const auto& k : adj[j]) {
                    result += adj[i].count(k);
                }
            }
        }
        return result;
    }
};`;
    const u = await unitOf(code, 'cpp', 'triangles');
    // (V + E) × a neighbour list: the innermost scan is repeated, not shared out.
    assert.doesNotMatch(u.complexity!, LINEAR);
    assert.match(u.complexity_basis!, /loop over `adj\[j\]`/);
  });
});

describe('explain complexity: sorting each bucket once (seventh round)', () => {
  it('sorting each bucket of a map filled by appends is one O(n log n) in all, and a scan of each bucket one pass (C++, Java, Go)', async () => {
    const cpp = `class Log {
public:
    vector<string> busy(vector<vector<string>>& a) {
        unordered_map<string, vector<int>> d;
        for (auto& e : a) d[e[0]].emplace_back(stoi(e[1]));
        vector<string> ans;
        for (auto& [name, ts] : d) {
            sort(ts.begin(), ts.end());
            if (ts[0] < 60) ans.emplace_back(name);
        }
        return ans;
    }
};`;
    const c = await unitOf(cpp, 'cpp', 'busy');
    assert.match(c.complexity!, /^O\(n log \w( \+ \w)?\)$/);
    assert.match(c.complexity_basis!, /sorts each bucket of `d` once/);
    const java = `class Log {
    public List<String> busy(List<List<String>> a) {
        Map<String, List<Integer>> d = new HashMap<>();
        for (var e : a) d.computeIfAbsent(e.get(0), k -> new ArrayList<>()).add(Integer.valueOf(e.get(1)));
        List<String> ans = new ArrayList<>();
        for (var e : d.entrySet()) {
            var ts = e.getValue();
            Collections.sort(ts);
            int gap = 1440;
            for (int i = 1; i < ts.size(); ++i) gap = Math.min(gap, ts.get(i) - ts.get(i - 1));
            if (gap < 60) ans.add(e.getKey());
        }
        return ans;
    }
}`;
    assert.match((await unitOf(java, 'java', 'busy')).complexity!, /^O\(n log \w( \+ \w)?\)$/);
    const go = `func busy(a [][]string) (ans []string) {
	d := map[string][]int{}
	for _, e := range a {
		t, _ := strconv.Atoi(e[1])
		d[e[0]] = append(d[e[0]], t)
	}
	for name, ts := range d {
		sort.Ints(ts)
		if ts[0] < 60 {
			ans = append(ans, name)
		}
	}
	return
}`;
    assert.match((await unitOf(go, 'go', 'busy')).complexity!, /^O\(n log \w( \+ \w)?\)$/);
  });

  it("near miss: sorting each row of a grid is not one sort of all items: the rows' total size times one row's log", async () => {
    const code = `class Grid {
public:
    int firsts(vector<vector<int>>& rows) {
        int c = 0;
        for (auto& r : rows) {
            sort(r.begin(), r.end());
            c += r[0];
        }
        return c;
    }
};`;
    const u = await unitOf(code, 'cpp', 'firsts');
    // Summed over the rows (itemTotals): Σ |r| log |r| ≤ L log n, plus one step per row.
    assert.equal(u.complexity, 'O(L log n + m)');
  });
});

describe('explain complexity: documented costs of queue and tree operations (seventh round)', () => {
  it('Java `q.remove()` without an argument takes the head: O(1)', async () => {
    const code = `class Window {
    int drain(int[] xs) {
        Deque<Integer> q = new ArrayDeque<>();
        int c = 0;
        for (int x : xs) {
            q.offer(x);
            if (q.size() > 3) c += q.remove();
        }
        return c;
    }
}`;
    assert.equal((await unitOf(code, 'java', 'drain')).complexity, 'O(n)');
  });

  it('near miss: `list.remove(x)` with an argument still searches the list (Java)', async () => {
    const code = `class Window {
    int drop(int[] xs, List<Integer> keep) {
        int c = 0;
        for (int x : xs) if (keep.remove(Integer.valueOf(x))) c++;
        return c;
    }
}`;
    assert.equal((await unitOf(code, 'java', 'drop')).complexity, 'O(n*m)');
  });

  it('`TreeMap.firstKey()` / `pollFirstEntry()` walk to an end of the tree: O(log n) each (Java)', async () => {
    const code = `class Book {
    long take(int[] xs) {
        TreeMap<Integer, Integer> tm = new TreeMap<>();
        long s = 0;
        for (int x : xs) {
            tm.merge(x, 1, Integer::sum);
            s += tm.firstKey();
        }
        return s;
    }
}`;
    assert.match((await unitOf(code, 'java', 'take')).complexity!, /^O\(n log \w\)$/);
  });
});
