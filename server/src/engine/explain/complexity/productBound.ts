// A loop counted to the product of two sizes (`for (int i = 0; i < m * n; ++i)`, a grid walked as
// one run of cells): its passes are m·n, not one size named `m * n`.
import { type Cost, linear, multiply } from './cost';
import type { Estimator, Walk } from './walk';

/** The passes of a loop whose bound is `a * b` (two names, neither fixed by the text); else undefined. */
export function productPasses(est: Estimator, bound: string, line: number, walk: Walk): Cost | undefined {
  const chosen = choicePasses(est, bound, line, walk);
  if (chosen) return chosen;
  // (a factor may be a row's size, `matrix.size() * matrix[0].size()`, kept as `matrix[0]`)
  const factor = String.raw`[A-Za-z_$][\w$.]*(?:\[\s*0\s*\](?:\.size\(\))?|\(\))?`;
  const factors = new RegExp(`^(${factor})\\s*\\*\\s*(${factor})$`).exec(bound.trim());
  if (!factors) return undefined;
  const [, a, b] = factors as unknown as [string, string, string];
  if (est.fixedSize(a) || est.fixedSize(b)) return undefined;
  const first = linear(
    est.resolveKey(a, walk),
    `loop over \`${bound}\` (line ${line}): \`${a}\` times \`${b}\` passes`,
  );
  return multiply(first, linear(est.resolveKey(b, walk), `\`${b}\` passes per \`${a}\``));
}

/**
 * Python `combinations(xs, r)` (also `combinations_with_replacement`) / `permutations(xs, r)` / `product(xs, repeat=r)` with r written as
 * a number (2 to 4), also over `zip(xs, ys)` / `enumerate(xs)` / a view (`cnt.keys()`): about |xs|^r
 * tuples, one pass each
 * — not one pass per item of `xs`.
 * `combinations(xs, 1)` and an r the code computes are left to the reading of `xs`.
 */
function choicePasses(est: Estimator, bound: string, line: number, walk: Walk): Cost | undefined {
  const m =
    /^(?:itertools\.)?(combinations(?:_with_replacement)?|permutations|product)\s*\(\s*(?:(?:zip|enumerate)\s*\(\s*)?([A-Za-z_][\w.]*?)(?:\.(?:keys|values|items)\(\))?(?:\s*,\s*[A-Za-z_][\w.]*)*\s*\)?\s*,\s*(?:r\s*=\s*|repeat\s*=\s*)?([2-4])\s*\)$/.exec(
      bound.trim(),
    );
  if (!m || (m[1] === 'product') !== /repeat/.test(bound)) return undefined;
  const [, how, list, r] = m as unknown as [string, string, string, string];
  if (est.fixedSize(list)) return undefined;
  const what = { combinations: 'choices', permutations: 'orderings', product: 'tuples' }[
    how.replace(/_with_replacement$/, '')
  ];
  const why = `loop over \`${bound}\` (line ${line}): the ${what} of ${r} items of \`${list}\`, |${list}|^${r} of them`;
  let cost = linear(est.resolveKey(list, walk), why);
  for (let i = 1; i < Number(r); i++) cost = multiply(cost, linear(est.resolveKey(list, walk), why));
  return cost;
}
