// Runs cloc (the Debian package) the way the project analysis counts: every file even when two are
// identical, no per-file time-out, and the same folders left out. Used by the project bench and by
// the comparison test.
import { execFileSync } from 'node:child_process';
import { SKIPPED_FOLDERS } from '../server/src/engine/project/walk';

export type ClocCounts = Record<string, { nFiles: number; code: number; comment: number; blank: number }>;

export function runCloc(paths: string[]): ClocCounts {
  const out = execFileSync(
    'cloc',
    [
      '--json',
      '--quiet',
      '--timeout=0',
      '--skip-uniqueness',
      `--exclude-dir=${SKIPPED_FOLDERS.join(',')}`,
      ...paths,
    ],
    { maxBuffer: 1 << 28 },
  ).toString();
  const parsed = JSON.parse(out) as ClocCounts;
  delete parsed.header;
  delete parsed.SUM;
  return parsed;
}
