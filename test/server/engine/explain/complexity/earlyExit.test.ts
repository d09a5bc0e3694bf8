// Golden cases for work that runs at most once per call (earlyExit.ts) and for receivers that are
// constants of the file, each beside a near miss that must keep the multiplied cost. Written here,
// not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: an arm of a loop body that returns', () => {
  it('C++: `return s.substr(0, i + 1)` inside the loop is paid once: O(n)', async () => {
    const code = `std::string prefixToOdd(const std::string& s) {
  for (int i = s.size() - 1; i >= 0; --i) {
    if ((s[i] - '0') % 2) {
      return s.substr(0, i + 1);
    }
  }
  return "";
}`;
    assert.equal(await complexityOf(code, 'cpp', 'prefixToOdd'), 'O(n)');
  });
  it('Python: a check loop in an arm that returns runs once: linear, O(n + m)', async () => {
    const code = `def almost(s):
    left, right = 0, len(s) - 1
    while left < right:
        if s[left] != s[right]:
            i, j = left + 1, right
            while i < j and s[i] == s[j]:
                i += 1
                j -= 1
            return i >= j
        left += 1
        right -= 1
    return True
`;
    // `m` sizes the inner check by its own bound `j`: still one linear pass, added, not multiplied.
    assert.equal(await complexityOf(code, 'python', 'almost'), 'O(n + m)');
  });
  it('near miss: a return nested deeper in the arm does not make the arm run once: O(n²)', async () => {
    const code = `def pairs(xs):
    total = 0
    for x in xs:
        if x > 0:
            for y in xs:
                total += x * y
            if total > 100:
                return total
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'pairs'), 'O(n^2)');
  });
  it('near miss: the same work in an arm that does not return stays per pass: O(n²)', async () => {
    const code = `std::string odds(const std::string& s) {
  std::string out;
  for (int i = s.size() - 1; i >= 0; --i) {
    if ((s[i] - '0') % 2) {
      out += s.substr(0, i + 1);
    }
  }
  return out;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'odds'), 'O(n^2)');
  });
});

describe('explain complexity: an upper-case constant of the file as a receiver', () => {
  it('C++: `VOWELS.find(c)` searches the 5-letter constant, not `c`: O(n)', async () => {
    const code = `int vowels(const std::string& s) {
  static const std::string VOWELS = "aeiou";
  int v = 0;
  for (const auto& c : s) {
    if (VOWELS.find(c) != std::string::npos) ++v;
  }
  return v;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'vowels'), 'O(n)');
  });
  // Seventh round: sorting each row sums over the rows (itemTotals.ts): O(L log n + m), n a row.
  it('near miss: a class method taking the collection (`Arrays.sort(xs)`) is still charged on its argument', async () => {
    const code = `class A {
  static void each(int[][] rows) {
    for (int[] row : rows) {
      Arrays.sort(row);
    }
  }
}`;
    assert.equal(await complexityOf(code, 'java', 'each'), 'O(L log n + m)');
  });
});

describe('explain complexity: a list display of written-out elements has a fixed size', () => {
  it('Python: `best = [a, b]` rewritten on each pass, then `max(best)`: O(n)', async () => {
    const code = `def run(xs):
    best = [0, 0]
    result = 0
    for x in xs:
        best = [max(best[0], x), min(best[1], x)]
        result = max(result, max(best))
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'run'), 'O(n)');
  });
  it('near miss: `best = [x] * len(xs)` grows with the input: O(n·m)', async () => {
    const code = `def run(xs):
    best = [0, 0]
    result = 0
    for x in xs:
        best = [x] * len(xs)
        result = max(result, max(best))
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'run'), 'O(n*m)');
  });
});
