// Golden cases for the fifteenth round (issue 16): readings the tabulation of dev claims by kind
// (bench/explainBasisKinds.ts) found wrong about as often as right, read right now.
// - A memo table's literal dimensions in a C or C++ declaration (`int f[n][3];`,
//   `vector<vector<int>> f(n, vector<int>(3, -1));`) take a fixed number of values, as in Java's
//   `new int[n][3]`: the table holds n states, not n × (a second size). A table of four
//   subscripts, two of them literal, declared with deduced vector types (the declaration's text cut
//   short, its arguments read from the value) varies in two sizes. Near miss: `int f[n][m];` keeps
//   both sizes (its form changes: the `memset` over the table is now charged in the table's own
//   size `k`, as it is when the table has a literal dimension).
// - A neighbour list with two subscripts (`g[c][u]`, one adjacency table per edge colour) scanned
//   for each item taken from a drained queue is shared out like `g[u]`. Near miss: the same list
//   scanned on every pass of loops that drain nothing stays charged per pass.
// - A level loop that counts a size alias down (`sz := len(q); for ; sz > 0; sz--`) walks the
//   work list like `for range q`: the neighbour lists of the items it takes are shared out too.
//   Near miss: a list that is no neighbour list (`words`) stays charged per item.
// - C++'s checked access `G.at(node)` names the taken item's neighbour list like `G[node]`. Near
//   miss: `G.at(0)`, one fixed list, stays charged on every pass.
// - Withheld: a recursion that descends one subtree per call and does work that grows on every
//   call (a walk down to a leaf) costs height × that work — log² n on a complete tree, n² on a
//   path — and the code does not show the tree's shape. Near miss: a descent with constant work
//   per level keeps its O(h) claim, read O(n).
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { claimOf, complexityOf } from '../helpers';

function cppMemo(declaration: string): string {
  return `class Solution {
public:
    int ways(string s, int m) {
        int n = s.size();
        ${declaration}
        memset(f, -1, sizeof(f));
        auto dfs = [&](this auto&& dfs, int i, int k) -> int {
            if (i >= n) {
                return k == 2;
            }
            if (f[i][k] != -1) {
                return f[i][k];
            }
            k += s[i] == 'x';
            if (k > 2) {
                return 0;
            }
            f[i][k] = dfs(i + 1, k) + dfs(i + 1, 0);
            return f[i][k];
        };
        return dfs(0, 0);
    }
};
`;
}

function colouredBfs(list: string): string {
  return `from collections import deque

def paths(n, red, blue):
    g = [[[] for _ in range(n)], [[] for _ in range(n)]]
    for i, j in red:
        g[0][i].append(j)
    for i, j in blue:
        g[1][i].append(j)
    dist = [-1] * n
    seen = set()
    d = 0
    q = deque([(0, 0), (0, 1)])
    while q:
        for _ in range(len(q)):
            i, c = q.popleft()
            if dist[i] == -1:
                dist[i] = d
            seen.add((i, c))
            c ^= 1
            for j in ${list}:
                if (j, c) not in seen:
                    q.append((j, c))
        d += 1
    return dist
`;
}

const GO_LEVELS = `package main

func bfs(g [][]int, words []string, n int) []int {
	dist := make([]int, n)
	q := []int{0}
	for len(q) > 0 {
		sz := len(q)
		for ; sz > 0; sz-- {
			u := q[0]
			q = q[1:]
			for _, v := range g[u] {
				if dist[v] == 0 {
					dist[v] = dist[u] + 1
					q = append(q, v)
				}
			}
		}
	}
	return dist
}
`;

const CPP_CHECKED = `class Solution {
public:
    int walk(int n, vector<vector<int>>& edges) {
        vector<vector<int>> G(n);
        for (const auto& e : edges) {
            G[e[0]].push_back(e[1]);
        }
        vector<int> stk = {0};
        vector<bool> seen(n);
        int total = 0;
        while (!stk.empty()) {
            int node = stk.back();
            stk.pop_back();
            for (const auto& child : G.at(node)) {
                if (!seen[child]) {
                    seen[child] = true;
                    stk.push_back(child);
                }
            }
        }
        return total;
    }
};
`;

