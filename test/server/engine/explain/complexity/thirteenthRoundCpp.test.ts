// Golden cases for the thirteenth round (issue 16), C and C++: a C++23 lambda that names itself
// through its explicit object parameter (`[&](this auto&& dfs, …)`) under another binding, and a
// bit-count loop whose step clears the lowest bit with parentheses (`x &= (x - 1)`). Each cause
// beside a near miss that must keep its answer. Written here, not taken from a corpus.
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
});
