// Test generation on real, pure-JS npm packages installed as devDependencies (not written here): for
// each package's main module and each framework, generate a suite with code_execution on (the engine
// runs it twice with that framework in its sandbox), then run that suite again OUTSIDE the engine with
// the framework's own command line against the package's own, uninstrumented source, and report the
// pass rate and the statement/branch coverage the engine measured.
// Usage: npm run bench:testgen [-- --framework mocha,jest,vitest,node:test]
import { readFileSync } from 'node:fs';
import { DEFAULT_CONFIG } from '../server/src/engine/contracts/config';
import { TestGenInput } from '../server/src/engine/contracts/tests';
import { generateTests } from '../server/src/engine/testgen/index';
import { runOutsideEngine, type JsFrameworkName } from '../test/server/engine/testgen/helpers';

const PACKAGES = ['ms', 'bytes', 'escape-html', 'camelcase', 'leven', 'pluralize', 'slugify', 'is-number'];
const FRAMEWORKS: JsFrameworkName[] = ['node:test', 'mocha', 'jest', 'vitest'];

interface Row {
  name: string;
  version: string;
  framework: JsFrameworkName;
  tests: number;
  passed: number;
  verifiedRuns: number;
  statements: number;
  branches: number;
  seconds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function frameworksAsked(): JsFrameworkName[] {
  const at = process.argv.indexOf('--framework');
  if (at < 0) return FRAMEWORKS;
  const asked = (process.argv[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = asked.filter((f) => !FRAMEWORKS.includes(f as JsFrameworkName));
  if (unknown.length || asked.length === 0)
    throw new Error(`--framework takes a comma-separated list of ${FRAMEWORKS.join(', ')}`);
  return asked as JsFrameworkName[];
}

async function main(): Promise<void> {
  const frameworks = frameworksAsked();
  const rows: Row[] = [];
  for (const name of PACKAGES) {
    const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
      version: string;
    };
    const source = readFileSync(require.resolve(name), 'utf8');
    for (const framework of frameworks) {
      const started = Date.now();
      const out = await generateTests(
        TestGenInput.parse({ source_code: source, language: 'javascript', test_framework: framework }),
        { config: { ...DEFAULT_CONFIG, tools: ['code_execution'] }, roots: [] },
      );
      const seconds = (Date.now() - started) / 1000;
      const outside = runOutsideEngine(framework, source, out.test_code);
      rows.push({
        name,
        version: manifest.version,
        framework,
        tests: outside.total,
        passed: outside.passed,
        verifiedRuns: out.coverage_info.verified_runs ?? 0,
        statements: out.coverage_info.statement_coverage ?? 0,
        branches: out.coverage_info.branch_coverage ?? 0,
        seconds,
      });
      process.stderr.write(
        `${name} ${framework}: ${outside.passed}/${outside.total} passed outside, verified runs ${out.coverage_info.verified_runs}, statements ${out.coverage_info.statement_coverage}%\n`,
      );
    }
  }
  console.log(
    '| package | version | framework | tests | passed outside | runs in sandbox | statements % | branches % | seconds |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.version} | ${r.framework} | ${r.tests} | ${r.passed} | ${r.verifiedRuns} | ${r.statements} | ${r.branches} | ${r.seconds.toFixed(1)} |`,
    );
  }
  console.log(
    '\n| framework | pass rate | packages at 100% | median statements % | median branches % | median seconds |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const framework of frameworks) {
    const mine = rows.filter((r) => r.framework === framework);
    const passed = mine.reduce((n, r) => n + r.passed, 0);
    const total = mine.reduce((n, r) => n + r.tests, 0);
    const full = mine.filter((r) => r.tests > 0 && r.passed === r.tests).length;
    console.log(
      `| ${framework} | ${passed}/${total} | ${full}/${mine.length} | ${median(mine.map((r) => r.statements)).toFixed(1)} | ${median(mine.map((r) => r.branches)).toFixed(1)} | ${median(mine.map((r) => r.seconds)).toFixed(1)} |`,
    );
  }
  if (rows.some((r) => r.passed !== r.tests || r.tests === 0 || r.verifiedRuns !== 2)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
