// selectPatterns: defaults per refactor type and language, and the errors for bad pattern names.
import assert from 'node:assert/strict';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { PATTERN_NAMES, selectPatterns } from '../../../../server/src/engine/refactor/patterns';

describe('selectPatterns', () => {
  it('applies the defaults of a type, leaving opt-in patterns out', () => {
    const modernize = selectPatterns('modernize', 'js', undefined);
    assert.ok(modernize.has('const_let') && modernize.has('classes'));
    assert.ok(!modernize.has('es_modules'));
    assert.deepEqual([...selectPatterns('modernize', 'python', [])].sort(), [
      'comprehensions',
      'f_strings',
      'pathlib',
      'with_open',
    ]);
  });

  it('narrows to the requested patterns, case-insensitively', () => {
    assert.deepEqual(
      [...selectPatterns('modernize', 'js', ['Const_Let', 'es_modules'])],
      ['const_let', 'es_modules'],
    );
  });

  it('lists the known patterns for an unknown name', () => {
    assert.throws(
      () => selectPatterns('modernize', 'js', ['nope']),
      (error: unknown) =>
        error instanceof CodewrightError &&
        error.details.field === 'target_patterns' &&
        PATTERN_NAMES.every((name) => error.message.includes(name)),
    );
  });

  it('refuses a pattern of another language', () => {
    assert.throws(() => selectPatterns('modernize', 'python', ['const_let']), /Patterns for it: f_strings/);
  });
});
