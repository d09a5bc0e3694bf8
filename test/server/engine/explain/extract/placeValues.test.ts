// Golden cases for the twenty-second round (issue 16, C and C++ misreads): a digit loop that grows
// a place value in the same header, `for (int curr = num, base = 1; curr; base *= 10, curr /= 10)`,
// was "not a simple bound": the divided-counter rule refused any update holding a `*=`, so the
// place value beside the counter hid the counter's division. Only a counter that the update also
// grows is now refused. Written here, not taken from any corpus. Near miss: a counter the update
// both divides and grows keeps no bound.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const digits = (header: string) => `class Solution {
public:
    int f(int num) {
        int change = 0;
        for (${header}) {
            if (curr % 10 == 6) {
                change = base;
            }
        }
        return num + change;
    }
};`;

describe('explain extract: twenty-second-round digit loops with a place value', () => {
  it('C++: `curr /= 10` beside `base *= 10` in the update is a digit loop', async () => {
    const [complexity, basis] = await claimOf(
      digits('int curr = num, base = 3; curr; base *= 10, curr /= 10'),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'O(log n)');
    assert.match(basis!, /`curr` is divided on each pass/);
  });

  it('near miss: a counter the update both divides and grows keeps no bound', async () => {
    const [complexity] = await claimOf(
      digits('int curr = num, base = 1; curr; base *= 10, curr /= 10, curr *= 100'),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'unknown');
  });
});
