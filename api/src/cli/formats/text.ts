// The default output: findings grouped by file, one line each (line:column, severity, message, rule
// id), the rule's documentation link, then what was skipped and a summary. Coloured on a terminal
// unless NO_COLOR is set (FORCE_COLOR forces it).
import { ruleAnchor } from '../../../../server/src/engine/review/ruleIds';
import type { ReviewReport } from '../report';

export interface TextOptions {
  color: boolean;
  /** Where docs/rules.md is, for the rule links (omitted when unknown). */
  rulesDoc?: string;
}

const CODES = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4, magenta: 35 } as const;

export function formatText(report: ReviewReport, options: TextOptions): string {
  const paint = (code: keyof typeof CODES, text: string) =>
    options.color ? `\u001b[${CODES[code]}m${text}\u001b[0m` : text;
  const severityColor = { critical: 'magenta', high: 'red', medium: 'yellow', low: 'blue' } as const;
  const out: string[] = [];
  let total = 0;
  let fixable = 0;
  const bySeverity = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const file of report.files) {
    if (file.findings.length === 0) continue;
    out.push(paint('underline', file.relPath));
    for (const finding of file.findings) {
      total++;
      bySeverity[finding.severity]++;
      if (finding.fixable) fixable++;
      const where = `${finding.line}:${finding.column}`.padEnd(8);
      const severity = paint(severityColor[finding.severity], finding.severity.padEnd(8));
      const fix = finding.fixable ? paint('gray', ' (fixable)') : '';
      out.push(`  ${where} ${severity} ${finding.message}  ${paint('gray', finding.rule)}${fix}`);
      if (options.rulesDoc)
        out.push(paint('gray', `           ${options.rulesDoc}#${ruleAnchor(finding.rule)}`));
    }
    out.push('');
  }
  for (const file of report.failed) {
    out.push(`${paint('yellow', 'not reviewed')} ${file.relPath}: ${file.message} (${file.code})`);
  }
  for (const skipped of report.skipped) {
    out.push(`${paint('gray', 'skipped')} ${skipped.path}: ${skipped.reason}`);
  }
  if (report.failed.length + report.skipped.length > 0) out.push('');
  const hidden = report.files.reduce((sum, file) => sum + file.hidden, 0);
  const counts = Object.entries(bySeverity)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => `${count} ${severity}`)
    .join(', ');
  const summary =
    total === 0
      ? `No issues in ${report.files.length} file${report.files.length === 1 ? '' : 's'}.`
      : `${total} issue${total === 1 ? '' : 's'} (${counts}) in ${report.files.filter((f) => f.findings.length > 0).length} of ${report.files.length} files` +
        (fixable > 0 ? `; ${fixable} fixable with --fix.` : '.');
  out.push(
    paint('bold', summary) +
      (hidden > 0 ? paint('gray', ` ${hidden} hidden by --severity, --diff or the baseline.`) : ''),
  );
  return out.join('\n');
}
