// Golden cases for the eighteenth round (issue 16): patterns built from the code's text. Readings
// put a name or an expression taken from the code into a pattern (`(?:^|[^\w$.])${table}\[…`); the
// text was escaped only for `$` and `.` (or not at all), so a table written through a pointer
// (`(*dp)[i][k]`), a cast (`((int[][]) dp)[i]`) or a choice (`(dp if flag else ep)[i]`) threw
// ("Nothing to repeat") or was read as a pattern that matches other text (a group, a class). One
// complete escape (`escape` in extract/boundText.ts) now serves every reading. Each case sits beside
// a near miss that keeps its answer. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { escape } from '../../../../../server/src/engine/explain/extract/boundText';
import { explain } from '../helpers';

/** Every unit's complexity and basis; fails when a reading failed (the analyser "could not read"). */
async function readAll(code: string, language: string) {
  const out = await explain(code, language);
  for (const u of out.details!.units)
    assert.doesNotMatch(u.complexity_basis ?? '', /could not read/, `${language} ${u.name}`);
  return out;
}

// Names written as expressions in every language: pointers (`(*x)[i]`, `x->y[i]`), subscripts of
// subscripts (`a[b[i]]`), operators in subscripts (`a[i | 1]`), templates (`vector<pair<int,int>>`).
const SHAPES: Record<string, string[]> = {
  cpp: [
    `void dfs(const vector<vector<int>>& graph, int node, int parent, vector<int> *count, vector<int> *result) {
    for (const auto& nei : graph[node]) {
        if (nei == parent) continue;
        dfs(graph, nei, node, count, result);
        (*count)[node] += (*count)[nei];
        (*result)[node] += (*result)[nei] + (*count)[nei];
    }
}
void dfs2(const vector<vector<int>>& graph, int node, int parent, vector<int> *count, vector<int> *result) {
    for (const auto& nei : graph[node]) {
        if (nei == parent) continue;
        (*result)[nei] = (*result)[node] - (*count)[nei] + (int)graph.size() - (*count)[nei];
        dfs2(graph, nei, node, count, result);
    }
}`,
    `int walk(vector<vector<int>> *adj, vector<int> *seen, int u) {
    int total = 0;
    for (int i = 0; i < (*adj)[u].size(); ++i) {
        int v = (*adj)[u][i];
        if ((*seen)[v]) continue;
        (*seen)[v] = 1;
        total += walk(adj, seen, v);
    }
    while (!(*seen).empty() && (*seen).back() == 0) (*seen).pop_back();
    return total + 1;
}`,
    `struct Node { vector<int> vals; Node* next; };
int sumAll(Node* head, vector<int>& a, vector<int>& b) {
    int s = 0;
    for (Node* p = head; p != nullptr; p = p->next) {
        for (int i = 0; i < p->vals.size(); ++i) s += p->vals[i];
    }
    for (int i = 0; i < b.size(); ++i) s += a[b[i]];
    for (int i = 0; i + 1 < a.size(); i += 2) s += a[i + 1] * a[i * 2 % a.size()] + a[i | 1] - a[(i ^ 1)];
    for (int j = a[b[0]]; j < a[b[1]]; ++j) s ^= j;
    vector<int> seen(a.size());
    int k = 0;
    while (k < a.size() && a[b[k]] > 0) { seen[a[b[k]]] = 1; ++k; }
    return s;
}`,
    `template <typename T>
T best(const vector<T>& v, map<int, vector<T>>* groups) {
    T m = v[0];
    for (auto it = groups->begin(); it != groups->end(); ++it) {
        for (const auto& x : it->second) m = max(m, x);
    }
    vector<int> memo(v.size() + 1, -1);
    function<int(int)> go = [&](int i) -> int {
        if (i >= (int)v.size()) return 0;
        if (memo[i] != -1) return memo[i];
        return memo[i] = max(go(i + 1), go(i + 2) + 1);
    };
    unordered_map<int, int> *cache = new unordered_map<int, int>();
    for (int i = 0; i < static_cast<int>(v.size()); ++i) (*cache)[i] = i;
    priority_queue<pair<int,int>, vector<pair<int,int>>, greater<pair<int,int>>> pq;
    pq.emplace(0, 0);
    while (!pq.empty()) {
        auto [d, u] = pq.top(); pq.pop();
        if (d > (*cache)[u]) continue;
        for (int w = u + 1; w < (int)v.size(); ++w) pq.emplace(d + 1, w);
    }
    return m + go(0);
}`,
    `class Solution {
public:
    int count(TreeNode* root, unordered_map<TreeNode*, int>* lookup) {
        if (!root) return 0;
        if (lookup->count(root)) return (*lookup)[root];
        return (*lookup)[root] = 1 + count(root->left, lookup) + count(root->right, lookup);
    }
    int grid(vector<vector<int>>& g, vector<vector<int>>* dp) {
        int r = g.size(), c = g[0].size();
        for (int i = 0; i < r; ++i)
            for (int j = 0; j < g[i].size(); ++j)
                (*dp)[i][j] = g[i][j] + ((i > 0) ? (*dp)[i - 1][j] : 0);
        queue<pair<int,int>> q; q.emplace(0, 0);
        while (!q.empty()) {
            auto [x, y] = q.front(); q.pop();
            for (int d = 0; d < 4; ++d) {
                int nx = x + (d == 0) - (d == 1), ny = y + (d == 2) - (d == 3);
                if (nx < 0 || nx >= r || ny < 0 || ny >= c || (*dp)[nx][ny] < 0) continue;
                (*dp)[nx][ny] = -1; q.emplace(nx, ny);
            }
        }
        return (*dp)[r - 1][c - 1];
    }
};`,
    `int f(vector<int>& nums) {
    int n = nums.size(), res = 0;
    vector<int> *st = new vector<int>();
    for (int i = 0; i < n; ++i) {
        while (!st->empty() && nums[st->back()] < nums[i]) st->pop_back();
        st->push_back(i);
    }
    for (int i = 0, j = 0; i < n; ++i) {
        while (j < n && nums[j] - nums[i] <= (*st)[0]) ++j;
        res = max(res, j - i);
    }
    for (int mask = (1 << n) - 1; mask; mask = (mask - 1) & ((1 << n) - 1)) res += __builtin_popcount(mask);
    int lo = 0, hi = nums[n - 1] * 2;
    while (lo <= hi) { int mid = lo + (hi - lo) / 2; if (nums[mid % n] < mid) lo = mid + 1; else hi = mid - 1; }
    for (int x = nums[0]; x > 0; x /= (nums[1] + 2)) ++res;
    return res;
}`,
  ],
  c: [
    `int sum(int** grid, int gridSize, int* gridColSize, int* (*idx)) {
    int s = 0;
    for (int i = 0; i < gridSize; ++i)
        for (int j = 0; j < gridColSize[i]; ++j) s += grid[i][(*idx)[j]];
    for (int i = 0; i < gridColSize[(*idx)[0]]; i++) s += grid[0][i];
    struct node *p = 0;
    for (int k = 0; k < (*idx)[1] + gridSize * 2; k++) s -= k;
    return s;
}`,
  ],
  python: [
    `class Solution:
    def dfs(self, graph, node, parent, count, result):
        for nei in graph[node]:
            if nei == parent: continue
            self.dfs(graph, nei, node, count, result)
            count[node] += count[nei]
            result[node] += result[nei] + count[nei]
    def f(self, a, b):
        s = 0
        for i in range(len(b)):
            s += a[b[i]]
        for j in range(a[b[0]], a[b[1]]):
            s ^= j
        for i in range(0, len(a) - 1, 2):
            s += a[i + 1] * a[(i * 2) % len(a)] + a[i | 1]
        while self.q[0] and self.q[-1] > s:
            self.q.pop()
        memo = {}
        def go(i):
            if i >= len(a): return 0
            if (i,) in memo: return memo[(i,)]
            memo[(i,)] = max(go(i + 1), go(i + 2) + 1)
            return memo[(i,)]
        for x in self.data[b[0]]:
            s += x
        k = 0
        while k < len(a) and a[b[k]] > 0:
            k += 1
        return s + go(0)`,
  ],
  go: [
    `func dfs(graph [][]int, node, parent int, count *[]int, result *[]int) {
	for _, nei := range graph[node] {
		if nei == parent { continue }
		dfs(graph, nei, node, count, result)
		(*count)[node] += (*count)[nei]
		(*result)[node] += (*result)[nei] + (*count)[nei]
	}
	for i := 0; i < len((*count)); i++ { (*result)[i]++ }
	for i := 0; i < len(graph[(*count)[0]]); i++ { (*result)[i]-- }
	k := 0
	for k < len(*count) && (*count)[k] > 0 { k++ }
}
type Stack[T any] struct{ items []T }
func (s *Stack[T]) Drain(a []int, b []int) int {
	t := 0
	for len(s.items) > 0 { s.items = s.items[:len(s.items)-1]; t++ }
	for i := 0; i < len(b); i++ { t += a[b[i]] }
	for j := a[b[0]]; j < a[b[1]]; j++ { t ^= j }
	return t
}`,
  ],
  java: [
    `class Solution {
    void dfs(List<Integer>[] graph, int node, int parent, int[] count, int[] result) {
        for (int nei : graph[node]) {
            if (nei == parent) continue;
            dfs(graph, nei, node, count, result);
            count[node] += count[nei];
            result[node] += result[nei] + count[nei];
        }
    }
    int f(int[] a, int[] b, Map<Integer, List<Integer>> g) {
        int s = 0;
        for (int i = 0; i < b.length; ++i) s += a[b[i]];
        for (int j = a[b[0]]; j < a[b[1]]; ++j) s ^= j;
        for (int i = 0; i + 1 < a.length; i += 2) s += a[i + 1] * a[(i * 2) % a.length] + a[i | 1];
        for (int i = 0; i < g.get(a[0]).size(); ++i) s += g.get(a[0]).get(i);
        Deque<int[]> q = new ArrayDeque<>();
        q.offer(new int[] {0, 0});
        while (!q.isEmpty()) { int[] p = q.poll(); if (p[0] + 1 < a.length) q.offer(new int[] {p[0] + 1, p[1]}); }
        int k = 0;
        while (k < a.length && a[b[k]] > 0) ++k;
        return s;
    }
}`,
  ],
  rust: [
    `impl Solution {
    fn dfs(graph: &Vec<Vec<usize>>, node: usize, parent: usize, count: &mut Vec<i32>, result: &mut Vec<i32>) {
        for &nei in graph[node].iter() {
            if nei == parent { continue; }
            Self::dfs(graph, nei, node, count, result);
            (*count)[node] += (*count)[nei];
            (*result)[node] += (*result)[nei] + (*count)[nei];
        }
    }
    pub fn f(a: Vec<i32>, b: Vec<usize>) -> i32 {
        let mut s = 0;
        for i in 0..b.len() { s += a[b[i]]; }
        for j in a[b[0]]..a[b[1]] { s ^= j; }
        let mut k = 0;
        while k < a.len() && a[b[k]] > 0 { k += 1; }
        let v: Vec<i32> = Vec::<i32>::new();
        for i in 0..(a.len() as i32 - 1) as usize { s += a[(i + 1) as usize] + v.len() as i32; }
        s
    }
}`,
  ],
  csharp: [
    `public class Solution {
    void Dfs(List<int>[] graph, int node, int parent, int[] count, int[] result) {
        foreach (var nei in graph[node]) {
            if (nei == parent) continue;
            Dfs(graph, nei, node, count, result);
            count[node] += count[nei];
            result[node] += result[nei] + count[nei];
        }
    }
    public int F(int[] a, int[] b, Dictionary<int, List<int>> g) {
        int s = 0;
        for (int i = 0; i < b.Length; ++i) s += a[b[i]];
        for (int j = a[b[0]]; j < a[b[1]]; ++j) s ^= j;
        for (int i = 0; i < g[a[0]].Count; ++i) s += g[a[0]][i];
        int k = 0;
        while (k < a.Length && a[b[k]] > 0) ++k;
        var q = new Queue<int>(); q.Enqueue(0);
        while (q.Count > 0) { var u = q.Dequeue(); if (u + 1 < a.Length) q.Enqueue(u + 1); }
        return s + (this.memo?.Count ?? 0);
    }
    Dictionary<int,int> memo;
}`,
  ],
  typescript: [
    `function dfs(graph: number[][], node: number, parent: number, count: number[], result: number[]): void {
    for (const nei of graph[node]) {
        if (nei === parent) continue;
        dfs(graph, nei, node, count, result);
        count[node] += count[nei];
        result[node] += result[nei] + count[nei];
    }
}
class S {
    private q: Array<number> = [];
    #memo = new Map<number, number>();
    f(a: number[], b: number[]): number {
        let s = 0;
        for (let i = 0; i < b.length; ++i) s += a[b[i]];
        for (let j = a[b[0]]; j < a[b[1]]; ++j) s ^= j;
        for (let i = 0; i + 1 < a.length; i += 2) s += a[i + 1] * a[(i * 2) % a.length] + a[i | 1];
        for (let i = 0; i < this.q?.length; ++i) s += this.q[i];
        while (this.q.length && this.q[this.q.length - 1] > s) this.q.pop();
        let k = 0;
        while (k < a.length && a[b[k]] > 0) ++k;
        const go = (i: number): number => {
            if (i >= a.length) return 0;
            if (this.#memo.has(i)) return this.#memo.get(i)!;
            const r = Math.max(go(i + 1), go(i + 2) + 1);
            this.#memo.set(i, r);
            return r;
        };
        return s + go(0);
    }
}`,
  ],
  javascript: [
    `function f(a, b, obj) {
    let s = 0;
    for (let i = 0; i < b.length; ++i) s += a[b[i]];
    for (let j = a[b[0]]; j < a[b[1]]; ++j) s ^= j;
    for (let i = 0; i < obj?.items?.length; ++i) s += obj.items[i];
    for (let i = 0; i < obj['items'].length; ++i) s += obj['items'][i];
    const st = [];
    for (const x of a) { while (st.length && st[st.length - 1] < x) st.pop(); st.push(x); }
    let k = 0;
    while (k < a.length && a[b[k]] > 0) ++k;
    return s;
}`,
  ],
  php: [
    `class Solution {
    function dfs($graph, $node, $parent, &$count, &$result) {
        foreach ($graph[$node] as $nei) {
            if ($nei == $parent) continue;
            $this->dfs($graph, $nei, $node, $count, $result);
            $count[$node] += $count[$nei];
            $result[$node] += $result[$nei] + $count[$nei];
        }
    }
    function f($a, $b) {
        $s = 0;
        for ($i = 0; $i < count($b); ++$i) $s += $a[$b[$i]];
        for ($j = $a[$b[0]]; $j < $a[$b[1]]; ++$j) $s ^= $j;
        for ($i = 0; $i < count($this->q); ++$i) $s += $this->q[$i];
        $k = 0;
        while ($k < count($a) && $a[$b[$k]] > 0) ++$k;
        return $s;
    }
}`,
  ],
};

