// Golden cases for the sixth round (issue 16): readings the code does not confirm are withheld
// ("unknown" with the reason) instead of claimed, and causes of wrong classes fixed where the code
// does show the answer. Each case sits beside a near miss that must keep its claim. Written here,
// not taken from any corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

describe('explain complexity: withholding unconfirmed readings', () => {
  it('branching recursion with no argument stepped by a constant (a shared position) is withheld', async () => {
    const code = `def parse(text, pos):
    node = Node(text[pos])
    pos += 1
    if pos < len(text) and text[pos] == '(':
        node.left, pos = parse(text, pos)
    if pos < len(text) and text[pos] == '(':
        node.right, pos = parse(text, pos)
    return node, pos
`;
    assert.equal(await complexityOf(code, 'python', 'parse'), 'unknown');
    assert.match((await basisOf(code, 'python', 'parse'))!, /passes a parameter stepped by a constant/);
  });
  it('near miss: `ways(n - 1) + ways(n - 2)` steps its parameter, so it stays O(2^n)', async () => {
    const code = `def ways(n):
    if n < 2:
        return 1
    return ways(n - 1) + ways(n - 2)
`;
    assert.equal(await complexityOf(code, 'python', 'ways'), 'O(2^n)');
  });
  it('C++: one call stepping the index beside one re-passing it keeps the exponential claim', async () => {
    const code = `int best(std::vector<int>& cost, std::vector<int>& need, int i) {
  if (i == cost.size()) return 0;
  int skip = best(cost, need, i + 1);
  if (need[i] > 0) {
    --need[i];
    skip = std::min(skip, cost[i] + best(cost, need, i));
    ++need[i];
  }
  return skip;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'best'), 'O(2^n)');
  });
  it('`v in adj[u]` where the file never shows what the elements of `adj` are is withheld', async () => {
    const code = `def linked(adj, pairs):
    total = 0
    for u, v in pairs:
        if v in adj[u]:
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'linked'), 'unknown');
    assert.match((await basisOf(code, 'python', 'linked'))!, /elements of `adj` are sets or maps/);
  });
  it('a doubtful term dominated by confirmed work does not withhold the claim', async () => {
    const code = `def linked(adj, pairs, grid):
    total = 0
    if pairs[0][1] in adj[pairs[0][0]]:
        total += 1
    for row in grid:
        for other in grid:
            total += len(row) - len(other)
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'linked'), 'O(n^2 + m)');
  });
});

describe('explain complexity: library work from a position', () => {
  it('C++: `s.find(c, i)` inside a loop over `s` is withheld, not charged as a whole scan per pass', async () => {
    const code = `int countWords(const std::string& s) {
  int result = 0;
  for (int i = 0; i < s.length(); ++i) {
    if (s[i] == ' ') continue;
    auto j = s.find(' ', i);
    if (j == std::string::npos) j = s.length();
    ++result;
    i = j;
  }
  return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'countWords'), 'unknown');
    assert.match((await basisOf(code, 'cpp', 'countWords'))!, /works from a position/);
  });
  // (withheld until the seventeenth round; the start `i` is moved to the range's end after the
  // call, so the ranges abut and cover `s` once: abuttingStretches.ts `abuttingRange`)
  it('C++: `reverse(begin(s) + i, begin(s) + j); i = j + 1` inside a loop over `s` covers `s` once', async () => {
    const code = `void flipWords(std::string& s) {
  for (int i = 0, j = 0; j <= s.length(); ++j) {
    if (j == s.length() || s[j] == ' ') {
      std::reverse(begin(s) + i, begin(s) + j);
      i = j + 1;
    }
  }
}`;
    assert.equal(await complexityOf(code, 'cpp', 'flipWords'), 'O(n)');
  });
  it('near miss: `s.find(c)` from the start on every pass of a loop over `s` stays O(n^2)', async () => {
    const code = `int firstRepeats(const std::string& s) {
  int result = 0;
  for (int i = 0; i < s.length(); ++i) {
    if (s.find(s[i]) != i) ++result;
  }
  return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'firstRepeats'), 'O(n^2)');
  });
});

describe('explain complexity: lazy Python iterators', () => {
  it('`for child in reversed(node.children)` in an iterative walk is the loop alone, shared out over the walk', async () => {
    const code = `def preorder(root):
    result, stack = [], [root]
    while stack:
        node = stack.pop()
        result.append(node.val)
        for child in reversed(node.children):
            stack.append(child)
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'preorder'), 'O(n)');
  });
  it('`"".join(reversed(digits))` scans `digits` once (the join pays, not the lazy `reversed`)', async () => {
    const code = `def to_base(n, b):
    digits = []
    while n:
        n, r = divmod(n, b)
        digits.append(str(r))
    return "".join(reversed(digits))
`;
    // (Fifteenth round: `digits` gains one entry per pass of the dividing loop and no others, so the
    // join scans O(log n) entries, not a separate size m: appendedLists.ts.)
    assert.equal(await complexityOf(code, 'python', 'to_base'), 'O(log n)');
  });
});

