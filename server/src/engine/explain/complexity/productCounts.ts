// Loops counted by a product the code accumulates: `int total = 1; for (d : digits) total *=
// size(lookup[d]); for (i < total) …` runs as many times as the product of a factor per item, so
// the count grows with the input multiplicatively (4^n letter combinations), not as one more size.
// What each factor is, the code reads from the data; the loop's term carries a doubt (cost.ts:
// `doubted`) and a claim it dominates is withheld with the reason. A product whose own loop stops
// at a limit (`while (p < n) p *= 2`) is bounded by that limit and is left alone.
import type { LoopFlow } from '../model';
import { escape } from '../extract/boundText';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** Lines of the loops of `flows` (bodies and branch arms included) with their last lines. */
function loopSpans(est: Estimator, walk: Walk): { line: number; end: number; condition: string }[] {
  const spans: { line: number; end: number; condition: string }[] = [];
  const visit = (flows: typeof walk.unit.body): void => {
    for (const f of flows)
      if (f.kind === 'loop') {
        const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === f.line);
        spans.push({
          line: f.line,
          end: f.endLine ?? f.line,
          condition: header?.condition ?? header?.code ?? '',
        });
        visit(f.body);
      } else if (f.kind === 'branch') f.arms.forEach(visit);
  };
  visit(walk.unit.body);
  return spans;
}

/**
 * The doubt behind `flow`'s count when its bound is one name the function multiplies inside
 * another loop that does not test it (see above); undefined otherwise. C and C++ only: measured there.
 */
export function productCountDoubt(est: Estimator, flow: LoopFlow, walk: Walk): string | undefined {
  if (!/^(c|cpp)$/.test(est.facts.language)) return undefined;
  const bound = flow.bound;
  if (bound.kind !== 'linear' || bound.measure !== 'value' || bound.amortised || bound.alsoKeys?.length)
    return undefined;
  const name = bound.key.trim();
  if (!/^[A-Za-z_]\w*$/.test(name) || !walk.unit.locals.has(name)) return undefined;
  const n = escape(name);
  const multiplies = new RegExp(`^${n}\\s*(?:\\*=|<<=)|^${n}\\s*=\\s*${n}\\s*\\*`);
  const spans = loopSpans(est, walk);
  const product = statementsIn(est.facts, walk.unit).find(
    (s) =>
      s.kind === 'assignment' &&
      s.line < flow.line &&
      multiplies.test(s.code.trim()) &&
      spans.some(
        (l) =>
          l.line < s.line &&
          s.line <= l.end &&
          l.end < flow.line &&
          !new RegExp(`(?<![\\w.])${n}\\b`).test(l.condition),
      ),
  );
  if (!product) return undefined;
  return `the loop at line ${flow.line} runs \`${name}\` times, a product the code multiplies on each pass of a loop (line ${product.line}): it grows multiplicatively with the input, and the code does not show by how much`;
}

/**
 * The doubt behind `flow`'s count when an enclosing loop sets its bound, after it, to a counter
 * this loop increments (`for (i < size) for (j < len) t[tSize++] = …; … size = tSize;`, C's letter
 * combinations): each pass of the enclosing loop runs as many times as the pass before added, so
 * the count can grow multiplicatively with the passes, and the code does not show by how much.
 * Undefined otherwise (a counter reset from the input, or incremented outside this loop). C and
 * C++ only, like the product above.
 */
export function compoundingCountDoubt(est: Estimator, flow: LoopFlow, walk: Walk): string | undefined {
  if (!/^(c|cpp)$/.test(est.facts.language)) return undefined;
  const bound = flow.bound;
  if (bound.kind !== 'linear' || bound.measure !== 'value' || bound.amortised) return undefined;
  const name = bound.key.trim();
  if (!/^[A-Za-z_]\w*$/.test(name) || !walk.unit.locals.has(name)) return undefined;
  const end = flow.endLine ?? flow.line;
  const statements = statementsIn(est.facts, walk.unit);
  for (const outer of loopSpans(est, walk).filter((l) => l.line < flow.line && end <= l.end)) {
    const reset = statements.find(
      (s) =>
        s.kind === 'assignment' &&
        s.line > end &&
        s.line <= outer.end &&
        s.target?.trim() === name &&
        /^[A-Za-z_]\w*$/.test(s.value?.trim() ?? ''),
    );
    if (!reset) continue;
    const c = escape(reset.value!.trim());
    const counts = new RegExp(`(?<![\\w.])(?:${c}\\s*(?:\\+\\+|\\+=)|\\+\\+\\s*${c}\\b)`);
    if (statements.some((s) => s.line > flow.line && s.line <= end && counts.test(s.code)))
      return `the loop at line ${flow.line} runs \`${name}\` times, and the loop at line ${outer.line} sets \`${name}\` to \`${reset.value!.trim()}\` (line ${reset.line}), a count this loop adds to: it can grow multiplicatively from pass to pass, and the code does not show by how much`;
  }
  return undefined;
}