describe('explain: patterns built from the code’s text (eighteenth round)', () => {
  it('escape matches exactly the text it is given', () => {
    for (const text of [
      '(*result)[node]',
      'x->y[i]',
      'a[b[i]]',
      'v[i + 1] * 2',
      'vector<int>',
      '$dp',
      's.size()',
      'a|b',
      '{2}^\\',
    ])
      assert.ok(new RegExp(`^${escape(text)}$`).test(text), text);
    assert.equal(new RegExp(`^${escape('a[b]')}$`).test('ab'), false);
    assert.equal(new RegExp(`^${escape('s.size()')}$`).test('sxsize'), false);
  });
  it('cpp: a table written through a pointer is read as a recurrence, not thrown on', async () => {
    const code = `int cheapest(const vector<int>& w, vector<vector<int>> *dp) {
    int n = w.size();
    for (int i = 0; i < n; ++i) {
        for (int k = 1; k <= n; ++k) {
            auto best = (*dp)[i][k - 1] + w[i];
            (*dp)[i + 1][k] = min((*dp)[i][k], best);
        }
    }
    return (*dp)[n][n];
}`;
    const out = await readAll(code, 'cpp');
    assert.equal(out.details!.units.find((u) => u.name === 'cheapest')?.complexity, 'O(n^2)');
  });
  it('go: a table written through a pointer is read as a recurrence, not thrown on', async () => {
    const code = `func cheapest(w []int, dp *[][]int) int {
	n := len(w)
	for i := 0; i < n; i++ {
		for k := 1; k <= n; k++ {
			best := (*dp)[i][k-1] + w[i]
			(*dp)[i+1][k] = min((*dp)[i][k], best)
		}
	}
	return (*dp)[n][n]
}`;
    const out = await readAll(code, 'go');
    assert.equal(out.details!.units.find((u) => u.name === 'cheapest')?.complexity, 'O(n^2)');
  });
  it('rust: a table written through a pointer is read as a recurrence, not thrown on', async () => {
    const code = `fn cheapest(w: &Vec<i32>, dp: &mut Vec<Vec<i32>>) -> i32 {
    let n = w.len();
    for i in 0..n {
        for k in 1..=n {
            let best = (*dp)[i][k - 1] + w[i];
            (*dp)[i + 1][k] = std::cmp::min((*dp)[i][k], best);
        }
    }
    (*dp)[n][n]
}`;
    const out = await readAll(code, 'rust');
    assert.equal(out.details!.units.find((u) => u.name === 'cheapest')?.complexity, 'O(n^2)');
  });
  it('c: a table written through a pointer is read as a recurrence, not thrown on', async () => {
    const code = `int cheapest(int* w, int n, int (*dp)[64]) {
    for (int i = 0; i < n; ++i) {
        for (int k = 1; k <= n; ++k) {
            int best = (*dp)[k - 1] + w[i];
            (*(dp + 1))[k] = best < (*dp)[k] ? best : (*dp)[k];
        }
    }
    return (*dp)[n];
}`;
    const out = await readAll(code, 'c');
    assert.equal(out.details!.units.find((u) => u.name === 'cheapest')?.complexity, 'O(n^2)');
  });
  it('cpp, go, rust: the pointer tables are dynamic programming (a local read from the table feeds the write)', async () => {
    assert.ok(
      (
        await explain(
          `int cheapest(const vector<int>& w, vector<vector<int>> *dp) {
    int n = w.size();
    for (int i = 0; i < n; ++i) {
        for (int k = 1; k <= n; ++k) {
            auto best = (*dp)[i][k - 1] + w[i];
            (*dp)[i + 1][k] = min((*dp)[i][k], best);
        }
    }
    return (*dp)[n][n];
}`,
          'cpp',
        )
      ).explanation.concepts.includes('dynamic programming'),
    );
    assert.ok(
      (
        await explain(
          `func cheapest(w []int, dp *[][]int) int {
	n := len(w)
	for i := 0; i < n; i++ {
		for k := 1; k <= n; k++ {
			best := (*dp)[i][k-1] + w[i]
			(*dp)[i+1][k] = min((*dp)[i][k], best)
		}
	}
	return (*dp)[n][n]
}`,
          'go',
        )
      ).explanation.concepts.includes('dynamic programming'),
    );
    assert.ok(
      (
        await explain(
          `fn cheapest(w: &Vec<i32>, dp: &mut Vec<Vec<i32>>) -> i32 {
    let n = w.len();
    for i in 0..n {
        for k in 1..=n {
            let best = (*dp)[i][k - 1] + w[i];
            (*dp)[i + 1][k] = std::cmp::min((*dp)[i][k], best);
        }
    }
    (*dp)[n][n]
}`,
          'rust',
        )
      ).explanation.concepts.includes('dynamic programming'),
    );
  });
  it('python: a table written through an expression is a recurrence (its local read counts), not a prefix sum', async () => {
    const code = `def cheapest(w, dp, ep, flag):
    n = len(w)
    for i in range(n):
        for k in range(1, n + 1):
            best = (dp if flag else ep)[i][k - 1] + w[i]
            (dp if flag else ep)[i + 1][k] = min((dp if flag else ep)[i][k], best)
    return dp[n][n]`;
    const concepts = (await readAll(code, 'python')).explanation.concepts;
    assert.ok(concepts.includes('dynamic programming'), concepts.join(', '));
    assert.ok(!concepts.includes('prefix sums'), concepts.join(', '));
  });
  it('typescript: a table written through an expression is a recurrence (its local read counts), not a prefix sum', async () => {
    const code = `function cheapest(w: number[], dp: unknown): number {
    const n = w.length;
    for (let i = 0; i < n; i++) {
        for (let k = 1; k <= n; k++) {
            const best = (dp as number[][])[i][k - 1] + w[i];
            (dp as number[][])[i + 1][k] = Math.min((dp as number[][])[i][k], best);
        }
    }
    return (dp as number[][])[n][n];
}`;
    const concepts = (await readAll(code, 'typescript')).explanation.concepts;
    assert.ok(concepts.includes('dynamic programming'), concepts.join(', '));
    assert.ok(!concepts.includes('prefix sums'), concepts.join(', '));
  });
  it('javascript: a table written through an expression is a recurrence (its local read counts), not a prefix sum', async () => {
    const code = `function cheapest(w, tables) {
    const n = w.length;
    for (let i = 0; i < n; i++) {
        for (let k = 1; k <= n; k++) {
            const best = (tables.dp || tables.ep)[i][k - 1] + w[i];
            (tables.dp || tables.ep)[i + 1][k] = Math.min((tables.dp || tables.ep)[i][k], best);
        }
    }
    return tables.dp[n][n];
}`;
    const concepts = (await readAll(code, 'javascript')).explanation.concepts;
    assert.ok(concepts.includes('dynamic programming'), concepts.join(', '));
    assert.ok(!concepts.includes('prefix sums'), concepts.join(', '));
  });
  it('java: a table written through an expression is a recurrence (its local read counts), not a prefix sum', async () => {
    const code = `class Solution {
    int cheapest(int[] w, Object dp) {
        int n = w.length;
        for (int i = 0; i < n; i++) {
            for (int k = 1; k <= n; k++) {
                int best = ((int[][]) dp)[i][k - 1] + w[i];
                ((int[][]) dp)[i + 1][k] = Math.min(((int[][]) dp)[i][k], best);
            }
        }
        return ((int[][]) dp)[n][n];
    }
}`;
    const concepts = (await readAll(code, 'java')).explanation.concepts;
    assert.ok(concepts.includes('dynamic programming'), concepts.join(', '));
    assert.ok(!concepts.includes('prefix sums'), concepts.join(', '));
  });
  it('near miss: the same table written by its plain name reads as before (C# cast, C++ member)', async () => {
    assert.ok(
      (
        await readAll(
          `public class Solution {
    public int Cheapest(int[] w, object dp) {
        int n = w.Length;
        for (int i = 0; i < n; i++) {
            for (int k = 1; k <= n; k++) {
                int best = ((int[][]) dp)[i][k - 1] + w[i];
                ((int[][]) dp)[i + 1][k] = Math.Min(((int[][]) dp)[i][k], best);
            }
        }
        return ((int[][]) dp)[n][n];
    }
}`,
          'csharp',
        )
      ).explanation.concepts.includes('dynamic programming'),
    );
    const out = await readAll(
      `class Solution {
public:
    vector<vector<int>> dp;
    int cheapest(const vector<int>& w) {
        int n = w.size();
        for (int i = 0; i < n; ++i) {
            for (int k = 1; k <= n; ++k) {
                auto best = this->dp[i][k - 1] + w[i];
                this->dp[i + 1][k] = min(this->dp[i][k], best);
            }
        }
        return this->dp[n][n];
    }
};`,
      'cpp',
    );
    assert.ok(out.explanation.concepts.includes('dynamic programming'));
    assert.equal(out.details!.units.find((u) => u.name === 'cheapest')?.complexity, 'O(n^2)');
  });
  it('names written as expressions in every language are read without a failed reading', async () => {
    for (const [language, codes] of Object.entries(SHAPES))
      for (const code of codes) await readAll(code, language);
  });
});
