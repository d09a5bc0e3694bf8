// Golden cases for the twentieth round (issue 16, kamyu104 Python): shapes the engine misread. A
// set made empty on each pass (`seen = set()`) and filled by `add` in a loop of fixed count holds
// no more than those adds, as a list made with `[]` and filled by `append` already did; near miss:
// a set made once outside the loops and filled on every pass grows with them. A local holding a
// number's digits as a list (`digits = list(map(int, str(x)))`, `[int(c) for c in str(x)]`) has
// one entry per digit, O(log x), as `str(x)` itself; near miss: the same list made from a string
// parameter keeps the string's length. Recursion into the values of its own map (`for k, child in
// node.items(): f(child)`) enters each nested value once, whatever it undoes after the call; near
// miss: passing the pair's key. A loop over a bare tuple (`for k in a, b:`) runs once per part; a
// slice joined from a display (`"".join([p[j:], body])`) is copied. A range up to one past a
// character code (`ord(s[3]) + 1`) is a stretch of the alphabet. A for-each over a hash map's keys
// works on the value at each key (one per distinct key: the values' total); near miss: a list
// subscripted by its own values. A map or set of a text parameter's letters (`Counter(word)` with
// `word: str` or `:type word: str`) has at most the alphabet's keys; near misses: counters of
// integer lists, and one that gains other keys. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { claimOf, complexityOf } from '../helpers';

describe('explain complexity: twentieth-round Python reads', () => {
  it('a set made on each pass and filled from a fixed loop is as small as that loop', async () => {
    const code = `def largest(grid, area):
    directions = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    result = 0
    for r in range(len(grid)):
        for c in range(len(grid)):
            seen = set()
            for dr, dc in directions:
                seen.add(grid[r + dr][c + dc])
            result = max(result, sum(area[i] for i in seen))
    return result
`;
    const [claim, basis] = await claimOf(code, 'python', 'largest');
    assert.equal(claim, 'O(n^2)');
    assert.match(basis ?? '', /`seen` is created on each pass/);
  });

  it('near miss: a set made once and filled on every pass grows with the passes', async () => {
    const code = `def largest(grid, area):
    result = 0
    seen = set()
    for r in range(len(grid)):
        for c in range(len(grid)):
            seen.add(grid[r][c])
            result = max(result, sum(area[i] for i in seen))
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'largest'), 'O(n^2*m)');
  });

  it("a list of a number's digits has one entry per digit: O(log x)", async () => {
    const code = `def symmetric(low, high):
    result = 0
    for x in range(low, high + 1):
        digits = list(map(int, str(x)))
        result += sum(digits[i] for i in range(len(digits)))
    return result
`;
    const [claim, basis] = await claimOf(code, 'python', 'symmetric');
    assert.equal(claim, 'O(n log m)');
    assert.match(basis ?? '', /decimal text of `x`/);
  });

  it('... also written as a comprehension over the text', async () => {
    const code = `def digitSum(nums):
    total = 0
    for x in nums:
        ds = [int(c) for c in str(x)]
        for d in ds:
            total += d
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'digitSum'), 'O(n log m)');
  });

  it('near miss: the same list made from a string parameter keeps its length', async () => {
    const code = `def digitSum(words):
    total = 0
    for w in words:
        ds = list(map(int, w))
        for d in ds:
            total += d
    return total
`;
    assert.notEqual(await complexityOf(code, 'python', 'digitSum'), 'O(n log m)');
  });
});

describe('explain complexity: twentieth-round Python reads (map values)', () => {
  it('recursing into the values of its own map (`for k, child in node.items()`) enters each once', async () => {
    const code = `def paths(root):
    count = [0]
    def sweep(node, path):
        for key, child in node.items():
            path.append(key)
            count[0] += 1
            sweep(child, path)
            path.pop()
    sweep(root, [])
    return count[0]
`;
    const [claim, basis] = await claimOf(code, 'python', 'sweep');
    assert.equal(claim, 'O(n)');
    assert.match(basis ?? '', /recurses into each element of its own argument `node`/);
  });

  it('near miss: passing the key of the pair (an id, not a part of the map) is not a walk of it', async () => {
    const code = `def paths(graph, start):
    count = [0]
    def sweep(node, path):
        for key, child in graph.items():
            path.append(key)
            count[0] += 1
            sweep(key, path)
            path.pop()
    sweep(start, [])
    return count[0]
`;
    const [, basis] = await claimOf(code, 'python', 'sweep');
    assert.doesNotMatch(basis ?? '', /recurses into each element of its own argument/);
  });
});

