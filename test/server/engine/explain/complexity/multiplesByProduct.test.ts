// Golden cases for the twenty-first round (issue 16, C and C++ misreads): a counter stepped by one
// and tested times another name (`for (d = 1; d * y <= mx; ++d)`) walks the multiples of that name
// up to the limit (extract/loopSteps.ts `multipleCondition`, complexity/harmonic.ts). Inside a loop
// whose counter `y` runs over the same limit the passes add up to the harmonic sum, O(n log n), as
// `for (j = y; j <= mx; j += y)` already did. A stride by the keys of a map or a set the function
// declares (`for (auto& [x, v] : seen) for (y = x; y <= mx; y += x)`) is the harmonic sum too, over
// the keys, which differ: O(mx log m) (complexity/harmonic.ts `distinctStep`). Written here, not
// taken from any corpus. Near misses: a factor read from a list of pairs stays withheld, a square
// (`j * j`) keeps its root, and a stride by the values of a list keeps the product.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** Sums over the multiples of each `y` up to `n`; `inner` is the inner loop's header. */
const multiples = (inner: string) => `class Solution {
public:
    long long total(vector<int>& cnt, int n) {
        long long ans = 0;
        for (int y = 1; y <= n; ++y) {
            for (${inner}) {
                ans += cnt[y];
            }
        }
        return ans;
    }
};`;

describe('explain complexity: twenty-first-round multiples written as a product in the condition', () => {
  it('C++: `d * y <= n` inside a loop over `y` up to `n` is the harmonic sum (O(n log n))', async () => {
    const [complexity, basis] = await claimOf(multiples('int d = 1; d * y <= n; ++d'), 'cpp', 'total');
    assert.equal(complexity, 'O(n log n)');
    assert.match(basis!, /stepping by the outer counter `y`.*harmonic sum/);
  });

  it('C++: `y * k < n` with `k++` reads the same way', async () => {
    const [complexity] = await claimOf(multiples('int k = 2; y * k < n; k++'), 'cpp', 'total');
    assert.equal(complexity, 'O(n log n)');
  });

  it('Java: `j * x < cnt.length` inside `for (int x = 1; x < cnt.length; ++x)`', async () => {
    const code = `class Solution {
    public long count(long[] cnt) {
        long ans = 0;
        for (int x = 1; x < cnt.length; ++x) {
            for (int j = 1; j * x < cnt.length; ++j) {
                ans += cnt[j * x];
            }
        }
        return ans;
    }
}`;
    const [complexity] = await claimOf(code, 'java', 'count');
    assert.equal(complexity, 'O(n log n)');
  });

  it('near miss: a factor read from a list of pairs (values may repeat) stays withheld', async () => {
    const code = `class Solution {
public:
    long long count(vector<pair<int, int>>& freq, vector<long long>& cnt) {
        for (const auto& [x, c] : freq) {
            for (int i = 1; i * x < size(cnt); ++i) {
                cnt[i * x] += c;
            }
        }
        return cnt.back();
    }
};`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'count');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /multiples of `x`/);
  });

  it('near miss: a square of the counter (`j * j <= n`) keeps its square root', async () => {
    const [complexity] = await claimOf(multiples('int j = 1; j * j <= n; ++j'), 'cpp', 'total');
    assert.match(complexity!, /^O\(n\^1\.50?\)$/);
  });
});

/** Counts, for each value of `nums`, the counted multiples up to `mx`; `outer` holds the values walked. */
const keyed = (outer: string, inner: string, at = 'y') => `class Solution {
public:
    long long count(vector<int>& nums, vector<int>& cnt, int mx) {
        ${outer}
        for (int x : nums) {
            ++seen[x];
        }
        long long ans = 0;
        for (auto& [x, v] : seen) {
            for (${inner}) {
                ans += cnt[${at}] * v;
            }
        }
        return ans;
    }
};`;

describe('explain complexity: twenty-first-round strides by the distinct keys of a map', () => {
  it('C++: `for (y = x; y <= mx; y += x)` over the keys of an `unordered_map` is O(mx log m)', async () => {
    const [complexity, basis] = await claimOf(
      keyed('unordered_map<int, int> seen;', 'int y = x; y <= mx; y += x'),
      'cpp',
      'count',
    );
    assert.match(complexity!, /\b[a-z] log [a-z]\b/);
    assert.doesNotMatch(complexity!, /\*/);
    assert.match(basis!, /stepping by a key of `seen`.*harmonic sum/);
  });

  it('C++: the product form `i * x <= mx` over the keys of a `map` reads the same way', async () => {
    const [complexity] = await claimOf(
      keyed('map<int, int> seen;', 'int i = 1; i * x <= mx; ++i', 'i * x'),
      'cpp',
      'count',
    );
    assert.notEqual(complexity, 'unknown');
    assert.doesNotMatch(complexity!, /\*/);
  });

  it('near miss: the values of a list may repeat, so a stride by them keeps the product', async () => {
    const code = `class Solution {
public:
    long long count(vector<int>& nums, vector<int>& cnt, int mx) {
        long long ans = 0;
        for (int x : nums) {
            for (int y = x; y <= mx; y += x) {
                ans += cnt[y];
            }
        }
        return ans;
    }
};`;
    const [complexity] = await claimOf(code, 'cpp', 'count');
    assert.match(complexity!, /\*/);
  });
});
