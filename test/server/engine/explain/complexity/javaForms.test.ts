// Golden cases for the twelfth round (issue 16): Java forms read where the other languages' spelling
// of the same algorithm already was — a window pointer the inner loop reads by `charAt(lo)`, an
// array created with its elements (`new long[] {a, b, c}`), path compression through a map
// (`up.put(x, root(up.get(x)))`), a row of a table whose allocation fixes its width
// (`Arrays.fill(best[i][j], …)` of `new long[m][n][2]`). Each cause beside a near miss that must
// keep its answer. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

const WINDOW = `class Solution {
    public int longest(String a, String b, int budget) {
        int n = a.length();
        int best = 0, spent = 0;
        for (int lo = 0, hi = 0; hi < n; ++hi) {
            spent += Math.abs(a.charAt(hi) - b.charAt(hi));
            while (spent > budget) {
                spent -= Math.abs(a.charAt(lo) - b.charAt(lo));
                ++lo;
            }
            best = Math.max(best, hi - lo + 1);
        }
        return best;
    }
}
`;

const WINDOW_OTHER_INDEX = `class Solution {
    public int longest(String a, String b, int budget) {
        int n = a.length();
        int best = 0, spent = 0;
        for (int lo = 0, hi = 0; hi < n; ++hi) {
            spent += Math.abs(a.charAt(hi) - b.charAt(hi));
            while (spent > budget) {
                spent -= Math.abs(a.charAt(hi) - b.charAt(hi));
                ++lo;
            }
            best = Math.max(best, hi - lo + 1);
        }
        return best;
    }
}
`;

const TRIPLES = `class Solution {
    public int count(int[] xs, int[] ys, int[] zs) {
        int n = xs.length;
        int ans = 0;
        for (int i = 0; i < n; i++) {
            long[] sides = new long[] {xs[i], ys[i], zs[i]};
            Arrays.sort(sides);
            if (sides[0] + sides[1] > sides[2]) {
                ++ans;
            }
        }
        return ans;
    }
}
`;

const SIZED_ARRAY = `class Solution {
    public int count(int[] xs, int k) {
        int n = xs.length;
        int ans = 0;
        for (int i = 0; i < n; i++) {
            long[] window = new long[k];
            Arrays.sort(window);
            ans += window[0];
        }
        return ans;
    }
}
`;

const MAP_PARENTS = `class Groups {
    Map<Long, Long> up = new HashMap<>();

    long root(long x) {
        if (!up.containsKey(x)) {
            up.put(x, x);
        }
        if (up.get(x) != x) {
            up.put(x, root(up.get(x)));
        }
        return up.get(x);
    }
}

class Solution {
    public int merges(long[][] pairs) {
        Groups g = new Groups();
        int joined = 0;
        for (long[] pr : pairs) {
            long a = g.root(pr[0]), b = g.root(pr[1]);
            if (a != b) {
                g.up.put(a, b);
                ++joined;
            }
        }
        return joined;
    }
}
`;

const NO_COMPRESSION = `class Groups {
    Map<Long, Long> up = new HashMap<>();

    long root(long x) {
        if (!up.containsKey(x)) {
            up.put(x, x);
        }
        if (up.get(x) != x) {
            return root(up.get(x));
        }
        return up.get(x);
    }
}

class Solution {
    public int merges(long[][] pairs) {
        Groups g = new Groups();
        int joined = 0;
        for (long[] pr : pairs) {
            long a = g.root(pr[0]), b = g.root(pr[1]);
            if (a != b) {
                g.up.put(a, b);
                ++joined;
            }
        }
        return joined;
    }
}
`;

const FIXED_ROWS = `class Solution {
    public long paths(int[][] cost) {
        int m = cost.length, n = cost[0].length;
        long[][][] best = new long[m][n][2];
        for (int i = 0; i < m; ++i) {
            for (int j = 0; j < n; ++j) {
                Arrays.fill(best[i][j], Long.MAX_VALUE);
            }
        }
        return best[m - 1][n - 1][0];
    }
}
`;

const SIZED_ROWS = `class Solution {
    public long paths(int[][] cost) {
        int m = cost.length, n = cost[0].length;
        long[][] best = new long[m][n];
        for (int i = 0; i < m; ++i) {
            Arrays.fill(best[i], Long.MAX_VALUE);
        }
        return best[m - 1][n - 1];
    }
}
`;

describe('explain complexity: Java forms of a shared algorithm', () => {
  it('a window start declared in the for header and read by `a.charAt(lo)` in the inner loop is amortised: O(n)', async () => {
    assert.equal(await complexityOf(WINDOW, 'java', 'longest'), 'O(n)');
  });

  it('near miss: an inner loop that steps `lo` but reads only `charAt(hi)` may run past the end: keeps O(n*m)', async () => {
    assert.equal(await complexityOf(WINDOW_OTHER_INDEX, 'java', 'longest'), 'O(n*m)');
  });

  it('sorting `new long[] {xs[i], ys[i], zs[i]}` sorts three items: O(n)', async () => {
    assert.equal(await complexityOf(TRIPLES, 'java', 'count'), 'O(n)');
  });

  it('near miss: `new long[k]` has k items, and sorting it costs k log k per pass', async () => {
    assert.equal(await complexityOf(SIZED_ARRAY, 'java', 'count'), 'O(n*m log m + n*k)');
  });

  it('a map of parents re-pointed by `up.put(x, root(up.get(x)))` is path compression', async () => {
    assert.equal(await complexityOf(MAP_PARENTS, 'java', 'root'), 'O(log n)');
    assert.equal(await complexityOf(MAP_PARENTS, 'java', 'merges'), 'O(n log m)');
  });

  it('near miss: `return root(up.get(x))` re-points nothing: the climb is linear', async () => {
    assert.equal(await complexityOf(NO_COMPRESSION, 'java', 'root'), 'O(n)');
  });

  it('`Arrays.fill(best[i][j], …)` of `new long[m][n][2]` fills two entries per cell: O(m*n)', async () => {
    assert.equal(await complexityOf(FIXED_ROWS, 'java', 'paths'), 'O(m*n)');
  });

  it('near miss: `Arrays.fill(best[i], …)` of `new long[m][n]` fills a row of n', async () => {
    assert.equal(await complexityOf(SIZED_ROWS, 'java', 'paths'), 'O(m*n + m*k)');
  });
});
