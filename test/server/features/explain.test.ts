import assert from 'node:assert/strict';
import { isRequested } from '../../../server/src/features/codeActionKinds';
import { dedent } from '../../../server/src/features/explain';

describe('features/explain and code action kinds', () => {
  it('removes only the indentation all non-blank lines share', () => {
    assert.deepEqual(dedent(['    def f(x):', '', '        return x']), ['def f(x):', '', '    return x']);
    assert.deepEqual(dedent(['\tif a:', '\t  b()']), ['if a:', '  b()']);
    assert.deepEqual(dedent(['a', '  b']), ['a', '  b']);
    assert.deepEqual(dedent(['', '  ']), ['', '  ']);
  });

  it('matches requested code action kinds the LSP way (parents match children)', () => {
    assert.equal(isRequested('source.fixAll.codewright', undefined), true);
    assert.equal(isRequested('source.fixAll.codewright', ['source']), true);
    assert.equal(isRequested('source.fixAll.codewright', ['source.fixAll']), true);
    assert.equal(isRequested('source.fixAll.codewright', ['source.fix']), false);
    assert.equal(isRequested('quickfix', ['refactor']), false);
  });
});
