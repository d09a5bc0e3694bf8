// Golden cases for the fifteenth round (issue 16): readings the tabulation of dev claims by kind
// (bench/explainBasisKinds.ts) found wrong about as often as right, read right now.
// - A memo table's literal dimensions in a C or C++ declaration (`int f[n][3];`,
//   `vector<vector<int>> f(n, vector<int>(3, -1));`) take a fixed number of values, as in Java's
//   `new int[n][3]`: the table holds n states, not n × (a second size). Near miss: `int f[n][m];`
//   keeps both sizes (its form changes: the `memset` over the table is now charged in the table's
//   own size `k`, as it is when the table has a literal dimension).
// - A neighbour list with two subscripts (`g[c][u]`, one adjacency table per edge colour) scanned
//   for each item taken from a drained queue is shared out like `g[u]`. Near miss: the same list
//   scanned on every pass of loops that drain nothing stays charged per pass.
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

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
});
