// Backtracking whose depth a literal caps: the search stops once the path it grows before each
// call holds a fixed number of items (`if (t.size() == 4) return;`, `if len(path) == 3: …`), as
// when an address is cut into its four parts. Its calls number at most b^K for K the literal and b
// the choices of one level — a constant when a level tries a fixed window (`j < i + 3`), n^K when
// it tries every item — never the 2^n of a search as deep as its input. Which of these the labels
// and the code agree on rests on the window and on the work at a leaf, which the analyser does not
// price together: the claim is withheld with the reason instead of reporting 2^n.
import type { Unit } from '../model';
import { statementsIn } from './traversal';
import type { Estimator } from './walk';

const GROWS = /^(add|append|push|push_back|emplace_back|Add|addLast|offer)$/;

/** The path and literal that cap `unit`'s recursion depth, or undefined. */
export function literalDepthCap(
  est: Estimator,
  unit: Unit,
  callLines: number[],
): { path: string; cap: string; line: number } | undefined {
  const first = Math.min(...callLines);
  const statements = statementsIn(est.facts, unit);
  for (const s of statements) {
    if (s.kind !== 'if' || s.line >= first) continue;
    const c = s.condition ?? '';
    const m =
      /(?:\blen\(\s*([A-Za-z_]\w*)\s*\)|(?<![\w.])([A-Za-z_]\w*)\s*\.\s*(?:size\(\)|Count|length(?:\(\))?|len\(\)|Length))\s*(?:===?|>=)\s*(\d+)\b/.exec(
        c,
      );
    if (!m) continue;
    const path = (m[1] ?? m[2])!;
    // The path grows before a recursive call (`t.add(x); dfs(j + 1)`, `t = append(t, x)`).
    const grown = statements.some(
      (g) =>
        g.line > s.line &&
        g.line < Math.max(...callLines) &&
        ((g.kind === 'call' &&
          new RegExp(`^(?:this\\.)?${path}\\s*(?:\\.|->)\\s*(\\w+)$`)
            .exec(g.callee ?? '')?.[1]
            ?.match(GROWS)) ||
          (g.kind === 'assignment' &&
            new RegExp(`^${path}\\s*=\\s*append\\s*\\(\\s*${path}\\s*,`).test(g.code.trim()))),
    );
    if (grown) return { path, cap: m[3]!, line: s.line };
  }
  return undefined;
}

/** The reason to withhold a backtracking claim whose depth a literal caps (see above), or undefined. */
export function depthCapDoubt(
  est: Estimator,
  unit: Unit,
  callLines: number[],
  at: string,
): string | undefined {
  const capped = literalDepthCap(est, unit, callLines);
  if (!capped) return undefined;
  return `\`${unit.name}\` recurses inside a loop (${at}) but stops once \`${capped.path}\` holds ${capped.cap} items (line ${capped.line}): the depth is capped by that literal, so the calls number at most b^${capped.cap} for the b choices of one level, not 2^n — the analyser does not price that product with the work at a leaf`;
}
