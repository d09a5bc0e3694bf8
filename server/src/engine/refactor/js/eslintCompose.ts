// Lands in one round two ESLint fixes that meet on one declaration, when what the second becomes on
// the text the first produces is known without linting that text.
//
// prefer-const widens its fix to the whole declaration (`FixTracker.retainRange`, eslint#13899) so
// that another fix to the same declaration waits for the next pass and is judged on what the first
// produced. On `let width = options.width` prefer-destructuring lands first and prefer-const comes
// back a round later on `let { width } = options`; on `let area = Math.pow(w, 2)` prefer-const lands
// first and prefer-exponentiation-operator comes back on `const area = …`. Each such pair costs a
// whole-file lint of its own. For the ordered pairs below, ESLint's report of the second rule on the
// text after the first fix is proven to be the same fix moved by the first one's edit (docs/refactor.md,
// "Eighth look"), so the composed text is the text ESLint's next round would produce, and the change
// log gets the second entry as that round would word it.
//
// - prefer-destructuring, then prefer-const. The declaration holds one declarator, `let x = o.x`,
//   which becomes `let {x} = o`: the same variable in the same scope with the same single write
//   (the declarator's initialisation, now through a pattern whose only property is `x`: the
//   destructuring host is still the declarator, it has no `left`, so no outer-variable test), no
//   other reference changed (`o` stays a read, `.x` was no reference), one declarator whose group is
//   `[x]`. So prefer-const reports it again, fixable, and its fix replaces `let` with `const`.
// - prefer-const, then prefer-exponentiation-operator. `let` → `const` changes no scope, no
//   resolution of `Math`, and no token next to the call (the keyword precedes the declared name), so
//   the call is reported again with the same fix text; the fix reads only the call, its parent and
//   its neighbouring tokens.
//
// Both rules' positions and ranges are then the old ones moved by the first edit, which is applied
// within one line (the composed declaration holds no line break), so every entry keeps its line.
import type { Candidate } from './transform';

export interface RuleFix {
  readonly rule: string;
  /** ESLint's fix range (prefer-const's is the whole declaration) and its replacement, tidied. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly candidate: Candidate;
}

/** How the second rule's change is worded once the first landed: its range's text before and after. */
export type Describe = (rule: string, before: string, after: string) => string;

const FIRST_THEN_SECOND = new Set([
  'prefer-destructuring>prefer-const',
  'prefer-const>prefer-exponentiation-operator',
]);

/**
 * The candidates in order, each composable pair's composition inserted before its first fix, and the
 * two fixes each composition stands for. The two fixes stay in the list after it: when the
 * composition does not land (something chosen before touches it) they are judged one by one as
 * before; when it lands, both overlap it and drop out.
 */
export function withCompositions(
  text: string,
  fixes: readonly RuleFix[],
  describe: Describe,
): { candidates: Candidate[]; parts: Map<Candidate, readonly Candidate[]> } {
  const composed = new Map<number, Candidate>();
  const parts = new Map<Candidate, readonly Candidate[]>();
  for (let second = 1; second < fixes.length; second++) {
    const b = fixes[second]!;
    const first = second - 1;
    const a = fixes[first]!;
    if (composed.has(first) || !FIRST_THEN_SECOND.has(`${a.rule}>${b.rule}`)) continue;
    const composition = compose(text, a, b, describe);
    if (!composition) continue;
    composed.set(first, composition);
    parts.set(composition, [a.candidate, b.candidate]);
  }
  const candidates = fixes.flatMap((fix, index) => {
    const composition = composed.get(index);
    return composition ? [composition, fix.candidate] : [fix.candidate];
  });
  return { candidates, parts };
}

function compose(text: string, a: RuleFix, b: RuleFix, describe: Describe): Candidate | undefined {
  const declaration = a.rule === 'prefer-const' ? a : b;
  const inner = a.rule === 'prefer-const' ? b : a;
  // The other fix lies inside the declaration, on its one line.
  if (inner.start <= declaration.start || inner.end > declaration.end) return undefined;
  const before = text.slice(declaration.start, declaration.end);
  if (/[\r\n\u2028\u2029]/.test(before + inner.text)) return undefined;
  // prefer-const's fix, as ESLint makes it: `let` at the declaration's start becomes `const`.
  if (!before.startsWith('let') || declaration.text !== `const${before.slice(3)}`) return undefined;
  const innerFrom = inner.start - declaration.start;
  const innerTo = inner.end - declaration.start;
  if (
    inner.rule === 'prefer-destructuring' &&
    (!/^let\s+$/.test(before.slice(0, innerFrom)) || !/^\s*;?$/.test(before.slice(innerTo)))
  )
    return undefined; // one declarator only, with nothing else in the declaration
  if (innerFrom < 3) return undefined;
  const innerApplied = `${before.slice(0, innerFrom)}${inner.text}${before.slice(innerTo)}`;
  const both = `const${innerApplied.slice(3)}`;
  // The second entry as the next round would word it: prefer-const on the declaration the
  // destructuring produced, or the exponentiation on the same call (its text unchanged).
  const secondMessage =
    b.rule === 'prefer-const' ? describe(b.rule, innerApplied, both) : b.candidate.message;
  return {
    ...a.candidate,
    edits: [{ start: declaration.start, end: declaration.end, text: both }],
    also: [{ pattern: b.candidate.pattern, at: b.candidate.at, message: secondMessage }],
  };
}
