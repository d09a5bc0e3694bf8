// Differential test of the refactor engine on real npm packages with their own test suites
// (`npm run bench:refactor-suites -- [--work DIR] [name@version ...]`). For each package: fetch its
// tarball with npm, install what its tests need into a work folder outside the repository, run the
// suite, then for each refactor type apply it to every source file (not the tests) of a fresh copy
// and run the suite again. A suite that passed before and fails after is bisected to one file, one
// pattern and one line (the editor's selection refactor), so the report names the transform.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { RefactorType } from '../server/src/engine/contracts/refactor';
import { refactorCode, refactorRange } from '../server/src/engine/refactor/index';
import { patternsFor } from '../server/src/engine/refactor/patterns';

/** ES5-era packages whose npm tarball ships a tape suite that runs without a build step. */
const DEFAULT_PACKAGES = [
  'minimist@1.2.8',
  'xtend@4.0.2',
  'json-stable-stringify@1.0.1',
  'shell-quote@1.7.2',
  'traverse@0.6.6',
  'deep-equal@1.1.1',
  'function-bind@1.1.1',
  'concat-map@0.0.1',
];
const TYPES: RefactorType[] = ['modernize', 'simplify', 'remove_dead_code', 'async_await'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'test',
  'tests',
  'example',
  'examples',
  'bench',
  'benchmark',
  'dist',
  'coverage',
]);
const SUITE_TIMEOUT_MS = 120_000;

interface Suite {
  passed: boolean;
  /** Assertions reported by TAP (`# pass`, `# fail`), when the runner prints them. */
  pass?: number;
  fail?: number;
  output: string;
}

interface TypeRun {
  type: RefactorType;
  files: number;
  applied: number;
  kept: number;
  after: Suite;
  culprit?: string;
}

interface PackageReport {
  spec: string;
  before: Suite;
  runs: TypeRun[];
  error?: string;
}

function parseArgs(argv: string[]): { work: string; packages: string[] } {
  let work = join(tmpdir(), 'codewright-refactor-suites');
  const packages: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--work') work = argv[++i]!;
    else packages.push(argv[i]!);
  }
  return { work, packages: packages.length > 0 ? packages : DEFAULT_PACKAGES };
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
  });
}

/** Unpacks the tarball and installs its dependencies plus the dev dependencies its tests require. */
function prepare(spec: string, work: string): string {
  const home = join(work, spec.replace(/[@/]/g, '_'));
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const tarball = npm(['pack', spec, '--silent'], home).trim().split('\n').at(-1)!;
  execFileSync('tar', ['xzf', tarball], { cwd: home });
  const original = join(home, 'package');
  const manifest = JSON.parse(readFileSync(join(original, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const required = new Set<string>(['tape']);
  for (const file of testFiles(original)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/require\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g)) {
      const name = match[1]!.startsWith('@')
        ? match[1]!.split('/').slice(0, 2).join('/')
        : match[1]!.split('/')[0]!;
      if (manifest.devDependencies?.[name]) required.add(name);
    }
  }
  const wanted = [...required].map((name) => `${name}@${manifest.devDependencies?.[name] ?? '*'}`);
  npm(['install', '--ignore-scripts', '--no-save', '--no-package-lock', ...wanted], original);
  return original;
}

function testFiles(root: string): string[] {
  const files: string[] = [];
  if (existsSync(join(root, 'test.js'))) files.push(join(root, 'test.js'));
  const dir = join(root, 'test');
  if (existsSync(dir))
    for (const name of readdirSync(dir).sort())
      if (name.endsWith('.js') && statSync(join(dir, name)).isFile()) files.push(join(dir, name));
  return files;
}

function sourceFiles(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_DIRS.has(name) && !name.startsWith('.')) files.push(...sourceFiles(root, path));
    } else if (name.endsWith('.js') && !(dir === root && name === 'test.js')) files.push(path);
  }
  return files;
}

