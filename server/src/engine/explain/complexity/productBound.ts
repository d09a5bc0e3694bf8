// A loop counted to the product of two sizes (`for (int i = 0; i < m * n; ++i)`, a grid walked as
// one run of cells): its passes are m·n, not one size named `m * n`.
import { type Cost, linear, multiply } from './cost';
import type { Estimator, Walk } from './walk';

/** The passes of a loop whose bound is `a * b` (two names, neither fixed by the text); else undefined. */
export function productPasses(est: Estimator, bound: string, line: number, walk: Walk): Cost | undefined {
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
