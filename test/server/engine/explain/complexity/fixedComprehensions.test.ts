// Golden cases for the twelfth round (issue 16): a Python matrix power over a matrix the code
// writes out. The callee's loops walk its parameters, its identity matrix is a comprehension sized
// by `len(A)` and its product returns a comprehension over `A`: with a written matrix passed, every
// one of those loops runs a fixed number of times and only the halving of the exponent is left.
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const power = (matrix: string) => `def steps(n, grid):
    def mat_pow(A, K):
        result = [[int(i == j) for j in range(len(A))] \\
                  for i in range(len(A))]
        while K:
            if K % 2:
                result = mat_mul(result, A)
            A = mat_mul(A, A)
            K //= 2
        return result

    def mat_mul(A, B):
        ZB = list(zip(*B))
        return [[sum(a * b for a, b in zip(row, col)) % 1000000007 \\
                 for col in ZB] for row in A]

    T = [[1, 1],
         [1, 0]]
    return mat_mul([[1, 0]], mat_pow(${matrix}, n))[0][0]
`;

describe('explain complexity: matrix powers written as comprehensions', () => {
  it('a power of a matrix the code writes out costs the halvings of the exponent', async () => {
    const [claim, basis] = await claimOf(power('T'), 'python', 'steps');
    assert.equal(claim, 'O(log n)');
    assert.match(basis ?? '', /fixed number of times/);
  });

  it('near miss: a power of an input matrix keeps the cost of its products', async () => {
    const [claim] = await claimOf(power('grid'), 'python', 'steps');
    assert.notEqual(claim, 'O(log n)');
    assert.match(claim ?? '', /log/);
  });
});

// Buckets emptied after use (clearedBuckets.ts): a BFS whose neighbour lists are the buckets of a
// map filled once, each emptied in the pass that walks it.
const jumps = (emptied: string) => `import collections
def fewest_jumps(arr):
    groups = collections.defaultdict(list)
    for i, x in enumerate(arr):
        groups[x].append(i)
    q = collections.deque([0])
    seen = set([0])
    step = 0
    while q:
        for _ in range(len(q)):
            pos = q.popleft()
            if pos == len(arr) - 1:
                return step
            near = set(groups[arr[pos]] + [pos - 1, pos + 1])
${emptied}
            for p in near:
                if p in seen or not 0 <= p < len(arr):
                    continue
                seen.add(p)
                q.append(p)
        step += 1
    return step
`;

describe('explain complexity: buckets emptied after use', () => {
  it('a bucket the same pass empties is walked once in all (`groups[arr[pos]] = []`)', async () => {
    const [claim] = await claimOf(jumps('            groups[arr[pos]] = []'), 'python', 'fewest_jumps');
    // (linear: the input and the map's buckets, no product)
    assert.match(claim ?? '', /^O\([a-z](?: \+ [a-z])*\)$/);
  });

  it('near miss: a bucket emptied only on some passes keeps the product', async () => {
    const [claim] = await claimOf(
      jumps('            if pos % 2:\n                groups[arr[pos]] = []'),
      'python',
      'fewest_jumps',
    );
    assert.match(claim ?? '', /\*/);
  });

  it('near miss: a bucket emptied but filled again in bulk in the loop keeps the product', async () => {
    const [claim] = await claimOf(
      jumps('            groups[arr[pos]] = []\n            groups[arr[pos - 1]].extend(near)'),
      'python',
      'fewest_jumps',
    );
    assert.match(claim ?? '', /\*/);
  });
});
