// Golden cases for the twentieth round (issue 16, C and C++ unknowns): a loop with no condition
// (`while (1)`, `for (;;)`, `while True:`) whose body takes an item off a work list on every pass —
// at its top level, before any `continue`, `break` or `return` — is the drain `while (!q.empty())`
// would be (extract/whileBound.ts `poppedEveryPass`): one more pass would take from an empty list.
// With it, a Dijkstra or 0-1 BFS over a grid that returns on reaching the corner reads as the search
// over the grid's cells (a deque pushed at its front, `q.push_front({x, y, k})`, now counts as a
// push of the cell: complexity/gridCells.ts). Written here, not taken from any corpus.
// Near misses: a pop under a branch, and a pop after a `continue`, stay unknown.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A function that queues `nums` and then runs `loop`. */
const spin = (loop: string) => `class Solution {
public:
    int spin(vector<int>& nums) {
        queue<int> q;
        for (int x : nums) q.push(x);
        int turns = 0;
        ${loop}
    }
};`;

describe('explain bounds: twentieth-round loops with no condition that pop on every pass', () => {
  it('C++: `while (1)` Dijkstra over a grid, popping `pq` first, is the search over its cells', async () => {
    const code = `class Solution {
public:
    int reach(vector<vector<int>>& grid) {
        int m = grid.size(), n = grid[0].size();
        vector<vector<int>> dist(m, vector<int>(n, INT_MAX));
        priority_queue<tuple<int, int, int>, vector<tuple<int, int, int>>, greater<>> pq;
        pq.emplace(0, 0, 0);
        int dirs[5] = {-1, 0, 1, 0, -1};
        while (1) {
            auto [d, i, j] = pq.top();
            pq.pop();
            if (i == m - 1 && j == n - 1) {
                return d;
            }
            if (d > dist[i][j]) {
                continue;
            }
            for (int k = 0; k < 4; ++k) {
                int x = i + dirs[k], y = j + dirs[k + 1];
                if (x >= 0 && x < m && y >= 0 && y < n && d + grid[x][y] < dist[x][y]) {
                    dist[x][y] = d + grid[x][y];
                    pq.emplace(dist[x][y], x, y);
                }
            }
        }
    }
};`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'reach');
    assert.match(complexity!, /^O\(\w\*\w log \w \+ \w\*\w\)$/);
    assert.match(basis!, /work list `pq` holds cells of `(grid|dist)`/);
  });

  it("C++: `for (;;)` 0-1 BFS pushing at the front of a deque holds the grid's cells", async () => {
    const code = `class Solution {
public:
    int obstacles(vector<vector<int>>& grid) {
        int m = grid.size(), n = grid[0].size();
        deque<tuple<int, int, int>> q;
        q.emplace_back(0, 0, 0);
        unordered_set<int> vis;
        int dirs[5] = {-1, 0, 1, 0, -1};
        for (;;) {
            auto [i, j, k] = q.front();
            q.pop_front();
            if (i == m - 1 && j == n - 1) return k;
            if (vis.count(i * n + j)) continue;
            vis.insert(i * n + j);
            for (int h = 0; h < 4; ++h) {
                int x = i + dirs[h], y = j + dirs[h + 1];
                if (x >= 0 && x < m && y >= 0 && y < n) {
                    if (grid[x][y] == 0) q.push_front({x, y, k});
                    else q.push_back({x, y, k + 1});
                }
            }
        }
    }
};`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'obstacles');
    assert.match(complexity!, /^O\((n\*m|m\*n)( \+ k)?\)$/);
    assert.match(basis!, /work list `q` holds cells of `grid`/);
  });

  it('Python: `while True:` with `heappop` first is a drain', async () => {
    const code = `def reach(grid):
    m, n = len(grid), len(grid[0])
    heap = [(0, 0, 0)]
    seen = set()
    while True:
        d, i, j = heapq.heappop(heap)
        if (i, j) == (m - 1, n - 1):
            return d
        if (i, j) in seen:
            continue
        seen.add((i, j))
        for x, y in ((i + 1, j), (i, j + 1)):
            if x < m and y < n:
                heapq.heappush(heap, (d + grid[x][y], x, y))
`;
    const [complexity] = await claimOf(code, 'python', 'reach');
    assert.notEqual(complexity, 'unknown');
  });

  it('near miss: a pop under a branch leaves the loop unknown', async () => {
    const code = spin(`while (true) {
            ++turns;
            if (q.front() % 2 == 0) {
                q.pop();
            }
            if (turns > nums[0]) break;
        }
        return turns;`);
    const [complexity, basis] = await claimOf(code, 'cpp', 'spin');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /loops until a `break`/);
  });

  it('near miss: a pop after a `continue` leaves the loop unknown', async () => {
    const code = spin(`while (1) {
            ++turns;
            if (turns % 3 == 0) continue;
            q.pop();
            if (q.empty()) return turns;
        }`);
    const [complexity, basis] = await claimOf(code, 'cpp', 'spin');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /loops until a `break`/);
  });
});
