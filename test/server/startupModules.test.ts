// What the language server loads before it can answer `initialize`: the LSP library, its features
// and the pool's client, nothing else. The api, its key store, zod and the operations' schemas load
// on first use, and no analyser ever loads in this process (issue 8; docs/benchmarks.md, "front
// process load"). Checked in a fresh process on the sources, whose graph dist/server.js bundles.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..');

/** The files a fresh Node process has loaded after requiring the given source module. */
function loadedBy(module: string): string[] {
  const script = `require(${JSON.stringify(module)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
    cwd: REPO,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return (JSON.parse(run.stdout) as string[]).map((file) => file.slice(REPO.length + 1));
}

describe('language server start-up modules', function () {
  this.timeout(60_000);

  it('loads neither the api, nor zod and the schemas, nor any analyser', () => {
    const loaded = loadedBy('./server/src/server.ts');
    assert.ok(loaded.includes('server/src/features/diagnostics.ts'), 'the features are loaded');
    const late = loaded.filter(
      (file) =>
        file.startsWith('api/') ||
        /^server\/src\/(settingsSchema\.ts|engine\/(contracts\/(?!reviewTerms\.ts)|config\/))/.test(file) ||
        /node_modules\/(zod|fastify|bullmq|ioredis|typescript|eslint|web-tree-sitter)\//.test(file),
    );
    assert.deepEqual(late, []);
  });
});
