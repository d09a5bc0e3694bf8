// Golden cases for the tenth round (issue 16, kamyu104 C++): lists that compound over an outer
// loop's passes and products accumulated in a loop (withheld), lists filled only by loops of a
// fixed count (constant), C++ grid work lists pushed with `emplace`, typed braced lists, and
// matrix products whose sizes live in locals. Each cause sits beside a near miss that must keep
// its claim. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

describe('explain complexity: compounding lists, fixed fills, C++ grid work lists (tenth round)', () => {
  it('C++: a list doubled through a snapshot of its size on every outer pass is withheld', async () => {
    const code = `class Solution {
public:
    vector<vector<int>> all(vector<int>& xs) {
        vector<vector<int>> result(1);
        for (int i = 0; i < xs.size(); ++i) {
            const int count = result.size();
            for (int j = 0; j < count; ++j) {
                result.emplace_back(result[j]);
                result.back().emplace_back(xs[i]);
            }
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'all'), 'unknown');
    assert.match((await basisOf(code, 'cpp', 'all'))!, /compounds over those passes/);
  });
  it('C++: a list replaced by one filled with several items per item walked is withheld', async () => {
    const code = `class Solution {
public:
    vector<string> spell(string digits, vector<string>& keys) {
        vector<string> words = {""};
        for (const auto& d : digits) {
            vector<string> next;
            for (const auto& w : words) {
                for (const auto& c : keys[d - '0']) {
                    next.emplace_back(w + c);
                }
            }
            words = move(next);
        }
        return words;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'spell'), 'unknown');
  });
  it('near miss: a list replaced by one item per item walked keeps its size and its claim', async () => {
    const code = `class Solution {
public:
    vector<int> step(vector<int>& xs, int k) {
        vector<int> curr(xs);
        for (int t = 0; t < k; ++t) {
            vector<int> next;
            for (const auto& x : curr) {
                next.emplace_back(x / 2);
            }
            curr = move(next);
        }
        return curr;
    }
};`;
    assert.notEqual(await complexityOf(code, 'cpp', 'step'), 'unknown');
  });
  it('near miss: a level-by-level work list drained by its outer loop keeps its claim', async () => {
    const code = `class Solution {
public:
    int levels(Node* root) {
        vector<Node*> q = {root};
        int depth = 0;
        while (!q.empty()) {
            vector<Node*> next;
            for (const auto& u : q) {
                if (u->left) next.emplace_back(u->left);
                if (u->right) next.emplace_back(u->right);
            }
            swap(q, next);
            ++depth;
        }
        return depth;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'levels'), 'O(n)');
  });
  it('C++: a loop counted by a product multiplied in an earlier loop is withheld', async () => {
    const code = `class Solution {
public:
    int combos(vector<string>& groups) {
        int total = 1;
        for (const auto& g : groups) {
            total *= size(g);
        }
        int result = 0;
        for (int i = 0; i < total; ++i) {
            result += i % 7;
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'combos'), 'unknown');
    assert.match((await basisOf(code, 'cpp', 'combos'))!, /multiplies on each pass/);
  });
  it('near miss: a product whose own loop stops at a limit keeps its claim', async () => {
    const code = `class Solution {
public:
    int upTo(int n) {
        int p = 1;
        while (p < n) {
            p *= 2;
        }
        int result = 0;
        for (int i = 0; i < p; ++i) {
            result += i;
        }
        return result;
    }
};`;
    assert.notEqual(await complexityOf(code, 'cpp', 'upTo'), 'unknown');
  });
  it('C++: a list filled only inside loops of a fixed count is a constant', async () => {
    const code = `class Solution {
public:
    int around(vector<vector<int>>& grid) {
        int result = 0;
        for (int r = 0; r < grid.size(); ++r) {
            for (int c = 0; c < grid[0].size(); ++c) {
                vector<pair<int, int>> adj;
                for (int dr = -1; dr < 2; ++dr) {
                    for (int dc = -1; dc < 2; ++dc) {
                        adj.emplace_back(r + dr, c + dc);
                    }
                }
                for (const auto& [nr, nc] : adj) {
                    result += nr + nc;
                }
            }
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'around'), 'O(n*m)');
  });
  it('near miss: a list filled by a loop over the input, or swapped, keeps its own size', async () => {
    const code = `class Solution {
public:
    int gather(vector<int>& xs) {
        vector<int> seen;
        for (const auto& x : xs) {
            seen.emplace_back(x);
        }
        int result = 0;
        for (const auto& s : seen) {
            for (const auto& x : xs) result += s * x;
        }
        return result;
    }
};`;
    assert.match((await complexityOf(code, 'cpp', 'gather'))!, /^O\(n(\^2|\*m)\)$/);
  });
  it('C++: a Dijkstra over grid cells pushed with `emplace(d, r, c)` runs rows × width passes', async () => {
    const code = `class Solution {
public:
    int cheapest(vector<vector<int>>& heights) {
        static const vector<pair<int, int>> directions{{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        vector<vector<int>> dist(size(heights), vector<int>(size(heights[0]), INT_MAX));
        priority_queue<tuple<int, int, int>, vector<tuple<int, int, int>>, greater<>> min_heap;
        min_heap.emplace(0, 0, 0);
        while (!empty(min_heap)) {
            const auto [d, r, c] = min_heap.top(); min_heap.pop();
            if (d > dist[r][c]) continue;
            for (const auto& [dr, dc] : directions) {
                int nr = r + dr, nc = c + dc;
                if (nr < 0 || nr >= size(heights) || nc < 0 || nc >= size(heights[0])) continue;
                int nd = d + heights[nr][nc];
                if (nd < dist[nr][nc]) {
                    dist[nr][nc] = nd;
                    min_heap.emplace(nd, nr, nc);
                }
            }
        }
        return dist.back().back();
    }
};`;
    assert.match((await complexityOf(code, 'cpp', 'cheapest'))!, /^O\(n\*m log /);
  });
  it('C++: a for-each over a typed braced list of pairs is a constant count', async () => {
    const code = `class Solution {
public:
    int sides(vector<vector<int>>& rooms) {
        int result = 0;
        for (int i = 0; i < rooms.size(); ++i) {
            for (const pair<int, int>& d : vector<pair<int, int>>{{i + 1, 0}, {i - 1, 0}, {i, 1}, {i, -1}}) {
                result += d.first;
            }
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'sides'), 'O(n)');
  });
  it('C++: matrix powers of a literal matrix sized through locals (`int m = a.size(), n = b[0].size()`) are constant per step', async () => {
    const code = `class Solution {
public:
    int fib(int n) {
        vector<vector<int>> a = {{1, 1}, {1, 0}};
        return qpow(a, n)[0][1];
    }
    vector<vector<int>> mul(vector<vector<int>>& a, vector<vector<int>>& b) {
        int m = a.size(), n = b[0].size();
        vector<vector<int>> c(m, vector<int>(n));
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j)
                for (int k = 0; k < b.size(); ++k) c[i][j] += a[i][k] * b[k][j];
        return c;
    }
    vector<vector<int>> qpow(vector<vector<int>>& a, int n) {
        vector<vector<int>> res = {{1, 0}};
        while (n) {
            if (n & 1) {
                res = mul(res, a);
            }
            a = mul(a, a);
            n >>= 1;
        }
        return res;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'fib'), 'O(log n)');
  });
  it('near miss: a matrix product of input matrices keeps its cubic claim', async () => {
    const code = `class Solution {
public:
    vector<vector<int>> mul(vector<vector<int>>& a, vector<vector<int>>& b) {
        int m = a.size(), n = b[0].size();
        vector<vector<int>> c(m, vector<int>(n));
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j)
                for (int k = 0; k < b.size(); ++k) c[i][j] += a[i][k] * b[k][j];
        return c;
    }
    vector<vector<int>> square(vector<vector<int>>& x) {
        return mul(x, x);
    }
};`;
    assert.match((await complexityOf(code, 'cpp', 'square'))!, /^O\(n(\^3|\^2\*m|\*m\*k)\)$/);
  });
});

describe('explain complexity: C/C++ widths and C library sorts (tenth round)', () => {
  it('C++: `substr(i, l)` with `l` the counter of a loop of a fixed count copies a constant', async () => {
    const code = `class Solution {
public:
    int words(string s) {
        int result = 0;
        for (int i = 0; i < size(s); ++i) {
            int l = 3;
            for (; l <= 5; ++l) {
                const auto& t = s.substr(i, l);
                result += t[0];
            }
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'words'), 'O(n)');
  });
  it('near miss: `substr(i)` to the end keeps its charge on the string', async () => {
    const code = `class Solution {
public:
    int tails(string s) {
        int result = 0;
        for (int i = 0; i < size(s); ++i) {
            result += s.substr(i).size();
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'tails'), 'O(n^2)');
  });
  it('C: `qsort(xs, n, size, cmp)` sorts its first argument, O(n log n)', async () => {
    const code = `int cmp(const void* a, const void* b) { return *(int*) a - *(int*) b; }
int smallestGap(int* nums, int numsSize) {
    qsort(nums, numsSize, sizeof(int), cmp);
    return nums[1] - nums[0];
}`;
    assert.equal(await complexityOf(code, 'c', 'smallestGap'), 'O(n log n)');
  });
});

describe('explain complexity: small integers passed to a callee (tenth round)', () => {
  const code = `class Solution {
public:
    long long fours(int n) {
        return choose(n + 4, 4);
    }
    long long many(int n, int k) {
        return choose(n, k);
    }
private:
    long long choose(int n, int r) {
        long long c = 1;
        for (int k = 1; k <= r; ++k) {
            c = c * (n - k + 1) / k;
        }
        return c;
    }
};`;
  it('C++: a loop over a parameter the call fills with a small literal runs a constant count', async () => {
    assert.equal(await complexityOf(code, 'cpp', 'fours'), 'O(1)');
  });
  it('near miss: the same callee given an input keeps its linear claim', async () => {
    assert.match((await complexityOf(code, 'cpp', 'many'))!, /^O\((n|k)\)$/);
  });
});
