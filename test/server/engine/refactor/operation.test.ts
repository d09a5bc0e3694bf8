// The refactor operation as the doors reach it: through the engine, and for Python selections.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '../../../../server/src/engine/contracts/index';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { RefactorInput } from '../../../../server/src/engine/contracts/refactor';
import { BUILTIN_OPERATIONS } from '../../../../server/src/engine/engine';
import { refactorCode, refactorRange } from '../../../../server/src/engine/refactor/index';

describe('refactor operation', () => {
  let dataDir: string;
  before(() => (dataDir = mkdtempSync(join(tmpdir(), 'codewright-refactor-'))));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is registered in the builtin engine', async () => {
    const input = validate(RefactorInput, {
      code: 'var a = [1, 2];\nmodule.exports = a;\n',
      language: 'JS',
      refactor_type: 'modernize',
    });
    const result = await BUILTIN_OPERATIONS.refactor!(input, { config: DEFAULT_CONFIG, roots: [] });
    assert.equal(result.refactored_code, 'const a = [1, 2];\nmodule.exports = a;\n');
    assert.deepEqual(result.changes, ['Line 1: `var a` → `const a` (never reassigned)']);
  });

  it('offers Python modernize only inside the selection', async () => {
    const code = 'def f(a, b):\n    x = "%s-%s" % (a, b)\n    y = "{}".format(a)\n    return x + y\n';
    const offers = await refactorRange(code, 'python', { startLine: 3, endLine: 3 }, ['modernize']);
    assert.equal(offers.length, 1);
    assert.equal(
      offers[0]!.result.refactored_code,
      'def f(a, b):\n    x = "%s-%s" % (a, b)\n    y = f"{a}"\n    return x + y\n',
    );
  });

  it('keeps CRLF line endings', async () => {
    const code =
      'function f(x) {\r\n  if (x) {\r\n    return 1;\r\n  } else {\r\n    return 2;\r\n  }\r\n}\r\nmodule.exports = f;\r\n';
    const result = await refactorCode(
      validate(RefactorInput, { code, language: 'js', refactor_type: 'simplify' }),
      {},
    );
    assert.equal(
      result.refactored_code,
      'function f(x) {\r\n  if (x) {\r\n    return 1;\r\n  }\r\n  return 2;\r\n}\r\nmodule.exports = f;\r\n',
    );
  });
});
