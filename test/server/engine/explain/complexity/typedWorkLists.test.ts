// Golden cases for the twelfth round (issue 16): Java and Go work lists of search states — a BFS or
// Dijkstra pushing an array or struct literal (`q.offer(new int[] {r, c, mask})`,
// `heap.Push(&pq, item{d, v, k})`), marked in a table whose allocation shows its shape
// (`new boolean[m][n][1 << k]`, Go rows `make([]int, k+1)` one by one) — counted by their states
// as Python's are (workListStates.ts, typedWorkLists.ts). Each cause beside a near miss that must
// keep its answer. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { basisOf, complexityOf } from '../helpers';

const KEYS_JAVA = `class Solution {
    public int collect(String[] board) {
        int rows = board.length, cols = board[0].length();
        int keys = 0;
        for (String r : board) {
            for (char ch : r.toCharArray()) {
                if (ch >= 'a' && ch <= 'f') {
                    ++keys;
                }
            }
        }
        Deque<int[]> queue = new ArrayDeque<>();
        queue.offer(new int[] {0, 0, 0});
        boolean[][][] seen = new boolean[rows][cols][1 << keys];
        seen[0][0][0] = true;
        int[] d = {0, 1, 0, -1, 0};
        int steps = 0;
        while (!queue.isEmpty()) {
            for (int t = queue.size(); t > 0; --t) {
                int[] cur = queue.poll();
                int r = cur[0], c = cur[1], mask = cur[2];
                if (mask == (1 << keys) - 1) return steps;
                for (int h = 0; h < 4; ++h) {
                    int nr = r + d[h], nc = c + d[h + 1];
                    if (nr >= 0 && nr < rows && nc >= 0 && nc < cols) {
                        int nm = mask | (1 << (board[nr].charAt(nc) - 'a'));
                        if (!seen[nr][nc][nm]) {
                            seen[nr][nc][nm] = true;
                            queue.offer(new int[] {nr, nc, nm});
                        }
                    }
                }
            }
            ++steps;
        }
        return -1;
    }
}
`;

const HOPS_JAVA = `class Solution {
    public int cheapest(int n, int[][] roads, int src, int dst, int k) {
        List<int[]>[] adj = new List[n];
        Arrays.setAll(adj, i -> new ArrayList<>());
        for (int[] r : roads) {
            adj[r[0]].add(new int[] {r[1], r[2]});
        }
        int[][] best = new int[n][k + 1];
        for (int[] row : best) {
            Arrays.fill(row, Integer.MAX_VALUE);
        }
        best[src][0] = 0;
        PriorityQueue<int[]> heap = new PriorityQueue<>((a, b) -> a[0] - b[0]);
        heap.offer(new int[] {0, src, 0});
        while (!heap.isEmpty()) {
            int[] top = heap.poll();
            int cost = top[0], u = top[1], used = top[2];
            for (int[] e : adj[u]) {
                int v = e[0];
                if (used < k && best[v][used + 1] > cost) {
                    best[v][used + 1] = cost;
                    heap.offer(new int[] {cost, v, used + 1});
                }
                if (best[v][used] > cost + e[1]) {
                    best[v][used] = cost + e[1];
                    heap.offer(new int[] {cost + e[1], v, used});
                }
            }
        }
        return best[dst][k];
    }
}
`;

const HOPS_GO = `func cheapest(n int, roads [][]int, src, dst, k int) int {
	adj := make([][][2]int, n)
	for _, r := range roads {
		adj[r[0]] = append(adj[r[0]], [2]int{r[1], r[2]})
	}
	best := make([][]int, n)
	for i := range best {
		best[i] = make([]int, k+1)
		for j := range best[i] {
			best[i][j] = math.MaxInt32
		}
	}
	best[src][0] = 0
	pq := hp{{0, src, 0}}
	for len(pq) > 0 {
		top := heap.Pop(&pq).(item)
		cost, u, used := top.cost, top.u, top.used
		for _, e := range adj[u] {
			v := e[0]
			if used < k && best[v][used+1] > cost {
				best[v][used+1] = cost
				heap.Push(&pq, item{cost, v, used + 1})
			}
			if best[v][used] > cost+e[1] {
				best[v][used] = cost + e[1]
				heap.Push(&pq, item{cost + e[1], v, used})
			}
		}
	}
	return best[dst][k]
}

type item struct{ cost, u, used int }
type hp []item

func (h hp) Len() int           { return len(h) }
func (h hp) Less(i, j int) bool { return h[i].cost < h[j].cost }
func (h hp) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *hp) Push(v any)        { *h = append(*h, v.(item)) }
func (h *hp) Pop() any          { a := *h; v := a[len(a)-1]; *h = a[:len(a)-1]; return v }
`;

const WALK_JAVA = `class Solution {
    public int steps(List<List<Integer>> cells, int limit) {
        int h = cells.size();
        int w = cells.get(0).size();
        int[][] cost = new int[h][w];
        for (int[] row : cost) {
            Arrays.fill(row, Integer.MAX_VALUE);
        }
        cost[0][0] = 0;
        Deque<int[]> todo = new ArrayDeque<>();
        todo.offer(new int[] {0, 0});
        int[] d = {0, 1, 0, -1, 0};
        while (!todo.isEmpty()) {
            int[] at = todo.poll();
            int r = at[0], c = at[1];
            for (int i = 0; i < 4; i++) {
                int nr = r + d[i], nc = c + d[i + 1];
                if (nr >= 0 && nr < h && nc >= 0 && nc < w && cost[nr][nc] > cost[r][c] + cells.get(nr).get(nc)) {
                    cost[nr][nc] = cost[r][c] + cells.get(nr).get(nc);
                    todo.offer(new int[] {nr, nc});
                }
            }
        }
        return cost[h - 1][w - 1] < limit ? 1 : 0;
    }
}
`;

