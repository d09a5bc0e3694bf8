// Golden cases for the sixteenth round (issue 16, kamyu104 Python and C++): forms the engine
// misread. A link walk that starts at the outer walk's next node and hands its stop back to the
// outer walk (`runner = cur.next; while runner …: runner = runner.next; cur = runner`) passes each
// node once. Near misses: an inner walk that starts from the head again, or an outer walk that
// steps one node on regardless. A Python `range(i, i + L)` is a window of width L ahead of `i`, as
// C's `for (j = i; j < i + L; ++j)` (it was read as a loop up to `i`): fixed for a fixed L, `k`
// passes for a parameter `k`; near miss: `range(i, n)` stays a loop up to `n`. A row of a table
// whose rows the code fixes (`vector<vector<int>> lookup(26, vector<int>(3))`, `[[0] * 3 for _ in
// range(26)]`) holds a fixed count also when the row is picked by a subscript with brackets of its
// own (`lookup[s[i] - 'a']`) or bound to a C++ reference (`auto& curr = lookup[…]`); near misses: a
// row that grows, rows as long as an input. A C++ `while` that reads a stack's top (`stk.back() !=
// -1 && …`, `ops.top() != '('`) and pops it on every pass drains it, as the thirteenth round's
// Python rule; near misses: the pop under a branch, a push in the loop. A `while` testing a link of
// a variable the body moves along links (`while (fast->next && fast->next->next)`, `while
// (fast->next != nullptr)`) walks the list; near miss: a body that does not move the variable. A C++
// `accumulate` callback works on its second parameter, the item (also a lambda written on the
// call's next lines), so work on each item adds up to the items' total size; near miss: a callback
// scanning a whole other collection stays a product. A tail walk that starts again from the outer
// walk's node but whose chain the same pass splices in ahead of the outer node's successor
// (`pre->right = root->right`, `last.next = curr_next`) walks each chain once, as Morris threading
// does; near miss: the same walk without the splice is repeated per outer step. Written here, not
// taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: sixteenth-round kamyu104 forms (bit lengths, link walks, fixed rows, stack drains)', () => {
  it('a link walk that hands its stop to the outer walk passes each node once (Python)', async () => {
    const code = `def dedupe(head):
    cur = head
    while cur:
        runner = cur.next
        while runner and runner.val == cur.val:
            runner = runner.next
        cur.next = runner
        cur = runner
    return head
`;
    assert.equal(await complexityOf(code, 'python', 'dedupe'), 'O(n)');
  });

  it('a link walk that hands its stop to the outer walk passes each node once (C++)', async () => {
    const code = `ListNode* dedupe(ListNode* head) {
    auto iter = head;
    while (iter) {
        auto runner = iter->next;
        while (runner && runner->val == iter->val) {
            runner = runner->next;
        }
        iter->next = runner;
        iter = runner;
    }
    return head;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'dedupe'), 'O(n)');
  });

  it('near miss: an inner walk from the head on every pass stays quadratic', async () => {
    const code = `def firsts(head):
    cur = head
    while cur:
        runner = head
        while runner and runner.val != cur.val:
            runner = runner.next
        cur = runner.next
    return head
`;
    assert.equal(await complexityOf(code, 'python', 'firsts'), 'O(n*m)');
  });

  it('near miss: an outer walk stepping one node on regardless stays quadratic', async () => {
    const code = `def runs(head):
    cur = head
    total = 0
    while cur:
        runner = cur.next
        while runner and runner.val == cur.val:
            runner = runner.next
            total += 1
        cur = cur.next
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'runs'), 'O(n*m)');
  });

  it('a Python range over a window of fixed width ahead of the counter runs a fixed count', async () => {
    const code = `def costs(caption):
    L = 3
    n = len(caption)
    total = 0
    for i in range(n - L + 1):
        total += sum(ord(caption[k]) for k in range(i, i + L))
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'costs'), 'O(n)');
  });

  it('a Python range window of parameter width runs that many passes', async () => {
    const code = `def windows(nums, k):
    total = 0
    for i in range(len(nums) - k + 1):
        for j in range(i, min(i + k, len(nums))):
            total += nums[j]
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'windows'), 'O(n*k)');
  });

  it('near miss: a range from the counter to the end stays a scan per pass', async () => {
    const code = `def suffixes(nums):
    total = 0
    for i in range(len(nums)):
        for j in range(i, len(nums)):
            total += nums[j]
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'suffixes'), 'O(n^2)');
  });

  it('a row of a table with fixed rows, picked by a nested subscript or a reference, is fixed (C++)', async () => {
    const code = `int tally(string s) {
    vector<vector<int>> lookup(26, vector<int>(3));
    int result = 0;
    for (int i = 0; i < size(s); ++i) {
        auto& curr = lookup[s[i] - 'a'];
        for (int j = 0; j < size(curr); ++j) {
            result += curr[j];
        }
        for (int j = 0; j < size(lookup[s[i] - 'a']); ++j) {
            result += lookup[s[i] - 'a'][j];
        }
    }
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'tally'), 'O(n)');
  });

  it('a row of a table with fixed rows, picked by a nested subscript, is fixed (Python)', async () => {
    const code = `def tally(s):
    lookup = [[0] * 3 for _ in range(26)]
    result = 0
    for i in range(len(s)):
        curr = lookup[ord(s[i]) - ord('a')]
        for j in range(len(curr)):
            result += curr[j]
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'tally'), 'O(n)');
  });

  it('near miss: a row that grows, or rows as long as an input, keep their size', async () => {
    const grows = `int tally(string s) {
    vector<vector<int>> lookup(26, vector<int>(3));
    int result = 0;
    for (int i = 0; i < size(s); ++i) {
        auto& curr = lookup[s[i] - 'a'];
        curr.push_back(i);
        for (int j = 0; j < size(curr); ++j) {
            result += curr[j];
        }
    }
    return result;
}`;
    assert.notEqual(await complexityOf(grows, 'cpp', 'tally'), 'O(n)');
    const sized = `int tally(string s, int k) {
    vector<vector<int>> lookup(26, vector<int>(k));
    int result = 0;
    for (int i = 0; i < size(s); ++i) {
        for (int j = 0; j < size(lookup[s[i] - 'a']); ++j) {
            result += lookup[s[i] - 'a'][j];
        }
    }
    return result;
}`;
    assert.notEqual(await complexityOf(sized, 'cpp', 'tally'), 'O(n)');
  });

  it('a C++ while reading a stack top and popping it on every pass drains the stack', async () => {
    const code = `vector<int> spans(vector<int>& nums) {
    vector<int> stk = {-1};
    vector<int> result(size(nums));
    for (int i = 0; i < size(nums); ++i) {
        while (stk.back() != -1 && nums[stk.back()] >= nums[i]) {
            stk.pop_back();
        }
        result[i] = i - stk.back();
        stk.emplace_back(i);
    }
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'spans'), 'O(n)');
  });

  it('near miss: a C++ pop under a branch, or a push in the loop, leaves the loop unbounded', async () => {
    const branch = `vector<int> spans(vector<int>& nums) {
    vector<int> stk = {-1};
    for (int i = 0; i < size(nums); ++i) {
        while (stk.back() != -1 && nums[stk.back()] >= nums[i]) {
            if (nums[i] > 0) {
                stk.pop_back();
            }
        }
        stk.emplace_back(i);
    }
    return stk;
}`;
    assert.equal(await complexityOf(branch, 'cpp', 'spans'), 'unknown');
    const pushed = `vector<int> spans(vector<int>& nums) {
    vector<int> stk = {-1};
    for (int i = 0; i < size(nums); ++i) {
        while (stk.back() != -1 && nums[stk.back()] >= nums[i]) {
            stk.pop_back();
            stk.push_back(i);
        }
    }
    return stk;
}`;
    assert.equal(await complexityOf(pushed, 'cpp', 'spans'), 'unknown');
  });

  it('a C++ while testing links of the variable the body moves along links walks the list', async () => {
    const code = `int middle(ListNode* head) {
    auto slow = head, fast = head;
    while (fast->next && fast->next->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    while (fast->next != nullptr) {
        fast = fast->next;
    }
    return slow->val + fast->val;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'middle'), 'O(n)');
  });

  it('near miss: a link tested while the body does not move along links stays unbounded', async () => {
    const code = `int spin(ListNode* head) {
    int total = 0;
    while (head->next) {
        total += head->val;
    }
    return total;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'spin'), 'unknown');
  });

  it('a C++ accumulate callback working on its item adds up to the items total size', async () => {
    const code = `int mostWords(vector<string>& sentences) {
    return 1 + accumulate(cbegin(sentences), cend(sentences), 0,
                          [](int result, const auto &s) {
                              return max(result, static_cast<int>(count(cbegin(s), cend(s), ' ')));
                          });
}`;
    assert.equal(await complexityOf(code, 'cpp', 'mostWords'), 'O(L + n)');
  });

  it('near miss: a C++ accumulate callback scanning another collection stays a product', async () => {
    const code = `int hits(vector<string>& words, string& text) {
    return accumulate(cbegin(words), cend(words), 0,
                      [&text](int result, const auto &w) {
                          return result + static_cast<int>(count(cbegin(text), cend(text), w[0]));
                      });
}`;
    assert.equal(await complexityOf(code, 'cpp', 'hits'), 'O(n*m)');
  });

  it('a tail walk whose chain is spliced in ahead of the outer successor walks each chain once (C++)', async () => {
    const code = `void flatten(TreeNode* root) {
    while (root) {
        if (root->left) {
            auto pre = root->left;
            while (pre->right) {
                pre = pre->right;
            }
            pre->right = root->right;
            root->right = root->left;
            root->left = nullptr;
        }
        root = root->right;
    }
}`;
    assert.equal(await complexityOf(code, 'cpp', 'flatten'), 'O(n)');
  });

  it('a tail walk whose chain is spliced in ahead of the outer successor walks each chain once (Python)', async () => {
    const code = `def flatten(head):
    curr = head
    while curr:
        if curr.child:
            curr_next = curr.next
            curr.next = curr.child
            last = curr
            while last.next:
                last = last.next
            if curr_next:
                last.next = curr_next
            curr.child = None
        curr = curr.next
    return head
`;
    assert.equal(await complexityOf(code, 'python', 'flatten'), 'O(n)');
  });

  it('near miss: the same tail walk without a splice is repeated per outer step', async () => {
    // (down `right` links: a test of `last.next` with `.next` in the body is still read by an older
    // rule as a drained list, shared out whatever resets it)
    const code = `def tails(root):
    curr = root
    total = 0
    while curr:
        if curr.left:
            last = curr
            while last.right:
                last = last.right
                total += 1
        curr = curr.left
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'tails'), 'O(n*m)');
  });
});
