// Checks a model's code before it is returned: it must parse (TypeScript compiler for JS/TS,
// tree-sitter for the rest), and generated tests run against it when `code_execution` is on (in
// the sandbox testgen uses: temp folder, time/memory limits, no network where the OS allows).
// Each check is reported with its outcome; one that could not run says `skipped` and why.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { VerificationCheck } from '../contracts/verification';
import type { LanguageId } from '../languages';
import { firstSyntaxError, parse } from '../parsing/treeSitter';
import { NETWORK_GUARD } from '../testgen/js/harnessSource';
import {
  makeWorkFolder,
  nodeBinary,
  nodePermissionFlags,
  removeWorkFolder,
  runSandboxed,
} from '../testgen/sandbox';

const JS_FAMILY = new Set<LanguageId>(['javascript', 'typescript', 'javascriptreact', 'typescriptreact']);
const jsx = (language: LanguageId) => language === 'javascriptreact' || language === 'typescriptreact';

export async function checkParses(
  code: string,
  language: LanguageId,
  target: VerificationCheck['target'],
): Promise<VerificationCheck> {
  if (JS_FAMILY.has(language)) {
    const result = ts.transpileModule(code, {
      fileName: `check.${jsx(language) ? 'tsx' : 'ts'}`,
      reportDiagnostics: true,
      compilerOptions: { target: ts.ScriptTarget.ES2022 },
    });
    const error = result.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error);
    const where =
      error?.file && error.start !== undefined
        ? error.file.getLineAndCharacterOfPosition(error.start)
        : undefined;
    return {
      check: 'parses (TypeScript compiler)',
      target,
      outcome: error ? 'failed' : 'passed',
      detail: error
        ? `line ${(where?.line ?? 0) + 1}: ${ts.flattenDiagnosticMessageText(error.messageText, ' ')}`
        : 'no syntax errors',
    };
  }
  const tree = await parse(code, language);
  try {
    const error = firstSyntaxError(tree);
    return {
      check: 'parses (tree-sitter)',
      target,
      outcome: error ? 'failed' : 'passed',
      detail: error ? `line ${error.line}: ${error.message}` : 'no syntax errors',
    };
  } finally {
    tree.delete();
  }
}

/**
 * Runs `tests` (importing the code from './subject' / `subject`) against `code`. JS/TS tests must use
 * node:test; Python tests unittest. Anything else is reported as skipped, never as passed.
 */
export async function runGeneratedTests(
  code: string,
  tests: string,
  language: LanguageId,
  signal?: AbortSignal,
): Promise<VerificationCheck> {
  const check = 'tests run against the code';
  const folder = makeWorkFolder();
  try {
    if (language === 'python') {
      writeFileSync(join(folder, 'subject.py'), code);
      writeFileSync(join(folder, 'test_subject.py'), tests);
      const run = await runSandboxed({
        command: 'python3',
        args: ['-m', 'unittest', '-q', 'test_subject'],
        cwd: folder,
        signal,
      });
      const summary = /Ran (\d+) tests?/.exec(run.stderr)?.[0] ?? 'no test ran';
      if (run.killed) return { check, target: 'tests', outcome: 'failed', detail: `stopped: ${run.killed}` };
      return {
        check,
        target: 'tests',
        outcome: run.exitCode === 0 && !/Ran 0 tests/.test(summary) ? 'passed' : 'failed',
        detail: `${summary}; ${tail(run.stderr)}`,
      };
    }
    if (!JS_FAMILY.has(language))
      return {
        check,
        target: 'tests',
        outcome: 'skipped',
        detail: `running ${language} tests is not supported`,
      };
    if (!/from ['"]node:test['"]|require\(['"]node:test['"]\)/.test(tests)) {
      return {
        check,
        target: 'tests',
        outcome: 'skipped',
        detail: 'the tests do not use node:test, the framework the engine can run',
      };
    }
    const suite = join(folder, 'suite');
    mkdirSync(suite);
    writeFileSync(join(suite, 'package.json'), '{"type":"commonjs"}\n');
    writeFileSync(join(suite, 'subject.js'), toCommonJs(code, language, 'subject'));
    writeFileSync(join(suite, 'subject.test.js'), toCommonJs(tests, language, 'subject.test'));
    // Run in one process (the permission model forbids the child processes `node --test` spawns),
    // behind the same network guard testgen's suites get.
    const runner = join(folder, 'runner.cjs');
    writeFileSync(runner, `'use strict';\n${NETWORK_GUARD}\nrequire(process.argv[2]);\n`);
    const run = await runSandboxed({
      command: nodeBinary(),
      args: [
        ...nodePermissionFlags([folder], []),
        '--test-reporter=tap',
        runner,
        join(suite, 'subject.test.js'),
      ],
      cwd: suite,
      signal,
      idleMs: 10_000,
    });
    const pass = Number(/^# pass (\d+)/m.exec(run.stdout)?.[1] ?? 0);
    const fail = Number(/^# fail (\d+)/m.exec(run.stdout)?.[1] ?? 0);
    if (run.killed) return { check, target: 'tests', outcome: 'failed', detail: `stopped: ${run.killed}` };
    const outcome = run.exitCode === 0 && pass > 0 && fail === 0 ? 'passed' : 'failed';
    const firstFailure = /^not ok \d+ - (.*)$/m.exec(run.stdout)?.[1];
    return {
      check,
      target: 'tests',
      outcome,
      detail: `${pass} passed, ${fail} failed${firstFailure ? `; first failure: ${firstFailure}` : ''}${outcome === 'failed' && pass + fail === 0 ? `; ${tail(run.stderr)}` : ''}`,
    };
  } finally {
    removeWorkFolder(folder);
  }
}

function toCommonJs(source: string, language: LanguageId, name: string): string {
  return ts.transpileModule(source, {
    fileName: `${name}.${jsx(language) ? 'tsx' : 'ts'}`,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      jsx: jsx(language) ? ts.JsxEmit.ReactJSX : undefined,
    },
  }).outputText;
}

function tail(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').slice(0, 300);
}
