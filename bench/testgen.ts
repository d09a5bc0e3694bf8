// Test generation on real, pure-JS npm packages installed as devDependencies (not written here): for
// each package's main module, generate a suite with code_execution on, then run that suite again
// OUTSIDE the engine with `node --test` against the package's own, uninstrumented source, and report
// the pass rate and the statement/branch coverage the engine measured. Usage: npm run bench:testgen
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../server/src/engine/contracts/config';
import { TestGenInput } from '../server/src/engine/contracts/tests';
import { generateTests } from '../server/src/engine/testgen/index';

const PACKAGES = ['ms', 'bytes', 'escape-html', 'camelcase', 'leven', 'pluralize', 'slugify', 'is-number'];

interface Row {
  name: string;
  version: string;
  tests: number;
  passed: number;
  statements: number;
  branches: number;
  seconds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs the generated suite with node --test beside the original module; returns [passed, total]. */
function rerun(source: string, testCode: string): [number, number] {
  const dir = mkdtempSync(join(tmpdir(), 'cw-bench-testgen-'));
  try {
    writeFileSync(join(dir, 'subject.js'), source);
    writeFileSync(join(dir, 'subject.test.js'), testCode);
    const run = spawnSync(process.execPath, ['--test', 'subject.test.js'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const count = (key: string): number =>
      Number(new RegExp(`^# ${key} (\\d+)`, 'm').exec(run.stdout)?.[1] ?? 0);
    return [count('pass'), count('tests')];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const name of PACKAGES) {
    const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
      version: string;
    };
    const file = require.resolve(name);
    const source = readFileSync(file, 'utf8');
    const started = Date.now();
    const out = await generateTests(
      TestGenInput.parse({ source_code: source, language: 'javascript', test_framework: 'node:test' }),
      {
        config: { ...DEFAULT_CONFIG, tools: ['code_execution'] },
        roots: [],
      },
    );
    const [passed, total] = rerun(source, out.test_code);
    rows.push({
      name,
      version: manifest.version,
      tests: total,
      passed,
      statements: out.coverage_info.statement_coverage ?? 0,
      branches: out.coverage_info.branch_coverage ?? 0,
      seconds: (Date.now() - started) / 1000,
    });
    process.stderr.write(
      `${name}: ${passed}/${total} passed, statements ${out.coverage_info.statement_coverage}%\n`,
    );
  }
  console.log('| package | version | tests | passed | statements % | branches % | seconds |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.version} | ${r.tests} | ${r.passed} | ${r.statements} | ${r.branches} | ${r.seconds.toFixed(1)} |`,
    );
  }
  console.log(
    `\nmedian statement coverage ${median(rows.map((r) => r.statements)).toFixed(1)}%, median branch coverage ${median(rows.map((r) => r.branches)).toFixed(1)}%, ` +
      `pass rate ${rows.reduce((n, r) => n + r.passed, 0)}/${rows.reduce((n, r) => n + r.tests, 0)}`,
  );
  if (rows.some((r) => r.passed !== r.tests || r.tests === 0)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