describe('explain complexity: element kinds and trie keys', () => {
  it('`v in adj[u]` with `adj = [set() for ...]` is a hashed lookup', async () => {
    const code = `def linked(n, edges, pairs):
    adj = [set() for _ in range(n)]
    for u, v in edges:
        adj[u].add(v)
    total = 0
    for u, v in pairs:
        if v in adj[u]:
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'linked'), 'O(n + m + k)');
  });
  it('near miss: `adj = [[] for ...]` holds lists, so `v in adj[u]` scans', async () => {
    const code = `def linked(n, edges, pairs):
    adj = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
    total = 0
    for u, v in pairs:
        if v in adj[u]:
            total += 1
    return total
`;
    assert.match((await complexityOf(code, 'python', 'linked'))!, /\*/);
  });
  it('elements stored as dicts (`memo[k] = {}`) and nested defaultdicts are hashed', async () => {
    const code = `def seen_twice(groups):
    memo = {}
    cnt = collections.defaultdict(lambda: collections.defaultdict(int))
    result = 0
    for k, x in groups:
        if k not in memo:
            memo[k] = {}
        if x in memo[k] or x in cnt[k]:
            result += 1
        memo[k][x] = True
        cnt[k][x] += 1
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'seen_twice'), 'O(n)');
  });
  it('a trie walk tested with an element key (`if s[j] not in curr: curr[s[j]] = {}`) is O(1) per step', async () => {
    const code = `def insert_all(s, trie):
    for i in range(len(s)):
        curr = trie
        for j in range(i, len(s)):
            if s[j] not in curr:
                curr[s[j]] = {}
            curr = curr[s[j]]
    return trie
`;
    assert.equal(await complexityOf(code, 'python', 'insert_all'), 'O(n^2)');
  });
});

describe('explain complexity: recursion shapes', () => {
  it('Python: `return self.f(b, a)` re-dispatches with the receiver left out of the parameters', async () => {
    const code = `class Solution(object):
    def common(self, xs, ys):
        if len(xs) > len(ys):
            return self.common(ys, xs)
        seen = set(xs)
        return [y for y in ys if y in seen]
`;
    assert.equal(await complexityOf(code, 'python', 'common'), 'O(n + m)');
  });
  it('Python: linked-list merge sort cut by slow and fast pointers is O(n log n)', async () => {
    const code = `class Solution(object):
    def sort(self, head):
        if head is None or head.next is None:
            return head
        fast, slow, prev = head, head, None
        while fast is not None and fast.next is not None:
            prev, fast, slow = slow, fast.next.next, slow.next
        prev.next = None
        return self.merge(self.sort(head), self.sort(slow))

    def merge(self, a, b):
        dummy = tail = Node(0)
        while a and b:
            if a.val < b.val:
                tail.next, a = a, a.next
            else:
                tail.next, b = b, b.next
            tail = tail.next
        tail.next = a or b
        return dummy.next
`;
    assert.equal(await complexityOf(code, 'python', 'sort'), 'O(n log n)');
  });
  it('Python: the halves named through a tuple (`first, second = head, slow.next`) are halves too', async () => {
    const code = `def msort(head):
    if not head or not head.next:
        return head
    slow, fast = head, head.next
    while fast and fast.next:
        slow = slow.next
        fast = fast.next.next
    first, second = head, slow.next
    slow.next = None
    first, second = msort(first), msort(second)
    out = tail = Node(0)
    while first and second:
        if first.val <= second.val:
            tail.next, first = first, first.next
        else:
            tail.next, second = second, second.next
        tail = tail.next
    tail.next = first or second
    return out.next
`;
    assert.equal(await complexityOf(code, 'python', 'msort'), 'O(n log n)');
  });
  it('C++: the same merge sort with `slow = slow->next; fast = fast->next->next;`', async () => {
    const code = `ListNode* merge(ListNode* a, ListNode* b) {
  ListNode dummy(0);
  ListNode* tail = &dummy;
  while (a && b) {
    if (a->val < b->val) { tail->next = a; a = a->next; } else { tail->next = b; b = b->next; }
    tail = tail->next;
  }
  tail->next = a ? a : b;
  return dummy.next;
}
ListNode* sortList(ListNode* head) {
  if (!head || !head->next) return head;
  auto slow = head, fast = head;
  while (fast->next && fast->next->next) {
    slow = slow->next;
    fast = fast->next->next;
  }
  auto rest = slow->next;
  slow->next = nullptr;
  return merge(sortList(head), sortList(rest));
}`;
    assert.equal(await complexityOf(code, 'cpp', 'sortList'), 'O(n log n)');
  });
});
