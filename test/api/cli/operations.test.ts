// `codewright explain` and `codewright refactor` as a user runs them: the built CLI, a real file.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli, runBuiltCli, tempFolder } from './helpers';

const LEGACY = [
  'function f(a) {',
  '  var total = 0;',
  '  total += a;',
  '  return total;',
  '}',
  'module.exports = f;',
  '',
].join('\n');

describe('codewright explain and refactor (built CLI)', function () {
  this.timeout(180_000);
  before(() => buildCli());

  it('explain FILE:LINE-LINE explains those lines with the file’s own line numbers', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'f.js'), `// header\n${LEGACY}`);
    const run = await runBuiltCli(['explain', 'f.js:2-6', '--format', 'json'], dir);
    assert.equal(run.code, 0, run.stderr);
    const output = JSON.parse(run.stdout) as { explanation: { breakdown: { line: number; code: string }[] } };
    assert.equal(output.explanation.breakdown[0]!.line, 2);
    assert.match(output.explanation.breakdown[0]!.code, /function f\(a\)/);
    const outside = await runBuiltCli(['explain', 'f.js:50-60'], dir);
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /outside f\.js/);
  });

  it('refactor prints a unified diff, --write writes it, a bad --type is a usage error', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'f.js'), LEGACY);
    const diff = await runBuiltCli(['refactor', 'f.js', '--type', 'modernize'], dir);
    assert.equal(diff.code, 0, diff.stderr);
    assert.match(diff.stdout, /^--- a\/f\.js/m);
    assert.match(diff.stdout, /^- {2}var total = 0;$/m);
    assert.match(diff.stdout, /^\+ {2}let total = 0;$/m);
    assert.equal(readFileSync(join(dir, 'f.js'), 'utf8'), LEGACY);
    const write = await runBuiltCli(['refactor', 'f.js', '--type', 'modernize', '--write'], dir);
    assert.equal(write.code, 0, write.stderr);
    assert.match(readFileSync(join(dir, 'f.js'), 'utf8'), /let total = 0;/);
    const bad = await runBuiltCli(['refactor', 'f.js', '--type', 'bogus'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /refactor_type: Invalid option/);
  });
});
