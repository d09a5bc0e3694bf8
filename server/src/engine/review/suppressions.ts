// Inline suppressions: a comment `codewright-disable-next-line <rule>[, <rule>…]` silences those rules
// on the following line, `codewright-disable-line <rule>` on its own line; without rule ids every
// rule is silenced there. The editor's "Disable <rule> for this line" action writes the first form.
// Syntax errors are never silenced: code that does not parse was not reviewed.
import type { Finding } from './types';

export const DISABLE_NEXT_LINE = 'codewright-disable-next-line';
export const DISABLE_LINE = 'codewright-disable-line';

// The directive must follow a comment opener of one of the accepted languages (`//`, `#`, `/*`, and
// `{/*` in JSX), so ordinary words in code do not suppress anything.
const DIRECTIVE = /(?:\/\/|#|\/\*)\s*(codewright-disable-(?:next-)?line)\b([^\n]*)/g;

/** Rule ids per 1-based line; an empty set means every rule. */
export type Suppressions = Map<number, Set<string> | 'all'>;

function ruleIds(rest: string): string[] {
  const text = rest.replace(/\*\/.*$/, '').replace(/\s--\s.*$/, '');
  return text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
}

function lineStarts(code: string): number[] {
  const starts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Finds every suppression directive in the code. */
export function findSuppressions(code: string): Suppressions {
  const suppressions: Suppressions = new Map();
  if (!code.includes('codewright-disable')) return suppressions;
  const starts = lineStarts(code);
  for (const match of code.matchAll(DIRECTIVE)) {
    const line = lineOf(starts, match.index);
    const target = match[1] === DISABLE_NEXT_LINE ? line + 1 : line;
    const ids = ruleIds(match[2] ?? '');
    const existing = suppressions.get(target);
    if (ids.length === 0 || existing === 'all') suppressions.set(target, 'all');
    else suppressions.set(target, new Set([...(existing ?? []), ...ids]));
  }
  return suppressions;
}

/** The findings that no directive in the code silences. */
export function withoutSuppressed(code: string, findings: Finding[]): Finding[] {
  const suppressions = findSuppressions(code);
  if (suppressions.size === 0) return findings;
  return findings.filter((finding) => {
    if (finding.type === 'syntax') return true;
    const rules = suppressions.get(finding.line);
    return !(rules === 'all' || rules?.has(finding.rule));
  });
}
