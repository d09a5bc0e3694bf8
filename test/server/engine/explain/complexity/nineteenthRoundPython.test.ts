// Golden cases for the nineteenth round (issue 16, kamyu104 and doocs Python): shapes the engine
// misread. A Python slice hashed or compared (`{s[i:i + k] for …}`, `s[j:i] in seen`,
// `word[i:] == word[:-i]`, `cnt[s[i:j]]`, `seen.add(s[i:j])`) reads its characters, as Go's did:
// it costs its width (`k`), or up to the whole string when the code does not write the width;
// near misses: a literal width (`s[i:i + 2]`, `s[-3:]`), the counter of a fixed loop, or slices
// that abut because the loop jumps by their width (`for i in range(0, n, l): cnt[s[i:i + l]]`)
// cost O(1) a pass, and a slice only copied is left to what reads it. A `key=lambda` passed to
// `max`/`min`/`sorted` runs once per element, as a positional callback does (a sort's key once
// per element, not per comparison); near miss: a key of fixed cost adds nothing. An empty map
// passed to a memoized helper that stores into it (`lookup = {}; dp(s, 0, n - 1, lookup)`) grows
// with its states, not fixed by its empty display; near miss: one passed and only read stays fixed.
// `combinations(cnt.keys(), 3)` chooses from `cnt`'s keys: |cnt|^3 passes. A loop up to a square
// root written in its range (`range(1, int(n**0.5) + 1)`, `isqrt(n)`) runs √n times. A slice joined
// to another (`S[i:] + S[:i]`) is copied; near miss: one in a statement followed by `break` runs
// once. A loop that only waits on a condition variable (`while self.curr != False: self.cv.wait()`)
// does no work of its own; near miss: one that also pops keeps its passes. A slice whose width is
// the length of a local (`k = len(t)`, `t = str(i)`) reads as many characters as that local holds. Written here, not taken
// from a corpus.
import assert from 'node:assert/strict';
import { claimOf, complexityOf } from '../helpers';

