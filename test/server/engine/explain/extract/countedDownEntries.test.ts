// Golden cases for the twenty-first round (issue 16, C and C++ misreads): a loop that counts an
// entry of a table down to zero (`while (cnt[x]) { …; --cnt[x]; }`, `while (cnt[x]--)`, `for (;
// cnt[d]; --cnt[d])`) runs as many passes as the entry holds, as `for (k = 0; k < cnt[x]; ++k)`
// does (extract/loopSteps.ts `countedDownEntry`); under an outer loop, when the table was counted
// up by ones, it spends what was counted, so all its passes add up to the increments — a counting
// sort's output loop (complexity/amortised.ts). Written here, not taken from any corpus. Near
// misses: a lowering under a branch, and a body that raises an entry of the same table again.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A sum of sizes, none multiplied by another (`O(n + m + k)`): one pass over each. */
const LINEAR = /^O\([a-z](?: \+ [a-z])*\)$/;

/** A counting sort of `arr` in the order of `order`; `inner` drains the count of `x`. */
const relative = (inner: string) => `class Solution {
public:
    vector<int> sortBy(vector<int>& arr, vector<int>& order) {
        vector<int> cnt(1001);
        for (int x : arr) {
            ++cnt[x];
        }
        vector<int> ans;
        for (int x : order) {
${inner}
        }
        return ans;
    }
};`;

describe('explain complexity: twenty-first-round entries counted down to zero', () => {
  it('C++: `while (cnt[x]) { ans.push_back(x); --cnt[x]; }` spends the counts (linear)', async () => {
    const [complexity] = await claimOf(
      relative(`            while (cnt[x]) {
                ans.push_back(x);
                --cnt[x];
            }`),
      'cpp',
      'sortBy',
    );
    assert.match(complexity!, LINEAR);
  });

  it('C++: `while (cnt[x]--)` and `for (; cnt[x]; --cnt[x])` read the same way', async () => {
    for (const inner of [
      `            while (cnt[x]--) {
                ans.push_back(x);
            }`,
      `            for (; cnt[x]; --cnt[x]) {
                ans.push_back(x);
            }`,
    ]) {
      const [complexity] = await claimOf(relative(inner), 'cpp', 'sortBy');
      assert.match(complexity!, LINEAR, inner);
    }
  });

  it('Java: `while (cnt[i] > 0) { cnt[i] -= 1; … }` over the indexes of the table', async () => {
    const code = `class Solution {
    public int[] sortCounts(int[] nums) {
        int[] cnt = new int[101];
        for (int x : nums) {
            cnt[x]++;
        }
        int[] ans = new int[nums.length];
        int j = 0;
        for (int i = 0; i < 101; ++i) {
            while (cnt[i] > 0) {
                cnt[i] -= 1;
                ans[j++] = i;
            }
        }
        return ans;
    }
}`;
    const [complexity] = await claimOf(code, 'java', 'sortCounts');
    assert.match(complexity!, LINEAR);
  });

  it('near miss: a count lowered only under a branch has no bound', async () => {
    const [complexity, basis] = await claimOf(
      relative(`            while (cnt[x]) {
                if (x > 0) {
                    --cnt[x];
                }
            }`),
      'cpp',
      'sortBy',
    );
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /`cnt\[x\]` has no bound/);
  });

  it('near miss: a body that raises an entry of the same table again has no bound', async () => {
    const [complexity] = await claimOf(
      relative(`            while (cnt[x]) {
                --cnt[x];
                ++cnt[x / 2];
            }`),
      'cpp',
      'sortBy',
    );
    assert.equal(complexity, 'unknown');
  });
});
