// `--format sarif`: SARIF 2.1.0, as GitHub code scanning and other tools read it. Rule metadata
// (description, rationale, fix, default level, security-severity, tags) comes from the engine's
// worker (`ruleMetadata` task), so the CLI process never loads the rule registry. Results carry
// physical locations in UTF-16 columns (SARIF's default column kind, the engine's too), a
// fingerprint that ignores line numbers, and `fixes` only for findings whose fix the engine verified.
import { pathToFileURL } from 'node:url';
import type { Severity } from '../../../../server/src/engine/contracts/review';
import { ruleAnchor } from '../../../../server/src/engine/review/ruleIds';
import type { TaskResult } from '../../../../server/src/pool/workerTasks';
import type { ReviewReport } from '../report';

export type RuleMetadata = TaskResult<'ruleMetadata'>;

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const FINGERPRINT_KEY = 'codewright/v1';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
};
/** GitHub's bands: critical above 9.0, high 7.0-8.9, medium 4.0-6.9, low below 4. */
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
};

export interface SarifOptions {
  /** The folder result paths are relative to. */
  cwd: string;
  version: string;
  /** Absolute path of docs/rules.md, for each rule's helpUri (omitted when unknown). */
  rulesDoc?: string;
}

/** 'codewright/sql-injection' → 'SqlInjection' (SARIF's rule `name` is an identifier). */
function ruleName(id: string): string {
  const last = id.split('/').pop() ?? id;
  return last
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

function sarifRule(id: string, entries: RuleMetadata, rulesDoc: string | undefined) {
  const first = entries[0];
  const severity: Severity = first?.severity ?? 'medium';
  const type = first?.type ?? (id.endsWith('syntax-error') ? 'syntax' : 'best_practices');
  const description = first?.description ?? 'The file does not parse.';
  const help = first
    ? `${first.description}\n\nWhy it matters: ${first.rationale}\n\nHow to fix: ${first.fix}`
    : description;
  const languages = [
    ...new Set(entries.flatMap((e): string[] => (e.languages === 'all' ? ['all'] : [...e.languages]))),
  ];
  const cwe = entries.find((entry) => entry.cwe !== undefined)?.cwe;
  const tags = [
    type,
    ...(type === 'security' ? ['security'] : []),
    ...(cwe ? [`external/cwe/cwe-${cwe}`] : []),
  ];
  return {
    id,
    name: ruleName(id),
    shortDescription: { text: description.split(/(?<=\.)\s/)[0]! },
    fullDescription: { text: description },
    help: { text: help, markdown: help },
    ...(rulesDoc ? { helpUri: `${pathToFileURL(rulesDoc).href}#${ruleAnchor(id)}` } : {}),
    defaultConfiguration: { level: LEVEL[severity] },
    properties: {
      tags: [...new Set(tags)],
      ...(type === 'security' ? { 'security-severity': SECURITY_SEVERITY[severity] } : {}),
      languages,
    },
  };
}

/** A SARIF region; a zero-width or inverted range becomes one column wide (SARIF needs end ≥ start). */
function region(f: { line: number; column: number; endLine: number; endColumn: number }) {
  const endLine = Math.max(f.line, f.endLine);
  const endColumn = endLine === f.line ? Math.max(f.column + 1, f.endColumn) : Math.max(1, f.endColumn);
  return { startLine: f.line, startColumn: f.column, endLine, endColumn };
}

export function formatSarif(report: ReviewReport, metadata: RuleMetadata, options: SarifOptions): string {
  const known = new Map<string, RuleMetadata>();
  for (const meta of metadata) known.set(meta.id, [...(known.get(meta.id) ?? []), meta]);
  // Only the rules this run reported, in a stable order (the file stays small and diffable).
  const used = [...new Set(report.files.flatMap((file) => file.findings.map((f) => f.rule)))].sort();
  const rules = used.map((id) => sarifRule(id, known.get(id) ?? [], options.rulesDoc));
  const ruleIndex = new Map(used.map((id, index) => [id, index]));
  const artifact = (relPath: string) => ({ uri: encodeURI(relPath), uriBaseId: 'SRCROOT' });
  const results = report.files.flatMap((file) =>
    file.findings.map((f) => ({
      ruleId: f.rule,
      ruleIndex: ruleIndex.get(f.rule)!,
      level: LEVEL[f.severity],
      message: { text: f.suggestion ? `${f.message} ${f.suggestion}` : f.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifact(file.relPath),
            region: region(f),
          },
        },
      ],
      partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint },
      properties: { severity: f.severity, type: f.type },
      ...(f.fixable && f.fix && f.fix.length > 0
        ? {
            fixes: [
              {
                description: { text: `Fix ${f.rule}` },
                artifactChanges: [
                  {
                    artifactLocation: artifact(file.relPath),
                    replacements: f.fix.map((edit) => ({
                      deletedRegion: { charOffset: edit.start, charLength: edit.end - edit.start },
                      insertedContent: { text: edit.text },
                    })),
                  },
                ],
              },
            ],
          }
        : {}),
    })),
  );
  const notifications = [
    ...report.failed.map((file) => ({
      level: 'error' as const,
      message: { text: `Not reviewed: ${file.message} (${file.code})` },
      locations: [{ physicalLocation: { artifactLocation: artifact(file.relPath) } }],
    })),
    ...report.skipped.map((skipped) => ({
      level: 'note' as const,
      message: { text: `Skipped ${skipped.path}: ${skipped.reason}` },
    })),
  ];
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Codewright',
            version: options.version,
            semanticVersion: options.version,
            rules,
          },
        },
        originalUriBaseIds: {
          SRCROOT: { uri: pathToFileURL(options.cwd.endsWith('/') ? options.cwd : `${options.cwd}/`).href },
        },
        invocations: [
          { executionSuccessful: report.failed.length === 0, toolExecutionNotifications: notifications },
        ],
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return JSON.stringify(sarif, null, 2);
}
