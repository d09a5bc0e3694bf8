// Golden cases for the fifteenth round (issue 16): stretches that abut. Inside a loop over a counter,
// an inner range loop (or a call of a function of the file) covers the positions from a kept start
// to an end that moves with the counter, and later in the same pass the start is moved to that
// end, so the stretches cover the counter's range once in all. Near misses: the start moved only
// under a branch of its own, reset to a fixed value, or an end that does not move with the counter
// (an element of the input), which keep the product. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

/** A helper reversing the stretch `begin..end` of `s` in place. */
const flip = `def flip(s, begin, end):
    for t in range((end - begin) // 2):
        s[begin + t], s[end - 1 - t] = s[end - 1 - t], s[begin + t]
`;

describe('explain complexity: stretches that abut', () => {
  it('an inner range from a kept start moved to its end each pass is shared out (Python)', async () => {
    const code = `def near(nums, key, k):
    result = []
    prev = -1
    for i, x in enumerate(nums):
        if x != key:
            continue
        for j in range(max(i - k, prev + 1), min(i + k + 1, len(nums))):
            result.append(j)
        prev = min(i + k, len(nums) - 1)
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'near'), 'O(n)');
  });

  it('a helper given a stretch whose start then moves past it adds its work once (Python)', async () => {
    const code = `${flip}
def words(s):
    i = 0
    for j in range(len(s) + 1):
        if j == len(s) or s[j] == ' ':
            flip(s, i, j)
            i = j + 1
    return s
`;
    assert.equal(await complexityOf(code, 'python', 'words'), 'O(n)');
  });

  it('a C++ lambda walking `j..i`, with `j` then moved past `i`, adds its work once', async () => {
    const code = `int total(const string& s) {
    const auto& count = [&](int j, int i) {
        int c = 0;
        for (int k = j; k <= i; ++k) {
            c += s[k] == 'a';
        }
        return c;
    };
    int result = 0;
    for (int i = 0, j = 0; i < size(s); ++i) {
        if (i + 1 != size(s) && s[i + 1] != ' ') {
            continue;
        }
        result += count(j, i);
        j = i + 2;
    }
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'total'), 'O(n)');
  });

  it('a C++ helper reading the stretch through a local (`int n = end - begin`) adds its work once', async () => {
    const code = `int join(const vector<string>& words, int begin, int end) {
    int n = end - begin, len = 0;
    for (int i = 0; i < n; ++i) {
        len += words[begin + i].size();
    }
    return len;
}
int lines(const vector<string>& words, int width) {
    int begin = 0, total = 0;
    for (int i = 0; i < words.size(); ++i) {
        if (words[i].size() > width) {
            total += join(words, begin, i);
            begin = i;
        }
    }
    return total;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'lines'), 'O(n)');
  });

  it('near miss: the start moved only under a branch of its own keeps the product', async () => {
    const code = `def words(s):
    i = 0
    for j in range(len(s) + 1):
        for t in range(i, j):
            s[t] = s[t].upper()
        if s[j] == ' ':
            i = j + 1
    return s
`;
    assert.equal(await complexityOf(code, 'python', 'words'), 'O(n^2)');
  });

  it('near miss: a start reset to a fixed value keeps the product', async () => {
    const code = `${flip}
def words(s):
    i = 0
    for j in range(len(s) + 1):
        flip(s, i, j)
        i = 0
    return s
`;
    // (the callee's `range((end - begin) // 2)` is read as a stretch up to `end`, the caller's `j`
    // over `s`, since the eighteenth round: the same product, now in one size)
    assert.equal(await complexityOf(code, 'python', 'words'), 'O(n^2)');
  });

  it('near miss: an end read from the input (`spaces[i]`), which need not move one way, keeps the product', async () => {
    const code = `def spread(s, spaces):
    prev = len(s)
    for i in reversed(range(len(spaces))):
        for j in reversed(range(spaces[i], prev)):
            s[j + 1 + i] = s[j]
        prev = spaces[i]
    return s
`;
    assert.notEqual(await complexityOf(code, 'python', 'spread'), 'O(n)');
  });
});
