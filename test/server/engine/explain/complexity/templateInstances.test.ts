// Golden cases for the twenty-third round (issue 16, C and C++ misreads): calls on an instance of a
// class template and erasures at a position of a contiguous sequence. `SegmentTree<int> st(n);
// st.update(i, v)` charged nothing: the instance's class was looked up from the declared type only
// when the type was one bare name, so `Name<args>` left `st` unresolved and its calls free. Once the
// calls are charged, the tree's `push` loops `for (int h = H_; h > 0; --h)` over the height its
// constructor leaves in a field (`H_ = 1; while ((1 << H_) < N) ++H_;`): about log2 N, which was
// read as a size of its own (O(n) per call). And `nums.erase(nums.begin() + i)` on a `vector` was
// bounded (one-argument `erase` is one key of a set or a map), though it moves every entry after
// the position. Written here, not taken from any corpus. Near misses: a height field also set from
// elsewhere, a `multiset` erased at its first position, a `vector` erased by value through a
// helper's key.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const TREE = `template <typename T>
class Tree {
public:
    explicit Tree(int N) : base_(N), tree_(2 * N), lazy_(2 * N) {
        H_ = 1;
        while ((1 << H_) < N) {
            ++H_;
        }
    }

    void update(int i, const T& v) {
        i += base_;
        push(i);
        for (tree_[i] = v; i > 1; i >>= 1) {
            tree_[i >> 1] = tree_[i] + tree_[i ^ 1];
        }
    }

private:
    void push(int x) {
        for (int h = H_; h > 0; --h) {
            int y = x >> h;
            if (lazy_[y]) {
                tree_[y * 2] += lazy_[y];
                lazy_[y] = 0;
            }
        }
    }

    int base_;
    int H_;
    vector<T> tree_;
    vector<T> lazy_;
};
`;

/** A C++ class with one method whose header is `signature` and whose body is `body`. */
const method = (signature: string, body: string) => `class Solution {
public:
    ${signature} {
${body}
    }
};`;

const solve = (decl: string) => `${TREE}
class Solution {
public:
    int f(vector<int>& nums) {
        ${decl}
        for (const auto& x : nums) {
            st.update(x, 1);
        }
        return 0;
    }
};`;

describe('explain complexity: twenty-third-round class-template instances and positional erasures', () => {
  it('C++: the height a doubling loop leaves in a field bounds a loop over it by a logarithm', async () => {
    const [complexity, basis] = await claimOf(solve('Tree<int> st(size(nums));'), 'cpp', 'push');
    assert.equal(complexity, 'O(log n)');
    assert.match(basis!, /`H_`/);
  });

  it('C++: calls on `Tree<int> st(n)` are charged the template class method’s cost', async () => {
    const [complexity, basis] = await claimOf(solve('Tree<int> st(size(nums));'), 'cpp', 'f');
    assert.match(complexity!, /^O\(n log \w+(?: \+ n log \w+)*\)$/);
    assert.match(basis!, /calls `update`/);
  });

  it('near miss: a height field also assigned a value read elsewhere stays a size of its own', async () => {
    const code = solve('Tree<int> st(size(nums));').replace('        H_ = 1;', '        H_ = N / 2;');
    const [complexity] = await claimOf(code, 'cpp', 'push');
    assert.equal(complexity, 'O(n)');
  });

  it('C++: a local exponent left by a doubling loop (`while (k > 1 << n) ++n;`) bounds a loop counting it down', async () => {
    const [complexity] = await claimOf(
      method(
        'string f(int k)',
        `        int n = 1;
        while (k > 1 << n) {
            k -= 1 << n;
            ++n;
        }
        string ans;
        for (int i = n; i > 0; --i) ans.push_back(k & (1 << i) ? '7' : '4');
        return ans;`,
      ),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'O(log k)');
  });

  it('near miss: an exponent also lowered by a statement of its own stays a size of its own', async () => {
    const [complexity] = await claimOf(
      method(
        'int f(int k, int n)',
        `        int h = 1;
        while ((1 << h) < k) {
            ++h;
        }
        --h;
        h += n;
        int s = 0;
        for (int i = h; i > 0; --i) s += i;
        return s;`,
      ),
      'cpp',
      'f',
    );
    assert.notEqual(complexity, 'O(log n)');
  });

  it('C++: `nums.erase(nums.begin() + i)` in a loop on a `vector` is linear per call', async () => {
    const [complexity, basis] = await claimOf(
      method(
        'int f(int n, int k)',
        `        vector<int> nums;
        for (int i = 0; i < n; ++i) nums.emplace_back(i);
        int result = 0;
        while (n > 0) {
            int idx = k % n;
            result += nums[idx];
            nums.erase(nums.begin() + idx);
            --n;
        }
        return result;`,
      ),
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\(n(\^2|\*m)\)$/);
    assert.match(basis!, /`erase` is O\(n\) in `nums`/);
  });

  it('C++: a `string` parameter erased at `begin(s)` in a loop is linear per call', async () => {
    const [complexity] = await claimOf(
      method(
        'int f(string& s, vector<int>& t)',
        `        int result = 0;
        for (const auto& x : t) {
            result += s[0] + x;
            s.erase(begin(s));
        }
        return result;`,
      ),
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\(n\*m\)$/);
  });

  it('near miss: a `multiset` erased at its first position stays logarithmic per call', async () => {
    const [complexity] = await claimOf(
      method(
        'int f(vector<int>& nums)',
        `        multiset<int> bst;
        int result = 0;
        for (const auto& x : nums) {
            bst.emplace(x);
            if (size(bst) > 3) bst.erase(bst.begin());
        }
        return result;`,
      ),
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\(n log \w+\)$/);
  });

  it('near miss: a `vector` erased through an iterator from elsewhere is not charged by this rule', async () => {
    const [complexity] = await claimOf(
      method(
        'int f(vector<int>& nums, vector<int>& idx)',
        `        int result = 0;
        for (const auto& i : idx) {
            auto it = nums.end();
            nums.erase(it - 1);
            result += i;
        }
        return result;`,
      ),
      'cpp',
      'f',
    );
    assert.equal(complexity, 'O(n)');
  });
});
