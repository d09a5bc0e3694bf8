// Builds fixed_code from the findings' safe fixes, and proves each fix before keeping it: the fixed
// code is reviewed again and must parse, must no longer contain the fixed findings, and must not
// contain anything new. Fixes that fail the check are dropped (all at once first, then rule by rule).
import type { Finding, TextEdit } from './types';

export interface FixOutcome {
  fixedCode: string;
  /** The findings whose fixes fixed_code contains. */
  fixed: Finding[];
}

export type Reanalyse = (code: string) => Promise<Finding[]>;

/** Applies non-overlapping edits (sorted by position) to a text. */
export function applyEdits(code: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let result = '';
  let cursor = 0;
  for (const edit of sorted) {
    result += code.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return result + code.slice(cursor);
}

/** Fixable findings whose edits do not overlap an earlier one's (ESLint's own rule for one pass). */
function nonOverlapping(findings: readonly Finding[]): Finding[] {
  const chosen: Finding[] = [];
  const taken: TextEdit[] = [];
  const candidates = findings.filter((f) => f.fix && f.fix.length > 0);
  candidates.sort((a, b) => a.fix![0]!.start - b.fix![0]!.start);
  for (const finding of candidates) {
    const overlaps = finding.fix!.some((edit) =>
      taken.some(
        (t) => (edit.start < t.end && t.start < edit.end) || (edit.start === t.start && edit.end === t.end),
      ),
    );
    if (overlaps) continue;
    chosen.push(finding);
    taken.push(...finding.fix!);
  }
  return chosen;
}

function countByRule(findings: readonly Finding[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.rule, (counts.get(finding.rule) ?? 0) + 1);
  return counts;
}

/** True when `after` has no syntax error and, per rule, at most the original count minus the fixed ones. */
function fixesHold(
  before: readonly Finding[],
  applied: readonly Finding[],
  after: readonly Finding[],
): boolean {
  if (after.some((f) => f.type === 'syntax')) return false;
  const expected = countByRule(before);
  for (const finding of applied) expected.set(finding.rule, (expected.get(finding.rule) ?? 0) - 1);
  for (const [rule, count] of countByRule(after)) {
    if (count > (expected.get(rule) ?? 0)) return false;
  }
  return true;
}

const MAX_PASSES = 5;

/**
 * Applies fixes in passes, like ESLint: each pass takes the non-overlapping fixes of the current
 * findings, proves them by reviewing again, and the next pass starts from that review (so a fix
 * that overlapped another gets its turn). Fixed findings are reported as the original ones.
 */
export async function applySafeFixes(
  code: string,
  findings: readonly Finding[],
  reanalyse: Reanalyse,
): Promise<FixOutcome> {
  if (findings.some((f) => f.type === 'syntax')) return { fixedCode: code, fixed: [] };
  let current = code;
  let currentFindings = findings;
  const fixedNow: Finding[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const step = await fixOnePass(current, currentFindings, reanalyse);
    if (!step) break;
    current = step.fixedCode;
    currentFindings = step.remaining;
    fixedNow.push(...step.fixed);
  }
  return { fixedCode: current, fixed: matchOriginals(findings, fixedNow) };
}

interface PassResult {
  fixedCode: string;
  fixed: Finding[];
  remaining: Finding[];
}

async function fixOnePass(
  code: string,
  findings: readonly Finding[],
  reanalyse: Reanalyse,
): Promise<PassResult | undefined> {
  const candidates = nonOverlapping(findings);
  if (candidates.length === 0) return undefined;
  const attempt = async (set: Finding[]): Promise<PassResult | undefined> => {
    const fixedCode = applyEdits(
      code,
      set.flatMap((f) => f.fix!),
    );
    const after = await reanalyse(fixedCode);
    return fixesHold(findings, set, after) ? { fixedCode, fixed: set, remaining: after } : undefined;
  };
  const all = await attempt(candidates);
  if (all) return all;
  // Something interacts badly: keep the rules whose fixes hold, one rule at a time.
  const byRule = new Map<string, Finding[]>();
  for (const finding of candidates) byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
  let best: PassResult | undefined;
  for (const group of byRule.values()) {
    const result = await attempt([...(best?.fixed ?? []), ...group]);
    if (result) best = result;
  }
  return best;
}

/** The original findings the fixes correspond to: same rule and message, nearest line. */
function matchOriginals(originals: readonly Finding[], fixed: readonly Finding[]): Finding[] {
  const available = [...originals];
  const matched: Finding[] = [];
  for (const finding of fixed) {
    let bestIndex = -1;
    for (let i = 0; i < available.length; i++) {
      const candidate = available[i]!;
      if (candidate.rule !== finding.rule || candidate.message !== finding.message) continue;
      if (
        bestIndex < 0 ||
        Math.abs(candidate.line - finding.line) < Math.abs(available[bestIndex]!.line - finding.line)
      ) {
        bestIndex = i;
      }
    }
    if (bestIndex >= 0) matched.push(...available.splice(bestIndex, 1));
  }
  return originals.filter((f) => matched.includes(f));
}
