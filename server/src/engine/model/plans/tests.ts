// generateTests with a model: the model writes a suite in the framework the builtin tier chose,
// importing the module by the same path. The suite must parse; with `code_execution` on it runs in
// the testgen sandbox — JS/TS against the instrumented module (mocha, node:test, jest or vitest), Python under
// coverage.py (pytest or unittest) — and only a green run is returned, with the coverage that run measured.
// A suite that does not parse or fails returns the builtin suite, naming the failure. With
// `code_execution` off the model's suite is returned unrun, and coverage_info says it is the
// model's own estimate.
import ts from 'typescript';
import { z } from 'zod';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestGenInput, TestGenOutput } from '../../contracts/tests';
import type { VerificationCheck } from '../../contracts/verification';
import type { LanguageId } from '../../languages';
import type { JsFramework } from '../../testgen/js/emit';
import { figuresOf, fileCoverageFrom, prepareModule } from '../../testgen/js/instrument';
import { frameworkAvailable, runSuite } from '../../testgen/js/verify';
import { makeWorkFolder, removeWorkFolder } from '../../testgen/sandbox';
import { detectLanguage } from '../../testgen/index';
import type { PyFramework } from '../../testgen/python/emit';
import { moduleNameOf } from '../../testgen/python/generate';
import { findPython } from '../../testgen/python/interpreter';
import { figuresOfReport, runPySuiteOnce, type RunReport } from '../../testgen/python/verify';
import type { OperationContext } from '../../engine';
import type { ModelPlan, PlanResult } from '../tier';
import { checkParses } from '../verify';

export const ModelTests = z.object({
  test_code: z.string().min(1),
  edge_cases: z.int().min(0).meta({ description: 'How many of the tests are edge cases.' }),
  estimated_coverage: z
    .int()
    .min(0)
    .max(100)
    .meta({ description: 'Your estimate of statement coverage, %.' }),
});
type ModelTests = z.output<typeof ModelTests>;

const MODULE_KEY = 'module-under-test';

export const testsPlan: ModelPlan<'generateTests', typeof ModelTests> = {
  name: 'unit_tests',
  schema: ModelTests,
  messages: (input, builtin) => [
    {
      role: 'system',
      content: [
        isPython(input)
          ? `You write unit tests with ${builtin.test_framework} for the Python module below, imported as \`import ${moduleNameOf(builtin.module_path ?? './subject')}\`.`
          : `You write unit tests with ${builtin.test_framework} for the module below, imported as '${builtin.module_path}'.`,
        `Aim for ${input.coverage_target}% statement coverage${input.include_edge_cases ? ', with edge cases' : ''}.`,
        isPython(input)
          ? 'End the name of every test function or method with an underscore and its number, e.g. test_adds_two_numbers_1. Tests must be deterministic and need no network.'
          : 'Start every test title with "#" and its number, e.g. "#1 adds two numbers". Tests must be deterministic and need no network.',
        'Answer with one JSON object {"test_code", "edge_cases", "estimated_coverage"}; test_code is the whole file, no Markdown fences.',
      ].join(' '),
    },
    { role: 'user', content: input.source_code },
  ],
  async verify(input, builtin, answer, context) {
    const language: LanguageId = input.language ?? detectLanguage(input.source_code);
    const framework = builtin.test_framework ?? 'node:test';
    const checks: VerificationCheck[] = [await checkParses(answer.test_code, language, 'tests')];
    if (checks[0]!.outcome === 'failed') return rejected(checks);
    if (language === 'python') return verifyPythonSuite(input, builtin, answer, checks, context);
    const base = { ...builtin, test_code: answer.test_code };
    if (!context.config.tools.includes('code_execution'))
      return unrun(builtin, answer, countTests(answer.test_code), checks, EXECUTION_OFF);
    const run = await runOnce(
      input.source_code,
      language,
      framework as JsFramework,
      answer,
      builtin,
      context.signal,
    );
    checks.push(run.check);
    if (run.check.outcome === 'failed') return rejected(checks);
    const output: TestGenOutput = {
      ...base,
      coverage_info: {
        estimated_coverage: Math.round(run.statements ?? 0),
        test_cases: run.passed,
        edge_cases: Math.min(answer.edge_cases, run.passed),
        measured: run.statements !== undefined,
        method: `measured by running the model's suite once with ${framework} on the instrumented module`,
        ...(run.statements !== undefined ? { statement_coverage: run.statements } : {}),
        ...(run.branches !== undefined ? { branch_coverage: run.branches } : {}),
        verified_runs: 1,
        dropped_tests: 0,
      },
      targets: undefined,
    };
    return {
      accepted: true,
      output,
      checks,
      merge: "the model's suite, run green; coverage measured on that run",
    };
  },
};

