// Golden cases for the thirteenth round (issue 16), C and C++: a C++23 lambda that names itself
// through its explicit object parameter (`[&](this auto&& dfs, …)`) under another binding, and a
// bit-count loop whose step clears the lowest bit with parentheses (`x &= (x - 1)`), a walk that
// marks the entry it tests (`while (!seen[u]) { seen[u] = true; u = next[u]; }`) and what such a
// walk fills, and a counted loop popping a list that outlives its outer loop. Each cause beside a
// near miss that must keep its answer. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

describe('explain complexity: thirteenth-round C and C++ forms', () => {
  it('a lambda calling its explicit object parameter recurses, whatever name it is bound to', async () => {
    const code = `class Solution {
public:
    vector<string> generate(int n) {
        vector<string> result;
        string curr;
        const auto backtracking = [&](this auto&& dfs, int i) -> void {
            if (i == n) {
                result.emplace_back(curr);
                return;
            }
            curr.push_back('0');
            dfs(i + 1);
            curr.pop_back();
            curr.push_back('1');
            dfs(i + 1);
            curr.pop_back();
        };
        backtracking(0);
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'backtracking'), 'O(2^n)');
    assert.match(await basisOf(code, 'cpp', 'generate'), /calls `backtracking`.*2 recursive calls/);
  });

  it('near miss: an explicit object parameter the body does not call leaves other calls alone', async () => {
    const code = `class Solution {
public:
    int total(vector<int>& nums) {
        const auto add = [&](this auto&& self, int i) -> int {
            return helper(nums, i);
        };
        return add(0);
    }
private:
    int helper(vector<int>& nums, int i) {
        int s = 0;
        for (int j = i; j < size(nums); ++j) {
            s += nums[j];
        }
        return s;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'add'), 'O(n)');
    assert.doesNotMatch(await basisOf(code, 'cpp', 'add'), /recurs/);
  });

  it('a loop clearing the lowest set bit with parentheses runs once per set bit', async () => {
    const code = `int bitCount(int x) {
    int cnt = 0;
    while (x) {
        x &= (x - 1);
        ++cnt;
    }
    return cnt;
}`;
    assert.equal(await complexityOf(code, 'c', 'bitCount'), 'O(log n)');
  });

  it('near miss: clearing bits with another name does not shrink the tested one', async () => {
    const code = `int spin(int x, int y) {
    int cnt = 0;
    while (x) {
        x &= (y - 1);
        ++cnt;
    }
    return cnt;
}`;
    assert.equal(await complexityOf(code, 'c', 'spin'), 'unknown');
  });

  it('a walk that marks the entry it tests runs once per entry, over all passes of a loop keeping the mark', async () => {
    const code = `class Solution {
public:
    int longestCycle(vector<int>& next) {
        const int n = size(next);
        vector<bool> seen(n);
        int best = 0;
        for (int i = 0; i < n; ++i) {
            vector<int> path;
            int j = i;
            while (!seen[j]) {
                path.push_back(j);
                seen[j] = true;
                j = next[j];
            }
            for (int k = 0; k < size(path); ++k) {
                if (path[k] == j) {
                    best = max(best, (int)size(path) - k);
                    break;
                }
            }
        }
        return best;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'longestCycle'), 'O(n)');
  });

  it('… also a Go list grown by `append` in the walk (the rule is shared with Go and Java)', async () => {
    const code = `package main

func longestCycle(next []int) int {
\tn := len(next)
\tseen := make([]bool, n)
\tbest := 0
\tfor i := 0; i < n; i++ {
\t\tpath := []int{}
\t\tj := i
\t\tfor !seen[j] {
\t\t\tpath = append(path, j)
\t\t\tseen[j] = true
\t\t\tj = next[j]
\t\t}
\t\tfor k := range path {
\t\t\tif path[k] == j {
\t\t\t\tbest = max(best, len(path)-k)
\t\t\t\tbreak
\t\t\t}
\t\t}
\t}
\treturn best
}`;
    assert.equal(await complexityOf(code, 'go', 'longestCycle'), 'O(n)');
  });

  it('near miss: a mark created afresh in each pass repeats the walk', async () => {
    const code = `class Solution {
public:
    vector<int> reach(vector<int>& next) {
        const int n = size(next);
        vector<int> result(n);
        for (int i = 0; i < n; ++i) {
            vector<bool> seen(n);
            int j = i;
            while (!seen[j]) {
                seen[j] = true;
                j = next[j];
                ++result[i];
            }
        }
        return result;
    }
};`;
    assert.match((await complexityOf(code, 'cpp', 'reach')) ?? '', /^O\(n(\^2|\*m)( \+ n\*m)?\)$/);
  });

  it('near miss: a walk that unsets marks is not bounded by them', async () => {
    const code = `int walk(int* next, bool* seen, int u) {
    int c = 0;
    while (!seen[u]) {
        seen[u] = true;
        seen[next[u]] = false;
        u = next[u];
        ++c;
    }
    return c;
}`;
    assert.equal(await complexityOf(code, 'c', 'walk'), 'unknown');
  });

  it('a counted loop popping a list kept across the outer loop is paid for by the pushes', async () => {
    const code = `class Solution {
public:
    vector<int> depths(vector<int>& next) {
        const int n = size(next);
        vector<int> result(n), order(n);
        vector<int> stk;
        for (int i = 0, idx = 0; i < n; ++i) {
            int u = i, start = idx;
            while (!order[u]) {
                order[u] = ++idx;
                stk.emplace_back(u);
                u = next[u];
            }
            const int l = idx - start;
            for (int t = 0; t < l; ++t) {
                result[stk.back()] = l;
                stk.pop_back();
            }
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'depths'), 'O(n)');
  });

  it('near miss: popping a list the outer pass rebuilds repeats the pops', async () => {
    const code = `class Solution {
public:
    int tops(vector<int>& a, int l) {
        int r = 0;
        for (int i = 0; i < size(a); ++i) {
            vector<int> stk(a.begin(), a.end());
            for (int j = 0; j < l; ++j) {
                r += stk.back();
                stk.pop_back();
            }
        }
        return r;
    }
};`;
    // The pops are paid per pass: `l` multiplies the outer count.
    assert.match((await complexityOf(code, 'cpp', 'tops')) ?? '', /n\*m/);
  });
});
