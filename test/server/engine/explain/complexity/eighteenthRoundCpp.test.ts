// Golden cases for the eighteenth round (issue 16, C and C++ misreads): a loop up to half of a size
// written as an expression (`(S.length() + 1) / 2`, Python `len(s) // 2`, `n >> 1`) kept the whole
// expression as its own size, so what is known of the size it halves was lost: the digits of a
// number (`S = to_string(N)`: O(log N), not O(n)). The loop is now read over the size it divides.
// Near misses: a string parameter halved stays linear in it, a halved count stays linear.
// A pointer declared as the second name of a declaration in the outer loop (`int i = k / 2, j = (k +
// 1) / 2;`) is set again on every pass: the inner walk on it is not shared out over the passes (the
// reset check read the statement's target, which names only the first). Written here, not taken
// from any corpus.
import assert from 'node:assert/strict';
import { claimOf, complexityOf } from '../helpers';

describe('explain complexity: eighteenth-round C and C++ forms', () => {
  it('C++: a loop up to half of a number’s decimal text runs over its digits, O(log N)', async () => {
    const code = `bool mirrored(int N) {
    string S = to_string(N);
    int same = 0;
    for (int i = 0; i < (S.length() + 1) / 2; ++i) same += S[i] == S[S.length() - 1 - i];
    return same;
}`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'mirrored');
    assert.equal(complexity, 'O(log n)');
    assert.match(basis!, /decimal text of `N`/);
  });
  it('Python: `range(len(s) // 2)` over a number’s text is O(log n) too', async () => {
    const code = `def mirrored(n):
    s = str(n)
    same = 0
    for i in range(len(s) // 2):
        same += s[i] == s[-1 - i]
    return same
`;
    assert.equal(await complexityOf(code, 'python', 'mirrored'), 'O(log n)');
  });
  it('near miss: half of a string parameter is still linear in it', async () => {
    const code = `bool mirrored(const string& S) {
    int same = 0;
    for (int i = 0; i < (S.length() + 1) / 2; ++i) same += S[i] == S[S.length() - 1 - i];
    return same;
}`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'mirrored');
    assert.equal(complexity, 'O(n)');
    assert.match(basis!, /loop over `S`/);
  });
  it('near miss: a count halved by a shift stays linear in the count', async () => {
    const code = `int pairs(int n) {
    int c = 0;
    for (int i = 0; i < (n >> 1); ++i) c += i;
    return c;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'pairs'), 'O(n)');
  });
  it('C++: a pointer declared second in the outer loop is reset there, so the walk is paid per pass', async () => {
    const code = `int palindromes(string s) {
    int ans = 0, n = s.size();
    for (int k = 0; k < n * 2 - 1; ++k) {
        int i = k / 2, j = (k + 1) / 2;
        while (~i && j < n && s[i] == s[j]) {
            ++ans;
            --i;
            ++j;
        }
    }
    return ans;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'palindromes'), 'O(n*m)'); // (`n * 2` passes × up to `n`)
  });
  it('JavaScript: the same with `let i = …, j = …` (each name its own statement there: read before too)', async () => {
    const code = `function palindromes(s) {
    let ans = 0;
    const n = s.length;
    for (let k = 0; k < n * 2 - 1; ++k) {
        let i = k >> 1, j = (k + 1) >> 1;
        while (j < n && i >= 0 && s[i] === s[j]) {
            ++ans;
            --i;
            ++j;
        }
    }
    return ans;
}`;
    assert.equal(await complexityOf(code, 'javascript', 'palindromes'), 'O(n*m + n*k)');
  });
  it('near miss: pointers declared together before the outer loop are shared out over its passes', async () => {
    const code = `int runs(string s) {
    int n = s.size(), i = 0, j = 0, ans = 0;
    for (i = 0; i < n; ++i) {
        while (j < n && s[j] == s[i]) ++j;
        ans = max(ans, j - i);
    }
    return ans;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'runs'), 'O(n)');
  });
});
