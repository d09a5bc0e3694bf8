// Backtracking that builds permutations: every level loops over the same whole collection (or
// the items not chosen yet) and recurses one level deeper, so level k tries the n − k items left —
// n·(n − 1)·… = n! calls, not 2^n. What separates it from subsets and combinations is what the
// call passes: `dfs(i + 1)` (the loop's own counter) picks items in increasing order, each item in
// or out — 2^n; `dfs(depth + 1)`, `backtrack(first + 1)` after a swap, or `perms(xs[:i] + xs[i+1:])`
// (the collection without the chosen item) lets every remaining item come next — n!.
import type { Unit } from '../model';
import { statementsIn } from './traversal';
import { loopsAroundSelfCalls } from './treeWalk';
import type { Estimator } from './walk';
import { escape } from '../extract/boundText';

/** The names a loop binds (`i`, `x`; Go's `i, x`; `const auto& x`; `(i, x)`), without types. */
function loopNames(variable: string | undefined): string[] {
  if (!variable) return [];
  return variable
    .replace(/^[(\s]+|[)\s]+$/g, '')
    .split(',')
    .map((v) =>
      v
        .trim()
        .replace(/^(?:final\s+|const\s+|let\s+|var\s+|mut\s+)*/, '')
        .replace(/^(?:auto|int|long|var|Integer|char|String|usize|i32|i64)\s*[&*]*\s*/, '')
        .replace(/^[&*\s]+/, '')
        .replace(/\s*:.*$/, '')
        .trim(),
    )
    .filter((v) => /^[A-Za-z_$][\w$]*$/.test(v) && v !== '_');
}

/**
 * What is left of a call argument once the chosen item's own uses are taken out: element reads
 * `xs[i]`, a one-item list `[x]`, and the two slices around it (`xs[:i]`, `xs[i + 1:]`,
 * `xs.slice(0, i)`, `xs.slice(i + 1)`) that pass the collection without the item.
 */
function withoutChosenItem(arg: string, name: string): string {
  const v = escape(name);
  return arg
    .replace(new RegExp(`\\[\\s*:\\s*${v}\\s*\\]`, 'g'), '')
    .replace(new RegExp(`\\[\\s*${v}\\s*\\+\\s*1\\s*:\\s*\\]`, 'g'), '')
    .replace(new RegExp(`\\.slice\\(\\s*0\\s*,\\s*${v}\\s*\\)`, 'g'), '')
    .replace(new RegExp(`\\.slice\\(\\s*${v}\\s*\\+\\s*1\\s*\\)`, 'g'), '')
    .replace(new RegExp(`\\[\\s*${v}\\s*\\]`, 'g'), '');
}

/**
 * The collection a permutation search chooses from, when every recursive call of `unit` sits in a
 * loop over one whole collection (a plain name or a count, not an element such as
 * `letters[digits[i]]`, whose lists differ per level; not a fixed-size one such as the nine
 * digits of a Sudoku) and no call passes the loop's counter or item on (other than the chosen
 * element and the slices around it).
 */
export function permutationChoices(est: Estimator, unit: Unit): { list: string; line: number } | undefined {
  const around = loopsAroundSelfCalls(unit.body, unit);
  if (around.length === 0) return undefined;
  // Arguments that are locals built in the unit (`rest = nums[:i] + nums[i+1:]`) are read as built.
  const built = new Map<string, string>();
  for (const s of statementsIn(est.facts, unit))
    if ((s.kind === 'assignment' || s.kind === 'declaration') && s.target && s.value)
      built.set(s.target.trim().replace(/^.*\s/, ''), s.value);
  let found: { list: string; line: number } | undefined;
  for (const { loop, call } of around) {
    if (loop.bound.kind !== 'linear' || loop.bound.amortised) return undefined;
    const list = loop.bound.key;
    if (!/^[\w$.]+$/.test(list) || est.fixedSize(list, unit)) return undefined;
    // A local read from an element (`s = d[digits[i] - '2']`, `let s = &d[…]`) is a per-level list.
    if (/^[&*\s]*[\w$.]+\s*\[/.test(built.get(list) ?? '')) return undefined;
    const names = loopNames(loop.variable);
    if (names.length === 0) return undefined;
    for (const raw of call.args) {
      const arg = built.get(raw.trim()) ?? raw;
      const rest = names.reduce((a, n) => withoutChosenItem(a, n), arg);
      if (names.some((n) => new RegExp(`(^|[^\\w$.])${escape(n)}\\b`).test(rest))) return undefined;
    }
    found ??= { list, line: loop.line };
  }
  return found;
}
