// Golden cases for the sixteenth round (issue 16): loops counted by a bit length. A loop over
// `max(nums).bit_length()` (inline, through a local, through a field `__init__` copies from a
// parameter every construction passes a bit length, or C++'s `bit_width`) runs once per bit of that
// number: O(log r), not once per element of one more input. Near misses: a power of two of the bit
// length (`1 << mx.bit_length()`, about the number itself), a local that other values are computed
// from, and a field some construction gives a plain size. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

const TRIE = `class Trie(object):
    def __init__(self, bit_length):
        self.__root = {}
        self.__bit_length = bit_length

    def insert(self, num):
        node = self.__root
        for i in reversed(xrange(self.__bit_length)):
            node = node.setdefault((num >> i) & 1, {})
`;

describe('explain complexity: loops counted by a bit length', () => {
  it('a loop over an inline bit length is logarithmic in the number (Python)', async () => {
    const code = `def k_or(nums, k):
    result = 0
    for i in xrange(max(nums).bit_length()):
        if sum((x >> i) & 1 for x in nums) >= k:
            result |= 1 << i
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'k_or'), 'O(n log m)');
  });

  it('a local bit length counts the same way (Python and C++)', async () => {
    const py = `def count_bits(nums):
    l = max(nums).bit_length()
    total = 0
    for i in xrange(l):
        for x in nums:
            total += (x >> i) & 1
    return total
`;
    assert.equal(await complexityOf(py, 'python', 'count_bits'), 'O(n log m)');
    const cpp = `int countBits(vector<int>& nums) {
    const int l = bit_width(static_cast<uint32_t>(ranges::max(nums)));
    int total = 0;
    for (int i = 0; i < l; ++i) {
        for (const auto& x : nums) {
            total += (x >> i) & 1;
        }
    }
    return total;
}`;
    assert.equal(await complexityOf(cpp, 'cpp', 'countBits'), 'O(n log m)');
  });

  it('a field copied from a constructor parameter that every construction gives a bit length', async () => {
    const code = `${TRIE}

def build(nums):
    trie = Trie(max(nums).bit_length())
    for x in nums:
        trie.insert(x)
    return trie
`;
    assert.equal(await complexityOf(code, 'python', 'build'), 'O(n log m)');
  });

  it('near miss: a field some construction gives a plain size keeps the size reading', async () => {
    const code = `${TRIE}

def build(nums, width):
    trie = Trie(max(nums).bit_length())
    other = Trie(width)
    for x in nums:
        trie.insert(x)
    return trie
`;
    assert.equal(await complexityOf(code, 'python', 'build'), 'O(n*m)');
  });

  it('near miss: two raised to the bit length is about the number again', async () => {
    const code = `def masks(grid):
    mx = max(x for row in grid for x in row)
    l = 1 << mx.bit_length()
    total = 0
    for row in grid:
        for k in xrange(l):
            total += k ^ row[0]
    return total
`;
    assert.notEqual(await complexityOf(code, 'python', 'masks'), 'O(n log m)');
  });

  it('near miss: a bit length other counts are computed from is not followed', async () => {
    const code = `def grid(k):
    l = k.bit_length()
    m, n = 2 * l, l + 3
    result = [['#'] * n for _ in xrange(m)]
    for i in xrange(l):
        for c in xrange(i + 2, n):
            result[2 * i][c] = '.'
    return result
`;
    assert.doesNotMatch((await complexityOf(code, 'python', 'grid')) ?? '', /log/);
  });

  it('a C++ loop counting down from a bit length the facts cut short reads the whole header', async () => {
    const code = `int maximumAND(vector<int>& nums, int k) {
    int result = 0;
    for (int i = bit_width(static_cast<uint32_t>(ranges::max(nums) + k)) - 1; i >= 0; --i) {
        for (const auto& x : nums) {
            result += (x >> i) & 1;
        }
    }
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'maximumAND'), 'O(n log m)');
  });
});
