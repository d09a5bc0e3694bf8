// A work list whose items are cells of a grid: a BFS or Dijkstra over a matrix pushes the two
// indexes of the cell it reads (`heappush(heap, (grid[ni][nj], ni, nj))`, `q.append((nr, nc))`
// beside `grid[nr][nc]`). Its items are at most rows × width (each cell is pushed once per
// neighbour that reaches it at most, as the drain rule already assumes of any work list), so the
// loop draining it runs O(n·m) passes in the grid's own sizes — where the work list's own letter
// (`O(q)`) names a size the input does not have. Also a table of states (`dist[v][k]` beside
// `heappush(pq, (d, v, k))`): rows × width states.
import type { LoopFlow } from '../model';
import { balanced, escape, splitArgs } from '../extract/boundText';
import { statementsIn } from './traversal';
import { readsAsMatrix } from './matrixShape';
import type { Estimator, Walk } from './walk';

/**
 * A push of a tuple onto `list`: `list.append((a, b))`, `heappush(list, (d, a, b))`, Go's
 * `heap.Push(&list, tuple{d, a, b})` (a struct literal of the list's item type), and C++'s
 * forms that build the tuple from the call's own arguments (`q.emplace(d, r, c)`,
 * `q.emplace_back(r, c)`; `q.push({r, c})` is the bracketed form).
 */
function pushedTuple(code: string, list: string): string[] | undefined {
  const l = escape(list);
  const direct = new RegExp(
    `(?<![\\w$.])${l}\\s*\\.\\s*(?:emplace|emplace_back|emplace_front)\\s*\\((.*)\\)`,
  ).exec(code);
  if (direct) {
    const args = direct[1]!;
    const end = closingParen(args);
    const parts = splitArgs(end < 0 ? args : args.slice(0, end)).map((p) => p.replace(/\s+/g, ''));
    if (parts.length >= 2) return parts;
  }
  const m = new RegExp(
    `(?:(?<![\\w$.])${l}\\s*\\.\\s*(?:append|appendleft|add|addFirst|addLast|push|push_back|push_front|emplace|emplace_back|offer|offerFirst|offerLast|put|enqueue|Enqueue)\\s*\\(|\\bheappush\\s*\\(\\s*${l}\\s*,|\\bheap\\.Push\\s*\\(\\s*&?${l}\\s*,)\\s*(?:new\\s+\\w+\\s*(?:\\[\\s*\\]\\s*)+|[A-Za-z_]\\w*(?=\\s*\\{))?[([{](.*)[)\\]}]\\s*\\)`,
  ).exec(code);
  if (!m || !balanced(m[1]!)) return undefined;
  const parts = splitArgs(m[1]!).map((p) => p.replace(/\s+/g, ''));
  return parts.length >= 2 ? parts : undefined;
}

/**
 * A pushed tuple carries index `a`: as a part, or stepped to a neighbour (`i + dir.first`,
 * `r - 1`), a cell beside the one read.
 */
function carries(tuple: string[], a: string): boolean {
  return tuple.some(
    (p) => p === a || (/^[A-Za-z_$][\w$]*$/.test(a) && new RegExp(`^${escape(a)}[+-](?![+-])`).test(p)),
  );
}

/** The index of the `)` closing a call whose arguments start `text`, or -1. */
export function closingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if ('([{'.includes(text[i]!)) depth++;
    else if (')]}'.includes(text[i]!) && --depth < 0) return i;
  }
  return -1;
}

/**
 * The grid whose cells the work list drained by `flow` holds, when every push inside the loop
 * carries both indexes of a cell the loop reads (`G[a][b]`, `a` and `b` among the tuple's parts):
 * a parameter or other name the function does not fill itself is preferred as the grid.
 */
