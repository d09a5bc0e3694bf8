// `--format json`: the API's review object for each file (the same ReviewOutput as POST /v1/review,
// its issues after the CLI's filters), with each issue's fingerprint and end position beside it, and
// the files skipped or not reviewed.
import type { ReviewReport } from '../report';

export function formatJson(report: ReviewReport): string {
  return JSON.stringify(
    {
      files: report.files.map((file) => ({
        path: file.relPath,
        language: file.language,
        review: file.review,
        locations: file.findings.map((f) => ({
          rule: f.rule,
          line: f.line,
          column: f.column,
          end_line: f.endLine,
          end_column: f.endColumn,
          fingerprint: f.fingerprint,
        })),
        hidden: file.hidden,
      })),
      skipped: report.skipped,
      not_reviewed: report.failed.map(({ relPath, code, message }) => ({ path: relPath, code, message })),
    },
    null,
    2,
  );
}
