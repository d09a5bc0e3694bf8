import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { languageOfPath, listSourceFiles } from '../../../server/src/features/workspaceFiles';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cw-ws-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('features/workspaceFiles', () => {
  it('finds supported files and skips dependencies, output, hidden folders and other files', async () => {
    const root = tree({
      'src/app.ts': 'x',
      'src/view.tsx': 'x',
      'lib/tool.py': 'x',
      'main.go': 'x',
      'README.md': 'x',
      'types.d.ts': 'x',
      'vendor.min.js': 'x',
      'node_modules/dep/index.js': 'x',
      'dist/bundle.js': 'x',
      '.git/hooks/pre-commit.js': 'x',
    });
    const { files, skipped } = await listSourceFiles([root], {
      maxBytes: 100,
      maxFiles: 100,
      cancelled: () => false,
    });
    assert.deepEqual(
      files.map((f) => `${relative(root, f.path)}:${f.language}`),
      ['main.go:go', 'lib/tool.py:python', 'src/app.ts:typescript', 'src/view.tsx:typescriptreact'],
    );
    assert.equal(skipped, 0);
  });

  it('counts files over the size cap or past the file cap as skipped', async () => {
    const root = tree({ 'a.js': 'x'.repeat(50), 'b.js': 'x', 'c.js': 'x', 'd.js': 'x' });
    const { files, skipped } = await listSourceFiles([root], {
      maxBytes: 10,
      maxFiles: 2,
      cancelled: () => false,
    });
    assert.deepEqual(
      files.map((f) => relative(root, f.path)),
      ['b.js', 'c.js'],
    );
    assert.equal(skipped, 2);
  });

  it('stops when cancelled and tolerates a missing root', async () => {
    const root = tree({ 'a.js': 'x' });
    assert.deepEqual(
      (await listSourceFiles([root], { maxBytes: 10, maxFiles: 9, cancelled: () => true })).files,
      [],
    );
    const missing = await listSourceFiles([join(root, 'nope')], {
      maxBytes: 10,
      maxFiles: 9,
      cancelled: () => false,
    });
    assert.deepEqual(missing, { files: [], skipped: 0 });
  });

  it('knows the languages by extension', () => {
    assert.equal(languageOfPath('x.mjs'), 'javascript');
    assert.equal(languageOfPath('x.h'), 'c');
    assert.equal(languageOfPath('x.hpp'), 'cpp');
    assert.equal(languageOfPath('x.cs'), 'csharp');
    assert.equal(languageOfPath('x.txt'), undefined);
  });
});
