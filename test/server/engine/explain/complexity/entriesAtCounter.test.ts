// Golden cases for the twentieth round (issue 16, C and C++ misreads): entries of another table read
// at a loop's counter (complexity/itemTotals.ts `entriesAtCounter`). Written here, not taken from any
// corpus. A counting loop takes each value of its counter once, so work on `adj[u]` — an entry of a
// table other than the one the loop runs over — is done on a different entry on each pass: over all
// passes it adds up to the table's total size (the edges of an adjacency list), O(n + L), not the
// passes times the largest entry. Near misses: a counter the body moves back, an entry used as a
// number (`j < cnt[i]`), and the loop's own items (unchanged).
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A count over each recipe's ingredients; `after` goes after the inner loop, in the outer one. */
const recipes = (after: string) => `class Solution {
public:
    int count(const vector<string>& recipes, const vector<vector<string>>& ingredients) {
        int total = 0;
        for (int i = 0; i < recipes.size(); ++i) {
            for (const auto& x : ingredients[i]) {
                total += x.empty() ? 0 : 1;
            }${after}
        }
        return total;
    }
};`;

describe("explain complexity: twentieth-round entries of another table at a loop's counter", () => {
  it('C++: `nth_element` on `adj[u]` for each node adds up to the edges (O(n + L))', async () => {
    const code = `class Solution {
public:
    int best(const vector<int>& vals, const vector<vector<int>>& edges, int k) {
        vector<vector<int>> adj(size(vals));
        for (const auto& e : edges) {
            adj[e[0]].emplace_back(e[1]);
            adj[e[1]].emplace_back(e[0]);
        }
        int result = 0;
        for (int u = 0; u < size(vals); ++u) {
            nth_element(begin(adj[u]), begin(adj[u]) + min(k, (int)size(adj[u])) - 1, end(adj[u]));
            result = max(result, vals[u]);
        }
        return result;
    }
};`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'best');
    assert.match(complexity!, /^O\((n \+ m \+ L|L \+ n \+ m|n \+ L \+ m)\)$/);
    assert.match(basis!, /entry of `adj` at their counter/);
  });

  it('C++: a loop over `ingredients[i]` for each recipe `i` adds up to the ingredients (O(n + L))', async () => {
    const [complexity, basis] = await claimOf(recipes(''), 'cpp', 'count');
    assert.equal(complexity, 'O(L + n)');
    assert.match(basis!, /entry of `ingredients` at their counter/);
  });

  it('Python: `for x in graph[i]` inside `for i in range(len(nums))`', async () => {
    const code = `def count(nums, graph):
    total = 0
    for i in range(len(nums)):
        for x in graph[i]:
            total += x
    return total
`;
    const [complexity, basis] = await claimOf(code, 'python', 'count');
    assert.equal(complexity, 'O(L + n)');
    assert.match(basis!, /entry of `graph` at their counter/);
  });

  it('near miss: a counter the body moves back keeps the product', async () => {
    const [, basis] = await claimOf(recipes('\n            if (total % 7 == 3) --i;'), 'cpp', 'count');
    assert.doesNotMatch(basis ?? '', /at their counter/);
  });

  it('near miss: an entry used as a count (`j < cnt[i]`) is not a size to add up', async () => {
    const code = `class Solution {
public:
    int spread(const vector<int>& nums, const vector<int>& cnt) {
        int total = 0;
        for (int i = 0; i < nums.size(); ++i) {
            for (int j = 0; j < cnt[i]; ++j) {
                total += nums[i];
            }
        }
        return total;
    }
};`;
    const [, basis] = await claimOf(code, 'cpp', 'spread');
    assert.doesNotMatch(basis ?? '', /at their counter/);
  });
});
