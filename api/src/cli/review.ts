// `codewright review [paths...]`: finds the files (files.ts), reviews them in the worker pool
// (runner.ts), keeps the findings that pass --severity, --diff and --baseline, prints them in the
// chosen format and exits 0 (nothing at or above --fail-on), 1 (findings), 2 (usage) or 3 (the
// engine failed on a file).
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CHECK_TYPES,
  SEVERITIES,
  type CheckType,
  type Severity,
} from '../../../server/src/engine/contracts/review';
import { createEngine } from '../../../server/src/pool/pooledEngine';
import { BaselineError, readBaseline, writeBaseline } from './baseline';
import { changedSince, DiffError, fileChanged, inChange, NotInGitError, type ChangedLines } from './diff';
import { discoverFiles } from './files';
import { fingerprints } from './fingerprint';
import { formatGithub } from './formats/github';
import { formatJson } from './formats/json';
import { formatSarif, type RuleMetadata } from './formats/sarif';
import { formatText } from './formats/text';
import { atLeast, type FileReport, type ReviewReport } from './report';
import { isFailure, reviewFiles, type ReviewedFile } from './runner';
import { EXIT, UsageError } from './usage';
import type { CliIo, CommandContext } from './context';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
type Format = (typeof FORMATS)[number];

export const REVIEW_USAGE = `Usage: codewright review [paths...] [options]

Reviews files, folders and globs (default: the current folder). Folders follow .gitignore and
.codewrightignore; dependency, build-output, hidden, binary, generated and over-1 MB files are skipped
and listed.

Options:
  --format text|json|sarif|github  Output (default text; github = workflow annotations)
  --output FILE                    Write the output to FILE instead of stdout
  --check-types LIST               Comma-separated: ${CHECK_TYPES.join(',')} (default all)
  --severity MIN                   Report only findings at or above MIN: ${SEVERITIES.join('|')} (default low)
  --fail-on MIN|none               Exit 1 when a reported finding is at or above MIN (default low)
  --diff REF                       Only findings on lines changed since the git ref REF, and in added files
  --baseline FILE                  Leave out findings recorded in FILE (matched by fingerprint, not line)
  --write-baseline FILE            Record every finding in FILE and exit 0
  --fix                            Apply the verified fixes in place and report what is left
  -h, --help                       Show this help

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 usage error, 3 the engine failed on a file.

Examples:
  codewright review src
  codewright review 'src/**/*.ts' --severity high
  codewright review --format sarif --output codewright.sarif
  codewright review --diff origin/main --format github
  codewright review --write-baseline .codewright-baseline.json
  codewright review --baseline .codewright-baseline.json --fail-on high
  codewright review --fix src/app.js
`;

