// Golden cases for the twenty-second round (issue 16, C and C++ misreads): loops bounded by a power
// of two written as a shift of one. `for (int i = 0; (1 << i) <= n; ++i)` was read as a walk
// "over `< i) <= n`" (the comparison reader took `1` for the counter), O(n) for O(log n); `while
// ((1 << H) < N) ++H;` (a segment tree's height) had "no bound"; and a sparse table's inner loop
// `for (int j = 0; j + (1 << i) <= n; ++j)` was "not a simple bound" (an offset in brackets was
// read only without a shift in it). The exponent stepped up by one on every pass doubles the
// power, so the loop ends after about log2 of the limit; the offset does not change the growth of
// a counter stepped by one. Also a work list tested with `size() != 1` or `size() == 1` and
// popped in the body (Huffman-style merges, unique topological orders) drains as `!q.empty()`
// does. Written here, not taken from any corpus. Near misses: an exponent the loop never steps,
// a size test with no pop.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A C++ class with one method `f` whose body is `body`. */
const cpp = (body: string, params = 'vector<int>& arr, int n') => `class Solution {
public:
    int f(${params}) {
${body}
    }
};`;

describe('explain extract: twenty-second-round loops bounded by a shifted one', () => {
  it('C++: `for (int i = 0; (1 << i) <= n; ++i)` is logarithmic, not a walk over the condition', async () => {
    const [complexity, basis] = await claimOf(
      cpp(`        int s = 0;
        for (int i = 0; (1 << i) <= n; ++i) s += arr[i];
        return s;`),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'O(log n)');
    assert.match(basis!, /`1 << i` doubles on each pass until it passes `n`/);
  });

  it('C++: `while ((1 << H) < N) ++H;` (a segment tree height) is logarithmic', async () => {
    const [complexity] = await claimOf(
      cpp(`        int H = 0;
        while ((1 << H) < n) {
            ++H;
        }
        return H;`),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'O(log n)');
  });

  it('C++: a sparse table build, `j + (1 << i) <= n` under a doubling loop, is O(n log n)', async () => {
    const [complexity] = await claimOf(
      cpp(`        vector<vector<int>> st(20, vector<int>(n));
        for (int i = 1; (1 << i) <= n; ++i)
            for (int j = 0; j + (1 << i) <= n; ++j)
                st[i][j] = max(st[i - 1][j], st[i - 1][j + (1 << (i - 1))]);
        return st[0][0];`),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'O(n log n)');
  });

  it('Java: `for (int i = 0; 1 << i <= n; i++)` is logarithmic too', async () => {
    const [complexity] = await claimOf(
      `class Solution {
    public int f(int[] arr, int n) {
        int s = 0;
        for (int i = 0; 1 << i <= n; i++) s += arr[i];
        return s;
    }
}`,
      'java',
      'f',
    );
    assert.equal(complexity, 'O(log n)');
  });

  it('near miss: a power whose exponent the loop never steps keeps no bound', async () => {
    for (const body of [
      `        int H = 0;
        while ((1 << H) < n) {
            n -= 1;
        }
        return H;`,
      `        int s = 0;
        for (int i = 0; (1 << s) <= n; ++i) s += arr[i];
        return s;`,
    ]) {
      const [complexity] = await claimOf(cpp(body), 'cpp', 'f');
      assert.equal(complexity, 'unknown');
    }
  });
});

describe('explain extract: twenty-second-round work lists tested for one item left', () => {
  it('C++: `while (pq.size() != 1)` popping two and pushing one is a drain of the heap', async () => {
    const [complexity] = await claimOf(
      cpp(
        `        priority_queue<int, vector<int>, greater<int>> pq(blocks.cbegin(), blocks.cend());
        while (pq.size() != 1) {
            pq.pop();
            const auto y = pq.top(); pq.pop();
            pq.emplace(y + split);
        }
        return pq.top();`,
        'vector<int>& blocks, int split',
      ),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'O(n log n)');
  });

  it('C++: `while (q.size() == 1)` popping the queue (a unique topological order) drains it', async () => {
    const [complexity] = await claimOf(
      cpp(
        `        queue<int> q;
        q.push(0);
        int c = 0;
        while (q.size() == 1) {
            int i = q.front();
            q.pop();
            ++c;
            for (int j : g[i]) q.push(j);
        }
        return c;`,
        'vector<vector<int>>& g',
      ),
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\([a-z] \+ [a-z]\)$/);
  });

  it('near miss: `while (q.size() != 1)` with no pop in the body keeps no bound', async () => {
    const [complexity] = await claimOf(
      cpp(`        vector<int> q(arr);
        while (q.size() != 1) {
            q[0] += 1;
        }
        return q[0];`),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'unknown');
  });
});