/** Runs every test file with tape in a child process; a file that exits non-zero fails the suite. */
function runSuite(root: string): Suite {
  const tape = join(root, 'node_modules', 'tape', 'bin', 'tape');
  const files = testFiles(root).map((file) => relative(root, file));
  const result = spawnSync(process.execPath, [tape, ...files], {
    cwd: root,
    encoding: 'utf8',
    timeout: SUITE_TIMEOUT_MS,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const count = (label: string): number | undefined => {
    const match = new RegExp(`^# ${label}\\s+(\\d+)`, 'm').exec(output);
    return match ? Number(match[1]) : undefined;
  };
  return { passed: result.status === 0, pass: count('pass'), fail: count('fail') ?? 0, output };
}

/** A fresh copy of the package (sharing its installed node_modules). */
function copyOf(original: string, name: string): string {
  const copy = `${original}-${name}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(original, copy, {
    recursive: true,
    filter: (path) => !path.startsWith(join(original, 'node_modules')),
  });
  symlinkSync(join(original, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

const isApplied = (change: string): boolean => /^Line \d+: (?!kept|not applied|stopped early)/.test(change);

async function refactorFile(
  path: string,
  type: RefactorType,
  patterns?: string[],
): Promise<{ applied: number; kept: number }> {
  const code = readFileSync(path, 'utf8');
  const result = await refactorCode(
    { code, language: 'javascript', refactor_type: type, ...(patterns ? { target_patterns: patterns } : {}) },
    {},
  );
  writeFileSync(path, result.refactored_code);
  const applied = result.changes.filter(isApplied).length;
  return { applied, kept: result.changes.filter((change) => / kept | not applied/.test(change)).length };
}

async function runType(original: string, type: RefactorType): Promise<TypeRun> {
  const copy = copyOf(original, type);
  const files = sourceFiles(copy);
  let applied = 0;
  let kept = 0;
  for (const file of files) {
    const counts = await refactorFile(file, type);
    applied += counts.applied;
    kept += counts.kept;
  }
  const after = runSuite(copy);
  const run: TypeRun = { type, files: files.length, applied, kept, after };
  if (!after.passed)
    run.culprit = await bisect(
      original,
      type,
      files.map((file) => relative(copy, file)),
    );
  return run;
}

/** Narrows a failing refactor type to one file, then one pattern, then one line of that file. */
async function bisect(original: string, type: RefactorType, files: string[]): Promise<string> {
  const failsWith = async (apply: (copy: string) => Promise<void>): Promise<boolean> => {
    const copy = copyOf(original, 'bisect');
    await apply(copy);
    return !runSuite(copy).passed;
  };
  for (const file of files) {
    if (!(await failsWith((copy) => refactorFile(join(copy, file), type).then(() => undefined)))) continue;
    for (const pattern of patternsFor(type, 'js')) {
      if (!(await failsWith((copy) => refactorFile(join(copy, file), type, [pattern]).then(() => undefined))))
        continue;
      const code = readFileSync(join(original, file), 'utf8');
      let low = 1;
      let high = code.split('\n').length;
      const failsOn = (start: number, end: number): Promise<boolean> =>
        failsWith(async (copy) => {
          const offers = await refactorRange(code, 'javascript', { startLine: start, endLine: end }, [type]);
          if (offers[0]) writeFileSync(join(copy, file), offers[0].result.refactored_code);
        });
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        if (await failsOn(low, middle)) high = middle;
        else if (await failsOn(middle + 1, high)) low = middle + 1;
        else break;
      }
      return `${file}, pattern ${pattern}, lines ${low}–${high}: ${code.split('\n')[low - 1]?.trim().slice(0, 80)}`;
    }
    return `${file} (no single pattern fails alone: an interaction)`;
  }
  return 'no single file fails alone: an interaction between files';
}

function describe(suite: Suite): string {
  const counts = suite.pass === undefined ? '' : ` (${suite.pass} pass, ${suite.fail} fail)`;
  return `${suite.passed ? 'pass' : 'FAIL'}${counts}`;
}

async function main(): Promise<void> {
  const { work, packages } = parseArgs(process.argv.slice(2));
  mkdirSync(work, { recursive: true });
  const reports: PackageReport[] = [];
  for (const spec of packages) {
    process.stderr.write(`${spec}: preparing in ${work}\n`);
    let original: string;
    try {
      original = prepare(spec, work);
    } catch (error) {
      reports.push({
        spec,
        before: { passed: false, output: '' },
        runs: [],
        error: String(error).slice(0, 300),
      });
      continue;
    }
    const before = runSuite(original);
    const report: PackageReport = { spec, before, runs: [] };
    reports.push(report);
    if (!before.passed) {
      report.error = `suite fails before refactoring:\n${before.output.slice(-600)}`;
      continue;
    }
    for (const type of TYPES) {
      process.stderr.write(`${spec}: ${type}\n`);
      const run = await runType(original, type);
      report.runs.push(run);
      process.stderr.write(`  ${run.applied} applied, ${run.kept} kept, suite ${describe(run.after)}\n`);
      if (run.culprit)
        process.stderr.write(`  regression: ${run.culprit}\n${run.after.output.slice(-800)}\n`);
    }
  }
  printTable(reports);
  const regressions = reports.flatMap((report) => report.runs.filter((run) => !run.after.passed));
  process.exitCode = regressions.length > 0 ? 1 : 0;
}

function printTable(reports: PackageReport[]): void {
  console.log(
    `| package | source files | suite before | ${TYPES.map((type) => `${type}: applied / kept, suite after`).join(' | ')} |`,
  );
  console.log(`| --- | --- | --- | ${TYPES.map(() => '---').join(' | ')} |`);
  for (const report of reports) {
    if (report.error && report.runs.length === 0) {
      console.log(
        `| ${report.spec} | – | not run: ${report.error.split('\n')[0]} | ${TYPES.map(() => '–').join(' | ')} |`,
      );
      continue;
    }
    const cells = report.runs.map(
      (run) =>
        `${run.applied} / ${run.kept}, ${describe(run.after)}${run.culprit ? ` — ${run.culprit}` : ''}`,
    );
    console.log(
      `| ${report.spec} | ${report.runs[0]?.files ?? 0} | ${describe(report.before)} | ${cells.join(' | ')} |`,
    );
  }
  const total = reports.flatMap((report) => report.runs).reduce((sum, run) => sum + run.applied, 0);
  const regressions = reports.flatMap((report) => report.runs).filter((run) => !run.after.passed).length;
  console.log(
    `\n${reports.filter((report) => report.runs.length > 0).length} packages, ${total} changes applied, ${regressions} suite regressions`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
