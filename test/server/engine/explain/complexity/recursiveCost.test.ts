// Golden cases for recursion inside loops (recursiveCost.ts): tree walks, honest unknowns and
// backtracking. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function unitOf(code: string, language: string, name: string) {
  const out = await explain(code, language);
  const unit = out.details!.units.find((u) => u.name === name);
  assert.ok(unit, `no unit ${name}`);
  return { unit, concepts: out.explanation.concepts };
}

describe('explain complexity: recursion inside a loop', () => {
  it('recursing once per child in `children[u]` with nothing undone is a tree walk: O(n)', async () => {
    const code = `def subtree_sizes(children, root):
    size = {}
    def dfs(u):
        total = 1
        for v in children[u]:
            total += dfs(v)
        size[u] = total
        return total
    dfs(root)
    return size
`;
    const { unit } = await unitOf(code, 'python', 'dfs');
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis!, /tree walk/);
  });
  it('C++: a child list reached through a pointer (`(*children)[x]`) is the same tree walk', async () => {
    const code = `int count(std::unordered_map<int, std::vector<int>>* children, int x) {
  int total = 1;
  for (const auto& y : (*children)[x]) {
    total += count(children, y);
  }
  return total;
}`;
    assert.equal((await unitOf(code, 'cpp', 'count')).unit.complexity, 'O(n)');
  });
  it('near miss: a choice undone after the call (`path.pop()`) stays backtracking, exponential', async () => {
    const code = `def subsets(xs, start, path, out):
    out.append(list(path))
    for i in range(start, len(xs)):
        path.append(xs[i])
        subsets(xs, i + 1, path, out)
        path.pop()
`;
    const { unit, concepts } = await unitOf(code, 'python', 'subsets');
    assert.match(unit.complexity!, /^O\(2\^/);
    assert.ok(concepts.includes('backtracking'));
  });
  it('near miss: a choice passed as a new value (`xs[:i] + xs[i+1:]`) stays exponential', async () => {
    const code = `def perms(xs):
    if not xs:
        return [[]]
    out = []
    for i in range(len(xs)):
        for p in perms(xs[:i] + xs[i+1:]):
            out.append([xs[i]] + p)
    return out
`;
    // The collection without the chosen item: n! calls (seventh round; 2^n before).
    assert.match((await unitOf(code, 'python', 'perms')).unit.complexity!, /n!\)$/);
  });
  it('neither a mark, an undo, a new choice nor a child list: unknown, with the reason', async () => {
    const code = `def walk(grid, i, j):
    total = grid[i][j]
    for di, dj in ((0, 1), (1, 0)):
        if i + di < len(grid) and j + dj < len(grid[0]):
            total += walk(grid, i + di, j + dj)
    return total
`;
    const { unit } = await unitOf(code, 'python', 'walk');
    assert.equal(unit.complexity, 'unknown');
    assert.match(unit.complexity_basis ?? '', /without a visited mark or an undo step/);
  });
});
