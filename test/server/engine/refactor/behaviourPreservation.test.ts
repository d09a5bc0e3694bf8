// Behaviour preservation: the ES5 library in test/fixtures/refactor/es5-library has its own test
// suite. Every source file is modernized into a temp copy, and the same suite must still pass there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RefactorType } from '../../../../server/src/engine/contracts/refactor';
import { refactorCode } from '../../../../server/src/engine/refactor/index';

const LIBRARY = join(__dirname, '../../../fixtures/refactor/es5-library');

function runSuite(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--test', join(dir, 'test')], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('modernize preserves behaviour of a real ES5 library', function () {
  // Child processes and whole-file compiler checks: slow on a loaded 2-core machine.
  this.timeout(180_000);
  let copy: string;
  before(() => {
    copy = mkdtempSync(join(tmpdir(), 'codewright-es5-'));
    cpSync(LIBRARY, copy, { recursive: true });
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  async function refactorLibrary(type: RefactorType): Promise<number> {
    let applied = 0;
    for (const file of readdirSync(join(copy, 'lib'))) {
      const path = join(copy, 'lib', file);
      const result = await refactorCode(
        { code: readFileSync(path, 'utf8'), language: 'javascript', refactor_type: type },
        {},
      );
      applied += result.changes.filter((change) => /^Line \d+: (?!kept|not applied)/.test(change)).length;
      writeFileSync(path, result.refactored_code);
    }
    console.log(`      ${type} applied ${applied} changes across the library`);
    return applied;
  }

  it('passes its own suite before and after modernize, with changes applied', async () => {
    assert.equal(runSuite(copy).status, 0, 'the original suite must pass');
    assert.ok((await refactorLibrary('modernize')) > 0);
    const after = runSuite(copy);
    assert.equal(after.status, 0, after.output);
    const modernized = readFileSync(join(copy, 'lib', 'collections.js'), 'utf8');
    // Exported, so another file's ES5 subclass could run `Inventory.call(this)`: it stays a function.
    assert.match(modernized, /function Inventory\(name\)/);
    assert.match(modernized, /var i = 0; i < n/, 'the loop variable captured by closures must stay var');
  });

  it('still passes after simplify and remove_dead_code on the modernized code', async () => {
    assert.ok((await refactorLibrary('simplify')) > 0);
    assert.ok((await refactorLibrary('remove_dead_code')) > 0);
    const after = runSuite(copy);
    assert.equal(after.status, 0, after.output);
  });
});