describe('explain complexity: twentieth-round Python reads (bare tuples, joined displays)', () => {
  it('a loop over a bare tuple (`for k in n - x, -x - 1:`) runs once per part written', async () => {
    const code = `def moves(nums, n):
    total = 0
    for x in nums:
        for k in n - x, -x - 1:
            total += k
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'moves'), 'O(n)');
  });

  it('near miss: a loop over a collection in a loop keeps its size', async () => {
    const code = `def moves(nums, n):
    total = 0
    for x in nums:
        for k in nums:
            total += k
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'moves'), 'O(n^2)');
  });

  it('a slice joined from a display (`"".join([p[j:], body])`) is copied into the result', async () => {
    const code = `def rotations(p, body):
    best = ""
    for j in range(len(p)):
        best = max(best, "".join([p[j:], body]))
    return best
`;
    const [claim, basis] = await claimOf(code, 'python', 'rotations');
    assert.equal(claim, 'O(n^2)');
    assert.match(basis ?? '', /substring concatenation/);
  });

  it('near miss: a display of whole strings joined is not charged as a slice', async () => {
    const code = `def rotations(p, body):
    best = ""
    for j in range(len(p)):
        best = "".join([best, body])
    return best
`;
    const [, basis] = await claimOf(code, 'python', 'rotations');
    assert.doesNotMatch(basis ?? '', /substring/);
  });
});

describe('explain complexity: twentieth-round Python reads (character codes)', () => {
  it('a range up to one past a character code (`ord(s[3]) + 1`) is a stretch of the alphabet', async () => {
    const code = `def cells(s):
    return [chr(x) + chr(y) for x in range(ord(s[0]), ord(s[3]) + 1) for y in range(ord(s[1]), ord(s[4]) + 1)]
`;
    const [claim, basis] = await claimOf(code, 'python', 'cells');
    assert.equal(claim, 'O(1)');
    assert.match(basis ?? '', /a fixed stretch of the alphabet/);
  });

  it('near miss: a range from a character code up to a size plus one keeps the size', async () => {
    const code = `def cells(s, n):
    return [chr(x) for x in range(ord(s[0]), n + 1)]
`;
    assert.equal(await complexityOf(code, 'python', 'cells'), 'O(n)');
  });
});

describe('explain complexity: twentieth-round Python reads (values of a map)', () => {
  it("a loop over a map's keys and then over the value at each key walks the values' total once", async () => {
    const code = `import collections
def table(triples):
    cells = collections.defaultdict(lambda: collections.defaultdict(list))
    for r, c, v in triples:
        cells[r][c].append(v)
    out = []
    for r in sorted(cells):
        line = []
        for c in sorted(cells[r]):
            line.append(sum(v for v in cells[r][c]))
        out.append(line)
    return out
`;
    const [claim, basis] = await claimOf(code, 'python', 'table');
    assert.doesNotMatch(claim ?? '', /n\*m\*k/);
    assert.match(basis ?? '', /over the items of `cells` each work on their item/);
  });

  it('near miss: a list subscripted by its own values may reach one element many times', async () => {
    const code = `def groups(nums, idx):
    result = []
    for x in idx:
        for y in idx[x]:
            result.append(y)
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'groups'), 'O(n*m)');
  });
});

describe('explain complexity: twentieth-round Python reads (maps keyed by letters)', () => {
  it('two counters of text parameters (`word: str`) looped one inside the other are O(1) a pass', async () => {
    const code = `import collections
def swap(word1: str, word2: str) -> bool:
    cnt1 = collections.Counter(word1)
    cnt2 = collections.Counter(word2)
    for a in cnt1:
        for b in cnt2:
            if cnt1[a] == cnt2[b]:
                return True
    return False
`;
    const [claim, basis] = await claimOf(code, 'python', 'swap');
    assert.equal(claim, 'O(n + m)');
    assert.doesNotMatch(basis ?? '', /loop over `cnt2`/);
  });

  it('... also typed in the docstring, with a letter taken back inside a window', async () => {
    const code = `import collections
class Solution(object):
    def balanced(self, s):
        """
        :type s: str
        :rtype: int
        """
        count = collections.Counter(s)
        left, result = 0, len(s)
        for right in range(len(s)):
            count[s[right]] -= 1
            while left < len(s) and all(v <= len(s) // 4 for v in count.values()):
                result = min(result, right - left + 1)
                count[s[left]] += 1
                left += 1
        return result
`;
    const [claim, basis] = await claimOf(code, 'python', 'balanced');
    assert.equal(claim, 'O(n)');
    assert.doesNotMatch(basis ?? '', /loop over `count`/);
  });

  it('sorting the counts of a text sorts at most the alphabet', async () => {
    const code = `import collections
def presses(s: str) -> int:
    return sum(c * (i // 9 + 1) for i, c in enumerate(sorted(collections.Counter(s).values(), reverse=True)))
`;
    assert.equal(await complexityOf(code, 'python', 'presses'), 'O(n)');
  });

  it('near miss: counters of integer lists keep their sizes', async () => {
    const code = `import collections
def swap(nums1: List[int], nums2: List[int]) -> bool:
    cnt1 = collections.Counter(nums1)
    cnt2 = collections.Counter(nums2)
    for a in cnt1:
        for b in cnt2:
            if cnt1[a] == cnt2[b]:
                return True
    return False
`;
    assert.match((await complexityOf(code, 'python', 'swap')) ?? '', /^O\(n\*m\b/);
  });

  it('near miss: a counter of a text that gains other keys keeps its size', async () => {
    const code = `import collections
def merge(s: str, nums: List[int]) -> int:
    cnt = collections.Counter(s)
    for x in nums:
        cnt[x] += 1
    total = 0
    for x in nums:
        for k in cnt:
            total += k
    return total
`;
    assert.match((await complexityOf(code, 'python', 'merge')) ?? '', /^O\(n\*m\b/);
  });
});
