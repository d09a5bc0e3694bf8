// Golden cases for the twelfth round (issue 16): small lists the code keeps at a fixed size — a
// top-two list updated by a swap (`l, top2[i] = top2[i], l`), a row of a table whose rows are
// written with a literal length (`[[0] * 3 for _ in range(26)]`), read through a local bound to it
// or from a nested function that writes into the table. Each cause beside a near miss that keeps
// its product. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: lists and rows the code keeps at a fixed size', () => {
  it('a swap into an element (`l, top2[i] = top2[i], l`) does not change the list size', async () => {
    const code = `def best(xs):
    top2 = [-1] * 2
    for x in xs:
        for i in range(len(top2)):
            if x > top2[i]:
                x, top2[i] = top2[i], x
    return top2
`;
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n)');
  });

  it('near miss: the same swap into a list sized by the input keeps its size', async () => {
    const code = `def best(xs, k):
    top = [-1] * k
    for x in xs:
        for i in range(len(top)):
            if x > top[i]:
                x, top[i] = top[i], x
    return top
`;
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n*m + k)');
  });

  it('a local bound to a row of a table with literal rows holds a fixed count', async () => {
    const code = `def longest(s):
    lookup = [[0] * 3 for _ in range(26)]
    for c in s:
        curr = lookup[ord(c) - ord('a')]
        for j in range(len(curr)):
            curr[j] += 1
    return lookup
`;
    assert.equal(await complexityOf(code, 'python', 'longest'), 'O(n)');
  });

  it('near miss: a local bound to a row of a table sized by the input keeps its size', async () => {
    const code = `def longest(s, k):
    lookup = [[0] * k for _ in range(26)]
    for c in s:
        curr = lookup[ord(c) - ord('a')]
        for j in range(len(curr)):
            curr[j] += 1
    return lookup
`;
    assert.equal(await complexityOf(code, 'python', 'longest'), 'O(n*m + k)');
  });

  it("a nested function writing into its parent's table (`dp[u][i] = …`) reads the parent's rows", async () => {
    const code = `def top_two(n, order):
    def walk():
        for u in order:
            for i in range(len(dp[u])):
                dp[u][i] = u
    dp = [[[0, -1] for _ in range(2)] for _ in range(n)]
    walk()
    return dp
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'O(n)');
  });

  it("near miss: a nested function binding its own table does not read the parent's", async () => {
    const code = `def top_two(n, order, rows):
    def walk():
        dp = rows
        for u in order:
            for i in range(len(dp[u])):
                dp[u][i] = u
    dp = [[[0, -1] for _ in range(2)] for _ in range(n)]
    walk()
    return dp
`;
    assert.match((await complexityOf(code, 'python', 'walk')) ?? '', /\*/);
  });

  const capped = (guard: string) => `import collections
def widest(s):
    lookup = collections.defaultdict(list)
    lookup[0].append(-1)
    bal = result = 0
    for i, x in enumerate(s):
        bal += 1 if x == '1' else -1
${guard}
        for j in lookup[bal + 2]:
            result = max(result, i - j)
    return result
`;

  it('rows grown only under a cap on their length (`if len(lookup[bal]) != 2`) hold a fixed count', async () => {
    const code = capped('        if len(lookup[bal]) != 2:\n            lookup[bal].append(i)');
    assert.equal(await complexityOf(code, 'python', 'widest'), 'O(n)');
  });

  it('near miss: rows grown with no cap keep their size', async () => {
    const code = capped('        lookup[bal].append(i)');
    assert.match((await complexityOf(code, 'python', 'widest')) ?? '', /\*/);
  });

  it('near miss: a cap on another row does not hold this one', async () => {
    const code = capped('        if len(lookup[0]) != 2:\n            lookup[bal].append(i)');
    assert.match((await complexityOf(code, 'python', 'widest')) ?? '', /\*/);
  });
});
