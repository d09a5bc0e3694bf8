// Comprehension clauses in an expression's text (`[[0] * k for _ in range(n)]`, `sum(a * b for a, b
// in zip(row, col))`). The `for … in …` clauses say how many items a comprehension makes and what
// it walks, so a text cut for the model must keep them, and readers of a table's shape or a
// function's result read its rows from the outermost clause.

/** Index just after the iterable of the `for … in` clause whose `in` ends at `from`. */
function iterableEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth < 0) return i;
    else if (depth === 0 && /^\s(?:if|for|async for)\s/.test(text.slice(i, i + 11))) return i;
  }
  return text.length;
}

/** `for x in`, `for i, (a, b) in` inside brackets: a comprehension clause (index of its end). */
const CLAUSE = /(?<![\w$.])for\s+(?:[\w$]+|\([^()]*\))(?:\s*,\s*(?:[\w$]+|\([^()]*\)))*\s+in\s+/g;

/**
 * The index just after the iterable of the last comprehension clause in `flat` (a `for … in` inside
 * brackets), or 0 when there is none. In a nested comprehension the last clause is the outermost
 * (`[[… for j in xrange(b)] for i in xrange(a)]`), so a cut after it keeps every clause.
 */
export function clausesEnd(flat: string): number {
  let end = 0;
  for (const m of flat.matchAll(CLAUSE)) {
    const before = flat.slice(0, m.index);
    const opened = (before.match(/[([{]/g)?.length ?? 0) - (before.match(/[)\]}]/g)?.length ?? 0);
    if (opened > 0) end = iterableEnd(flat, m.index + m[0].length);
  }
  return end;
}

/**
 * The iterable of the outermost clause of a list comprehension written as the whole of `value`
 * (`[[…] for i in xrange(len(A))]` → `xrange(len(A))`); undefined for anything else.
 */
export function outerIterable(value: string): string | undefined {
  const v = value.trim();
  if (!v.startsWith('[') || !v.endsWith(']')) return undefined;
  let outer: RegExpExecArray | undefined;
  let depth = 0;
  let last = 0;
  for (const m of v.matchAll(CLAUSE)) {
    for (let i = last; i < m.index; i++) {
      if ('([{'.includes(v[i]!)) depth++;
      else if (')]}'.includes(v[i]!)) depth--;
    }
    last = m.index;
    if (depth === 1) outer = m;
  }
  if (!outer) return undefined;
  const start = outer.index + outer[0].length;
  const end = iterableEnd(v, start);
  return end === v.length - 1 ? v.slice(start, end).trim() : undefined;
}

/**
 * How many rows a comprehension makes, as a count the readers of sizes know: `len(A)` for
 * `xrange(len(A))`, `n` for `range(n)`, the walked collection itself (`A`) for `for row in A`.
 */
export function comprehensionRows(value: string): string | undefined {
  const iterable = outerIterable(value);
  if (!iterable) return undefined;
  const range = /^x?range\(\s*([^,()]*(?:\([^()]*\))?[^,()]*)\s*\)$/.exec(iterable);
  if (range) return range[1]!.trim();
  // (`zip(*B)` has as many items as B's rows have columns: not a count of B itself.)
  return /^[A-Za-z_$][\w$]*$/.test(iterable) ? iterable : undefined;
}