function isPython(input: TestGenInput): boolean {
  return (input.language ?? detectLanguage(input.source_code)) === 'python';
}

/**
 * The Python side of verify: with `code_execution` on and an interpreter, the suite runs once with its
 * framework under coverage.py in the testgen sandbox (tests known by the `_N` their name ends with);
 * otherwise it is returned unrun with the model's estimate, saying why.
 */
async function verifyPythonSuite(
  input: TestGenInput,
  builtin: TestGenOutput,
  answer: ModelTests,
  checks: VerificationCheck[],
  context: OperationContext,
): Promise<PlanResult<'generateTests'>> {
  const check = 'tests run against the code';
  const framework = (builtin.test_framework ?? 'pytest') as PyFramework;
  const cases = countPythonTests(answer.test_code);
  const python = context.config.tools.includes('code_execution') ? findPython() : undefined;
  if (!python) {
    const why = context.config.tools.includes('code_execution')
      ? 'no Python 3.8+ interpreter was found where the engine runs'
      : EXECUTION_OFF;
    return unrun(builtin, answer, cases, checks, why);
  }
  const moduleName = moduleNameOf(builtin.module_path ?? './subject');
  const folder = makeWorkFolder();
  let report: RunReport | string;
  try {
    writeFileSync(join(folder, `${moduleName}.py`), input.source_code);
    report = await runPySuiteOnce(python, folder, moduleName, framework, answer.test_code, context.signal);
  } finally {
    removeWorkFolder(folder);
  }
  if (typeof report === 'string') {
    checks.push({
      check,
      target: 'tests',
      outcome: 'failed',
      detail: `the ${framework} run did not complete (${report})`,
    });
    return rejected(checks);
  }
  const failed = Object.keys(report.failed);
  const uncounted = cases - report.passed.length - failed.length;
  const failure =
    report.problem && !report.coverage && report.problem !== 'coverage.py is not installed'
      ? report.problem
      : failed.length > 0
        ? `${failed.length} failed, first _${failed[0]}: ${report.failed[failed[0]!]!.trim().split('\n').at(-1)}`
        : undefined;
  checks.push({
    check,
    target: 'tests',
    outcome: failure || report.passed.length === 0 ? 'failed' : 'passed',
    detail: `${report.passed.length} passed, ${failed.length} failed${uncounted > 0 ? `, ${uncounted} without a _N name (not counted)` : ''}${failure ? `; ${failure}` : ''}`,
  });
  if (failure || report.passed.length === 0) return rejected(checks);
  const figures = figuresOfReport(report);
  return {
    accepted: true,
    output: {
      ...builtin,
      test_code: answer.test_code,
      coverage_info: {
        estimated_coverage: Math.round(figures?.statements.pct ?? answer.estimated_coverage),
        test_cases: report.passed.length,
        edge_cases: Math.min(answer.edge_cases, report.passed.length),
        measured: figures !== undefined,
        method: figures
          ? `coverage.py statement and branch coverage, measured while ${framework} ran the model's suite once`
          : `the model's own estimate: the suite ran green with ${framework}, but coverage.py is not installed`,
        ...(figures
          ? { statement_coverage: figures.statements.pct, branch_coverage: figures.branches.pct }
          : {}),
        verified_runs: 1,
        dropped_tests: 0,
      },
      targets: undefined,
    },
    checks,
    merge: figures
      ? "the model's suite, run green; coverage measured on that run"
      : "the model's suite, run green; coverage not measured",
  };
}

