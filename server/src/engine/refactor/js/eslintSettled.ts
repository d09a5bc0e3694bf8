// When the ESLint rounds can stop without linting the text their last batch produced. The lint after
// a batch was both its parse check and the proof that nothing is left (on the bench file a whole
// pass that found nothing). Here the proof is made from the lint before the batch: the batch lands
// every fix that lint offered, each fix is one whose output no rule of modernize can report again,
// and the notes that lint kept are untouched by the batch. The batch is then checked with the
// parse alone. docs/refactor.md, "Eighth look", gives the argument per rule; in short:
//
// - prefer-const (`let` → `const` on a declaration): no rule of the set reads a declaration's kind
//   except no-var (only `var`), prefer-const (only `let`) and prefer-destructuring (not for `using`),
//   which reported the same site in the lint before. Scopes, references and every other token are
//   unchanged. ESLint's prefer-const counts reports across the declarators of one declaration, which
//   can leave a report without a fix; any report without a fix blocks the stop.
// - prefer-destructuring (`x = o.x` → `{x} = o`): the same variable and references; the object's
//   text moves unchanged (possibly unparenthesised), and no rule of the set reports a node of it
//   differently for being an initialiser instead of a member's object. object-shorthand skips
//   patterns. A report inside the moved text was one before the batch, inside a landed edit, which
//   blocks the stop.
// - prefer-exponentiation-operator (`Math.pow(a, b)` → `a ** b`): no `+` is created and no reference
//   changes; `a` and `b` move unchanged and stop being call arguments (a callback there stops being
//   one).
// The set's other rules' fixes (no-var, prefer-template, object-shorthand, prefer-arrow-callback,
// prefer-object-spread) do create reports (`let` for prefer-const; a template's binding facts) or
// were not proven: a batch with one of them is checked by the next lint as before.
import type { Candidate, KeptNote } from './transform';

/** The rules whose lint results this argument covers: modernize's, and the notes' own rules. */
export const SETTLING_RULE_SET = new Set([
  'no-var',
  'prefer-const',
  'prefer-arrow-callback',
  'prefer-template',
  'object-shorthand',
  'prefer-destructuring',
  'prefer-object-spread',
  'prefer-exponentiation-operator',
]);

/** Fixes whose output gives no rule of the set anything new to report. */
export const TERMINAL = new Set(['prefer-const', 'prefer-destructuring', 'prefer-exponentiation-operator']);

/** What one lint said about a site: a candidate, a note kept by the text alone, or anything else. */
export type SiteVerdict =
  | { kind: 'candidate'; rule: string; candidate: Candidate }
  | { kind: 'kept-by-text'; start: number; end: number; note: KeptNote }
  /** var-reason's note on the `var` declaration starting at `start` (gone once it is fixed). */
  | { kind: 'var-note'; start: number; end: number; note: KeptNote }
  | { kind: 'other'; start: number; end: number };

/**
 * Whether landing `batch` leaves the next lint nothing new: every site of the lint is a terminal
 * fix that lands (alone or composed), or a note kept by the concatenation's text alone whose span no
 * landed edit touches; nothing else was reported.
 */
export function settles(
  sites: readonly SiteVerdict[],
  parts: ReadonlyMap<Candidate, readonly Candidate[]>,
  batch: readonly Candidate[],
): boolean {
  const landed = new Set<Candidate>();
  for (const candidate of batch) {
    landed.add(candidate);
    for (const part of parts.get(candidate) ?? []) landed.add(part);
  }
  const edits = batch.flatMap((candidate) => candidate.edits);
  for (const site of sites) {
    if (site.kind === 'other' || site.kind === 'var-note') return false;
    if (site.kind === 'candidate') {
      if (!TERMINAL.has(site.rule) || !landed.has(site.candidate)) return false;
      continue;
    }
    if (edits.some((edit) => edit.start <= site.end && site.start <= edit.end)) return false;
  }
  return true;
}

/** The kept notes of the text before a batch, at their offsets in the text after it. */
export function notesAfter(notes: readonly KeptNote[], batch: readonly Candidate[]): KeptNote[] {
  // Each note moves by the edits that end at or before it: by end, a sum over a prefix (one binary
  // search per note instead of a pass over every edit of the batch).
  const edits = batch.flatMap((candidate) => candidate.edits).sort((a, b) => a.end - b.end);
  const shifts = [0];
  for (const edit of edits) shifts.push(shifts.at(-1)! + edit.text.length - (edit.end - edit.start));
  return notes.map((note) => {
    let low = 0;
    let high = edits.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (edits[middle]!.end <= note.at) low = middle + 1;
      else high = middle;
    }
    return { ...note, at: note.at + shifts[low]! };
  });
}