function descent(perLevel: string): string {
  return `def height(node):
    d = 0
    while node:
        d += 1
        node = node.left
    return d


def count(root):
    if root is None:
        return 0
${perLevel}    if root.val > 0:
        return 1 + count(root.right)
    return 1 + count(root.left)
`;
}

const CPP_DIGITS = `class Solution {
public:
    long long digits(long long x) {
        string num = to_string(x);
        int n = num.size();
        vector f(n, vector(9 * n + 1, vector(10, vector<long long>(4, -1))));
        auto dfs = [&](this auto&& dfs, int pos, int s, int prev, int st) -> long long {
            if (pos >= n) {
                return st == 3;
            }
            if (f[pos][s][prev][st] != -1) {
                return f[pos][s][prev][st];
            }
            long long res = 0;
            for (int d = 0; d <= 9; ++d) {
                res += dfs(pos + 1, s + d, d, min(3, st + 1));
            }
            f[pos][s][prev][st] = res;
            return res;
        };
        return dfs(0, 0, 0, 0);
    }
};
`;

describe('explain complexity: kinds of reading found unreliable on dev (fifteenth round)', () => {
  it('a C++ array declarator with a literal dimension holds one size of states', async () => {
    // (`m`: the `memset` over the table's bytes)
    assert.equal(await complexityOf(cppMemo('int f[n][3];'), 'cpp', 'ways'), 'O(n + m)');
  });

  it('a C++ vector table with literal rows holds one size of states', async () => {
    assert.equal(
      await complexityOf(cppMemo('vector<vector<int>> f(n, vector<int>(3, -1));'), 'cpp', 'ways'),
      'O(n + m)',
    );
  });

  it('near miss: a C++ array declarator with two sizes keeps both', async () => {
    assert.equal(await complexityOf(cppMemo('int f[n][m];'), 'cpp', 'ways'), 'O(n*m + k)');
  });

  it('a neighbour list of one colour scanned per item of a drained queue is shared out', async () => {
    assert.equal(await complexityOf(colouredBfs('g[c][i]'), 'python', 'paths'), 'O(n + m + k + p + q)');
  });

  it('near miss: the same list scanned on every pass of loops that drain nothing stays charged', async () => {
    const code = `def repeated(n, k, g):
    total = 0
    for i in range(n):
        for _ in range(k):
            for j in g[0][i]:
                total += j
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'repeated'), 'O(n*k*m)');
  });

  it("a Go level loop counting a size alias down shares the taken items' neighbour lists", async () => {
    assert.equal(await complexityOf(GO_LEVELS, 'go', 'bfs'), 'O(n + m + k)');
  });

  it('near miss: a Go level loop scanning a list that is no neighbour list stays charged per item', async () => {
    const code = GO_LEVELS.replace(
      'for _, v := range g[u] {',
      'for _, w := range words {\n\t\t\t\tv := len(w) % n',
    );
    assert.equal(await complexityOf(code, 'go', 'bfs'), 'O(m*k + n)');
  });

  it("a C++ neighbour list read with `.at(node)` of a drained stack's item is shared out", async () => {
    assert.equal(await complexityOf(CPP_CHECKED, 'cpp', 'walk'), 'O(n + m + k + p)');
  });

  it('near miss: one fixed list `.at(0)` scanned on every pass stays charged per pass', async () => {
    assert.equal(
      await complexityOf(CPP_CHECKED.replace('G.at(node)', 'G.at(0)'), 'cpp', 'walk'),
      'O(m*k + n + p)',
    );
  });

  it('withheld: a descent into one subtree per call that walks down the tree on every level', async () => {
    const [claim, basis] = await claimOf(descent('    h = height(root.left)\n'), 'python', 'count');
    assert.equal(claim, 'unknown');
    assert.match(basis ?? '', /balanced \(height log n\) or a path \(height n\)/);
  });

  it('near miss: a descent with constant work per level keeps its O(h) claim', async () => {
    assert.equal(await complexityOf(descent(''), 'python', 'count'), 'O(n)');
  });

  it('a four-subscript table with two literal dimensions (deduced vector types) holds two sizes', async () => {
    const [claim, basis] = await claimOf(CPP_DIGITS, 'cpp', 'digits');
    assert.equal(claim, 'O(n log m)');
    assert.match(basis ?? '', /2 subscripts per item/);
  });
});
