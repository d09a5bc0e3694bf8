// What one `codewright review` run produced, shared by the output formats, the baseline and the
// diff filter. A finding keeps its full range (from the engine's editor task) and a fingerprint.
import type { ReviewOutput, Severity } from '../../../server/src/engine/contracts/review';
import { SEVERITIES } from '../../../server/src/engine/contracts/review';
import type { LanguageId } from '../../../server/src/engine/languages';
import type { Finding } from '../../../server/src/engine/review/types';
import type { SkippedPath } from './files';

export interface ReportedFinding extends Finding {
  /** Stable across line moves: see fingerprint.ts. */
  fingerprint: string;
  /** True when the verified fixed_code contains this finding's fix. */
  fixable: boolean;
}

export interface FileReport {
  /** Absolute path. */
  path: string;
  /** Path relative to the working folder, with '/' separators (what every format prints). */
  relPath: string;
  language: LanguageId;
  /** The API's review object for this file (issues after the CLI's filters). */
  review: ReviewOutput;
  findings: ReportedFinding[];
  /** Findings left out by --severity, --diff or the baseline, counted for the summary. */
  hidden: number;
}

export interface FailedFile {
  path: string;
  relPath: string;
  code: string;
  message: string;
}

export interface ReviewReport {
  files: FileReport[];
  skipped: SkippedPath[];
  failed: FailedFile[];
}

/** Severity rank: 0 for critical, 3 for low. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

export function atLeast(severity: Severity, minimum: Severity): boolean {
  return severityRank(severity) <= severityRank(minimum);
}
