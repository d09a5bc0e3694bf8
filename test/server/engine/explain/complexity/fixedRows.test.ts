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
    assert.equal(await complexityOf(code, 'python', 'best'), 'O(n*m)');
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
    assert.equal(await complexityOf(code, 'python', 'longest'), 'O(n*m)');
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
});
