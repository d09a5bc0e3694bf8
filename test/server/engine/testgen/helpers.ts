// Runs generateTests with a config whose tools are given, like the engine does for one request.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_CONFIG, type Tool } from '../../../../server/src/engine/contracts/config';
import { TestGenInput, type TestGenOutput } from '../../../../server/src/engine/contracts/tests';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { generateTests } from '../../../../server/src/engine/testgen/index';
import { findPython } from '../../../../server/src/engine/testgen/python/interpreter';

const REPO = resolve(__dirname, '../../../..');

export function generate(
  fields: Record<string, unknown>,
  tools: Tool[] = ['code_execution'],
): Promise<TestGenOutput> {
  return generateTests(TestGenInput.parse(fields), { config: { ...DEFAULT_CONFIG, tools }, roots: [] });
}

export async function rejects(
  promise: Promise<unknown>,
  code: string,
  field: string,
): Promise<CodewrightError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof CodewrightError, `expected a CodewrightError, got ${String(caught)}`);
  assert.equal(caught.code, code);
  assert.equal(caught.details.field, field);
  return caught;
}

/** True when this machine has a Python 3 with pytest and coverage.py (else Python tests skip). */
export function pythonReady(): boolean {
  const python = findPython();
  return Boolean(python?.pytest && python.coverage);
}

export type JsFrameworkName = 'mocha' | 'node:test' | 'jest' | 'vitest';

/**
 * Runs a generated suite OUTSIDE the engine, with the framework's own command line, beside the
 * untouched source saved as `subject.js`, the way a user would after saving both files: the folder's
 * node_modules links to this repository's, so `jest`, `vitest` and `mocha` resolve as in a project.
 */
export function runOutsideEngine(
  framework: JsFrameworkName,
  source: string,
  testCode: string,
): { passed: number; total: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cw-testgen-outside-'));
  const bin = (path: string): string => join(REPO, 'node_modules', path);
  try {
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'subject.js'), source);
    writeFileSync(join(dir, 'subject.test.js'), testCode);
    const args: Record<JsFrameworkName, string[]> = {
      'node:test': ['--test', '--test-reporter=tap', 'subject.test.js'],
      mocha: [bin('mocha/bin/mocha.js'), '--no-config', '--reporter', 'json', 'subject.test.js'],
      jest: [bin('jest/bin/jest.js'), '--ci', '--json', '--config', '{}', '--rootDir', dir],
      vitest: [bin('vitest/vitest.mjs'), 'run', '--root', dir, '--reporter=json'],
    };
    const run = spawnSync(process.execPath, args[framework], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1', CI: '1' },
    });
    const output = `${run.stdout}\n${run.stderr}`;
    if (framework === 'node:test') {
      const count = (key: string): number =>
        Number(new RegExp(`^# ${key} (\\d+)`, 'm').exec(run.stdout)?.[1] ?? 0);
      return { passed: count('pass'), total: count('tests'), output };
    }
    const json = run.stdout.slice(run.stdout.indexOf('{'));
    try {
      const report = JSON.parse(json) as {
        stats?: { passes: number; tests: number };
        numPassedTests?: number;
        numTotalTests?: number;
      };
      if (report.stats) return { passed: report.stats.passes, total: report.stats.tests, output };
      return { passed: report.numPassedTests ?? 0, total: report.numTotalTests ?? 0, output };
    } catch {
      return { passed: 0, total: 0, output };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
