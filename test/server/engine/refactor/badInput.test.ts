// Bad input never crashes: syntax errors name the line, unknown types and patterns list the allowed
// values, empty and oversized code are refused, unsupported languages say what is supported.
import assert from 'node:assert/strict';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { validate } from '../../../../server/src/engine/contracts/index';
import { RefactorInput } from '../../../../server/src/engine/contracts/refactor';
import { refactorCode, refactorRange } from '../../../../server/src/engine/refactor/index';

async function refactor(body: Record<string, unknown>) {
  return refactorCode(validate(RefactorInput, body), {});
}

async function rejects(body: Record<string, unknown>, code: string, message: RegExp): Promise<void> {
  await assert.rejects(
    () => refactor(body),
    (error: unknown) =>
      error instanceof CodewrightError && error.code === code && message.test(error.message),
  );
}

describe('refactor bad input', function () {
  // Child processes and whole-file compiler checks: slow on a loaded 2-core machine.
  this.timeout(120_000);
  it('names the line of a JS syntax error', () =>
    rejects(
      { code: 'function f() {\n  return (1;\n}', language: 'js', refactor_type: 'modernize' },
      'VALIDATION_ERROR',
      /line 2/,
    ));
  it('names the line of a Python syntax error', () =>
    rejects(
      { code: 'def f(:\n    pass\n', language: 'python', refactor_type: 'modernize' },
      'VALIDATION_ERROR',
      /line 1/,
    ));
  it('lists allowed refactor types for an unknown one', () =>
    rejects(
      { code: 'x', language: 'js', refactor_type: 'beautify' },
      'VALIDATION_ERROR',
      /modernize.*rename/,
    ));
  it('lists known patterns for an unknown target pattern', () =>
    rejects(
      { code: 'var x = 1;', language: 'js', refactor_type: 'modernize', target_patterns: ['lambdas'] },
      'VALIDATION_ERROR',
      /const_let/,
    ));
  it('refuses a pattern of another refactor type', () =>
    rejects(
      { code: 'var x = 1;', language: 'js', refactor_type: 'simplify', target_patterns: ['const_let'] },
      'VALIDATION_ERROR',
      /else_return/,
    ));
  it('refuses empty code', () =>
    rejects({ code: '  \n', language: 'js', refactor_type: 'modernize' }, 'VALIDATION_ERROR', /empty/));
  it('refuses code over 1 MiB', () =>
    rejects(
      { code: 'var x = 1;\n'.repeat(120_000), language: 'js', refactor_type: 'modernize' },
      'FILE_TOO_LARGE',
      /larger/,
    ));
  it('says what is supported for other languages', () =>
    rejects(
      { code: 'package main', language: 'go', refactor_type: 'modernize' },
      'UNPROCESSABLE',
      /JavaScript and TypeScript.*Python/,
    ));
  it('requires rename options', () =>
    rejects(
      { code: 'var a = 1;', language: 'js', refactor_type: 'rename' },
      'VALIDATION_ERROR',
      /options\.from/,
    ));
  it('refuses a reserved word as the new name', () =>
    rejects(
      { code: 'var a = 1;', language: 'js', refactor_type: 'rename', options: { from: 'a', to: 'class' } },
      'VALIDATION_ERROR',
      /not a valid identifier/,
    ));
  it('explains why a selection cannot be extracted', () =>
    rejects(
      {
        code: 'function f() {\n  return 1;\n}\n',
        language: 'js',
        refactor_type: 'extract_function',
        options: { start_line: 1, end_line: 2 },
      },
      'UNPROCESSABLE',
      /Cannot extract lines 1-2/,
    ));

  it('handles a large (5,000-line) input within bounds', async () => {
    const unit = 'function f{i}(a) {\n  var s = "v" + a;\n  return s;\n}\n';
    const code = Array.from({ length: 1250 }, (_, i) => unit.replaceAll('{i}', String(i))).join('');
    const result = await refactor({
      code,
      language: 'js',
      refactor_type: 'modernize',
      target_patterns: ['const_let'],
    });
    assert.ok(result.changes.length >= 1250);
    assert.doesNotMatch(result.refactored_code, /\bvar s\b/);
  });
});

describe('refactorRange (editor selections)', () => {
  it('offers modernize only for changes inside the selection', async () => {
    const code = 'module.exports = function f(a) {\n  var x = a;\n  var y = a;\n  return x + y;\n};\n';
    const offers = await refactorRange(code, 'javascript', { startLine: 2, endLine: 2 }, ['modernize']);
    assert.equal(offers.length, 1);
    assert.match(offers[0]!.result.refactored_code, /const x = a;\n {2}var y = a;/);
  });
  it('treats an empty selection as the cursor line, and offers no extraction there', async () => {
    const code = 'module.exports = function f(a) {\n  var x = a;\n  var y = a;\n  return x + y;\n};\n';
    const offers = await refactorRange(code, 'javascript', {
      startLine: 3,
      startColumn: 5,
      endLine: 3,
      endColumn: 5,
    });
    assert.deepEqual(
      offers.map((offer) => offer.refactorType),
      ['modernize'],
    );
    assert.match(offers[0]!.result.refactored_code, /var x = a;\n {2}const y = a;/);
  });

  it('offers extract_function for whole statements', async () => {
    const code = 'function f(a) {\n  var b = a * 2;\n  var c = b + 1;\n  return c;\n}\nmodule.exports = f;\n';
    const offers = await refactorRange(code, 'javascript', { startLine: 2, endLine: 3 }, [
      'extract_function',
    ]);
    assert.equal(offers.length, 1);
    assert.match(offers[0]!.result.refactored_code, /function extracted\(a\)/);
  });
});
