// Whether the code reads a collection of collections as a matrix — rows of one width — rather than
// as a list of items of their own sizes (words, adjacency lists). Work on every cell of a matrix is
// rows × width, and `O(n·m)` says so in the code's terms; `O(L + n)` (L the total size of the items,
// itemTotals.ts) says the same of a matrix but hides its shape, and a label for an n × n grid
// (`O(n^2)`) cannot be matched to it. Only what the code shows counts: it takes the first row's
// size as every row's width, transposes the collection, reads a cell and its mirror, or compares a
// row's index with a column's (the diagonal) — each needs rows that reach those columns.
import type { Flow, LoopFlow } from '../model';
import { escape } from '../extract/boundText';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** `collection` (looped over by `flow`, when the question comes from a loop) is read as a matrix. */
export function readsAsMatrix(est: Estimator, walk: Walk, collection: string, flow?: LoopFlow): boolean {
  if (!/^[\w$.]+$/.test(collection)) return false;
  const statements = statementsIn(est.facts, walk.unit);
  // (a long condition is cut in `code`; its whole text is kept in `condition`)
  const code = statements.map((s) => (s.condition ? `${s.condition}\n${s.code}` : s.code));
  if (takesWidth(collection, code) || transposes(collection, code) || mirroredCells(collection, code))
    return true;
  if (!flow) return false;
  const end = flow.endLine ?? flow.line;
  const inLoop = statements.filter((s) => s.line >= flow.line && s.line <= end).map((s) => s.code);
  return crossesIndexes(collection, flow, inLoop);
}

/** `len(grid[0])`, `grid[0].size()`, `grid[0].length`: the first row's size is every row's width. */
function takesWidth(collection: string, code: string[]): boolean {
  const first = `${escape(collection)}\\s*\\[\\s*0\\s*\\]`;
  const width = new RegExp(
    `\\b(?:len|size)\\s*\\(\\s*${first}\\s*\\)|\\b${first}\\s*(?:\\.|->)\\s*(?:size|length|len|Length|Count|count)\\b`,
  );
  return code.some((c) => width.test(c));
}

/** `zip(*grid)`: the columns of a matrix. */
function transposes(collection: string, code: string[]): boolean {
  const zip = new RegExp(`\\b(?:i?zip)\\(\\s*\\*\\s*${escape(collection)}\\s*\\)`);
  return code.some((c) => zip.test(c));
}

/** A cell and its mirror (`m[i][j]` and `m[j][i]`): rows and columns are the same indexes. */
function mirroredCells(collection: string, code: string[]): boolean {
  const cell = new RegExp(
    `(?<![\\w$.])${escape(collection)}\\s*\\[([^\\[\\]]+)\\]\\s*\\[([^\\[\\]]+)\\]`,
    'g',
  );
  const cells = new Set<string>();
  for (const c of code)
    for (const m of c.matchAll(cell))
      cells.add(`${m[1]!.replace(/\s+/g, '')}\u0000${m[2]!.replace(/\s+/g, '')}`);
  return [...cells].some((k) => {
    const [r, c] = k.split('\u0000') as [string, string];
    return r !== c && cells.has(`${c}\u0000${r}`);
  });
}

/**
 * Inside the loop over the rows, the row's index meets the index of a loop over the row: compared
 * (`i == j`, `i != j`, `i + j == n - 1`: the diagonals of a square) or swapped into a cell
 * (`words[j][i]`: the column index names a row).
 */
function crossesIndexes(collection: string, flow: LoopFlow, code: string[]): boolean {
  const row = indexName(flow);
  if (!row) return false;
  const items = itemNames(flow, collection);
  const columns = innerLoops(flow.body)
    .filter((l) => l.bound.kind === 'linear' && items.includes(l.bound.key))
    .map(indexName)
    .filter((n): n is string => !!n && n !== row);
  return columns.some((col) => {
    const [r, c] = [row, col].map(escape);
    return [
      `\\b${r}\\s*[!=]==?\\s*${c}\\b`,
      `\\b${c}\\s*[!=]==?\\s*${r}\\b`,
      `\\b(?:${r}\\s*\\+\\s*${c}|${c}\\s*\\+\\s*${r})\\s*[!=]==?`,
      `(?<![\\w$.])${escape(collection)}\\s*\\[\\s*${c}\\s*\\]\\s*\\[\\s*${r}\\s*\\]`,
    ].some((p) => code.some((line) => new RegExp(p).test(line)));
  });
}

/** The index a loop binds: its counter, or the first name of `for i, x in enumerate(xs)` / `for i, x := range xs`. */
function indexName(flow: LoopFlow): string | undefined {
  const names = flow.variable?.split(/[\s,()[\]&*:]+/).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n)) ?? [];
  if (flow.counting) return names.length === 1 ? names[0] : undefined;
  return names.length === 2 && names[0] !== '_' ? names[0] : undefined;
}

/** What a row is called inside the loop over `collection`: its item (`row`) or `grid[i]`. */
function itemNames(flow: LoopFlow, collection: string): string[] {
  const names = flow.variable?.split(/[\s,()[\]&*:]+/).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n)) ?? [];
  const last = names.at(-1);
  if (!last) return [];
  if (!flow.counting) return [last];
  const key = flow.bound.kind === 'linear' ? flow.bound.key : collection;
  return [...new Set([key, collection].map((c) => `${c}[${last}]`))];
}

/** Loops nested in `flows`, through branches, not inside another loop's body. */
function innerLoops(flows: Flow[]): LoopFlow[] {
  return flows.flatMap((f) =>
    f.kind === 'loop' ? [f] : f.kind === 'branch' ? f.arms.flatMap((arm) => innerLoops(arm)) : [],
  );
}
