// Matrices as JavaScript, TypeScript, PHP and Rust write them, for the callee-sized-by-a-fixed-
// argument reading of fixedArguments.ts (matrix powers: `pow(a, n)` with `a = [[1, 1], [1, 0]]`
// multiplies 2×2 matrices whatever n is). That reading knew braced displays (`{{1, 1}, {1, 0}}`)
// and C-family counts of rows (`vector<…> c(m, …)`, `new int[m][n]`, `make([][]int, m)`); these
// languages write the same things as `[[1, 1], [1, 0]]`, `vec![vec![1, 1], vec![1, 0]]`,
// `Array.from({ length: m }, () => Array(n).fill(0))` and `vec![vec![0; n]; m]`.
import { topLevel } from '../extract/boundText';

export const BRACKET_DISPLAYS = /^(javascript|typescript|php|rust)$/;
/** A display of rows cut short by the model: `{{0, 0, …`, C# `{ new int[] {0, 0, …`, JS `[[0, 0, …`. */
export const CUT_SHORT = /^(?:\{\s*(?:new\s+[\w$.]+\s*\[\s*\]\s*)?\{|\[\s*\[|vec!\s*\[\s*vec!)/;

/** A JS/TS destructuring's names or values without their brackets: `[m, n]` → `m, n`. */
export function unbracketed(text: string | undefined): string | undefined {
  return text?.trim().replace(/^\[(.*)\]$/s, '$1');
}

/**
 * `[[1, 1], [1, 0]]` (JS/TS/PHP) or `vec![…]` (Rust) as the braced display `{[1, 1], [1, 0]}`
 * fixedArguments.ts reads (each element is converted again when it is read as a row); the text
 * unchanged for anything else. A spread (`[...xs]`), a repetition (`vec![0; n]`, whose count is
 * not written out) or a comprehension is no display: its length is not the number of elements written.
 */
export function asBraced(text: string, language: string): string {
  if (!BRACKET_DISPLAYS.test(language)) return text;
  const t = text.trim().replace(/;$/, '').trim();
  const inner = (language === 'rust' ? /^vec!\s*\[(.*)\]$/s : /^\[(.*)\]$/s).exec(t)?.[1];
  if (inner === undefined || topLevel(inner, ';') >= 0) return text;
  if (/(^|,)\s*\.\.\./.test(inner) || /\bfor\b/.test(inner)) return text;
  return `{${inner}}`;
}

/**
 * The count of rows a JS/TS or Rust allocation writes: `Array.from({ length: m }, …)`,
 * `new Array(m)` / `Array(m)`, `vec![…; m]`; undefined for anything else.
 */
export function rowCountOf(value: string, language: string): string | undefined {
  const v = value.trim().replace(/;$/, '').trim();
  if (language === 'javascript' || language === 'typescript')
    return (
      /^Array\.from\(\s*\{\s*length\s*:\s*([^{}]+?)\s*\}/.exec(v)?.[1] ??
      /^(?:new\s+)?Array\s*(?:<[^>]*>)?\(\s*([A-Za-z_$][\w$.]*)\s*\)/.exec(v)?.[1]
    );
  const inner = language === 'rust' ? /^vec!\s*\[(.*)\]$/s.exec(v)?.[1] : undefined;
  const at = inner === undefined ? -1 : topLevel(inner, ';');
  return at < 0 ? undefined : inner!.slice(at + 1).trim();
}