describe('explain complexity: nineteenth-round Python reads', () => {
  it('a slice of width k hashed into a set on each pass costs k: O(n·k)', async () => {
    const code = `def codes(s, k):
    n = len(s)
    seen = {s[i:i + k] for i in range(n - k + 1)}
    return len(seen) == 1 << k
`;
    const [claim, basis] = await claimOf(code, 'python', 'codes');
    assert.equal(claim, 'O(n*k)');
    assert.match(basis ?? '', /reads `k` characters/);
  });

  it('a slice compared on each pass, its width not written, costs up to the whole string', async () => {
    const code = `def revert(word, k):
    n = len(word)
    for i in range(k, n, k):
        if word[i:] == word[:-i]:
            return i // k
    return (n + k - 1) // k
`;
    assert.equal(await complexityOf(code, 'python', 'revert'), 'O(n^2)');
  });

  it('... also a slice between two counters tested against a set', async () => {
    const code = `def extra(s, words):
    ss = set(words)
    n = len(s)
    f = [0] * (n + 1)
    for i in range(1, n + 1):
        f[i] = f[i - 1] + 1
        for j in range(i):
            if s[j:i] in ss:
                f[i] = min(f[i], f[j])
    return f[n]
`;
    assert.equal(await complexityOf(code, 'python', 'extra'), 'O(n^3 + m)');
  });

  it('near miss: slices of literal width (`s[i:i + 2]`, `s[-3:]`) stay O(1) a pass', async () => {
    const code = `def pairs(s, words):
    seen = set()
    for i in range(len(s)):
        seen.add(s[i:i + 2])
    for w in words:
        if w[-3:] in seen:
            return True
    return False
`;
    assert.equal(await complexityOf(code, 'python', 'pairs'), 'O(n + m)');
  });

  it('near miss: a slice only copied is not charged as read', async () => {
    const code = `def halves(s):
    out = []
    for i in range(len(s)):
        out.append(i)
        t = s[i:]
    return out
`;
    assert.equal(await complexityOf(code, 'python', 'halves'), 'O(n)');
  });

  it('slices as wide as the stride of the loop they start at abut: one pass over the string', async () => {
    const code = `def split(s, k):
    cnt = {}
    l = len(s) // k
    for i in range(0, len(s), l):
        cnt[s[i:i + l]] = cnt.get(s[i:i + l], 0) + 1
    return cnt
`;
    const [claim, basis] = await claimOf(code, 'python', 'split');
    assert.equal(claim, 'O(n)');
    assert.match(basis ?? '', /the slices abut/);
  });

  it('near miss: the same slices at every position (stride 1) are charged their width', async () => {
    const code = `def split(s, k):
    cnt = {}
    l = len(s) // k
    for i in range(len(s) - l + 1):
        cnt[s[i:i + l]] = 1
    return cnt
`;
    assert.equal(await complexityOf(code, 'python', 'split'), 'O(n^2)');
  });

  it('a width that counts a loop of a fixed count is O(1)', async () => {
    const code = `def parse(text, names):
    seen = set(names)
    i, n = 0, len(text)
    while i < n:
        for l in range(1, 8):
            if text[i:i + l] in seen:
                break
        i += 1
    return i
`;
    assert.equal(await complexityOf(code, 'python', 'parse'), 'O(n + m)');
  });

  it('a key function scanning another list runs once per element of the one `max` scans', async () => {
    const code = `def score(nums, divisors):
    return max(divisors, key=lambda d: (sum(x % d == 0 for x in nums), -d))
`;
    const [claim, basis] = await claimOf(code, 'python', 'score');
    assert.equal(claim, 'O(n*m)');
    assert.match(basis ?? '', /runs its callback for each element of `divisors`/);
  });

  it("... and a sort's key once per element, not once per comparison", async () => {
    const code = `def order(nums, divisors):
    return sorted(divisors, key=lambda d: sum(x % d == 0 for x in nums))
`;
    assert.equal(await complexityOf(code, 'python', 'order'), 'O(n*m + n log n)');
  });

  it('near miss: a key of fixed cost leaves the scan and the sort as they were', async () => {
    const code = `def order(nums, cnt):
    nums.sort(key=lambda x: (-cnt[x], x))
    return max(nums, key=lambda x: -x)
`;
    assert.equal(await complexityOf(code, 'python', 'order'), 'O(n log n)');
  });

  /** A memoized interval helper storing into the map its caller passes. */
  const printer = `def printer(s):
    def dp(s, i, j, lookup):
        if i > j:
            return 0
        if (i, j) not in lookup:
            lookup[(i, j)] = dp(s, i, j - 1, lookup) + 1
            for k in range(i, j):
                if s[k] == s[j]:
                    lookup[(i, j)] = min(lookup[(i, j)], dp(s, i, k, lookup) + dp(s, k + 1, j - 1, lookup))
        return lookup[(i, j)]
    lookup = {}
    return dp(s, 0, len(s) - 1, lookup)
`;

  it('an empty map the memoized helper fills is as large as its states: O(n^3), not fixed', async () => {
    assert.equal(await complexityOf(printer, 'python', 'printer'), 'O(n*m*k)');
  });

  it('near miss: an empty map passed and only read keeps its fixed size', async () => {
    const code = `def near(s):
    def total(seen):
        return sum(seen)
    seen = {}
    return total(seen)
`;
    assert.equal(await complexityOf(code, 'python', 'near'), 'O(1)');
  });

  it("choices of three of a map's keys (`combinations(cnt.keys(), 3)`) are |cnt|^3 passes", async () => {
    const code = `import itertools, collections
def trip(nums):
    cnt = collections.Counter(nums)
    return sum(cnt[a] * cnt[b] * cnt[c] for a, b, c in itertools.combinations(cnt.keys(), 3))
`;
    assert.equal(await complexityOf(code, 'python', 'trip'), 'O(n^3 + m)');
  });

  it('near miss: choices of one key are one pass over the keys', async () => {
    const code = `import itertools, collections
def one(nums):
    cnt = collections.Counter(nums)
    return sum(1 for a in itertools.combinations(cnt.keys(), 1))
`;
    assert.equal(await complexityOf(code, 'python', 'one'), 'O(n + m)');
  });

  it('a loop up to the square root written in its range runs √n times', async () => {
    const code = `import math
def divisor(n):
    for d in reversed(range(1, int(n**0.5) + 1)):
        if n % d == 0:
            return d
    return 1
def divisor2(n):
    for d in range(2, math.isqrt(n) + 1):
        if n % d == 0:
            return d
    return n
`;
    assert.equal(await complexityOf(code, 'python', 'divisor'), 'O(sqrt(n))');
    assert.equal(await complexityOf(code, 'python', 'divisor2'), 'O(sqrt(n))');
  });

  it('near miss: a loop up to a power other than a root keeps its size', async () => {
    const code = `def up(n):
    total = 0
    for d in range(1, int(n**2) + 1):
        total += d
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'up'), 'O(n)');
  });

  it('a slice joined to another on each pass is copied: O(n^2)', async () => {
    const code = `def rotations(S):
    return min(S[i:] + S[:i] for i in range(len(S)))
`;
    assert.equal(await complexityOf(code, 'python', 'rotations'), 'O(n^2)');
  });

  it('near miss: a joined slice in a statement followed by break runs once', async () => {
    const code = `def fair(digits):
    result = []
    for i in reversed(range(len(digits))):
        if digits[i] > 5:
            continue
        result = digits[:i] + [1] + digits[i + 1:]
        break
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'fair'), 'O(n)');
  });

  it('slices as wide as the stride of a comprehension clause abut too', async () => {
    const code = `def divide(s, k, fill):
    return [s[i:i + k] + fill for i in range(0, len(s), k)]
`;
    assert.equal(await complexityOf(code, 'python', 'divide'), 'O(n)');
  });

  /** A thread's method waiting for its turn, then `extra` in the waiting loop. */
  const turns = (extra: string) => `import threading
class FooBar(object):
    def __init__(self, n):
        self.n = n
        self.curr = False
        self.cv = threading.Condition()

    def foo(self, printFoo, q):
        for i in range(self.n):
            with self.cv:
                while self.curr != False:
                    self.cv.wait()${extra}
                self.curr = not self.curr
                printFoo()
                self.cv.notify()
`;

  it('a loop that only waits for another thread adds nothing to the pass: O(n)', async () => {
    const [claim, basis] = await claimOf(turns(''), 'python', 'foo');
    assert.equal(claim, 'O(n)');
    assert.match(basis ?? '', /only waits for another thread/);
  });

  it('near miss: a waiting loop that also works keeps its own passes', async () => {
    assert.notEqual(await complexityOf(turns('\n                    q.pop()'), 'python', 'foo'), 'O(n)');
  });

  it("a slice as wide as a local's length reads that local's characters (the digits of i)", async () => {
    const code = `def good(s):
    ans = []
    for i in range(len(s)):
        t = str(i)
        k = len(t)
        if s[i + 1 - k : i + 1] == t:
            ans.append(i)
    return ans
`;
    const [claim, basis] = await claimOf(code, 'python', 'good');
    assert.equal(claim, 'O(n log m)');
    assert.match(basis ?? '', /as many characters as `t` holds/);
  });
});
