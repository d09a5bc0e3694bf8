// Golden cases for the seventeenth round (issue 16, kamyu104 and doocs Python): library calls the
// engine misread. A parameter spelled in capitals (`def f(self, A): A.sort()`) holds a value, not a
// namespace or class whose method takes the collection as its argument, so sorting it costs
// O(n log n) like sorting `nums`; near miss: `Arrays.sort(A)` still sorts its argument. A call
// with Python keyword arguments after its one collection (`accumulate(gain, initial=0)`) has the
// size of that collection, as `accumulate(gain)` had; near miss: two positional arguments are not
// read as one collection. Python 2's `itertools.imap` / `ifilter` are the lazy `map` / `filter`,
// run over their second argument; near miss: an `imap` method of another object costs nothing
// known. A `SortedList`'s `pop(0)` takes its smallest entry in O(log n); it was read as a list's
// `pop(0)`, which shifts every element; near miss: a plain list's `pop(0)` still shifts. A heap
// whose every push is followed by `if len(h) > 2: heappop(h)` never holds more than three entries:
// its operations and sums over it are O(1) (also for a table of such heaps, `min_heaps[i]`); near
// misses: a cap that is a parameter (`len(h) > k`) keeps the heap's logarithm, and a pop under
// another test does not cap the heap. A list filled by appends across passes and joined in a block
// that empties it right after (`ans.append("".join(t)); t.clear()`, `t = []`) joins each entry
// once over all passes: the appends pay for it; near misses: a list emptied under another branch,
// or never, is joined again on later passes. A loop over a slice (`enumerate(t[:-1])`) of a list the pass
// creates and fills by appends walks no more than those appends, as a loop over the list itself
// did; near miss: a slice of a list filled before the outer loop keeps that list's size. A loop
// over adjacent pairs (`for s, t in pairwise(words)`, `zip(words, words[1:])`) works on two items
// of the list per pass, each item in at most two pairs: work on either adds up to the items' total;
// near miss: `zip(a, b)` over two lists pairs items of different lists. Written here, not taken
// from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: seventeenth-round Python library reads', () => {
  it('a capitalised parameter is a value: sorting it is O(n log n)', async () => {
    const code = `class Solution(object):
    def largest(self, A):
        A.sort()
        for i in reversed(range(len(A) - 2)):
            if A[i] + A[i + 1] > A[i + 2]:
                return A[i] + A[i + 1] + A[i + 2]
        return 0
`;
    assert.equal(await complexityOf(code, 'python', 'largest'), 'O(n log n)');
  });

  it('a capitalised parameter of the enclosing function is a value too', async () => {
    const code = `def outer(A):
    def inner():
        A.sort()
        return A[0]
    return inner()
`;
    assert.equal(await complexityOf(code, 'python', 'inner'), 'O(n log n)');
  });

  it('near miss: a capitalised namespace still sorts its argument', async () => {
    const code = `class Solution {
    int smallest(int[] A) {
        Arrays.sort(A);
        return A[0];
    }
}`;
    assert.equal(await complexityOf(code, 'java', 'smallest'), 'O(n log n)');
  });

  it('keyword arguments after the one collection keep its size', async () => {
    const code = `from itertools import accumulate

class Solution:
    def largestAltitude(self, gain):
        return max(accumulate(gain, initial=0))
`;
    assert.equal(await complexityOf(code, 'python', 'largestAltitude'), 'O(n)');
  });

  it('near miss: two positional arguments are not one collection', async () => {
    const code = `def parts(a, b):
    return max(divmod(a, b))
`;
    assert.equal(await complexityOf(code, 'python', 'parts'), 'O(1)');
  });

  it('itertools.imap runs over its second argument', async () => {
    const code = `import itertools

class Solution(object):
    def wealth(self, accounts):
        return max(itertools.imap(sum, accounts))
`;
    assert.equal(await complexityOf(code, 'python', 'wealth'), 'O(n)');
  });

  it('near miss: an imap method of another object costs nothing known', async () => {
    const code = `def fetch(client, folder):
    return client.imap(folder)
`;
    assert.equal(await complexityOf(code, 'python', 'fetch'), 'O(1)');
  });

  it("a SortedList's pop(0) takes its smallest entry in O(log n)", async () => {
    const code = `from sortedcontainers import SortedList

def keep(nums, k):
    window = SortedList()
    for x in nums:
        window.add(x)
        if len(window) > k:
            window.pop(0)
    return list(window)
`;
    assert.equal(await complexityOf(code, 'python', 'keep'), 'O(n log m + m)');
  });

  it("near miss: a plain list's pop(0) still shifts every element", async () => {
    const code = `def keep(nums, k):
    window = []
    for x in nums:
        window.append(x)
        if len(window) > k:
            window.pop(0)
    return window
`;
    assert.equal(await complexityOf(code, 'python', 'keep'), 'O(n*m)');
  });

  it('a heap capped by a literal after every push costs O(1) per operation', async () => {
    const code = `import heapq

def third(nums):
    h = []
    for x in nums:
        heapq.heappush(h, x)
        if len(h) > 2:
            heapq.heappop(h)
    return h[0]
`;
    assert.equal(await complexityOf(code, 'python', 'third'), 'O(n)');
  });

  it('a table of heaps each capped by a literal: sums over an element are O(1)', async () => {
    const code = `import collections
import heapq

def top_five(items):
    heaps = collections.defaultdict(list)
    for i, val in items:
        heapq.heappush(heaps[i], val)
        if len(heaps[i]) > 5:
            heapq.heappop(heaps[i])
    return [sum(heaps[i]) for i in heaps]
`;
    assert.equal(await complexityOf(code, 'python', 'top_five'), 'O(n + m)');
  });

  it('near miss: a heap capped by a parameter keeps its logarithm', async () => {
    const code = `import heapq

def kth(nums, k):
    h = []
    for x in nums:
        heapq.heappush(h, x)
        if len(h) > k:
            heapq.heappop(h)
    return h[0]
`;
    assert.equal(await complexityOf(code, 'python', 'kth'), 'O(n log m)');
  });

  it('near miss: a pop under another test does not cap the heap', async () => {
    const code = `import heapq

def drop(nums):
    h = []
    for x in nums:
        heapq.heappush(h, x)
        if x > 2:
            heapq.heappop(h)
    return h
`;
    assert.equal(await complexityOf(code, 'python', 'drop'), 'O(n log m)');
  });

  it('a list joined and emptied in the same block costs what its appends cost', async () => {
    const code = `def lines(source):
    ans = []
    t = []
    for s in source:
        for c in s:
            if c != '#':
                t.append(c)
        if t:
            ans.append("".join(t))
            t.clear()
    return ans
`;
    assert.equal(await complexityOf(code, 'python', 'lines'), 'O(L + n)');
  });

  it('... also when it starts in a tuple and is emptied by a new list', async () => {
    const code = `def lines(source):
    result, cur = [], []
    for s in source:
        for c in s:
            cur.append(c)
        if cur:
            result.append("".join(cur))
            cur = []
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'lines'), 'O(L + n)');
  });

  it('near miss: a list emptied under another branch is joined again', async () => {
    const code = `def lines(source):
    ans = []
    t = []
    for s in source:
        for c in s:
            t.append(c)
        if len(s) > 3:
            ans.append("".join(t))
        else:
            t.clear()
    return ans
`;
    assert.equal(await complexityOf(code, 'python', 'lines'), 'O(n*m + L)');
  });

  it('near miss: a list never emptied is joined whole on every pass', async () => {
    const code = `def prefixes(source):
    ans = []
    t = []
    for s in source:
        for c in s:
            t.append(c)
        ans.append("".join(t))
    return ans
`;
    assert.equal(await complexityOf(code, 'python', 'prefixes'), 'O(n*m + L)');
  });

  it('a loop over a slice of a list the pass fills by appends costs what the appends cost', async () => {
    const code = `def rows(words, width):
    ans = []
    i, n = 0, len(words)
    while i < n:
        t = [words[i]]
        i += 1
        while i < n and len(t) < width:
            t.append(words[i])
            i += 1
        row = []
        for j, s in enumerate(t[:-1]):
            row.append(s * j)
        ans.append(row)
    return ans
`;
    assert.equal(await complexityOf(code, 'python', 'rows'), 'O(n)');
  });

  it('near miss: a slice of a list filled before the loop keeps its size', async () => {
    const code = `def rows(words, k):
    t = []
    for w in words:
        t.append(w)
    total = 0
    for i in range(k):
        for j, s in enumerate(t[:-1]):
            total += j
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'rows'), 'O(k*n + m)');
  });

  it("work on both items of adjacent pairs adds up to the items' total", async () => {
    const code = `from collections import Counter
from itertools import pairwise

def changes(words):
    def differ(s, t):
        return Counter(s) != Counter(t)
    return [t for s, t in pairwise(words) if differ(s, t)]
`;
    assert.equal(await complexityOf(code, 'python', 'changes'), 'O(L + n)');
  });

  it('... also for zip(words, words[1:])', async () => {
    const code = `def changes(words):
    total = 0
    for s, t in zip(words, words[1:]):
        for c in s:
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'changes'), 'O(L + n)');
  });

  it('near miss: zip over two lists pairs items of different lists', async () => {
    const code = `def changes(words, others):
    total = 0
    for s, t in zip(others, words):
        for c in s:
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'changes'), 'O(n*m)');
  });
});
