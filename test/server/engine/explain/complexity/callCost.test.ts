// Golden cases for calls (callCost.ts): named lambdas, range constructors, fixed literals and
// hashed fields. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: calls', () => {
  it('C++: a lambda bound to a name is charged where it is called', async () => {
    const code = `int majority(std::vector<int>& nums) {
  const auto& vote = [&]() {
    int result = 0, cnt = 0;
    for (const auto& x : nums) {
      if (cnt == 0) result = x;
      cnt += x == result ? 1 : -1;
    }
    return result;
  };
  return vote();
}`;
    assert.equal(await complexityOf(code, 'cpp', 'majority'), 'O(n)');
  });
  it('C++: the nested helper is the one called, even when another class defines the same name', async () => {
    const code = `class A {
 public:
  int run(std::vector<int>& xs) {
    auto helper = [&]() {
      int s = 0;
      for (int x : xs) s += x;
      return s;
    };
    return helper();
  }
};
class B {
 public:
  int helper() { return 1; }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'run'), 'O(n)');
  });
  it('C++: building a container from a range (`unordered_set<int>(cbegin(s), cend(s))`) is linear', async () => {
    const code = `bool pangram(std::string sentence) {
  return std::size(std::unordered_set<int>(std::cbegin(sentence), std::cend(sentence))) == 26;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'pangram'), 'O(n)');
    const sum = `int total(std::vector<int>& nums) {
  return std::accumulate(nums.cbegin(), nums.cend(), 0);
}`;
    assert.equal(await complexityOf(sum, 'cpp', 'total'), 'O(n)');
  });
  it('membership in a string literal or a `string` module constant is O(1); in a list parameter, O(n)', async () => {
    const code = `import string
def vowels(s):
    return sum(1 for c in s if c in "aeiou" and c not in string.digits)
`;
    assert.equal(await complexityOf(code, 'python', 'vowels'), 'O(n)');
    const scan = `def common(xs, ys):
    return [x for x in xs if x in ys]
`;
    assert.equal(await complexityOf(scan, 'python', 'common'), 'O(n*m)');
  });
  it('a field initialised as a set in `__init__` is hashed in the other methods', async () => {
    const code = `class Pool(object):
    def __init__(self):
        self.__free = set()

    def release(self, x):
        if x in self.__free:
            return False
        self.__free.add(x)
        return True
`;
    assert.equal(await complexityOf(code, 'python', 'release'), 'O(1)');
  });
});
