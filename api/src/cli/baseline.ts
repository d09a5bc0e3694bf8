// Baselines: the findings a team has accepted, recorded once (`--write-baseline`) and not reported
// again (`--baseline`) while their fingerprint stays the same. A fingerprint ignores line numbers,
// so code moving up or down keeps a finding baselined; editing its line makes it new again.
import { readFileSync, writeFileSync } from 'node:fs';
import type { ReviewReport } from './report';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  fingerprint: string;
  rule: string;
  path: string;
  /** Informative only (where it was when recorded); matching uses the fingerprint. */
  line: number;
  message: string;
}

export interface Baseline {
  tool: 'codewright';
  version: number;
  findings: BaselineEntry[];
}

export class BaselineError extends Error {}

export function readBaseline(path: string): Set<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BaselineError(
      code === 'ENOENT'
        ? `Baseline ${path} does not exist (create it with --write-baseline ${path})`
        : `Baseline ${path} is not readable JSON: ${(error as Error).message}`,
    );
  }
  const baseline = parsed as Partial<Baseline>;
  if (
    baseline?.tool !== 'codewright' ||
    baseline.version !== BASELINE_VERSION ||
    !Array.isArray(baseline.findings) ||
    !baseline.findings.every((entry) => typeof entry?.fingerprint === 'string')
  ) {
    throw new BaselineError(
      `Baseline ${path} is not a codewright baseline (version ${BASELINE_VERSION}); write a new one with --write-baseline`,
    );
  }
  return new Set(baseline.findings.map((entry) => entry.fingerprint));
}

/** Records every finding of the report, sorted by file and line so the file diffs well in git. */
export function writeBaseline(path: string, report: ReviewReport): number {
  const findings: BaselineEntry[] = report.files.flatMap((file) =>
    file.findings.map((finding) => ({
      fingerprint: finding.fingerprint,
      rule: finding.rule,
      path: file.relPath,
      line: finding.line,
      message: finding.message,
    })),
  );
  findings.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.rule.localeCompare(b.rule));
  const baseline: Baseline = { tool: 'codewright', version: BASELINE_VERSION, findings };
  writeFileSync(path, `${JSON.stringify(baseline, null, 2)}\n`);
  return findings.length;
}
