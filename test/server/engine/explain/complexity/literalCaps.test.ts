// Golden cases for the fifteenth round (issue 16): counts the code fixes with a literal. A `while`
// whose counter is stepped up on every pass and capped by a literal in one conjunct (`while i <
// len(buf) and i < 4`) ends within that many passes; a Python helper that never calls itself,
// given a literal for a parameter it loops over (`max_sub(arr, 2)` with `for _ in range(k)`), runs
// that loop a fixed number of times. Near misses: the counter stepped only under a branch, a cap
// that is a parameter, and a recursive helper given a literal (its parameter may be a memo key).
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: counts capped by a literal', () => {
  it('a while capped by a literal in one conjunct runs a fixed count (Python)', async () => {
    const code = `def take(buf, content):
    i = 0
    while i < len(content) and i < 4:
        buf[i] = content[i]
        i += 1
    return i
`;
    assert.equal(await complexityOf(code, 'python', 'take'), 'O(1)');
  });

  it('a while capped by a literal in one conjunct runs a fixed count (C++)', async () => {
    const code = `int take(vector<char>& buf, const string& content) {
    int i = 0;
    while (i < content.size() && i < 4) {
        buf[i] = content[i];
        ++i;
    }
    return i;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'take'), 'O(1)');
  });

  it('near miss: the capped counter stepped only under a branch keeps the scan', async () => {
    const code = `def take(buf, content):
    i = 0
    while i < len(content) and i < 4:
        buf[i] = content[i]
        if buf[i] == 'x':
            i += 1
    return i
`;
    assert.equal(await complexityOf(code, 'python', 'take'), 'O(n + m)');
  });

  it('near miss: a cap that is a parameter keeps the scan', async () => {
    const code = `def take(buf, content, k):
    i = 0
    while i < len(content) and i < k:
        buf[i] = content[i]
        i += 1
    return i
`;
    assert.equal(await complexityOf(code, 'python', 'take'), 'O(n + k)');
  });

  it('a Python helper that never calls itself, given literal counts, loops a fixed number of times', async () => {
    const code = `def best(arr, k):
    def max_sub(arr, k):
        result, curr = float("-inf"), float("-inf")
        for _ in range(k):
            for x in arr:
                curr = max(curr + x, x)
                result = max(result, curr)
        return result
    if k == 1:
        return max_sub(arr, 1)
    return max_sub(arr, 2) + (k - 2) * sum(arr)
`;
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n)');
  });

  it('near miss: a recursive helper given a literal keeps its parameter as a size', async () => {
    const code = `def best(arr, k):
    lookup = {}
    def dfs(i, k):
        if i == len(arr) or k == 0:
            return 0
        if (i, k) not in lookup:
            lookup[(i, k)] = max(dfs(i + 1, k), arr[i] + dfs(i + 1, k - 1))
            for _ in range(k):
                pass
        return lookup[(i, k)]
    return dfs(0, 2)
`;
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n*m*k)');
  });
  it('near miss: a memoized helper whose recursive call sits in a multi-line return keeps its parameter', async () => {
    const code = `from functools import cache
def game(piles):
    total = sum(piles)
    @cache
    def best(i, m):
        if i >= len(piles):
            return 0
        return max(
            total - best(i + x, max(m, x)) for x in range(1, 2 * m + 1)
        )
    return best(0, 1)
`;
    assert.equal(await complexityOf(code, 'python', 'game'), 'O(n*m*k + p)');
  });
});