export function workListGrid(est: Estimator, flow: LoopFlow, walk: Walk): string | undefined {
  // (a counter beside the drain, `for (d = 1; !pq.isEmpty(); ++d)`, holds no item)
  if (flow.bound.kind !== 'linear' || flow.bound.amortised !== 'drains' || (flow.variable && !flow.counting))
    return undefined;
  const list = flow.bound.key;
  if (!/^[\w$.]+$/.test(list)) return undefined;
  const end = flow.endLine ?? flow.line;
  const inLoop = statementsIn(est.facts, walk.unit).filter((s) => s.line >= flow.line && s.line <= end);
  // A level replaced by the next one (`q = new_q`): the pushes onto the next level fill it.
  // C++ moves or swaps the next level in (`q = move(next_q)`, `swap(q, next_q)`, `q.swap(next_q)`).
  const lists = new Set([list]);
  const own = escape(list);
  for (const s of inLoop) {
    const moved = /^(?:(?:std::)?move\s*\(\s*([\w$.]+)\s*\)|([\w$.]+))$/.exec(s.value?.trim() ?? '');
    if (s.kind === 'assignment' && s.target?.trim() === list && moved) lists.add((moved[1] ?? moved[2])!);
    const swapped =
      new RegExp(
        `^(?:std::)?swap\\s*\\(\\s*(?:${own}\\s*,\\s*([\\w$.]+)|([\\w$.]+)\\s*,\\s*${own})\\s*\\)`,
      ).exec(s.code.trim()) ??
      new RegExp(`^${own}\\s*\\.\\s*swap\\s*\\(\\s*([\\w$.]+)\\s*\\)`).exec(s.code.trim());
    if (swapped) lists.add((swapped[1] ?? swapped[2])!);
  }
  const pushed = inLoop.flatMap((s) =>
    [...lists].map((l) => pushedTuple(s.code, l)).filter((t): t is string[] => !!t),
  );
  const pushes = inLoop.filter((s) =>
    [...lists].some((l) =>
      new RegExp(
        `(?<![\\w$.])${escape(l)}\\s*\\.\\s*(?:append|appendleft|add|push|put|offer|push_back|push_front|emplace|emplace_back|emplace_front|enqueue|Enqueue)\\b|\\bheappush\\s*\\(\\s*${escape(l)}\\b|\\bheap\\.Push\\s*\\(\\s*&?${escape(l)}\\b`,
      ).test(s.code),
    ),
  );
  // Every push is a tuple the rule can read.
  if (!pushed.length || pushed.length !== pushes.length) return undefined;
  const cell = /(?<![\w$.])([A-Za-z_$][\w$.]*)\s*\[([^[\]]+)\]\s*\[([^[\]]+)\]/g;
  const grids: string[] = [];
  for (const s of inLoop)
    for (const m of s.code.matchAll(cell)) {
      const [a, b] = [m[2]!, m[3]!].map((x) => x.replace(/\s+/g, ''));
      if (a !== b && /[A-Za-z_$]/.test(a + b) && pushed.every((t) => carries(t, a!) && carries(t, b!)))
        grids.push(m[1]!);
    }
  // Rows of one width: the code reads the collection as a matrix (`len(grid[0])`, matrixShape.ts)
  // or builds it so (`[[INF] * (k + 1) for _ in range(n)]`). Lists of their own lengths (an
  // adjacency list, a schedule per employee) hold their items' total, not rows × width.
  const built = (g: string) =>
    statementsIn(est.facts, walk.unit).some(
      (s) =>
        (s.kind === 'assignment' || s.kind === 'declaration') &&
        s.target?.trim() === g &&
        /^\[\s*\[[^\]]*\]\s*\*\s*[^\]]+\bfor\b/.test(s.value ?? ''),
    );
  const candidates = [...new Set(grids)].filter(
    (g) => !est.fixedSize(g, walk.unit) && g !== list && (readsAsMatrix(est, walk, g) || built(g)),
  );
  const filled = (g: string) =>
    statementsIn(est.facts, walk.unit).some(
      (s) => (s.kind === 'assignment' || s.kind === 'declaration') && s.target?.trim() === g,
    );
  return candidates.find((g) => !filled(g)) ?? candidates[0];
}
