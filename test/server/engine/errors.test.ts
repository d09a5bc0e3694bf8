// The language server holds two copies of errors.ts (its own bundle's and dist/api.js's): an error
// made by one copy must be a CodewrightError for the other, and nothing else must pass for one.
import assert from 'node:assert/strict';
import { CodewrightError } from '../../../server/src/engine/errors';

/** A second, separately evaluated copy of the module, as the second bundle holds. */
function secondCopy(): typeof import('../../../server/src/engine/errors') {
  const path = require.resolve('../../../server/src/engine/errors');
  const first = require.cache[path];
  delete require.cache[path];
  try {
    return require(path) as typeof import('../../../server/src/engine/errors');
  } finally {
    require.cache[path] = first;
  }
}

describe('CodewrightError across module copies', () => {
  it('recognises an error made by another copy of the module, both ways', () => {
    const other = secondCopy();
    assert.notEqual(other.CodewrightError, CodewrightError, 'the test needs a distinct copy');
    const fromOther = new other.CodewrightError('ANALYSIS_LIMIT', 'over the time limit');
    assert.ok(fromOther instanceof CodewrightError);
    assert.ok(new CodewrightError('NOT_FOUND', 'no such job') instanceof other.CodewrightError);
    assert.equal(fromOther.status, 422);
  });

  it('does not take other errors or look-alike objects for one', () => {
    assert.equal(new Error('plain') instanceof CodewrightError, false);
    assert.equal(
      { code: 'NOT_FOUND', message: 'x', name: 'CodewrightError' } instanceof CodewrightError,
      false,
    );
    for (const value of [null, undefined, 'CodewrightError', 42] as unknown[])
      assert.equal((value as object) instanceof CodewrightError, false);
  });

  it('keeps the ordinary check for a subclass', () => {
    class Narrower extends CodewrightError {}
    assert.ok(new Narrower('FORBIDDEN', 'no') instanceof CodewrightError);
    assert.ok(new Narrower('FORBIDDEN', 'no') instanceof Narrower);
    assert.equal(new CodewrightError('FORBIDDEN', 'no') instanceof Narrower, false);
  });
});
