// Golden cases for the eleventh round (issue 16): work lists of search states — a BFS, 0-1 BFS, A*
// or Dijkstra whose items are tuples — sized by the states the visited or distance structure
// admits (the table's shape, or the range the push guards hold each part to), and withheld where
// the code shows no such bound. Each cause beside a near miss that must keep its answer. Written
// here, not taken from a corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

describe('explain complexity: work lists of search states', () => {
  it('a 0-1 BFS over a set of cell tuples is rows × width, from the guards (`0 <= nb[0] < len(grid)`)', async () => {
    const code = `def cheapest(grid):
    moves = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    near, far = [(0, 0)], []
    seen = set()
    cost = 0
    while near or far:
        if not near:
            cost += 1
            near, far = far, near
        b = near.pop()
        if b in seen:
            continue
        seen.add(b)
        for dr, dc in moves:
            nb = (b[0] + dr, b[1] + dc)
            if not (0 <= nb[0] < len(grid) and 0 <= nb[1] < len(grid[0]) and nb not in seen):
                continue
            (near if not grid[nb[0]][nb[1]] else far).append(nb)
    return cost
`;
    assert.equal(await complexityOf(code, 'python', 'cheapest'), 'O(n*m)');
    assert.match(await basisOf(code, 'python', 'cheapest'), /holds search states .*held below `len\(grid\)`/);
  });

  it('a BFS over (node, mask) states is sized by its distance table (`[[INF] * (1 << k) for _ in range(n)]`)', async () => {
    const code = `import collections
def visit_all(n, adj, k):
    INF = float('inf')
    dist = [[INF] * (1 << k) for _ in range(n)]
    dist[0][1] = 0
    q = collections.deque([(0, 1)])
    while q:
        u, mask = q.popleft()
        for v in adj[u]:
            nmask = mask | (1 << (v % k))
            if dist[v][nmask] != INF:
                continue
            dist[v][nmask] = dist[u][mask] + 1
            q.append((v, nmask))
    return dist
`;
    assert.equal(await complexityOf(code, 'python', 'visit_all'), 'O(2^k*n)');
  });

  it('a grid walk of tuples with no visited mark is withheld (revisits are not bounded)', async () => {
    const code = `def spread(grid, r, c):
    q = [(r, c)]
    total = 0
    while q:
        r, c = q.pop()
        total += grid[r][c]
        for nr, nc in ((r + 1, c), (r, c + 1)):
            if 0 <= nr < len(grid) and 0 <= nc < len(grid[0]):
                q.append((nr, nc))
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'spread'), 'unknown');
    assert.match(await basisOf(code, 'python', 'spread'), /nothing in the loop marks a state as seen/);
  });

  it('a map mark that keeps a budget beside the cell (`best[b] = k`) lets a cell in again: withheld', async () => {
    const code = `def reach(grid, k):
    stack = [((0, 0), k)]
    best = {}
    while stack:
        b, k = stack.pop()
        if b in best and best[b] >= k:
            continue
        best[b] = k
        for dr, dc in ((0, 1), (1, 0)):
            nb = (b[0] + dr, b[1] + dc)
            if 0 <= nb[0] < len(grid) and 0 <= nb[1] < len(grid[0]) and k > 0:
                stack.append((nb, k - 1))
    return len(best)
`;
    assert.equal(await complexityOf(code, 'python', 'reach'), 'unknown');
    assert.match(await basisOf(code, 'python', 'reach'), /keeps part 2 .* lets a key in again/);
  });

  it('near miss: a graph BFS carrying the depth (`(v, d + 1)`, `seen.add(v)`) keeps its reading', async () => {
    const code = `import collections
def depths(adj, s):
    seen = {s}
    q = collections.deque([(s, 0)])
    out = 0
    while q:
        u, d = q.popleft()
        out += d
        for v in adj[u]:
            if v in seen:
                continue
            seen.add(v)
            q.append((v, d + 1))
    return out
`;
    assert.equal(await complexityOf(code, 'python', 'depths'), 'O(n + m)');
  });

  it('near miss: a tree walk carrying a value with no mark keeps its reading', async () => {
    const code = `def deepest(root):
    stack = [(root, 1)]
    best = 0
    while stack:
        node, d = stack.pop()
        if not node:
            continue
        best = max(best, d)
        stack.append((node.left, d + 1))
        stack.append((node.right, d + 1))
    return best
`;
    assert.equal(await complexityOf(code, 'python', 'deepest'), 'O(n)');
  });

  it('near miss: states held to a small literal (`0 <= nx <= 1000`) keep the drain reading', async () => {
    const code = `def steps(nums, start, goal):
    q = [(start, 0)]
    seen = {start}
    while q:
        x, s = q.pop()
        for y in nums:
            nx = x + y
            if nx == goal:
                return s + 1
            if not (0 <= nx <= 1000) or nx in seen:
                continue
            seen.add(nx)
            q.append((nx, s + 1))
    return -1
`;
    assert.equal(await complexityOf(code, 'python', 'steps'), 'O(n*m)');
  });
});
