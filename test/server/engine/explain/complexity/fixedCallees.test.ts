// Golden cases for the ninth round (issue 16, kamyu104 C++): tables sized as a power of two
// (`vector<int> dp(1 << n)`) and callees whose size is a fixed matrix. Each cause sits beside a
// near miss that must keep its claim. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

describe('explain complexity: power-of-two tables and fixed matrices (ninth round)', () => {
  it('C++: a loop over a table sized `1 << size(xs)` visits every bit mask', async () => {
    const code = `class Solution {
public:
    int best(vector<int>& xs) {
        vector<int> dp(1 << size(xs));
        for (int mask = 1; mask < size(dp); ++mask) {
            for (int i = 0; i < size(xs); ++i) {
                if (mask & (1 << i)) dp[mask] = max(dp[mask], dp[mask ^ (1 << i)] + xs[i]);
            }
        }
        return dp.back();
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'best'), 'O(2^n*n)');
    assert.match((await basisOf(code, 'cpp', 'best'))!, /every bit mask/);
  });
  it('C++: a limit named once as `(1 << n) - 1` or `1 << size(s)` counts bit masks', async () => {
    const code = `class Solution {
public:
    int count(vector<int>& xs, string s) {
        const auto all = (1 << xs.size()) - 1;
        int total = 1 << size(s);
        int result = 0;
        for (int subset = 0; subset <= all; ++subset) ++result;
        for (int mask = 0; mask < total; ++mask) ++result;
        return result;
    }
};`;
    assert.match((await complexityOf(code, 'cpp', 'count'))!, /^O\(2\^/);
  });
  it('near miss: a table sized by the input itself stays linear', async () => {
    const code = `class Solution {
public:
    int sum(vector<int>& xs) {
        vector<int> dp(size(xs) + 1);
        for (int i = 1; i < size(dp); ++i) dp[i] = dp[i - 1] + xs[i - 1];
        return dp.back();
    }
};`;
    // Linear: `dp` keeps a letter of its own beside `xs` (O(n + m)), as before this rule.
    assert.match((await complexityOf(code, 'cpp', 'sum'))!, /^O\((n|n \+ m)\)$/);
  });
  it('near miss: a name written `1 << n` once and then something else is not a bit-mask limit', async () => {
    const code = `class Solution {
public:
    int walk(int n, vector<int>& xs) {
        int limit = 1 << n;
        limit = size(xs);
        int result = 0;
        for (int i = 0; i < limit; ++i) result += i;
        return result;
    }
};`;
    assert.doesNotMatch((await complexityOf(code, 'cpp', 'walk')) ?? 'unknown', /2\^/);
  });
  it('C++: powers of a literal 2×2 matrix cost the exponent only, not the product of three loops', async () => {
    const code = `class Solution {
public:
    long long steps(int n) {
        vector<vector<long long>> M = {{1, 1}, {1, 0}};
        return product({{1, 0}}, power(M, n))[0][0];
    }

private:
    vector<vector<long long>> power(const vector<vector<long long>>& X, int e) {
        vector<vector<long long>> acc(X.size(), vector<long long>(X.size()));
        vector<vector<long long>> base(X);
        for (int i = 0; i < X.size(); ++i) acc[i][i] = 1;
        while (e) {
            if (e & 1) acc = product(acc, base);
            base = product(base, base);
            e >>= 1;
        }
        return acc;
    }

    vector<vector<long long>> product(const vector<vector<long long>>& X, const vector<vector<long long>>& Y) {
        vector<vector<long long>> out(X.size(), vector<long long>(Y[0].size()));
        for (int i = 0; i < X.size(); ++i)
            for (int j = 0; j < Y[0].size(); ++j)
                for (int k = 0; k < Y.size(); ++k)
                    out[i][j] += X[i][k] * Y[k][j];
        return out;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'steps'), 'O(log n)');
    // The helpers themselves keep their sizes: a product of two matrices is cubic.
    assert.match(
      (await complexityOf(code, 'cpp', 'product'))!,
      /^O\(n\*m\*k\)|^O\(n\^3\)|^O\(n\*m\^2\)|^O\(n\^2\*m\)/,
    );
  });
  it('C++: a matrix of literal counts (`vector<vector<int>> T(26, vector<int>(26))`) is fixed too', async () => {
    const code = `class Solution {
public:
    int count(string s, int t) {
        vector<vector<int>> T(26, vector<int>(26));
        for (char c : s) ++T[c - 'a'][(c - 'a' + 1) % 26];
        const auto& P = power(T, t);
        return P[0][0];
    }

private:
    vector<vector<int>> power(const vector<vector<int>>& X, int e) {
        vector<vector<int>> acc(X.size(), vector<int>(X.size()));
        vector<vector<int>> base(X);
        while (e) {
            if (e & 1) acc = product(acc, base);
            base = product(base, base);
            e >>= 1;
        }
        return acc;
    }

    vector<vector<int>> product(const vector<vector<int>>& X, const vector<vector<int>>& Y) {
        vector<vector<int>> out(X.size(), vector<int>(Y[0].size()));
        for (int i = 0; i < X.size(); ++i)
            for (int j = 0; j < Y[0].size(); ++j)
                for (int k = 0; k < Y.size(); ++k)
                    out[i][j] += X[i][k] * Y[k][j];
        return out;
    }
};`;
    assert.match((await complexityOf(code, 'cpp', 'count'))!, /^O\((n \+ log m|log m \+ n|n \+ log n|n)\)$/);
  });
  it('near miss: powers of a matrix the input sizes stay cubic in it', async () => {
    const code = `class Solution {
public:
    int walks(vector<vector<int>>& graph, int e) {
        vector<vector<int>> acc(graph.size(), vector<int>(graph.size()));
        vector<vector<int>> base(graph);
        while (e) {
            if (e & 1) acc = product(acc, base);
            base = product(base, base);
            e >>= 1;
        }
        return acc[0][0];
    }

    vector<vector<int>> product(const vector<vector<int>>& X, const vector<vector<int>>& Y) {
        vector<vector<int>> out(X.size(), vector<int>(Y[0].size()));
        for (int i = 0; i < X.size(); ++i)
            for (int j = 0; j < Y[0].size(); ++j)
                for (int k = 0; k < Y.size(); ++k)
                    out[i][j] += X[i][k] * Y[k][j];
        return out;
    }
};`;
    const claim = (await complexityOf(code, 'cpp', 'walks'))!;
    assert.match(claim, /log/);
    assert.doesNotMatch(claim, /^O\(log [a-z]\)$/);
  });
  it('near miss: a table of `1 << bit_length(max)` entries is sized by a value, not by bit masks of the input', async () => {
    const code = `class Solution {
public:
    int distinct(vector<int>& nums) {
        vector<int> seen(1 << bit_length(ranges::max(nums)));
        int result = 0;
        for (int x = 0; x < size(seen); ++x) result += seen[x];
        return result;
    }
};`;
    assert.doesNotMatch((await complexityOf(code, 'cpp', 'distinct')) ?? 'unknown', /2\^/);
  });
  it('near miss: masks over a list the file fixes (`1 << size(PRIMES)`) are a constant count', async () => {
    const code = `const vector<int> PRIMES = {2, 3, 5, 7};
class Solution {
public:
    int ways(vector<int>& nums) {
        vector<int> dp(1 << size(PRIMES));
        int result = 0;
        for (int x : nums)
            for (int mask = 0; mask < size(dp); ++mask) result += dp[mask] * x;
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'ways'), 'O(n)');
  });
  it('C++: residues — `i < k` outside, `j += k` inside — visit each position once in all', async () => {
    const code = `class Solution {
public:
    int best(vector<int>& xs, int k) {
        int result = INT_MIN;
        for (int i = 0; i < k; ++i) {
            int run = 0;
            for (int j = size(xs) - 1 - i; j >= 0; j -= k) {
                run += xs[j];
                result = max(result, run);
            }
        }
        return result;
    }
};`;
    // Linear: the k starts beside the n positions (O(k + n)), not O(n·k).
    assert.match((await complexityOf(code, 'cpp', 'best'))!, /^O\((k \+ n|n \+ k)\)$/);
  });
  it('C++: blocks — `i += k` outside, `j < k` inside — visit each position once in all', async () => {
    const code = `class Solution {
public:
    string blocks(string s, int k) {
        string result;
        for (int i = 0; i < size(s); i += k) {
            int total = 0;
            for (int j = 0; j < k; ++j) {
                total += s[i + j] - 'a';
            }
            result.push_back('a' + total % 26);
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'blocks'), 'O(n)');
  });
  it('near miss: `j += k` under a loop over the whole range stays quadratic', async () => {
    const code = `class Solution {
public:
    int pairs(vector<int>& xs, int k) {
        int result = 0;
        for (int i = 0; i < size(xs); ++i)
            for (int j = i; j < size(xs); j += k) result += xs[i] == xs[j];
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'pairs'), 'O(n^2)');
  });
  it('near miss: stepping by the outer counter stays a harmonic sum', async () => {
    const code = `class Solution {
public:
    long long sieve(vector<int>& nums) {
        int top = 0;
        for (int x : nums) top = max(top, x);
        vector<long long> f(top + 1);
        for (int i = top; i > 0; --i) {
            for (int j = i; j <= top; j += i) {
                f[i] += j;
            }
        }
        return f[1];
    }
};`;
    assert.match((await complexityOf(code, 'cpp', 'sieve'))!, /log/);
  });
  it('C++: a loop counted by a for-each item (`for (cmd : commands) for (k < cmd)`) is withheld with the reason', async () => {
    const code = `class Solution {
public:
    int walk(vector<int>& commands) {
        int x = 0;
        for (const auto& cmd : commands) {
            for (int k = 0; k < cmd; ++k) {
                x += 1;
            }
        }
        return x;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'walk'), 'unknown');
    assert.match((await basisOf(code, 'cpp', 'walk'))!, /`cmd` holds a number read from the data/);
  });
  it('C++: a loop up to a name bound to an element (`int x2 = rect[2]`) is withheld too', async () => {
    const code = `class Solution {
public:
    int area(vector<int>& rect, vector<int>& xs) {
        int x1 = rect[0];
        int x2 = rect[2];
        int result = 0;
        for (int x = x1; x <= x2; ++x) {
            for (int y : xs) result += x * y;
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'area'), 'unknown');
  });
  it('near miss: a row of a grid and a count passed as a parameter stay sizes', async () => {
    const code = `class Solution {
public:
    int total(vector<vector<int>>& grid, int k) {
        int result = 0;
        for (const auto& row : grid) {
            for (int j = 0; j < row.size(); ++j) result += row[j];
            for (int i = 0; i < k; ++i) {
                result += i;
            }
        }
        return result;
    }
};`;
    assert.notEqual(await complexityOf(code, 'cpp', 'total'), 'unknown');
  });
  it("near miss: letters up to an item (`for (char c = 'a'; c <= x; ++c)`) are bounded by the alphabet", async () => {
    const code = `class Solution {
public:
    vector<string> typed(string target) {
        vector<string> result;
        string curr;
        for (const auto& x : target) {
            curr.push_back('a');
            for (char c = 'a'; c <= x; ++c) {
                curr.back() = c;
            }
            result.push_back(curr);
        }
        return result;
    }
};`;
    assert.notEqual(await complexityOf(code, 'cpp', 'typed'), 'unknown');
  });
});
