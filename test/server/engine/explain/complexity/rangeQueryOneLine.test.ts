// Golden cases for the twentieth round (issue 16, C and C++ misreads): a segment-tree range query
// whose return on a covered node is written on the `if`'s own line (`if (tr[u]->l >= l && tr[u]->r
// <= r) return tr[u]->v;`) is the range query complexity/rangeQuery.ts reads, O(log n) — the C and
// C++ extractors keep such a return inside the `if` statement's text, so the arm was not seen and
// the two calls per invocation were read as a walk over every node, O(n). Written here, not taken
// from any corpus. Near misses: building the tree (no bound passed through) stays O(n), and a
// one-line `if` that recurses on its own line is not an arm that stops.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A range query returning on a covered node on the `if`'s own line. */
const QUERY = `int query(int u, int l, int r) {
    if (lo[u] >= l && hi[u] <= r) return val[u];
    int mid = (lo[u] + hi[u]) >> 1;
    int v = 0;
    if (l <= mid) v += query(u << 1, l, r);
    if (r > mid) v += query(u << 1 | 1, l, r);
    return v;
}`;

const tree = (query: string) => `class SegmentTree {
public:
    vector<int> lo, hi, val;
    SegmentTree(int n) : lo(4 * n), hi(4 * n), val(4 * n) { build(1, 1, n); }
    void build(int u, int l, int r) {
        lo[u] = l;
        hi[u] = r;
        if (l == r) return;
        int mid = (l + r) >> 1;
        build(u << 1, l, mid);
        build(u << 1 | 1, mid + 1, r);
    }
${query}
};`;

describe('explain complexity: twentieth-round segment-tree queries returning on the if line', () => {
  it('C++: `if (covered) return val[u];` on one line makes the query O(log n)', async () => {
    const code = tree(QUERY);
    const [complexity, basis] = await claimOf(code, 'cpp', 'query');
    assert.equal(complexity, 'O(log n)');
    assert.match(basis!, /segment-tree range query/);
  });

  it('C: the same query over arrays', async () => {
    const code = `int lo[400000], hi[400000], val[400000];\n${QUERY}`;
    const [complexity] = await claimOf(code, 'c', 'query');
    assert.equal(complexity, 'O(log n)');
  });

  it('near miss: building the tree stays O(n)', async () => {
    const [complexity] = await claimOf(tree(''), 'cpp', 'build');
    assert.equal(complexity, 'O(n)');
  });

  it('near miss: a one-line `if` that recurses is not a stopping arm', async () => {
    const code = tree(`    int total(int u, int l, int r) {
        if (lo[u] >= l && hi[u] <= r) return total(u << 1, l, r) + total(u << 1 | 1, l, r);
        return val[u];
    }`);
    const [complexity] = await claimOf(code, 'cpp', 'total');
    assert.equal(complexity, 'O(n)');
  });
});
