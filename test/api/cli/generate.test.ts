// `codewright test` and `codewright docs` as a user runs them: the built CLI on real files.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli, runBuiltCli, tempFolder } from './helpers';

const SLUG = [
  'function slugify(text) {',
  "  return String(text).toLowerCase().replace(/[^a-z0-9]+/g, '-');",
  '}',
  'module.exports = { slugify };',
  '',
].join('\n');

describe('codewright test and docs (built CLI)', function () {
  this.timeout(180_000);
  before(() => buildCli());

  it('test FILE writes a suite that imports the file and names its exports', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'slug.js'), SLUG);
    const run = await runBuiltCli(['test', 'slug.js', '--output', 'slug.test.js'], dir);
    assert.equal(run.code, 0, run.stderr);
    const suite = readFileSync(join(dir, 'slug.test.js'), 'utf8');
    assert.match(suite, /require\("\.\/slug"\)/);
    assert.match(suite, /slugify/);
    assert.match(run.stderr, /test cases for /);
    const missing = await runBuiltCli(['test', 'nope.js'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.js: no such file/);
  });

  it('docs PATHS documents the files of a folder; a path outside the folder is refused', async () => {
    const dir = tempFolder();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'slug.js'), SLUG);
    const run = await runBuiltCli(['docs', 'src'], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /src\/slug\.js/);
    assert.match(run.stdout, /slugify/);
    const outside = await runBuiltCli(['docs', '/etc/hostname.js'], dir);
    assert.equal(outside.code, 2);
  });
});
