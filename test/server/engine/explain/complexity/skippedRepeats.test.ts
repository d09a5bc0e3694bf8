// Golden cases for the twenty-third round (issue 16): a stride by the values of a list whose repeats
// are skipped. `for (j …) { int x = elements[j]; if (x > mx || d[x] != -1) continue; for (int y = x;
// y <= mx; y += x) if (d[y] == -1) d[y] = j; }` was charged n·mx: a list may repeat a value, so the
// twenty-first round's harmonic rule took only a map's or a set's keys. Here the stride's first pass
// marks the entry at the value itself and the guard skips a value whose entry is marked, so only
// distinct values stride: mx·(1 + 1/2 + … + 1/m), O(mx log m). Written here, not taken from any
// corpus. Near misses: no guard, and a guard testing another table than the one the stride marks.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const cpp = (guard: string, mark = 'd[y] = j;') => `class Solution {
public:
    int f(vector<int>& groups, vector<int>& elements) {
        int mx = ranges::max(groups);
        vector<int> d(mx + 1, -1), e(mx + 1, -1);
        for (int j = 0; j < elements.size(); ++j) {
            int x = elements[j];
${guard}
            for (int y = x; y <= mx; y += x) {
                if (d[y] == -1) {
                    ${mark}
                }
            }
        }
        return d[1];
    }
};`;

describe('explain complexity: twenty-third-round strides by values whose repeats are skipped', () => {
  it('C++: a stride by `x = elements[j]` after `if (d[x] != -1) continue;` is the harmonic sum', async () => {
    const [complexity, basis] = await claimOf(
      cpp('            if (x > mx || d[x] != -1) {\n                continue;\n            }'),
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\(n log m(?: \+ \w+)*\)$/);
    assert.match(basis!, /skips a value whose entry the stride already marked/);
  });

  it('C++: the value read in the header (`y += elements[i]`, entries at `y - 1`) is read the same way', async () => {
    const [complexity] = await claimOf(
      `class Solution {
public:
    int f(vector<int>& groups, vector<int>& elements) {
        const int mx = ranges::max(groups);
        vector<int> lookup(mx, -1);
        for (int i = 0; i < size(elements); ++i) {
            if (elements[i] > mx || lookup[elements[i] - 1] != -1) {
                continue;
            }
            for (int x = elements[i]; x <= mx; x += elements[i]) {
                if (lookup[x - 1] == -1) {
                    lookup[x - 1] = i;
                }
            }
        }
        return lookup[0];
    }
};`,
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\(n log m(?: \+ \w+)*\)$/);
  });

  it('near miss: with no guard a repeated value strides again, and the product stays', async () => {
    const [complexity] = await claimOf(cpp('            if (x > mx) continue;'), 'cpp', 'f');
    assert.match(complexity!, /^O\(n\*m(?: \+ \w+)*\)$/);
  });

  it('near miss: a guard on a table the stride does not mark skips nothing the stride did', async () => {
    const [complexity] = await claimOf(
      cpp('            if (x > mx || e[x] != -1) {\n                continue;\n            }'),
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\(n\*m(?: \+ \w+)*\)$/);
  });
});
