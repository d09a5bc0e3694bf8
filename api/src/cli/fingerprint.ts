// Fingerprints that survive lines moving: a hash of the rule, the file, the text of the finding's
// own lines with whitespace collapsed, and the finding's rank among identical ones in that file.
// Adding or removing lines elsewhere changes none of these; editing the offending line does (so a
// changed finding is reported again), and renaming the file does.
import { createHash } from 'node:crypto';
import type { Finding } from '../../../server/src/engine/review/types';

function lineText(lines: readonly string[], finding: Finding): string {
  return lines
    .slice(finding.line - 1, Math.max(finding.line, finding.endLine))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One fingerprint per finding, in the same order. */
export function fingerprints(relPath: string, code: string, findings: readonly Finding[]): string[] {
  const lines = code.split(/\r?\n/);
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const key = `${finding.rule}\0${relPath}\0${lineText(lines, finding)}`;
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return createHash('sha256').update(`${key}\0${rank}`).digest('hex').slice(0, 32);
  });
}
