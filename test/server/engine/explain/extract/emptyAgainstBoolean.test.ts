// Golden cases for the twenty-second round (issue 16, C and C++ misreads): a work list tested for
// emptiness against a boolean, `while (current.empty() == false)`, had "no bound" although
// `while (!current.empty())` over the same body is a drain (one level replacing the last, or an
// item popped per pass). The test is now read as its negation, in any language's spelling
// (`== false`, `!= true`, Python `== False`). Written here, not taken from any corpus. Near miss:
// a body that takes nothing off the list stays unknown, as it does with `!`.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const levels = (test: string) => `class Solution {
public:
    bool f(TreeNode* root) {
        bool end = false;
        vector<TreeNode*> current{root};
        while (${test}) {
            vector<TreeNode*> next_level;
            for (const auto& node : current) {
                if (!node) {
                    end = true;
                    continue;
                }
                if (end) {
                    return false;
                }
                next_level.emplace_back(node->left);
                next_level.emplace_back(node->right);
            }
            current = move(next_level);
        }
        return true;
    }
};`;

const stack = (body: string) => `class Solution {
public:
    int f(vector<int>& nums) {
        stack<int> st;
        for (int x : nums) st.push(x);
        int s = 0;
        while (st.empty() == false) {
${body}
        }
        return s;
    }
};`;

describe('explain extract: twenty-second-round emptiness tested against a boolean', () => {
  it('C++: `while (current.empty() == false)` over levels reads as `!current.empty()` does', async () => {
    const [compared] = await claimOf(levels('current.empty() == false'), 'cpp', 'f');
    const [negated] = await claimOf(levels('!current.empty()'), 'cpp', 'f');
    assert.equal(compared, 'O(n)');
    assert.equal(compared, negated);
  });

  it('C++: `while (st.empty() == false)` popping the stack drains it', async () => {
    const [complexity] = await claimOf(
      stack('            s += st.top();\n            st.pop();'),
      'cpp',
      'f',
    );
    assert.match(complexity!, /^O\(n(?: \+ m)?\)$/);
  });

  it('Java: `while (q.isEmpty() != true)` polling the queue drains it', async () => {
    const [complexity] = await claimOf(
      `class Solution {
    public int f(int[] nums) {
        Deque<Integer> q = new ArrayDeque<>();
        for (int x : nums) q.offer(x);
        int s = 0;
        while (q.isEmpty() != true) {
            s += q.poll();
        }
        return s;
    }
}`,
      'java',
      'f',
    );
    assert.match(complexity!, /^O\(n(?: \+ m)?\)$/);
  });

  it('near miss: a body that takes nothing off the list keeps no bound', async () => {
    const [complexity] = await claimOf(stack('            s += st.top();'), 'cpp', 'f');
    assert.equal(complexity, 'unknown');
  });
});
