// Loops counted by a number read out of the data: `for (j = 0; j < nums[i]; ++j)`,
// `for _ in range(cnt[c])`, `for k := 0; k < p.count; k++`. The count is a value stored in an
// element or a field of an item, and nothing in the code says how that value compares with the
// sizes of the input: a run length may add up to the output size, a stored count may be paid back
// by the pushes that made it, a weight may be unrelated to any size. Charging it as one more
// input size (`O(n·m)`) is a guess, so the loop's term carries a doubt (cost.ts: `doubted`), and a
// claim it dominates is withheld with the reason. Counts that are read (`len(xs[i])`,
// `grid[0].size()`) are sizes, not values, and amortised loops (counting sort) add their total
// elsewhere, so neither reaches here.
import type { LoopFlow } from '../model';

/**
 * The whole bound is one value read from the data: an element (`nums[i]`, `e[1]`, `dp[i][j]`) or
 * a field of another value (`p.count`, `e->v`). Expressions (`s[i] - 'a'`, a letter's offset,
 * bounded by the alphabet) and calls are left to the readings that handle them.
 */
export const READ_FROM_DATA =
  /^(?:[A-Za-z_$][\w$]*(?:\s*\[[^\][]*\])+|(?!(?:this|self|\$this)\s*(?:\.|->))[A-Za-z_$][\w$]*\s*(?:\.|->)\s*[A-Za-z_]\w*)$/;

/**
 * The doubt behind `bound`'s count when it is a number read from an element or a field of an
 * item (see above); undefined for sizes, counters and names the code binds to a size.
 */
export function dataValueDoubt(bound: LoopFlow['bound'], line: number): string | undefined {
  if (bound.kind !== 'linear' || bound.measure !== 'value' || bound.amortised || bound.alsoKeys?.length)
    return undefined;
  const key = bound.key.trim();
  if (!READ_FROM_DATA.test(key)) return undefined;
  // LeetCode's C signatures pass the length of each row of `int** grid` as `gridColSize[i]`: a size.
  if (/^[A-Za-z_]\w*ColSize\s*\[[^\]]+\]$/.test(key)) return undefined;
  return `the loop at line ${line} runs \`${key}\` times, a number read from the data, and the code does not show how it compares with the input's size (a run length or stored count may add up to one pass in all)`;
}

/**
 * The doubt behind a library call that builds `key` items (`str_repeat($c, $cnt[$c])`,
 * `array_fill(0, $e[1], 0)`) when that count is a number read from the data: as for a loop run
 * that many times, nothing says how it compares with the input's size.
 */
export function dataCountDoubt(name: string, key: string, line: number): string | undefined {
  if (!READ_FROM_DATA.test(key.trim())) return undefined;
  return `\`${name}\` (line ${line}) builds \`${key.trim()}\` items, a number read from the data, and the code does not show how it compares with the input's size (counts may add up to one pass in all)`;
}
