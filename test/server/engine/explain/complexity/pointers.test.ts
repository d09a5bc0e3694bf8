// Golden cases for loop bounds set by a pointer the body moves (extract/bounds.ts) and for when an
// enclosing loop shares those passes out (loopCost.ts), each beside a near miss that must keep its
// cost. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: a loop bounded by the index it steps through a collection', () => {
  it('C++: `while (sum >= target) sum -= a[++start]` inside a loop over `a` is a window: O(n)', async () => {
    const code = `int shortest(int target, std::vector<int>& a) {
  int start = -1, sum = 0, best = 1 << 30;
  for (int i = 0; i < a.size(); ++i) {
    sum += a[i];
    while (sum >= target) {
      best = std::min(best, i - start);
      sum -= a[++start];
    }
  }
  return best;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'shortest'), 'O(n)');
  });
  it('JavaScript: insertion sort, `while (a[j - 1] !== undefined && a[j - 1] > a[j]) j -= 1`: O(n²)', async () => {
    const code = `function insertionSort(a) {
  for (let i = 1; i < a.length; i += 1) {
    let j = i;
    while (a[j - 1] !== undefined && a[j - 1] > a[j]) {
      const t = a[j - 1];
      a[j - 1] = a[j];
      a[j] = t;
      j -= 1;
    }
  }
  return a;
}`;
    assert.equal(await complexityOf(code, 'javascript', 'insertionSort'), 'O(n^2)');
  });
  it('near miss: an index stepped only under a condition does not bound the loop: unknown', async () => {
    const code = `def settle(a, limit):
    i, total = 0, 0
    while a[i] != limit:
        if total > 0:
            i += 1
        total += a[i]
    return i
`;
    assert.equal(await complexityOf(code, 'python', 'settle'), 'unknown');
  });
});

describe('explain complexity: an inner walk along the links the outer loop walks', () => {
  it('C++: skipping duplicates with `p = p->next` inside `while (p)` is one walk: O(n)', async () => {
    const code = `struct Node { int val; Node* next; };
int distinct(Node* p) {
  int count = 0;
  while (p) {
    int v = p->val;
    while (p && p->val == v) {
      p = p->next;
    }
    ++count;
  }
  return count;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'distinct'), 'O(n)');
  });
  it('near miss: restarting the inner walk from the head on each pass is O(n·m)', async () => {
    const code = `struct Node { int val; Node* next; };
int pairs(Node* head, std::vector<int>& xs) {
  int count = 0;
  for (int i = 0; i < xs.size(); ++i) {
    Node* p = head;
    while (p) {
      if (p->val == xs[i]) ++count;
      p = p->next;
    }
  }
  return count;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'pairs'), 'O(n*m)');
  });
});

describe('explain complexity: counters and literals in loop headers', () => {
  it('C++: `for (const auto& d : {-1, 1})` makes two passes: O(n) overall', async () => {
    const code = `int spread(std::vector<int>& h, int k) {
  int best = k;
  for (const auto& d : {-1, 1}) {
    for (int i = k; 0 <= i + d && i + d < h.size(); i += d) {
      best = std::max(best, i);
    }
  }
  return best;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'spread'), 'O(n)');
  });
  it('C++: `for (; v > 0; --v)` counts `v` down from its value: O(v·n), lettered O(n·m)', async () => {
    const code = `int pour(std::vector<int>& h, int v) {
  int total = 0;
  for (; v > 0; --v) {
    for (int i = 0; i < h.size(); ++i) total += h[i];
  }
  return total;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'pour'), 'O(n*m)');
  });
  it('Python: `left, right = j + 1, n - 1` resets the two pointers for each `j`: O(n²)', async () => {
    const code = `def triples(nums, target):
    count = 0
    for j in range(len(nums)):
        left, right = j + 1, len(nums) - 1
        while left < right:
            if nums[j] + nums[left] + nums[right] < target:
                count += right - left
                left += 1
            else:
                right -= 1
    return count
`;
    assert.equal(await complexityOf(code, 'python', 'triples'), 'O(n^2)');
  });
  it('Python: `j, acc = i, 0` then `while i < j: i += 1` walks each run once: O(n)', async () => {
    const code = `def runs(nums):
    result = 0
    i = 0
    while i < len(nums):
        j, acc = i, 0
        while j < len(nums) and nums[j] == nums[i]:
            acc += nums[j]
            j += 1
        while i < j:
            result += acc
            i += 1
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'runs'), 'O(n)');
  });
});

describe('explain complexity: loops over every bit mask', () => {
  it('Python: `for mask in range(1 << len(xs))` with a scan inside is O(2^n·n)', async () => {
    const code = `def best_subset(xs):
    best = 0
    for mask in range(1 << len(xs)):
        total = 0
        for i in range(len(xs)):
            if mask >> i & 1:
                total += xs[i]
        best = max(best, total)
    return best
`;
    assert.equal(await complexityOf(code, 'python', 'best_subset'), 'O(2^n*n)');
  });
  it('C++: `for (int m = 0; m < (1 << n); ++m)` is O(2^n)', async () => {
    const code = `int masks(int n) {
  int count = 0;
  for (int m = 0; m < (1 << n); ++m) {
    if (__builtin_popcount(m) % 2 == 0) ++count;
  }
  return count;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'masks'), 'O(2^n)');
  });
  it('near miss: a literal exponent (`range(1 << 10)`) is a constant count: O(1)', async () => {
    const code = `def table():
    total = 0
    for mask in range(1 << 10):
        total += mask
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'table'), 'O(1)');
  });
  it('near miss: a counter doubling toward `n` (`i <<= 1`) stays logarithmic', async () => {
    const code = `int bits(int n) {
  int count = 0;
  for (int i = 1; i < n; i <<= 1) ++count;
  return count;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'bits'), 'O(log n)');
  });
});
