// Golden cases for the twelfth round (issue 16), C/C++: what a C++ search creates and marks.
// A visited mark or distance table a traversal declares with constructor arguments
// (`vector<bool> lookup(size(adj));`) is created on every call, so calls from a loop repeat the
// walk; a level list moved or swapped in (`q = move(next_q)`) fills the work list; a table
// allocated by nested constructors (`vector<vector<int>> best(n, vector<int>(k + 1, INF))`) counts
// the states of a Dijkstra. Each cause beside a near miss that must keep its answer. Written here,
// not taken from a corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

describe('explain complexity: C++ search marks and state tables', () => {
  it('a traversal whose mark is declared with constructor arguments starts afresh on each call', async () => {
    const code = `class Solution {
public:
    vector<int> reach(int n, vector<vector<int>>& adj) {
        vector<int> result(n);
        for (int u = 0; u < n; ++u) {
            result[u] = walk(adj, u);
        }
        return result;
    }
private:
    int walk(const vector<vector<int>>& adj, int s) {
        vector<bool> seen(size(adj));
        vector<int> stk = {s};
        int count = 0;
        while (!empty(stk)) {
            const auto u = stk.back(); stk.pop_back();
            for (const auto& v : adj[u]) {
                if (seen[v]) {
                    continue;
                }
                seen[v] = true;
                ++count;
                stk.emplace_back(v);
            }
        }
        return count;
    }
};
`;
    // n walks, each over every node and edge: not one walk shared by all calls.
    assert.equal(await complexityOf(code, 'cpp', 'reach'), 'O(n*m + n*k)');
  });

  it('near miss: a mark the caller owns and passes in is shared by the calls', async () => {
    const code = `class Solution {
public:
    int islands(int n, vector<vector<int>>& adj) {
        vector<bool> seen(n);
        int count = 0;
        for (int u = 0; u < n; ++u) {
            if (!seen[u]) {
                ++count;
                walk(adj, u, &seen);
            }
        }
        return count;
    }
private:
    void walk(const vector<vector<int>>& adj, int s, vector<bool> *seen) {
        vector<int> stk = {s};
        (*seen)[s] = true;
        while (!empty(stk)) {
            const auto u = stk.back(); stk.pop_back();
            for (const auto& v : adj[u]) {
                if ((*seen)[v]) {
                    continue;
                }
                (*seen)[v] = true;
                stk.emplace_back(v);
            }
        }
    }
};
`;
    assert.equal(await complexityOf(code, 'cpp', 'islands'), 'O(m + k + n)');
  });

  it('a level BFS over grid cells whose next level is moved in is rows × width', async () => {
    const code = `class Solution {
public:
    int steps(vector<vector<int>>& grid) {
        static const vector<pair<int, int>> directions = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        int result = 0;
        queue<pair<int, int>> q({{0, 0}});
        while (!q.empty()) {
            ++result;
            queue<pair<int, int>> next_q;
            while (!q.empty()) {
                int i, j;
                tie(i, j) = q.front(); q.pop();
                if (0 <= i && i < grid.size() && 0 <= j && j < grid[0].size() &&
                    !grid[i][j]) {
                    grid[i][j] = 1;
                    for (const auto& dir : directions) {
                        next_q.emplace(i + dir.first, j + dir.second);
                    }
                }
            }
            q = move(next_q);
        }
        return result;
    }
};
`;
    assert.equal(await complexityOf(code, 'cpp', 'steps'), 'O(n*m)');
    assert.match(await basisOf(code, 'cpp', 'steps'), /holds cells of `grid`/);
  });

  it('near miss: a level BFS over plain graph nodes keeps the drain reading', async () => {
    const code = `class Solution {
public:
    int depth(int n, vector<vector<int>>& adj) {
        vector<bool> seen(n);
        vector<int> q = {0};
        seen[0] = true;
        int result = 0;
        while (!empty(q)) {
            vector<int> next_q;
            for (const auto& u : q) {
                for (const auto& v : adj[u]) {
                    if (seen[v]) {
                        continue;
                    }
                    seen[v] = true;
                    next_q.emplace_back(v);
                }
            }
            q = move(next_q);
            ++result;
        }
        return result;
    }
};
`;
    assert.equal(await complexityOf(code, 'cpp', 'depth'), 'O(n + m + k)');
  });

  it('a Dijkstra over (node, hops) states is sized by its nested-constructor table', async () => {
    const code = `class Solution {
public:
    int cheapest(int n, vector<vector<pair<int, int>>>& adj, int k) {
        static const int INF = numeric_limits<int>::max();
        vector<vector<int>> best(n, vector<int>(k + 1, INF));
        best[0][0] = 0;
        priority_queue<tuple<int, int, int>, vector<tuple<int, int, int>>, greater<tuple<int, int, int>>> min_heap;
        min_heap.emplace(0, 0, 0);
        while (!empty(min_heap)) {
            const auto [curr, u, cnt] = min_heap.top(); min_heap.pop();
            if (curr > best[u][cnt]) {
                continue;
            }
            for (const auto& [v, w] : adj[u]) {
                if (cnt + 1 <= k && curr + w < best[v][cnt + 1]) {
                    best[v][cnt + 1] = curr + w;
                    min_heap.emplace(best[v][cnt + 1], v, cnt + 1);
                }
            }
        }
        return best[n - 1][k];
    }
};
`;
    assert.match((await complexityOf(code, 'cpp', 'cheapest'))!, /n\*k log/);
    assert.match(await basisOf(code, 'cpp', 'cheapest'), /`best` marks each state/);
  });

  it('a BFS over (mask, node) read through `tie` is sized by a `1 << size(graph)` table', async () => {
    const code = `class Solution {
public:
    int visitAll(vector<vector<int>>& graph) {
        vector<vector<int>> dp(1 << graph.size(), vector<int>(graph.size(), -1));
        queue<pair<int, int>> q;
        dp[1][0] = 0;
        q.emplace(1, 0);
        while (!q.empty()) {
            int state, node;
            tie(state, node) = q.front(); q.pop();
            for (const auto& nei : graph[node]) {
                auto new_state = state | (1 << nei);
                if (dp[new_state][nei] == -1) {
                    dp[new_state][nei] = dp[state][node] + 1;
                    q.emplace(new_state, nei);
                }
            }
        }
        return dp.back()[0];
    }
};
`;
    assert.equal(await complexityOf(code, 'cpp', 'visitAll'), 'O(2^n*n)');
  });

  it('near miss: a Dijkstra over plain nodes keeps its own reading', async () => {
    const code = `class Solution {
public:
    vector<int> shortest(int n, vector<vector<pair<int, int>>>& adj) {
        vector<int> dist(n, INT_MAX);
        priority_queue<pair<int, int>, vector<pair<int, int>>, greater<pair<int, int>>> pq;
        dist[0] = 0;
        pq.emplace(0, 0);
        while (!pq.empty()) {
            const auto [d, u] = pq.top(); pq.pop();
            if (d > dist[u]) {
                continue;
            }
            for (const auto& [v, w] : adj[u]) {
                if (d + w < dist[v]) {
                    dist[v] = d + w;
                    pq.emplace(dist[v], v);
                }
            }
        }
        return dist;
    }
};
`;
    const claim = (await complexityOf(code, 'cpp', 'shortest'))!;
    assert.doesNotMatch(claim, /\*k|unknown/);
  });

  it('withheld: a search over cells marked in a set by an encoded key (`r * width + c`)', async () => {
    const code = `class Solution {
public:
    bool reach(vector<vector<int>>& grid) {
        static const vector<pair<int, int>> directions = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
        deque<pair<pair<int, int>, int>> dq = {{{0, 0}, 0}};
        unordered_set<int> lookup;
        while (!empty(dq)) {
            const auto [b, d] = dq.front(); dq.pop_front();
            if (lookup.count(b.first * size(grid[0]) + b.second)) {
                continue;
            }
            lookup.emplace(b.first * size(grid[0]) + b.second);
            for (const auto& [dr, dc] : directions) {
                const auto& nb = make_pair(b.first + dr, b.second + dc);
                if (0 <= nb.first && nb.first < size(grid) && 0 <= nb.second && nb.second < size(grid[0])) {
                    dq.emplace_back(nb, d + 1);
                }
            }
        }
        return false;
    }
};
`;
    assert.equal(await complexityOf(code, 'cpp', 'reach'), 'unknown');
    assert.match(await basisOf(code, 'cpp', 'reach'), /marked in `lookup` by a key built from several parts/);
  });

  it('near miss: a BFS carrying the distance beside a node marked in a set keeps its claim', async () => {
    const code = `class Solution {
public:
    int far(int n, vector<vector<int>>& adj) {
        unordered_set<int> lookup;
        queue<pair<int, int>> q;
        q.emplace(0, 0);
        lookup.emplace(0);
        int result = 0;
        while (!q.empty()) {
            const auto [u, d] = q.front(); q.pop();
            result = max(result, d);
            for (const auto& v : adj[u]) {
                if (lookup.count(v)) {
                    continue;
                }
                lookup.emplace(v);
                q.emplace(v, d + 1);
            }
        }
        return result;
    }
};
`;
    assert.match((await complexityOf(code, 'cpp', 'far'))!, /^O\(/);
  });

  it('a constant read inside a nested constructor stays fixed (`dist(L + 1, vector<int>(n))`)', async () => {
    const code = `class Solution {
public:
    int layers(int n, vector<vector<pair<int, int>>>& adj) {
        static const int L = 1;
        vector<vector<int>> dist(L + 1, vector<int>(n, INT_MAX));
        priority_queue<tuple<int, int, int>, vector<tuple<int, int, int>>, greater<tuple<int, int, int>>> pq;
        dist[0][0] = 0;
        pq.emplace(0, 0, 0);
        while (!pq.empty()) {
            const auto [d, u, k] = pq.top(); pq.pop();
            if (d != dist[k][u]) {
                continue;
            }
            for (const auto& [v, w] : adj[u]) {
                if (k < L && d < dist[k + 1][v]) {
                    dist[k + 1][v] = d;
                    pq.emplace(d, v, k + 1);
                }
            }
        }
        return dist[L][n - 1];
    }
};
`;
    assert.match((await complexityOf(code, 'cpp', 'layers'))!, /^O\(n log/);
  });

  it("a loop counted to rows × the first row's size (`matrix.size() * matrix[0].size()`) is n·m", async () => {
    const code = `class Solution {
public:
    vector<int> flatten(vector<vector<int>>& matrix) {
        vector<int> result;
        int row = 0, col = 0;
        for (int i = 0; i < matrix.size() * matrix[0].size(); ++i) {
            result.emplace_back(matrix[row][col]);
            if (++col == matrix[0].size()) {
                col = 0;
                ++row;
            }
        }
        return result;
    }
};
`;
    assert.equal(await complexityOf(code, 'cpp', 'flatten'), 'O(n*m)');
  });

  it('near miss: a set of values the walk also erases (a path) withholds nothing', async () => {
    const code = `class Solution {
public:
    int longest(int n, vector<vector<int>>& adj, vector<int>& vals) {
        unordered_set<int> lookup;
        vector<tuple<int, int, int>> stk = {{1, 0, -1}};
        int result = 0;
        while (!empty(stk)) {
            const auto [step, u, p] = stk.back(); stk.pop_back();
            if (step == 1) {
                if (lookup.count(vals[u])) {
                    continue;
                }
                stk.emplace_back(2, u, p);
                lookup.emplace(vals[u]);
                result = max(result, static_cast<int>(size(lookup)));
                for (const auto& v : adj[u]) {
                    if (v != p) {
                        stk.emplace_back(1, v, u);
                    }
                }
            } else {
                lookup.erase(vals[u]);
            }
        }
        return result;
    }
};
`;
    assert.notEqual(await complexityOf(code, 'cpp', 'longest'), 'unknown');
  });

  it("a C++17 `size(nums)` or C `strlen(s)` held in a local is that collection's size", async () => {
    const code = `class Solution {
public:
    int pairs(vector<int>& nums) {
        const int n = size(nums);
        int r = 0;
        for (int i = 0; i < n; ++i) {
            for (const auto& x : nums) {
                r += x;
            }
        }
        return r;
    }
};
`;
    assert.equal(await complexityOf(code, 'cpp', 'pairs'), 'O(n^2)');
    const c = `int sum(char* s) {
    int n = strlen(s);
    int r = 0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; s[j]; ++j) {
            r += s[j];
        }
    }
    return r;
}
`;
    assert.equal(await complexityOf(c, 'c', 'sum'), 'O(n^2)');
  });

  it("near miss: a local holding another collection's size keeps its own letter", async () => {
    const code = `class Solution {
public:
    int pairs(vector<int>& nums, vector<int>& other) {
        const int m = size(other);
        int r = 0;
        for (int i = 0; i < m; ++i) {
            for (const auto& x : nums) {
                r += x;
            }
        }
        return r;
    }
};
`;
    // (two letters in either order: the product of two sizes, not a square)
    assert.match((await complexityOf(code, 'cpp', 'pairs'))!, /^O\((n\*m|m\*n)\)$/);
  });

  it('withheld (C): a count the outer loop sets to what the inner loops added (`size = tSize`)', async () => {
    const code = `char** combine(char* digits, char** keys, int* returnSize) {
    int size = 1;
    char** ans = (char**) malloc(sizeof(char*));
    ans[0] = strdup("");
    for (int x = 0; digits[x]; ++x) {
        char* s = keys[digits[x] - '2'];
        int len = strlen(s);
        char** t = (char**) malloc(sizeof(char*) * size * len);
        int tSize = 0;
        for (int i = 0; i < size; ++i) {
            for (int j = 0; j < len; ++j) {
                t[tSize++] = ans[i];
            }
        }
        ans = t;
        size = tSize;
    }
    *returnSize = size;
    return ans;
}
`;
    assert.equal(await complexityOf(code, 'c', 'combine'), 'unknown');
    assert.match(await basisOf(code, 'c', 'combine'), /sets `size` to `tSize`.*grow multiplicatively/);
  });

  it('near miss (C): a count reset from the input on each pass keeps its claim', async () => {
    const code = `int total(int** rows, int n, int* sizes) {
    int size = 0;
    int sum = 0;
    for (int r = 0; r < n; ++r) {
        for (int i = 0; i < size; ++i) {
            sum += rows[r][i];
        }
        size = sizes[r];
    }
    return sum;
}
`;
    assert.notEqual(await complexityOf(code, 'c', 'total'), 'unknown');
  });
});
