// What the .vsix ships is decided by .vscodeignore: it leaves out everything (`**`) and re-includes
// the bundles, the media, README, CHANGELOG, LICENSE and the icon. vsce's own listing (`npx vsce
// ls`) takes a minute over node_modules, too slow here; the real-editor suite installs the built
// .vsix itself.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '..');

function reincluded(): string[] {
  return readFileSync(join(REPO, '.vscodeignore'), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.startsWith('!'))
    .map((line) => line.slice(1));
}

describe('package (.vsix contents)', () => {
  it('leaves everything out but what it re-includes', () => {
    const first = readFileSync(join(REPO, '.vscodeignore'), 'utf8').split(/\r?\n/)[0];
    assert.equal(first, '**');
  });

  it('re-includes README, CHANGELOG, LICENSE, package.json, the bundles and media/', () => {
    const lines = reincluded();
    for (const entry of [
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'package.json',
      'dist/client.js',
      'dist/server.js',
      'dist/api.js',
      'dist/engineWorker.js',
      // TypeScript's standard library, read beside the worker bundle (build.mjs).
      'dist/lib.*.d.ts',
      'media/**',
    ]) {
      assert.ok(lines.includes(entry), `.vscodeignore does not re-include ${entry}`);
    }
    assert.deepEqual(
      lines.filter((line) => /\.map$|^(client|server|api|test|node_modules)\//.test(line)),
      [],
    );
  });

  it("names an icon under media/ that is a PNG of at least 128×128 (the Marketplace's minimum)", () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { icon?: string };
    assert.equal(manifest.icon, 'media/icon.png');
    const png = readFileSync(join(REPO, manifest.icon));
    assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'PNG signature');
    // The IHDR chunk comes first: width and height are its first two 32-bit fields.
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.ok(png.readUInt32BE(16) >= 128 && png.readUInt32BE(20) >= 128);
  });
});
