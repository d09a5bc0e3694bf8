// Golden cases for quick-select (quickSelect.ts) and for Python folds over a collection, each
// beside a near miss that must keep its cost. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf, explain } from '../helpers';

const partition = `def partition(xs, lo, hi, pivot_idx):
    pivot = xs[pivot_idx]
    xs[pivot_idx], xs[hi] = xs[hi], xs[pivot_idx]
    store = lo
    for i in range(lo, hi):
        if xs[i] < pivot:
            xs[i], xs[store] = xs[store], xs[i]
            store += 1
    xs[store], xs[hi] = xs[hi], xs[store]
    return store
`;

describe('explain complexity: quick-select', () => {
  it('Python: a random pivot, partition, keep one side: O(n) expected, and the basis says so', async () => {
    const code = `import random

${partition}
def kth(xs, k):
    lo, hi = 0, len(xs) - 1
    while lo <= hi:
        p = partition(xs, lo, hi, random.randint(lo, hi))
        if p == k:
            return xs[p]
        elif p > k:
            hi = p - 1
        else:
            lo = p + 1
`;
    const unit = (await explain(code, 'python')).details!.units.find((u) => u.name === 'kth')!;
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis ?? '', /random pivot.*expected/);
  });
  it('near miss: the same loop without a random pivot is not claimed as expected-linear', async () => {
    const code = `${partition}
def kth(xs, k):
    lo, hi = 0, len(xs) - 1
    while lo <= hi:
        p = partition(xs, lo, hi, hi)
        if p == k:
            return xs[p]
        elif p > k:
            hi = p - 1
        else:
            lo = p + 1
`;
    assert.notEqual(await complexityOf(code, 'python', 'kth'), 'O(n)');
  });
  it('near miss: binary search (`hi = mid - 1`) keeps its logarithmic bound', async () => {
    const code = `import random
def search(xs, t):
    lo, hi = 0, len(xs) - 1
    random.shuffle([])
    while lo <= hi:
        mid = (lo + hi) // 2
        if xs[mid] == t:
            return mid
        elif xs[mid] > t:
            hi = mid - 1
        else:
            lo = mid + 1
    return -1
`;
    assert.equal(await complexityOf(code, 'python', 'search'), 'O(log n)');
  });
});

describe('explain complexity: Python folds', () => {
  it('`reduce(operator.xor, xs)` is linear in `xs`', async () => {
    const code = `import operator
from functools import reduce
def xor_all(xs):
    return reduce(operator.xor, xs)
`;
    assert.equal(await complexityOf(code, 'python', 'xor_all'), 'O(n)');
  });
  it('`sum(itertools.islice(xs, a, b))` is linear in `xs`', async () => {
    const code = `import itertools
def part(xs, a, b):
    return sum(itertools.islice(xs, a, b))
`;
    assert.equal(await complexityOf(code, 'python', 'part'), 'O(n)');
  });
});

describe('explain complexity: `k in node` where `node[k]` is read or written', () => {
  // Seventh round: the letters of all words add up to their total length (itemTotals.ts): O(L + n).
  it('Python: a trie walk (`if c not in curr: curr[c] = {}`) tests a mapping: O(L + n), not O(n·m²)', async () => {
    const code = `def count_prefixes(words):
    trie = {}
    total = 0
    for w in words:
        curr = trie
        for c in w:
            if c not in curr:
                curr[c] = {}
            curr = curr[c]
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'count_prefixes'), 'O(L + n)');
  });
  it('near miss: `x in seen` on a list that is only appended to stays a scan: O(n·m)', async () => {
    const code = `def uniques(xs):
    seen = []
    for x in xs:
        if x not in seen:
            seen.append(x)
    return seen
`;
    assert.equal(await complexityOf(code, 'python', 'uniques'), 'O(n*m)');
  });
});
