// Java and Go spellings of a search's work list, for workListStates.ts (which reads Python's):
// a state pushed as an array or struct literal (`q.offer(new int[] {r, c, mask})`,
// `q = append(q, state{r, c, mask})`), popped by `q.poll()` or `q[0]`, marked in a table allocated
// with its shape (`new boolean[m][n][1 << k]`) or in a map keyed by the same literal
// (`seen[state{r, c, mask}] = true`), and guarded by sizes spelled `grid.length` or
// `grid[0].length()`. Each helper turns one of these into the Python form the states reading
// already understands — a tuple display `(r, c, mask)`, a dimension list, a size text — so the
// count of states stays one rule for every language.
import type { LanguageId } from '../../languages';
import { escape, splitArgs } from '../extract/boundText';

/** The languages whose work lists this module reads beside Python. */
export const TYPED_WORK_LISTS: ReadonlySet<LanguageId> = new Set<LanguageId>(['java', 'go']);

/**
 * An item written as a literal of an array or struct — Java `new int[] {a, b}`, `new int[]{a, b}`,
 * Go `state{a, b}`, `[]int{a, b}`, `[2]int{a, b}` — as the tuple display `(a, b)`; other text as is.
 */
export function typedItem(text: string): string {
  const t = text.trim();
  const m =
    /^new\s+[\w$.]+\s*(?:\[\s*\])+\s*\{([\s\S]*)\}$/.exec(t) ??
    /^(?:\[\d*\])*[A-Za-z_][\w.]*\s*\{([\s\S]*)\}$/.exec(t);
  return m ? `(${m[1]!.trim()})` : t;
}

/**
 * What each push onto one of `lists` adds, for the Java/Go forms: `q.add(x)` / `q.addLast(x)` /
 * `q.offerLast(x)` (Java, beside the `offer` / `push` workListStates.ts reads), Go's
 * `q = append(q, x, y)` and `heap.Push(&pq, x)`. The items come back as written (typedItem turns literals into tuples).
 */
export function typedPushes(code: string, lists: Set<string>): string[] {
  const found: string[] = [];
  for (const l of lists) {
    const e = escape(l);
    const java = new RegExp(
      `(?<![\\w$.])${e}\\s*\\.\\s*(?:add|addLast|addFirst|offerLast|offerFirst)\\s*\\(`,
      'g',
    );
    const go = new RegExp(`(?<![\\w$.])${e}\\s*=\\s*append\\s*\\(\\s*${e}\\s*,`, 'g');
    const heap = new RegExp(`\\bheap\\s*\\.\\s*Push\\s*\\(\\s*&?\\s*${e}\\s*,`, 'g');
    for (const m of [...code.matchAll(java), ...code.matchAll(go), ...code.matchAll(heap)]) {
      const args = callArgs(code, m.index! + m[0].length);
      if (args === undefined) continue;
      found.push(...(/append/.test(m[0]) ? splitArgs(args) : [args]));
    }
  }
  return found;
}

/** The text of a call's arguments from `from` (just after its `(`) to the matching `)`. */
function callArgs(code: string, from: number): string | undefined {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    if ('([{'.includes(code[i]!)) depth++;
    else if (')]}'.includes(code[i]!) && --depth < 0) return code.slice(from, i);
  }
  return undefined;
}

/**
 * A value that takes an item off one of `lists`: Java `q.poll()`, `q.pollFirst()`, `q.remove()`,
 * `q.removeFirst()`, `q.pop()`, `q.peek()`; Go `q[0]` (with `q = q[1:]` beside it),
 * `q[len(q)-1]` and `heap.Pop(&pq).(tuple)`.
 */
export function typedPop(value: string, lists: Set<string>): boolean {
  const v = value.trim();
  const names = [...lists].map(escape).join('|');
  return (
    new RegExp(
      `^(?:${names})\\s*\\.\\s*(?:poll|pollFirst|pollLast|remove|removeFirst|removeLast|pop|peek)\\s*\\(\\s*\\)$`,
    ).test(v) ||
    new RegExp(`^(${names})\\s*\\[\\s*(?:0|len\\(\\s*\\1\\s*\\)\\s*-\\s*1)\\s*\\]$`).test(v) ||
    new RegExp(
      `^heap\\s*\\.\\s*Pop\\s*\\(\\s*&?\\s*(?:${names})\\s*\\)(?:\\s*\\.\\s*\\([\\w.\\[\\]]+\\))?$`,
    ).test(v)
  );
}

/**
 * The dimensions of a table `table` allocated by the statements `writes` (name, value pairs): a
 * Java array allocation (`new boolean[m][n][1 << k]` → [m, n, 1 << k]), or Go's rows allocated one
 * by one (`dist := make([][]int, n)`, then `dist[i] = make([]int, k+1)` → [n, k+1]).
 */
export function typedTableDims(table: string, writes: [string, string][]): string[] | undefined {
  for (const [target, value] of writes) {
    if (target !== table) continue;
    const java = /^new\s+[\w$.]+\s*((?:\[[^[\]]+\])+)\s*$/.exec(value.trim());
    if (java) return [...java[1]!.matchAll(/\[([^[\]]+)\]/g)].map((d) => d[1]!.trim());
    const rows = /^make\s*\(\s*\[\]\[\][\w.]+\s*,\s*([^,()]+)\)$/.exec(value.trim());
    if (!rows) continue;
    const row = new RegExp(`^${escape(table)}\\s*\\[\\s*[\\w$]+\\s*\\]$`);
    const width = writes
      .filter(([t]) => row.test(t))
      .map(([, v]) => /^make\s*\(\s*\[\][\w.]+\s*,\s*([^,()]+)\)$/.exec(v.trim())?.[1])
      .find((w) => w);
    return width ? [rows[1]!.trim(), width.trim()] : undefined;
  }
  return undefined;
}

/**
 * A size spelled the Java way, as the Python `len(…)` the states reading understands:
 * `grid.length`, `grid[0].length()`, `grid.get(0).size()`, `xs.size()` → `len(grid)`, `len(grid[0])`, ….
 */
export function typedSize(text: string): string {
  return text.replace(
    /(?<![\w$.])([A-Za-z_$][\w$]*)(\[\s*0\s*\]|\s*\.\s*get\s*\(\s*0\s*\))?\s*\.\s*(?:length\s*(?:\(\s*\))?|size\s*\(\s*\))/g,
    (_, name: string, first?: string) => `len(${name}${first ? '[0]' : ''})`,
  );
}

/**
 * Go names a struct's fields where the state's type is declared (`type state struct{ r, c, mask
 * int }`): the names of each position, so `cur.r` reads as the first part of `cur`.
 */
export function structFields(declarations: string[], type: string): string[] | undefined {
  for (const d of declarations) {
    const m = new RegExp(`^type\\s+${escape(type)}\\s+struct\\s*\\{([^}]*)\\}`).exec(d.trim());
    if (!m) continue;
    const fields: string[] = [];
    for (const line of m[1]!.split(/[;\n]/)) {
      const names = /^\s*([A-Za-z_][\w]*(?:\s*,\s*[A-Za-z_][\w]*)*)\s+\S/.exec(line);
      if (names) fields.push(...names[1]!.split(',').map((n) => n.trim()));
    }
    return fields.length ? fields : undefined;
  }
  return undefined;
}
