// Our cyclomatic complexity against independent tools on real installed code: ESLint's complexity
// rule (JavaScript, installed packages), PyCQA mccabe (Python, the standard library that python3
// installs) and pmccabe (C, zlib's examples from zlib1g-dev). Each part is skipped, saying why,
// when its tool or files are missing; .ci/run installs them.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  againstEslint,
  againstMccabe,
  againstPmccabe,
  filesUnder,
  mccabePython,
  summary,
  type Agreement,
} from '../../../../bench/metricsReference';

const MODULES = join(__dirname, '../../../../node_modules');
const ZLIB_EXAMPLES = '/usr/share/doc/zlib1g-dev/examples';

function differences(agreement: Agreement): string {
  return agreement.differences
    .slice(0, 10)
    .map((d) => `${d.file}:${d.line} ours ${d.ours} theirs ${d.theirs} ${d.reasons?.join(', ') ?? ''}`)
    .join('\n');
}

describe('cyclomatic complexity agrees with independent tools', function () {
  this.timeout(300_000);

  it('equals ESLint complexity on every function of fastify and zod', () => {
    const files = filesUnder([join(MODULES, 'fastify/lib'), join(MODULES, 'zod/v4/core')], /\.(c|m)?(j|t)s$/);
    const agreement = againstEslint(files);
    console.log(`      ${summary(agreement)}`);
    assert.ok(agreement.paired >= 1000, summary(agreement));
    assert.equal(agreement.equal, agreement.paired, differences(agreement));
  });

  it('equals mccabe wherever the two define complexity alike (Python standard library)', async function () {
    const python = mccabePython();
    if (!python) {
      console.log('      python3-mccabe is not installed (apt-get install python3-mccabe): skipped');
      return this.skip();
    }
    const lib = execFileSync(
      python,
      ['-c', 'import json, os; print(os.path.dirname(os.path.dirname(json.__file__)))'],
      {
        encoding: 'utf8',
      },
    ).trim();
    const agreement = await againstMccabe(
      filesUnder(
        ['json', 'email', 'http'].map((p) => join(lib, p)),
        /\.py$/,
      ),
      python,
    );
    console.log(`      ${summary(agreement)}`);
    assert.ok(agreement.sameDefinition && agreement.sameDefinition.paired >= 300, summary(agreement));
    assert.equal(agreement.sameDefinition.equal, agreement.sameDefinition.paired, differences(agreement));
    // Every difference is in a function holding a construct the tools count differently.
    for (const d of agreement.differences) assert.ok(d.reasons && d.reasons.length > 0, JSON.stringify(d));
  });

  it('equals pmccabe on the functions of zlib examples', async function () {
    if (spawnSync('pmccabe', ['-V']).error || !existsSync(ZLIB_EXAMPLES)) {
      console.log('      pmccabe or zlib1g-dev examples are not installed: skipped');
      return this.skip();
    }
    const agreement = await againstPmccabe(filesUnder([ZLIB_EXAMPLES], /\.c$/));
    console.log(`      ${summary(agreement)}`);
    assert.ok(agreement.paired >= 50, summary(agreement));
    assert.equal(agreement.equal, agreement.paired, differences(agreement));
  });
});
