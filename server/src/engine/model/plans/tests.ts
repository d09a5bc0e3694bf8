// generateTests with a model (JavaScript/TypeScript, where the builtin generator exists): the model
// writes a suite in the framework the builtin tier chose, importing the module by the same path. The
// suite must parse; with `code_execution` on it runs in the testgen sandbox against the instrumented
// module (mocha or node:test), and only a green run is returned, with the coverage that run measured.
// A suite that does not parse or fails returns the builtin suite, naming the failure. With
// `code_execution` off the model's suite is returned unrun, and coverage_info says it is the
// model's own estimate.
import ts from 'typescript';
import { z } from 'zod';
import type { TestGenOutput } from '../../contracts/tests';
import type { VerificationCheck } from '../../contracts/verification';
import type { LanguageId } from '../../languages';
import type { JsFramework } from '../../testgen/js/emit';
import { figuresOf, fileCoverageFrom, prepareModule } from '../../testgen/js/instrument';
import { frameworkAvailable, runSuite } from '../../testgen/js/verify';
import { makeWorkFolder, removeWorkFolder } from '../../testgen/sandbox';
import { detectLanguage } from '../../testgen/index';
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
const RUNNABLE: readonly string[] = ['mocha', 'node:test'];

export const testsPlan: ModelPlan<'generateTests', typeof ModelTests> = {
  name: 'unit_tests',
  schema: ModelTests,
  messages: (input, builtin) => [
    {
      role: 'system',
      content: [
        `You write unit tests with ${builtin.test_framework} for the module below, imported as '${builtin.module_path}'.`,
        `Aim for ${input.coverage_target}% statement coverage${input.include_edge_cases ? ', with edge cases' : ''}.`,
        'Start every test title with "#" and its number, e.g. "#1 adds two numbers". Tests must be deterministic and need no network.',
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
    const cases = countTests(answer.test_code);
    const base = { ...builtin, test_code: answer.test_code };
    if (!context.config.tools.includes('code_execution') || !RUNNABLE.includes(framework)) {
      checks.push({
        check: 'tests run against the code',
        target: 'tests',
        outcome: 'skipped',
        detail: RUNNABLE.includes(framework)
          ? "the code_execution tool is off (PUT /v1/config with tools including 'code_execution')"
          : `running ${framework} suites is not supported here (mocha and node:test are)`,
      });
      const output: TestGenOutput = {
        ...base,
        coverage_info: {
          estimated_coverage: answer.estimated_coverage,
          test_cases: cases,
          edge_cases: Math.min(answer.edge_cases, cases),
          measured: false,
          method: "the model's own estimate; the suite was not run",
        },
        notes: [...(builtin.notes ?? []), 'The model wrote this suite; it was not run (see verification).'],
        targets: undefined,
      };
      return { accepted: true, output, checks, merge: "the model's suite, unrun, with its own estimate" };
    }
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