const JUMPS_JAVA = `class Solution {
    public int jumps(String[] rows) {
        int m = rows.length, n = rows[0].length();
        Map<Character, List<int[]>> portals = new HashMap<>();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                char c = rows[i].charAt(j);
                if (Character.isLetter(c)) {
                    portals.computeIfAbsent(c, x -> new ArrayList<>()).add(new int[] {i, j});
                }
            }
        }
        int[][] dist = new int[m][n];
        for (int[] row : dist) {
            Arrays.fill(row, Integer.MAX_VALUE);
        }
        dist[0][0] = 0;
        Deque<int[]> q = new ArrayDeque<>();
        q.add(new int[] {0, 0});
        while (!q.isEmpty()) {
            int[] cur = q.pollFirst();
            int i = cur[0], j = cur[1];
            char c = rows[i].charAt(j);
            if (portals.containsKey(c)) {
                for (int[] p : portals.get(c)) {
                    if (dist[i][j] < dist[p[0]][p[1]]) {
                        dist[p[0]][p[1]] = dist[i][j];
                        q.addFirst(new int[] {p[0], p[1]});
                    }
                }
                portals.remove(c);
            }
            if (i + 1 < m && dist[i][j] + 1 < dist[i + 1][j]) {
                dist[i + 1][j] = dist[i][j] + 1;
                q.addLast(new int[] {i + 1, j});
            }
        }
        return dist[m - 1][n - 1];
    }
}
`;

const NODES_JAVA = `class Solution {
    public int reach(int n, int[][] edges) {
        List<Integer>[] g = new List[n];
        Arrays.setAll(g, i -> new ArrayList<>());
        for (int[] e : edges) {
            g[e[0]].add(e[1]);
        }
        boolean[] seen = new boolean[n];
        Deque<Integer> q = new ArrayDeque<>();
        q.offer(0);
        seen[0] = true;
        int count = 0;
        while (!q.isEmpty()) {
            int u = q.poll();
            ++count;
            for (int v : g[u]) {
                if (!seen[v]) {
                    seen[v] = true;
                    q.offer(v);
                }
            }
        }
        return count;
    }
}
`;

const KEYS_GO = `func collect(board []string) int {
	rows, cols := len(board), len(board[0])
	keys := 0
	for _, r := range board {
		for _, ch := range r {
			if ch >= 'a' && ch <= 'f' {
				keys++
			}
		}
	}
	type state struct{ r, c, mask int }
	queue := []state{state{0, 0, 0}}
	seen := map[state]bool{state{0, 0, 0}: true}
	d := []int{0, 1, 0, -1, 0}
	steps := 0
	for len(queue) > 0 {
		for t := len(queue); t > 0; t-- {
			cur := queue[0]
			queue = queue[1:]
			r, c, mask := cur.r, cur.c, cur.mask
			if mask == 1<<keys-1 {
				return steps
			}
			for h := 0; h < 4; h++ {
				nr, nc := r+d[h], c+d[h+1]
				if nr >= 0 && nr < rows && nc >= 0 && nc < cols {
					nm := mask | 1<<(board[nr][nc]-'a')
					if !seen[state{nr, nc, nm}] {
						seen[state{nr, nc, nm}] = true
						queue = append(queue, state{nr, nc, nm})
					}
				}
			}
		}
		steps++
	}
	return -1
}
`;

describe('explain complexity: Java and Go work lists of search states', () => {
  it('a Java BFS over (row, col, mask) is sized by `new boolean[rows][cols][1 << keys]`', async () => {
    const claim = await complexityOf(KEYS_JAVA, 'java', 'collect');
    assert.match(claim ?? '', /^O\(2\^k\*n\*m\)$/);
    assert.match(
      await basisOf(KEYS_JAVA, 'java', 'collect'),
      /holds search states .*`seen` marks each state/,
    );
  });

  it('a Java Dijkstra over (node, hops) is sized by its distance table `new int[n][k + 1]`', async () => {
    assert.match((await complexityOf(HOPS_JAVA, 'java', 'cheapest')) ?? '', /^O\(n\*k log m\b/);
  });

  it("Go's `heap.Push(&pq, item{…})` over a table allocated row by row (`make([]int, k+1)`) counts n·k states", async () => {
    assert.match((await complexityOf(HOPS_GO, 'go', 'cheapest')) ?? '', /^O\(n\*k log m\b/);
    assert.match(await basisOf(HOPS_GO, 'go', 'cheapest'), /`best` marks each state/);
  });

  it('a width spelled `cells.get(0).size()` and held by the guards names the grid: rows × width states', async () => {
    assert.match((await complexityOf(WALK_JAVA, 'java', 'steps')) ?? '', /^O\(n\*m\b/);
    assert.match(await basisOf(WALK_JAVA, 'java', 'steps'), /holds search states/);
  });

  it('near miss: a portal list read as `portals.get(c)` inside the drained loop is shared, not one more factor', async () => {
    const claim = (await complexityOf(JUMPS_JAVA, 'java', 'jumps')) ?? '';
    assert.doesNotMatch(claim, /\w\*\w\*\w/);
    assert.match(claim, /^O\(m\*n\b/);
  });

  it('near miss: a BFS over plain graph nodes keeps the drain reading, O(n + m)', async () => {
    assert.equal(await complexityOf(NODES_JAVA, 'java', 'reach'), 'O(n + m + k + p)');
  });

  it('near miss: a Go map keyed by a struct whose mask part no guard holds is no count of states', async () => {
    const claim = (await complexityOf(KEYS_GO, 'go', 'collect')) ?? '';
    assert.doesNotMatch(claim, /2\^/);
  });
});
