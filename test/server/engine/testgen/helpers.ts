// Runs generateTests with a config whose tools are given, like the engine does for one request.
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG, type Tool } from '../../../../server/src/engine/contracts/config';
import { TestGenInput, type TestGenOutput } from '../../../../server/src/engine/contracts/tests';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { generateTests } from '../../../../server/src/engine/testgen/index';
import { findPython } from '../../../../server/src/engine/testgen/python/interpreter';

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
