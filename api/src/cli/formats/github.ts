// `--format github`: GitHub Actions workflow commands, which the runner turns into annotations on
// the pull request's changed lines. Critical and high are errors, medium warnings, low notices.
import type { Severity } from '../../../../server/src/engine/contracts/review';
import type { ReviewReport } from '../report';

const LEVEL: Record<Severity, string> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'notice',
};

/** Escapes a workflow command's message (the runner decodes these). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value (also ':' and ','). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(report: ReviewReport): string {
  const out: string[] = [];
  for (const file of report.files) {
    for (const f of file.findings) {
      const props = [
        `file=${escapeProperty(file.relPath)}`,
        `line=${f.line}`,
        `col=${f.column}`,
        `endLine=${f.endLine}`,
        ...(f.endLine === f.line ? [`endColumn=${f.endColumn}`] : []),
        `title=${escapeProperty(`${f.rule} (${f.severity})`)}`,
      ];
      out.push(`::${LEVEL[f.severity]} ${props.join(',')}::${escapeData(`${f.message}\n${f.suggestion}`)}`);
    }
  }
  for (const file of report.failed) {
    out.push(
      `::warning file=${escapeProperty(file.relPath)}::${escapeData(`Not reviewed: ${file.message}`)}`,
    );
  }
  return out.join('\n');
}
