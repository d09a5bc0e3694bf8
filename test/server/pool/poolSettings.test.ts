// The flags a worker process runs with: the heap cap that ends a task over it, the old generation's
// first limit and floor at half of it (so V8 does not collect a small heap every few reviews because
// the cap is under 2 GB), and `gc` for the collection after a large task.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { DEFAULT_POOL_SETTINGS, workerExecArgv } from '../../../server/src/pool/poolSettings';

describe('pool/poolSettings', () => {
  it("a worker's old generation starts with half its heap cap as its limit", () => {
    assert.deepEqual(workerExecArgv(1024), [
      '--max-old-space-size=1024',
      '--initial-old-space-size=512',
      '--expose-gc',
    ]);
    // Near miss: an odd cap rounds the half down, the cap itself stays as set.
    assert.deepEqual(workerExecArgv(1023).slice(0, 2), [
      '--max-old-space-size=1023',
      '--initial-old-space-size=511',
    ]);
  });

  it('node accepts the flags of the default settings', () => {
    const child = spawnSync(
      process.execPath,
      [...workerExecArgv(DEFAULT_POOL_SETTINGS.memoryMb), '-e', 'console.log(typeof gc)'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), 'function');
  });
});
