// Work lists processed level by level (`while q: ...; q = new_q`) and C++17's `!empty(q)`: each
// beside a near miss that must keep its old reading. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function claim(code: string, language: string, name: string): Promise<string | undefined> {
  const out = await explain(code, language);
  return out.details!.units.find((u) => u.name === name)?.complexity;
}

describe('explain complexity: level-by-level work lists', () => {
  it('a BFS that replaces its queue by the next level is linear, with per-level scans added once', async () => {
    const code = `def level_sums(root):
    result = []
    q = [root]
    while q:
        result.append(sum(node.val for node in q))
        new_q = []
        for node in q:
            for child in node.children:
                new_q.append(child)
        q = new_q
    return result
`;
    assert.equal(await claim(code, 'python', 'level_sums'), 'O(n)');
  });

  it('neighbour lists scanned from a level loop are amortised too: O(V + E)', async () => {
    const code = `def hops(adj, start):
    seen = {start}
    q = [start]
    d = 0
    while q:
        new_q = []
        for u in q:
            for v in adj[u]:
                if v not in seen:
                    seen.add(v)
                    new_q.append(v)
        q = new_q
        d += 1
    return d
`;
    assert.equal(await claim(code, 'python', 'hops'), 'O(n + m)');
  });

  it('C++ `!empty(q)` with a counter header and `q = move(next)` is a level loop', async () => {
    const code = `int depth(TreeNode* root) {
    vector<TreeNode*> q = {root};
    int d = 0;
    for (; !empty(q); ++d) {
        vector<TreeNode*> next;
        for (int i = size(q) - 1; i >= 0; --i) {
            if (q[i]->left) next.push_back(q[i]->left);
        }
        q = move(next);
    }
    return d;
}`;
    assert.equal(await claim(code, 'cpp', 'depth'), 'O(n)');
  });

  it('C++ `while (!empty(stk))` popping the stack drains it', async () => {
    const code = `int drain(vector<int>& nums) {
    vector<int> stk(nums);
    int total = 0;
    while (!empty(stk)) {
        total += stk.back();
        stk.pop_back();
    }
    return total;
}`;
    assert.equal(await claim(code, 'cpp', 'drain'), 'O(n + m)');
  });

  it('an item popped from a stack has its own child list scanned once in all', async () => {
    const code = `vector<int> walk(Node* root) {
    vector<int> out;
    vector<Node*> stk = {root};
    while (!stk.empty()) {
        auto node = stk.back();
        stk.pop_back();
        out.push_back(node->val);
        for (auto child : node->children) stk.push_back(child);
    }
    return out;
}`;
    assert.equal(await claim(code, 'cpp', 'walk'), 'O(n)');
  });

  it('near miss: a popping loop that scans the list on every pass stays quadratic', async () => {
    const code = `def f(q, t):
    n = 0
    while q:
        q.pop()
        if t in q:
            n += 1
    return n
`;
    assert.equal(await claim(code, 'python', 'f'), 'O(n^2)');
  });

  it('near miss: reassigning a scalar the body never walks is not a level loop', async () => {
    const code = `def g(x):
    while x:
        x = step(x)
    return x
`;
    assert.equal(await claim(code, 'python', 'g'), 'unknown');
  });
});

describe('explain complexity: hashed collections built through their module', () => {
  it('`collections.Counter(...)` is a hash map: `in` on it is O(1); near miss: `in` on a list scans it', async () => {
    const hashed = `import collections
def pairs(arr, k):
    count = collections.Counter(x % k for x in arr)
    return all(k - i in count for i in range(1, k))
`;
    assert.equal(await claim(hashed, 'python', 'pairs'), 'O(n + k)');
    const listed = `def pairs(arr, k):
    seen = list(arr)
    return all(k - i in seen for i in range(1, k))
`;
    assert.match((await claim(listed, 'python', 'pairs')) ?? '', /^O\(k\*n\b/);
  });
});
