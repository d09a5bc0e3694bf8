// Golden cases for the eighteenth round (issue 16, TypeScript, JavaScript and PHP, with their twins
// in Python and Go): levels of a breadth-first search counted by something else than the work list
// (`while (level-- > 0)`, `for _ in range(k)`) whose items join a level only under a mark that stays
// set. Each cause sits beside a near miss that keeps its answer. Written here, not taken from any
// corpus.
import assert from 'node:assert/strict';
import { basisOf, claimOf, complexityOf, unitOf } from '../helpers';

// The levels of a search from `start`, `k` of them, whose next level takes only unmarked items.
const LEVELS = `    let q: number[] = [start];
    const seen: boolean[] = Array(g.length).fill(false);
    seen[start] = true;
    while (k-- > 0) {
        const nq: number[] = [];
        for (const u of q) {
            for (const v of g[u]) {
                if (!seen[v]) {
                    seen[v] = true;
                    nq.push(v);
                }
            }
        }
        q = nq;
    }
`;

describe('explain complexity: eighteenth-round script forms (marked levels)', () => {
  it('k levels of a search whose next level takes only unmarked items walk each item once (TS)', async () => {
    const code = `function reach(g: number[][], start: number, k: number): number {
${LEVELS}    return q.length;
}`;
    const unit = await unitOf(code, 'typescript', 'reach');
    assert.equal(unit.complexity, 'O(n + k + m)');
    assert.ok(unit.complexity_legend?.includes('m = size of `seen`'));
  });

  it('the same in Python (a deque taken from level by level) and Go (a next level swapped in)', async () => {
    const python = `from collections import deque
def reach(g, start, k):
    q = deque([start])
    seen = {start}
    for _ in range(k):
        for _ in range(len(q)):
            u = q.popleft()
            for v in g[u]:
                if v not in seen:
                    seen.add(v)
                    q.append(v)
    return len(q)
`;
    assert.equal(await complexityOf(python, 'python', 'reach'), 'O(k + n + m)');
    const go = `package main

func reach(g [][]int, start int, k int) int {
	q := []int{start}
	vis := make([]bool, len(g))
	vis[start] = true
	for k > 0 {
		k--
		next := []int{}
		for _, u := range q {
			for _, v := range g[u] {
				if !vis[v] {
					vis[v] = true
					next = append(next, v)
				}
			}
		}
		q = next
	}
	return len(q)
}
`;
    assert.equal(await complexityOf(go, 'go', 'reach'), 'O(k + n + m)');
  });

  it('near miss: items pushed without setting the mark, or with a mark unset again, keep levels × level size', async () => {
    const unmarked = `function reachAll(g: number[][], start: number, k: number): number {
    let q: number[] = [start];
    const seen: boolean[] = Array(g.length).fill(false);
    while (k-- > 0) {
        const nq: number[] = [];
        for (const u of q) {
            for (const v of g[u]) {
                if (!seen[v]) {
                    nq.push(v);
                }
            }
        }
        q = nq;
    }
    return q.length;
}`;
    assert.equal(await complexityOf(unmarked, 'typescript', 'reachAll'), 'O(k*n*m + p)');
    const walks = `from collections import deque
def walks(g, start, k):
    q = deque([start])
    seen = set()
    for _ in range(k):
        for _ in range(len(q)):
            u = q.popleft()
            seen.discard(u)
            for v in g[u]:
                if v not in seen:
                    seen.add(v)
                    q.append(v)
    return len(q)
`;
    assert.equal(await complexityOf(walks, 'python', 'walks'), 'O(k*n*m)');
  });
  it('a search from every unmarked cell whose list takes only unmarked cells walks each cell once in all (JS, TS)', async () => {
    const js = `function regions(grid) {
    const m = grid.length, n = grid[0].length;
    const vis = Array.from({ length: m }, () => Array(n).fill(false));
    let ans = 0;
    for (let i = 0; i < m; ++i) {
        for (let j = 0; j < n; ++j) {
            if (vis[i][j]) continue;
            vis[i][j] = true;
            const q = [[i, j]];
            for (const [x, y] of q) {
                for (const [a, b] of [[x + 1, y], [x, y + 1]]) {
                    if (a >= m || b >= n) continue;
                    if (vis[a][b] || grid[a][b] !== grid[x][y]) continue;
                    vis[a][b] = true;
                    q.push([a, b]);
                }
            }
            ans++;
        }
    }
    return ans;
}`;
    assert.equal(await complexityOf(js, 'javascript', 'regions'), 'O(m*n)');
    // (an index walk, and a guard whose condition the facts cut short)
    const ts = `function islands(grid: string[][]): number {
    const m = grid.length, n = grid[0].length;
    const vis: boolean[][] = Array.from({ length: m }, () => Array(n).fill(false));
    let ans = 0;
    for (let i = 0; i < m; ++i) {
        for (let j = 0; j < n; ++j) {
            if (grid[i][j] === '1' && !vis[i][j]) {
                vis[i][j] = true;
                const q: number[][] = [[i, j]];
                for (let k = 0; k < q.length; ++k) {
                    const [x, y] = q[k];
                    for (const [a, b] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
                        if (a >= 0 && a < m && b >= 0 && b < n && grid[a][b] === '1' && !vis[a][b]) {
                            vis[a][b] = true;
                            q.push([a, b]);
                        }
                    }
                }
                ans++;
            }
        }
    }
    return ans;
}`;
    assert.equal(await complexityOf(ts, 'typescript', 'islands'), 'O(m*n)');
  });

  it('near miss: a mark made anew for every start cell bounds one search, not all of them', async () => {
    const js = `function farthest(grid) {
    const m = grid.length, n = grid[0].length;
    let best = 0;
    for (let i = 0; i < m; ++i) {
        for (let j = 0; j < n; ++j) {
            const vis = Array.from({ length: m }, () => Array(n).fill(false));
            vis[i][j] = true;
            const q = [[i, j]];
            for (const [x, y] of q) {
                for (const [a, b] of [[x + 1, y], [x, y + 1]]) {
                    if (a >= m || b >= n) continue;
                    if (vis[a][b]) continue;
                    vis[a][b] = true;
                    q.push([a, b]);
                }
            }
            best = Math.max(best, q.length);
        }
    }
    return best;
}`;
    assert.equal(await complexityOf(js, 'javascript', 'farthest'), 'O(m^2*n^2 + m*n*k)');
  });
  it('the rest of an item split apart (`const [root, ...fs] = p.split(" ")`) is a view of the item', async () => {
    const code = `function groups(paths: string[]): number {
    let c = 0;
    for (const p of paths) {
        const [root, ...fs] = p.split(' ');
        for (const f of fs) {
            c += f.split('.').length + root.length;
        }
    }
    return c;
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'groups');
    assert.equal(complexity, 'O(L + n + m)');
    assert.match(basis!, /over the items of `paths` each work on their item/);
  });

  it('near miss: the rest of something else than the item keeps count × item size', async () => {
    const code = `function groupsAll(paths: string[], all: string[]): number {
    let c = 0;
    for (const p of paths) {
        const [root, ...fs] = all;
        for (const f of fs) {
            c += f.split('.').length + root.length;
        }
    }
    return c;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'groupsAll'), 'O(n*L + n*m)');
  });
  it('a list that takes items only under a mark that stays set holds each once: scans of `items[u]` add up', async () => {
    const code = `function lastLevel(g: number[][], items: string[][], start: number, k: number): number {
${LEVELS}    let c = 0;
    for (const u of q) {
        for (const x of items[u]) {
            c += x.length > 0 ? 1 : 0;
        }
    }
    return c;
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'lastLevel');
    assert.equal(complexity, 'O(n + k + m + p + q)');
    assert.doesNotMatch(basis!, /loop over `q`/);
  });

  it('near miss: a list filled without a mark may repeat items and keeps count × item size', async () => {
    const code = `function picked(items: string[][], order: number[]): number {
    const q: number[] = [];
    for (const u of order) {
        q.push(u);
    }
    let c = 0;
    for (const u of q) {
        for (const x of items[u]) {
            c += x.length > 0 ? 1 : 0;
        }
    }
    return c;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'picked'), 'O(n*m + k)');
  });
  it('a factory says its O(1) is the cost of building the function it returns, not of calling it', async () => {
    const ts = `function bindFirst(fn: Function, args: unknown[]): Function {
    return function (...rest: unknown[]) {
        return fn(...args.map((a) => (a === '_' ? rest.shift() : a)).concat(rest));
    };
}`;
    const [complexity, basis] = await claimOf(ts, 'typescript', 'bindFirst');
    assert.equal(complexity, 'O(1)');
    assert.match(basis!, /^builds and returns a function \(line 2\) without calling it/);
    const python = `def make_adder(k):
    def add(x):
        return x + k
    return add
`;
    assert.match(await basisOf(python, 'python', 'make_adder'), /^builds and returns a function \(line 4\)/);
  });

  it('near miss: a function that calls the function it defines keeps its own basis', async () => {
    const python = `def value(k):
    def add(x):
        return x + k
    return add(3)
`;
    assert.equal(await basisOf(python, 'python', 'value'), 'calls `add` (line 4)');
  });
  it('a list filled one entry per pass of nested loops, then sorted, sorts their passes: P log P', async () => {
    const code = `function kth(matrix: number[][], k: number): number {
    const m = matrix.length;
    const n = matrix[0].length;
    const all: number[] = [];
    for (let i = 0; i < m; ++i) {
        for (let j = 0; j < n; ++j) {
            all.push(matrix[i][j] * 2);
        }
    }
    all.sort((a, b) => b - a);
    return all[k - 1];
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'kth');
    assert.equal(complexity, 'O(m*n log m + m*n log n)');
    assert.match(basis!, /as long as the passes of the loop that filled it/);
  });

  it('near miss: a list grown by spreads (`all.push(...row)`) or by a loop over each row keeps its own size', async () => {
    const code = `function kthRows(matrix: number[][], k: number): number {
    const m = matrix.length;
    const all: number[] = [];
    for (let i = 0; i < m; ++i) {
        all.push(...matrix[i]);
    }
    all.sort((a, b) => b - a);
    return all[k - 1];
}`;
    assert.equal(await complexityOf(code, 'typescript', 'kthRows'), 'O(n log n + m)');
    // (nor does a loop over the rows' items, which runs the rows' total, not count × longest)
    const rows = `function flatSorted(nums: number[][]): number[] {
    const t: number[] = [];
    for (const row of nums) {
        for (const v of row) {
            t.push(v);
        }
    }
    t.sort((a, b) => a - b);
    return t;
}`;
    assert.equal(await complexityOf(rows, 'typescript', 'flatSorted'), 'O(n log n + L + m)');
  });
  it("a priority queue filled by `enqueue` with the two indexes of a cell holds the grid's cells (TS)", async () => {
    const code = `function cheapest(cost: number[][]): number {
    const m = cost.length;
    const n = cost[0].length;
    const dist = Array.from({ length: m }, () => Array(n).fill(Infinity));
    dist[0][0] = 0;
    const pq = new PriorityQueue<number[]>((a, b) => a[0] - b[0]);
    pq.enqueue([0, 0, 0]);
    while (!pq.isEmpty()) {
        const [d, i, j] = pq.dequeue();
        if (d > dist[i][j]) continue;
        for (const [x, y] of [[i + 1, j], [i, j + 1]]) {
            if (x < m && y < n && d + cost[x][y] < dist[x][y]) {
                dist[x][y] = d + cost[x][y];
                pq.enqueue([dist[x][y], x, y]);
            }
        }
    }
    return dist[m - 1][n - 1];
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'cheapest');
    assert.equal(complexity, 'O(m*k log p + m*n)');
    assert.match(basis!, /the work list `pq` holds cells of `cost`/);
  });

  it('near miss: a queue of cell numbers (`x * n + y`) carries no cell indexes and keeps its own size', async () => {
    const code = `function cheapestIds(cost: number[][]): number {
    const m = cost.length;
    const n = cost[0].length;
    const dist = Array.from({ length: m }, () => Array(n).fill(Infinity));
    const pq = new PriorityQueue<number[]>((a, b) => a[0] - b[0]);
    pq.enqueue([0, 0]);
    while (!pq.isEmpty()) {
        const [d, id] = pq.dequeue();
        const i = Math.floor(id / n), j = id % n;
        for (const [x, y] of [[i + 1, j], [i, j + 1]]) {
            if (x < m && y < n && d + cost[x][y] < dist[x][y]) {
                dist[x][y] = d + cost[x][y];
                pq.enqueue([dist[x][y], x * n + y]);
            }
        }
    }
    return dist[m - 1][n - 1];
}`;
    assert.equal(await complexityOf(code, 'typescript', 'cheapestIds'), 'O(m*n + k log k)');
  });
});
