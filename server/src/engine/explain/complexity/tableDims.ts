// The lengths a JS/TS or PHP table is allocated with, outermost first: `Array.from({ length: m },
// () => Array(2).fill(-1))` → ['m', '2'], `Array(n).fill(0).map(() => new Array(26).fill(0))` →
// ['n', '26'], `array_fill(0, $n, array_fill(0, 2, -1))` → ['$n', '2']. These languages spell a
// table's shape in nested calls rather than in a type (`new int[n][2]`, `make([][2]int, n)`), so
// a memo table `f[i][pre]` of m × 2 entries was counted as two input sizes (m·k) instead of m.

/**
 * The length arguments of nested JS/TS array allocations or PHP `array_fill` calls in `value`, in
 * the order they appear (the outer call's length comes first in each form), or undefined when the
 * value allocates none of them.
 */
export function allocatedLengths(value: string): string[] | undefined {
  const v = value.trim();
  // PHP: `array_fill(start, count, value)`; the count is the second argument.
  if (/^array_fill\s*\(/.test(v))
    return [...v.matchAll(/\barray_fill\s*\(\s*[^,()]+,\s*([^,()]+?)\s*,/g)].map((m) => m[1]!);
  if (!/^(?:new\s+)?Array\s*(?:\(|\.from\s*\()/.test(v)) return undefined;
  const lengths: string[] = [];
  // `{ length: m }` and `Array(m)` / `new Array(m)` (not `Array.from(`), in order of appearance.
  for (const m of v.matchAll(
    /\{\s*length\s*:\s*([^,{}]+?)\s*\}|(?:^|[^\w$.])(?:new\s+)?Array\s*\(\s*([^(),]*?)\s*\)/g,
  ))
    lengths.push((m[1] ?? m[2])!);
  return lengths.length ? lengths : undefined;
}

/** The number of `allocatedLengths` that are literal integers (`Array(2)`, `array_fill(0, 26, 0)`). */
export function literalLengths(value: string): number {
  return (allocatedLengths(value) ?? []).filter((l) => /^\d+$/.test(l)).length;
}

/**
 * The names a table's lengths are, outermost first, for its lengths that are not literal
 * (`Array.from({ length: m }, () => Array(2))` → ['m'], `array_fill(0, $n + 1, array_fill(0, $k,
 * 0))` → ['$n', '$k']): a constant more or less is the same size, and an expression that is not a
 * plain name (`n * m`) is undefined. The table holds one row per unit of its outer length, so its
 * states are counted in those names — and in what they stand for (`m = n.toString(2).length` is
 * the number of bits of n, a logarithm).
 */
export function lengthNames(value: string): (string | undefined)[] {
  return (allocatedLengths(value) ?? [])
    .filter((l) => !/^\d+$/.test(l))
    .map((l) => /^(\$?[A-Za-z_][\w$]*)(?:\s*[+-]\s*\d+)?$/.exec(l)?.[1]);
}

/**
 * The dimensions of a table allocated by a comprehension or repetition:
 * `[[INF] * (1 << k) for _ in range(n)]` → [n, 1 << k]; `[[False] * C for _ in range(R)]` → [R, C].
 */
export function pythonTableDims(value: string): string[] | undefined {
  const v = value.trim();
  const comp = /^\[\s*(.*)\s+for\s+[\w$]+\s+in\s+x?range\(\s*([^()]*(?:\([^()]*\)[^()]*)*)\s*\)\s*\]$/s.exec(
    v,
  );
  if (comp) {
    const inner = pythonTableDims(comp[1]!);
    return inner ? [comp[2]!, ...inner] : [comp[2]!];
  }
  const rep = /^\[\s*([^[\]]*|\[.*\])\s*\]\s*\*\s*(.+)$/s.exec(v);
  if (rep) {
    const inner = /^\[/.test(rep[1]!.trim()) ? pythonTableDims(rep[1]!.trim()) : [];
    return inner ? [...inner, rep[2]!] : undefined;
  }
  return /^\[.*\]$/s.test(v) ? [] : undefined;
}
