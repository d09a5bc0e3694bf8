// Python test generation on real modules kept OUTSIDE the repo (a folder of .py files given on the
// command line, e.g. /work/corpora/python-testgen; docs/testgen.md names each file's repository and
// commit). For each module: generate a pytest suite with code_execution on, then run that suite again
// OUTSIDE the engine with plain `python -m pytest` beside the untouched module, and report the pass
// rate and the coverage.py figures the engine measured.
// Usage: npm run bench:testgen:python -- <folder>
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DEFAULT_CONFIG } from '../server/src/engine/contracts/config';
import { TestGenInput } from '../server/src/engine/contracts/tests';
import { generateTests } from '../server/src/engine/testgen/index';
import { findPython } from '../server/src/engine/testgen/python/interpreter';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs the generated suite with pytest beside the original module; returns [passed, total]. */
function rerun(python: string, name: string, source: string, testCode: string): [number, number] {
  const dir = mkdtempSync(join(tmpdir(), 'cw-bench-pytest-'));
  try {
    writeFileSync(join(dir, `${name}.py`), source);
    writeFileSync(join(dir, `test_${name}.py`), testCode);
    const run = spawnSync(python, ['-B', '-m', 'pytest', '-q', '-p', 'no:cacheprovider', `test_${name}.py`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 300_000,
    });
    const count = (key: string): number => Number(new RegExp(`(\\d+) ${key}`).exec(run.stdout)?.[1] ?? 0);
    const passed = count('passed');
    return [passed, passed + count('failed') + count('error')];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const folder = process.argv[2];
  const python = findPython();
  if (!folder) throw new Error('usage: npm run bench:testgen:python -- <folder of .py modules>');
  if (!python?.pytest || !python.coverage) {
    console.log('Skipped: no Python 3 with pytest and coverage.py on this machine.');
    return;
  }
  const rows: string[] = [];
  const coverage: number[] = [];
  let passedAll = 0;
  let totalAll = 0;
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.py'))
    .sort()) {
    const name = basename(file, '.py');
    const source = readFileSync(join(folder, file), 'utf8');
    const started = Date.now();
    const out = await generateTests(
      TestGenInput.parse({
        source_code: source,
        language: 'python',
        test_framework: 'pytest',
        module_path: `./${name}`,
      }),
      { config: { ...DEFAULT_CONFIG, tools: ['code_execution'] }, roots: [] },
    );
    const seconds = (Date.now() - started) / 1000;
    const [passed, total] = rerun(python.executable, name, source, out.test_code);
    const info = out.coverage_info;
    coverage.push(info.statement_coverage ?? 0);
    passedAll += passed;
    totalAll += total;
    rows.push(
      `| ${name} | ${source.split('\n').length} | ${total} | ${passed} | ${info.statement_coverage} | ${info.branch_coverage ?? '-'} | ${seconds.toFixed(1)} |`,
    );
    process.stderr.write(`${name}: ${passed}/${total} passed, statements ${info.statement_coverage}%\n`);
  }
  console.log(`Python ${python.version}, pytest ${python.pytest}, coverage.py ${python.coverage}\n`);
  console.log('| module | lines | tests | passed | statements % | branches % | seconds |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(
    `\nMedian statement coverage ${median(coverage)}%, pass rate ${passedAll}/${totalAll} when re-run outside the engine.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
