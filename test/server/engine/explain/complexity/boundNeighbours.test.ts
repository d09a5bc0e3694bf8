// Golden cases for the twenty-first round (issue 16, C and C++ misreads): a tree walk over an
// adjacency list of pairs names the neighbour and the edge's weight in a structured binding (`for
// (auto& [b, c] : g[a]) if (b != fa) ans += c + dfs(b, a);`). The tree-walk reader
// (complexity/treeWalk.ts) needed the loop's item to be one name, so the walk was withheld as
// "linear if a tree, exponential if paths repeat"; the first name of the binding is the node the
// walk enters, and with the parent guard each node is entered once: O(n). Written here, not taken
// from any corpus. Near miss: a call passing the weight rather than the neighbour stays unknown;
// without the guard the binding reads as a loop over plain neighbours does.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A walk from node 0 over `g`'s pairs; `step` is the body of the loop over `g[a]`. */
const walk = (step: string) => `class Solution {
public:
    int reorder(int n, vector<vector<int>>& connections) {
        vector<vector<pair<int, int>>> g(n);
        for (auto& e : connections) {
            g[e[0]].emplace_back(e[1], 1);
            g[e[1]].emplace_back(e[0], 0);
        }
        function<int(int, int)> dfs = [&](int a, int fa) {
            int ans = 0;
            for (auto& [b, c] : g[a]) {
${step}
            }
            return ans;
        };
        return dfs(0, -1);
    }
};`;

describe('explain complexity: twenty-first-round tree walks over bound pairs of neighbours', () => {
  it('C++: `for (auto& [b, c] : g[a]) if (b != fa) ans += c + dfs(b, a);` is a tree walk', async () => {
    const [complexity, basis] = await claimOf(
      walk(`                if (b != fa) {
                    ans += c + dfs(b, a);
                }`),
      'cpp',
      'reorder',
    );
    assert.match(complexity!, /^O\([a-z](?: \+ [a-z])*\)$/);
    assert.match(basis!, /skips the node it came from: a tree walk/);
  });

  it('an unguarded walk over the bound pairs reads as one over plain neighbours does', async () => {
    const [bound] = await claimOf(walk('                ans += c + dfs(b, a);'), 'cpp', 'reorder');
    const plain = walk('                ans += dfs(b, a);')
      .replace('vector<vector<pair<int, int>>> g(n);', 'vector<vector<int>> g(n);')
      .replace('emplace_back(e[1], 1)', 'emplace_back(e[1])')
      .replace('emplace_back(e[0], 0)', 'emplace_back(e[0])')
      .replace('for (auto& [b, c] : g[a])', 'for (int b : g[a])');
    const [single] = await claimOf(plain, 'cpp', 'reorder');
    assert.equal(bound, single);
  });

  it('near miss: a call passing the weight, not the neighbour, keeps the walk withheld', async () => {
    const [complexity] = await claimOf(
      walk(`                if (b != fa) {
                    ans += dfs(c, a);
                }`),
      'cpp',
      'reorder',
    );
    assert.equal(complexity, 'unknown');
  });
});
