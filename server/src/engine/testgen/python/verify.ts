// Runs the generated Python suite with its framework (pytest, or unittest's own runner) under
// coverage.py in the sandbox, twice; a test failing in either run is dropped and the rest run twice
// again. The final run's coverage.py figures (statements and branches of the module) are reported.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageFigures } from '../js/instrument';
import { emitPySuite, type PyFramework, type PyObservedCase } from './emit';
import type { PythonInfo } from './interpreter';
import { describeExit, MARK, runPython } from './observe';
import { RUNNER_SOURCE } from './runnerSource';

export interface RunReport {
  passed: number[];
  failed: Record<string, string>;
  problem: string | null;
  coverage: { statements: [number, number]; branches: [number, number]; version: string } | null;
}

export interface Verified {
  cases: PyObservedCase[];
  figures?: CoverageFigures;
  coverageVersion?: string;
  runs: number;
  notes: string[];
}

const pct = (covered: number, total: number): number =>
  total === 0 ? 100 : Math.round((1000 * covered) / total) / 10;

/**
 * One run of a suite under `framework` and coverage.py in `folder` (which holds `<moduleName>.py`):
 * the report, or a string saying why the run did not complete. Tests are known by the number their
 * name ends with (`test_adds_3`, `Test.test_empty_4`).
 */
export async function runPySuiteOnce(
  python: PythonInfo,
  folder: string,
  moduleName: string,
  framework: PyFramework,
  code: string,
  signal?: AbortSignal,
): Promise<RunReport | string> {
  const testModule = `test_${moduleName}`;
  writeFileSync(join(folder, `${testModule}.py`), code);
  let report: RunReport | undefined;
  const result = await runPython(
    python.executable,
    folder,
    'cw_runner.py',
    RUNNER_SOURCE,
    [folder, moduleName, testModule, framework],
    {
      signal,
      timeoutMs: 60_000,
      idleMs: 20_000,
      onLine: (line) => {
        const at = line.indexOf(MARK);
        if (at >= 0) report = JSON.parse(line.slice(at + MARK.length)) as RunReport;
      },
    },
  );
  return report ?? describeExit(result);
}

export async function verifyPython(
  python: PythonInfo,
  folder: string,
  moduleName: string,
  framework: PyFramework,
  cases: PyObservedCase[],
  signal?: AbortSignal,
): Promise<Verified> {
  const notes: string[] = [];
  if (framework === 'pytest' && !python.pytest) {
    notes.push(
      `pytest is not installed for ${python.executable}, so the suite was not run with it; every kept call was observed twice by the sandbox harness instead.`,
    );
    return { cases, runs: 0, notes };
  }
  let current = cases;
  for (let attempt = 0; attempt < 3 && current.length > 0; attempt++) {
    const code = emitPySuite(current, framework, moduleName);
    const runs: RunReport[] = [];
    for (let i = 0; i < 2; i++) {
      const run = await runPySuiteOnce(python, folder, moduleName, framework, code, signal);
      if (typeof run === 'string') {
        notes.push(
          `The ${framework} run did not complete (${run}); coverage comes from the sandbox harness.`,
        );
        return { cases: current, runs: 0, notes };
      }
      runs.push(run);
    }
    const failed = new Map<number, string>();
    for (const run of runs) for (const [id, why] of Object.entries(run.failed)) failed.set(Number(id), why);
    const missing = current.filter(
      (c) => !failed.has(c.spec.id) && !runs.every((r) => r.passed.includes(c.spec.id)),
    );
    if (failed.size === 0 && missing.length === 0) {
      const last = runs[1]!;
      if (last.problem) notes.push(`The ${framework} run reported: ${last.problem}.`);
      const coverage = last.coverage;
      return {
        cases: current,
        runs: 2,
        notes,
        coverageVersion: coverage?.version,
        figures: figuresOfReport(last),
      };
    }
    for (const [id, why] of failed)
      notes.push(`Dropped test #${id}: it failed under ${framework} (${lastLine(why)}).`);
    for (const c of missing) notes.push(`Dropped test #${c.spec.id}: it did not run under ${framework}.`);
    current = current.filter((c) => !failed.has(c.spec.id) && !missing.includes(c));
  }
  return { cases: current, runs: 0, notes };
}

/** Statement and branch figures of a run's coverage.py report, if it has one. */
export function figuresOfReport(report: RunReport): CoverageFigures | undefined {
  const coverage = report.coverage;
  if (!coverage) return undefined;
  return {
    statements: {
      covered: coverage.statements[0],
      total: coverage.statements[1],
      pct: pct(...coverage.statements),
    },
    branches: { covered: coverage.branches[0], total: coverage.branches[1], pct: pct(...coverage.branches) },
  };
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n').filter(Boolean);
  return (lines.at(-1) ?? '').trim().slice(0, 120);
}
