// Golden cases for the twenty-first round (issue 16, C and C++ misreads): two shapes of binary
// search the while reader (extract/whileBound.ts) left unknown. `while (left + 1 < right) { mid =
// …; … left = mid; }` keeps its ends one apart: the offset changes the passes by one, so it is the
// search `while (left < right)` is, O(log n). `while (r - l > eps) { mid = (l + r) / 2; if (…) r =
// mid; else l = mid; }` bisects a range of real values until it is narrower than the precision:
// log(range / eps) passes, a logarithm of the values. Written here, not taken from any corpus. Near
// misses: an offset condition whose body moves an end along links (no halving) and a gap whose
// ends the body does not set to the middle stay unknown.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

describe('explain complexity: twenty-first-round binary searches with offset ends and real bisections', () => {
  it('C++: `while (left + 1 < right)` halving by `mid` is O(log n)', async () => {
    const code = `class Solution {
public:
    int lowerBound(vector<int>& nums, int target) {
        int left = -1, right = nums.size();
        while (left + 1 < right) {
            const int mid = left + (right - left) / 2;
            if (nums[mid] >= target) {
                right = mid;
            } else {
                left = mid;
            }
        }
        return right;
    }
};`;
    const [complexity] = await claimOf(code, 'cpp', 'lowerBound');
    assert.equal(complexity, 'O(log n)');
  });

  it('C++: `while (r - l > eps)` around a linear check is the check times a logarithm', async () => {
    const code = `class Solution {
public:
    double split(vector<int>& xs) {
        double l = 0, r = 1e9;
        const double eps = 1e-5;
        while (r - l > eps) {
            double mid = (l + r) / 2;
            double below = 0;
            for (int x : xs) {
                below += min<double>(x, mid);
            }
            if (below * 2 >= mid) {
                r = mid;
            } else {
                l = mid;
            }
        }
        return r;
    }
};`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'split');
    assert.match(complexity!, /^O\(n log [a-z]\)$/);
    assert.match(basis!, /`r - l` is halved on each pass until it is at most `eps`/);
  });

  it('near miss: an offset condition whose body walks links is not a search', async () => {
    const code = `class Solution {
public:
    int walk(vector<int>& next, int i, int j) {
        while (i + 1 < j) {
            i = next[i];
        }
        return i;
    }
};`;
    const [complexity] = await claimOf(code, 'cpp', 'walk');
    assert.doesNotMatch(complexity!, /log/);
  });

  it('near miss: a gap whose ends are not set to the middle stays unknown', async () => {
    const code = `class Solution {
public:
    double shrink(double l, double r) {
        while (r - l > 1e-6) {
            double mid = (l + r) / 2;
            r = r * 0.99 + l * 0.01;
        }
        return r;
    }
};`;
    const [complexity] = await claimOf(code, 'cpp', 'shrink');
    assert.equal(complexity, 'unknown');
  });
});
