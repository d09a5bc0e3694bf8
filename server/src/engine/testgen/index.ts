// The generateTests operation: checks the request, picks language and framework, and hands over to the
// JS/TS or the Python generator. Code runs only when the `code_execution` tool is enabled; otherwise
// the answer is a structural suite with a static estimate that says it is one.
import ts from 'typescript';
import type { TestGenInput, TestGenOutput } from '../contracts/tests';
import type { OperationContext } from '../engine';
import { CodewrightError, invalidField } from '../errors';
import { isJsFamily, type LanguageId } from '../languages';
import type { JsFramework } from './js/emit';
import { generateJsTests, type JsTestResult } from './js/generate';
import { generatePythonTests } from './python/generate';

export const MAX_SOURCE_BYTES = 256 * 1024;

const JS_FRAMEWORKS = ['mocha', 'jest', 'vitest', 'node:test'];
const PY_FRAMEWORKS = ['pytest', 'unittest'];

/** A guess for a request without `language`: Python by its block syntax, TypeScript by its types. */
export function detectLanguage(code: string): LanguageId {
  const pythonLines = code.split('\n').filter((l) => /^\s*(def|class)\s+\w+.*:\s*(#.*)?$/.test(l)).length;
  if (pythonLines > 0 && !/[{};]\s*$/m.test(code)) return 'python';
  const asJs = ts.transpileModule(code, {
    fileName: 'm.js',
    reportDiagnostics: true,
    compilerOptions: { allowJs: true },
  });
  const asTs = ts.transpileModule(code, { fileName: 'm.ts', reportDiagnostics: true });
  if ((asJs.diagnostics?.length ?? 0) > 0 && (asTs.diagnostics?.length ?? 0) === 0) return 'typescript';
  return 'javascript';
}

export async function generateTests(input: TestGenInput, context: OperationContext): Promise<TestGenOutput> {
  const bytes = Buffer.byteLength(input.source_code, 'utf8');
  if (bytes > MAX_SOURCE_BYTES) {
    throw new CodewrightError(
      'FILE_TOO_LARGE',
      `The source is ${bytes} bytes; the limit for test generation is ${MAX_SOURCE_BYTES}`,
      {
        field: 'source_code',
        issue: `larger than ${MAX_SOURCE_BYTES} bytes`,
      },
    );
  }
  if (input.source_code.trim() === '') throw invalidField('source_code', 'must contain source code');
  const language = input.language ?? detectLanguage(input.source_code);
  const execute = context.config.tools.includes('code_execution');
  const framework = input.test_framework ?? (language === 'python' ? 'pytest' : 'node:test');
  if (language === 'python') {
    if (!PY_FRAMEWORKS.includes(framework))
      throw invalidField('test_framework', `must be pytest or unittest for Python (got ${framework})`);
    return generatePythonTests({
      code: input.source_code,
      framework: framework as 'pytest' | 'unittest',
      coverageTarget: input.coverage_target,
      edgeCases: input.include_edge_cases,
      modulePath: input.module_path ?? './subject',
      execute,
      signal: context.signal,
    });
  }
  if (!isJsFamily(language)) {
    throw new CodewrightError(
      'UNPROCESSABLE',
      `Test generation supports JavaScript, TypeScript and Python, not ${language}`,
      {
        field: 'language',
        issue: 'no test generator for this language',
      },
    );
  }
  if (!JS_FRAMEWORKS.includes(framework)) {
    throw invalidField(
      'test_framework',
      `must be one of ${JS_FRAMEWORKS.join(', ')} for ${language} (got ${framework})`,
    );
  }
  const modulePath = input.module_path ?? './subject';
  const result = await generateJsTests({
    code: input.source_code,
    language,
    framework: framework as JsFramework,
    coverageTarget: input.coverage_target,
    edgeCases: input.include_edge_cases,
    modulePath,
    execute,
    signal: context.signal,
  });
  return toOutput(result, language, framework, modulePath);
}

function toOutput(
  result: JsTestResult,
  language: LanguageId,
  framework: string,
  modulePath: string,
): TestGenOutput {
  const base = modulePath
    .split('/')
    .pop()!
    .replace(/\.(m|c)?[jt]sx?$/, '');
  const typed = language === 'typescript' || language === 'typescriptreact';
  const jsx = language.endsWith('react');
  const ext = `${typed ? 'ts' : 'js'}${jsx ? 'x' : ''}`;
  const counts = new Map<string, number>();
  for (const c of result.cases) counts.set(c.spec.target.name, (counts.get(c.spec.target.name) ?? 0) + 1);
  return {
    test_code: result.testCode,
    coverage_info: {
      estimated_coverage: Math.round(result.figures.statements.pct),
      test_cases: result.measured ? result.cases.length : result.targets.length,
      edge_cases: result.cases.filter((c) => c.spec.edge).length,
      measured: result.measured,
      method: result.method,
      statement_coverage: result.figures.statements.pct,
      ...(result.measured ? { branch_coverage: result.figures.branches.pct } : {}),
      verified_runs: result.verifiedRuns,
      dropped_tests: result.dropped,
    },
    module_path: modulePath,
    source_file: `${base}.${ext}`,
    test_file: `${base}.test.${typed ? 'ts' : 'js'}`,
    test_framework: framework,
    targets: result.targets.map((t) => ({ name: t.name, kind: t.kind, test_cases: counts.get(t.name) ?? 0 })),
    notes: result.notes,
  };
}