interface ReviewOptions {
  paths: string[];
  format: Format;
  output?: string;
  checkTypes: CheckType[];
  severity: Severity;
  failOn: Severity | 'none';
  diff?: string;
  baseline?: string;
  writeBaseline?: string;
  fix: boolean;
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  flag: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got '${value}')`);
  return value as T;
}

export function parseReviewArgs(argv: string[]): ReviewOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f' },
      output: { type: 'string', short: 'o' },
      'check-types': { type: 'string' },
      severity: { type: 'string' },
      'fail-on': { type: 'string' },
      diff: { type: 'string' },
      baseline: { type: 'string' },
      'write-baseline': { type: 'string' },
      fix: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const checkTypes = values['check-types']
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean)
    .map((type) => oneOf(type, CHECK_TYPES, '--check-types')!);
  if (checkTypes?.length === 0) throw new UsageError('--check-types needs at least one type');
  if (values.baseline && values['write-baseline'])
    throw new UsageError('--baseline and --write-baseline cannot be combined');
  return {
    paths: positionals,
    format: oneOf(values.format, FORMATS, '--format') ?? 'text',
    output: values.output,
    checkTypes: checkTypes ?? [...CHECK_TYPES],
    severity: oneOf(values.severity, SEVERITIES, '--severity') ?? 'low',
    failOn: oneOf(values['fail-on'], [...SEVERITIES, 'none'] as const, '--fail-on') ?? 'low',
    diff: values.diff,
    baseline: values.baseline,
    writeBaseline: values['write-baseline'],
    fix: values.fix ?? false,
  };
}

function slashPath(cwd: string, path: string): string {
  return relative(cwd, path).split(sep).join('/') || '.';
}

function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The report's entry for one reviewed file, with the CLI's filters applied. */
function fileReport(
  result: ReviewedFile,
  options: ReviewOptions,
  cwd: string,
  changes: ChangedLines | undefined,
  known: Set<string> | undefined,
): FileReport {
  const relPath = slashPath(cwd, result.file.path);
  const prints = fingerprints(relPath, result.code, result.findings);
  const realPath = realOrSame(result.file.path);
  const all = result.findings.map((finding, index) => ({
    ...finding,
    fingerprint: prints[index]!,
    fixable: result.output.issues[index]?.fixable ?? false,
  }));
  // A baseline records everything, so a later run with other filters still finds its findings there.
  const keep = (f: (typeof all)[number]) =>
    options.writeBaseline !== undefined ||
    (atLeast(f.severity, options.severity) &&
      (!changes || inChange(changes, realPath, f.line, f.endLine)) &&
      !known?.has(f.fingerprint));
  const kept = all.filter(keep);
  const keptIndexes = new Set(kept.map((f) => all.indexOf(f)));
  return {
    path: result.file.path,
    relPath,
    language: result.file.language,
    review: { ...result.output, issues: result.output.issues.filter((_, i) => keptIndexes.has(i)) },
    findings: kept,
    hidden: all.length - kept.length,
  };
}

function packageVersion(): string {
  for (const candidate of [join(__dirname, '..', 'package.json'), join(__dirname, '../../../package.json')]) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch {
      // try the next place
    }
  }
  return '0.0.0';
}

/** docs/rules.md beside the bundle (dist/../docs) or in the source tree. */
function rulesDocPath(): string | undefined {
  return [join(__dirname, '..', 'docs', 'rules.md'), join(__dirname, '../../../docs/rules.md')].find(
    existsSync,
  );
}

function exitCode(report: ReviewReport, failOn: Severity | 'none', internal: boolean): number {
  if (internal) return EXIT.internal;
  if (failOn === 'none') return EXIT.ok;
  const failing = report.files.some((file) => file.findings.some((f) => atLeast(f.severity, failOn)));
  return failing ? EXIT.findings : EXIT.ok;
}

/** The lines changed since `ref`; outside git, a clear warning and every file (nothing to compare). */
async function diffOrEverything(ref: string, io: CommandContext['io']): Promise<ChangedLines | undefined> {
  try {
    return await changedSince(ref, io.cwd);
  } catch (error) {
    if (!(error instanceof NotInGitError)) throw error;
    io.err(`${error.message}: reviewing every file instead.`);
    return undefined;
  }
}

export async function reviewCommand(argv: string[], context: CommandContext): Promise<number> {
  const { io, settings } = context;
  const options = parseReviewArgs(argv);
  if (options === 'help') {
    io.out(REVIEW_USAGE);
    return EXIT.ok;
  }
  let changes: ChangedLines | undefined;
  let known: Set<string> | undefined;
  try {
    if (options.diff !== undefined) changes = await diffOrEverything(options.diff, io);
    if (options.baseline) known = readBaseline(resolve(io.cwd, options.baseline));
  } catch (error) {
    if (error instanceof DiffError || error instanceof BaselineError) throw new UsageError(error.message);
    throw error;
  }
  const discovery = await discoverFiles(options.paths, io.cwd);
  const files = changes
    ? discovery.files.filter((file) => fileChanged(changes, realOrSame(file.path)))
    : discovery.files;

  const engine = createEngine({
    dataDir: settings.dataDir,
    roots: [io.cwd],
    poolOptions: { settings: settings.pool },
  });
  try {
    // Two files in flight per worker: a busy worker holds its next file and starts it as soon as it
    // has answered, instead of idling while this process reads the answer (pool/taskAhead.ts).
    const results = await reviewFiles(engine, files, engine.pool.settings.workers * 2, {
      checkTypes: options.checkTypes,
      fixedCode: options.format === 'sarif' || options.format === 'json',
      fix: options.fix,
      progress: io.progress
        ? (done, total, path) => io.progress!(`${done}/${total} ${slashPath(io.cwd, path)}`, done === total)
        : undefined,
    });
    const report: ReviewReport = {
      files: [],
      skipped: discovery.skipped.map((s) => ({ ...s, path: slashPath(io.cwd, resolve(io.cwd, s.path)) })),
      failed: [],
    };
    let internal = false;
    for (const result of results) {
      if (isFailure(result)) {
        internal ||= result.internal;
        report.failed.push({
          path: result.file.path,
          relPath: slashPath(io.cwd, result.file.path),
          code: result.errorCode,
          message: result.message,
        });
        continue;
      }
      for (const fixed of result.fixed) {
        io.err(`fixed ${slashPath(io.cwd, result.file.path)}:${fixed.line} ${fixed.rule} ${fixed.message}`);
      }
      report.files.push(fileReport(result, options, io.cwd, changes, known));
    }

    if (options.writeBaseline) {
      const count = writeBaseline(resolve(io.cwd, options.writeBaseline), report);
      io.err(
        `Wrote ${count} finding${count === 1 ? '' : 's'} from ${report.files.length} files to ${options.writeBaseline}.`,
      );
      return internal ? EXIT.internal : EXIT.ok;
    }
    // The rules' metadata is read in a worker: the CLI process never loads the rule registry.
    const metadata = options.format === 'sarif' ? await engine.task('ruleMetadata', {}) : [];
    print(report, options, io, metadata);
    return exitCode(report, options.failOn, internal);
  } finally {
    await engine.close();
  }
}

function print(report: ReviewReport, options: ReviewOptions, io: CliIo, metadata: RuleMetadata): void {
  const rulesDoc = rulesDocPath();
  let text: string;
  if (options.format === 'json') text = formatJson(report);
  else if (options.format === 'github') text = formatGithub(report);
  else if (options.format === 'sarif')
    text = formatSarif(report, metadata, { cwd: io.cwd, version: packageVersion(), rulesDoc });
  else text = formatText(report, { color: io.color ?? false, rulesDoc });
  if (options.output) writeFileSync(resolve(io.cwd, options.output), `${text}\n`);
  else if (text) io.out(text);
  if (options.format !== 'text') {
    for (const failed of report.failed)
      io.err(`not reviewed ${failed.relPath}: ${failed.message} (${failed.code})`);
    for (const skipped of report.skipped) io.err(`skipped ${skipped.path}: ${skipped.reason}`);
  }
}