/** Test functions and methods in a Python suite: `def test…(` at the start of a line. */
function countPythonTests(code: string): number {
  return code.match(/^[ \t]*(?:async[ \t]+)?def[ \t]+test\w*[ \t]*\(/gm)?.length ?? 0;
}

const EXECUTION_OFF = "the code_execution tool is off (PUT /v1/config with tools including 'code_execution')";

/** The model's suite returned without running it, with the model's own coverage estimate and why. */
function unrun(
  builtin: TestGenOutput,
  answer: ModelTests,
  cases: number,
  checks: VerificationCheck[],
  why: string,
): PlanResult<'generateTests'> {
  checks.push({ check: 'tests run against the code', target: 'tests', outcome: 'skipped', detail: why });
  return {
    accepted: true,
    output: {
      ...builtin,
      test_code: answer.test_code,
      coverage_info: {
        estimated_coverage: answer.estimated_coverage,
        test_cases: cases,
        edge_cases: Math.min(answer.edge_cases, cases),
        measured: false,
        method: "the model's own estimate; the suite was not run",
      },
      notes: [...(builtin.notes ?? []), 'The model wrote this suite; it was not run (see verification).'],
      targets: undefined,
    },
    checks,
    merge: "the model's suite, unrun, with its own estimate",
  };
}

function rejected(checks: VerificationCheck[]): PlanResult<'generateTests'> {
  const failed = checks.filter((c) => c.outcome === 'failed');
  return {
    accepted: false,
    checks,
    reason: `its tests failed verification (${failed.map((c) => `${c.check}: ${c.detail}`).join('; ')})`,
  };
}

async function runOnce(
  source: string,
  language: LanguageId,
  framework: JsFramework,
  answer: ModelTests,
  builtin: TestGenOutput,
  signal?: AbortSignal,
): Promise<{ check: VerificationCheck; passed: number; statements?: number; branches?: number }> {
  const check = 'tests run against the code';
  if (!frameworkAvailable(framework))
    return {
      check: {
        check,
        target: 'tests',
        outcome: 'skipped',
        detail: `${framework} is not installed where the engine runs`,
      },
      passed: countTests(answer.test_code),
    };
  const prepared = prepareModule(source, language, MODULE_KEY);
  const folder = makeWorkFolder();
  try {
    const modulePath = builtin.module_path ?? './subject';
    const run = await runSuite(folder, framework, answer.test_code, modulePath, prepared.runnable, signal);
    const total = countTests(answer.test_code);
    const unknown = total - run.passed.size - run.failed.size;
    const failure =
      run.problem ??
      (run.failed.size ? `${run.failed.size} failed, first #${[...run.failed.keys()][0]}` : undefined);
    const outcome = failure || run.passed.size === 0 ? 'failed' : 'passed';
    const data = fileCoverageFrom([run.coverage ?? {}], MODULE_KEY);
    const figures = data ? figuresOf(data) : undefined;
    return {
      check: {
        check,
        target: 'tests',
        outcome,
        detail: `${run.passed.size} passed, ${run.failed.size} failed${unknown > 0 ? `, ${unknown} without a #N title (not counted)` : ''}${failure ? `; ${failure}` : ''}`,
      },
      passed: run.passed.size,
      statements: figures?.statements.pct,
      branches: figures?.branches.pct,
    };
  } finally {
    removeWorkFolder(folder);
  }
}

/** Test cases in a suite: the calls of `it` and `test`, found by the TypeScript parser. */
function countTests(code: string): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /^(it|test)$/.test(node.expression.text)
    )
      count++;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('suite.ts', code, ts.ScriptTarget.ES2022, true));
  return count;
}
