// Golden cases for loop limits the code itself fixes or names (issue 16, seventh round), each
// beside a near miss that keeps its cost. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf, explain } from '../helpers';

describe('explain complexity: limits fixed or named by the code', () => {
  it('Python: a limit chosen between two capped ones (`min(n // k, 10) if k else 1`) is constant', async () => {
    const code = `def first_digit_match(num, k):
    for i in range(1, (min(num // k, 10) if k else 1) + 1):
        if (num - i * k) % 10 == 0:
            return i
    return -1
`;
    assert.equal(await complexityOf(code, 'python', 'first_digit_match'), 'O(1)');
  });

  it('C++: `k ? min(n, 8) : 1` as a limit is constant', async () => {
    const code = `int probe(int n, int k) {
    int hits = 0;
    for (int i = 0; i < (k ? min(n, 8) : 1); ++i) hits += i;
    return hits;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'probe'), 'O(1)');
  });

  it('near miss: one arm grows with the input (`n // k if k else 1`): linear', async () => {
    const code = `def first_digit_match(num, k):
    for i in range(1, (num // k if k else 1) + 1):
        if (num - i * k) % 10 == 0:
            return i
    return -1
`;
    assert.equal(await complexityOf(code, 'python', 'first_digit_match'), 'O(n)');
  });

  it('Python: a chained comparison `0 <= i < len(s)` is bounded by its upper end', async () => {
    const code = `def skip_spaces(s, i):
    while 0 <= i < len(s):
        i += 1
    return i
`;
    const unit = (await explain(code, 'python')).details!.units.find((u) => u.name === 'skip_spaces')!;
    assert.equal(unit.complexity, 'O(n)');
    assert.deepEqual(unit.complexity_legend, ['n = size of `s`']);
  });

  it('near miss: chained comparisons joined by `and` with no visible step are unknown, not a size named after their text', async () => {
    const code = `def walk(board, dr, dc):
    r, c = 3, 3
    while 0 <= r < 8 and 0 <= c < 8:
        r, c = r + dr, c + dc
    return r
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'unknown');
  });
});

describe('explain complexity: `or`-joined bounds', () => {
  it('Python: `while i < m - 1 or j < n - 1` stepping one counter per pass (also in a tuple) is linear', async () => {
    const code = `def cuts(m, n, hs, vs):
    i = j = 0
    total = 0
    while i < m - 1 or j < n - 1:
        if j == n - 1 or (i < m - 1 and hs[i] > vs[j]):
            total, i = total + hs[i], i + 1
        else:
            total, j = total + vs[j], j + 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'cuts'), 'O(m + n)');
  });

  it('near miss: an `or` whose counters the body does not step has no bound: unknown', async () => {
    const code = `def spin(m, n, i, j):
    while i < m or j < n:
        i, j = j, i
    return i
`;
    assert.equal(await complexityOf(code, 'python', 'spin'), 'unknown');
  });

  it('Python: `while i < len(tasks) or heap` that steps `i` or pops the heap is linear in both (times the heap)', async () => {
    const code = `import heapq
def order(tasks):
    heap = []
    i = 0
    out = []
    while i < len(tasks) or heap:
        if i < len(tasks):
            heapq.heappush(heap, tasks[i])
            i += 1
        else:
            out.append(heapq.heappop(heap))
    return out
`;
    assert.equal(await complexityOf(code, 'python', 'order'), 'O(n log m + m log m)');
  });
});
