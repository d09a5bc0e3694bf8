// jest and vitest end to end: the engine runs the generated suite with the real framework in the
// sandbox (twice), drops what fails, measures istanbul coverage during that run, and the suite it
// returns passes again under the framework's own command line, outside the engine.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VITEST_PRELOAD } from '../../../../../server/src/engine/testgen/js/suiteRunners';
import { nodePermissionFlags } from '../../../../../server/src/engine/testgen/sandbox';
import { generate, runOutsideEngine } from '../helpers';

const SHIPPING = `
/** Shipping cost in cents for a weight in grams and a zone. */
function shippingCost(grams, zone = 'domestic') {
  if (typeof grams !== 'number' || Number.isNaN(grams)) throw new TypeError('grams must be a number');
  if (grams <= 0) throw new RangeError('grams must be positive');
  let base;
  switch (zone) {
    case 'domestic': base = 500; break;
    case 'europe': base = 1200; break;
    case 'world': base = 2500; break;
    default: throw new Error('unknown zone ' + zone);
  }
  if (grams > 2000) return base + Math.ceil((grams - 2000) / 500) * 150;
  return base;
}
function parity(n) { return n % 2 === 0 ? 'even' : 'odd'; }
module.exports = { shippingCost, parity };
`;

describe('testgen/js/verify: jest and vitest run the suite in the sandbox', function () {
  this.timeout(120_000);

  for (const framework of ['jest', 'vitest'] as const) {
    it(`${framework}: the suite passes twice in the sandbox, coverage is measured, and it passes outside`, async () => {
      const out = await generate({ source_code: SHIPPING, test_framework: framework, coverage_target: 100 });
      const info = out.coverage_info;
      assert.equal(info.measured, true);
      assert.equal(info.verified_runs, 2, JSON.stringify(out.notes));
      assert.match(info.method!, new RegExp(`measured while ${framework} ran the final suite`));
      assert.equal(info.statement_coverage, 100);
      assert.equal(info.branch_coverage, 100);
      assert.match(out.test_code, /expect\(subject\.shippingCost\([^)]*\)\)\.toBe\(\d+\)/);
      assert.match(out.test_code, /toThrow\(\/\^unknown zone /);
      assert.match(out.test_code, /expect\(subject\.parity\([^)]*\)\)\.toBe\("odd"\)/);
      if (framework === 'vitest') assert.match(out.test_code, /from 'vitest';/);
      const outside = runOutsideEngine(framework, SHIPPING, out.test_code);
      assert.ok(outside.total > 0, outside.output);
      assert.equal(outside.passed, outside.total, outside.output);
      assert.equal(outside.total, info.test_cases);
    });

    it(`${framework}: a test that fails only under the framework is dropped and reported`, async () => {
      // The harness sees 7; under jest or vitest (which set these variables) the call returns
      // something else, so only the framework run can find the failure.
      const source = `exports.where = function where(x) { if (process.env.JEST_WORKER_ID || process.env.VITEST) return 'runner'; return x; };\nexports.sign = function sign(n) { return n > 0 ? 'pos' : 'neg'; };`;
      const out = await generate({ source_code: source, test_framework: framework });
      assert.ok(!/subject\.where\(/.test(out.test_code), out.test_code);
      assert.match(out.test_code, /subject\.sign\(/);
      assert.ok(out.coverage_info.dropped_tests! > 0);
      assert.match(out.notes!.join('\n'), new RegExp(`Dropped test #\\d+: it failed under ${framework}`));
      assert.equal(out.coverage_info.verified_runs, 2, JSON.stringify(out.notes));
      const outside = runOutsideEngine(framework, source, out.test_code);
      assert.equal(outside.passed, outside.total, outside.output);
    });
  }

  it('vitest: a CommonJS module is loaded with require, so a module that is itself a function can be called', async () => {
    const source = `module.exports = function greet(name) { if (!name) return 'hello, stranger'; return 'hello, ' + name; };`;
    const out = await generate({ source_code: source, test_framework: 'vitest', coverage_target: 100 });
    assert.match(out.test_code, /^const subject = createRequire\(import\.meta\.url\)\("\.\/subject"\);$/m);
    assert.equal(out.coverage_info.verified_runs, 2, JSON.stringify(out.notes));
    assert.equal(out.coverage_info.branch_coverage, 100);
    const outside = runOutsideEngine('vitest', source, out.test_code);
    assert.equal(outside.passed, outside.total, outside.output);
  });

  it('jest: a TypeScript ES module is imported by the asked module_path and runs', async () => {
    const source = `export function grade(score: number): string {\n  if (score >= 90) return 'A';\n  if (score >= 75) return 'B';\n  return 'C';\n}\n`;
    const out = await generate({
      source_code: source,
      language: 'typescript',
      test_framework: 'jest',
      module_path: '../src/grade',
      coverage_target: 100,
    });
    assert.match(out.test_code, /import \* as subject from "\.\.\/src\/grade";/);
    assert.equal(out.coverage_info.verified_runs, 2, JSON.stringify(out.notes));
    assert.equal(out.coverage_info.branch_coverage, 100);
  });
});

describe('testgen/js/verify: the vitest preload keeps worker threads under the permission model', () => {
  it('a worker started with its own execArgv still cannot read outside the work folder', () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'cw-preload-')));
    try {
      writeFileSync(join(dir, 'preload.cjs'), VITEST_PRELOAD);
      // Without the preload, Node starts this worker without the permission model (nodejs/node#62222).
      const attempt = `const { Worker } = require('node:worker_threads');
new Worker("try { require('fs').readFileSync('/etc/hostname'); console.log('READ'); } catch (e) { console.log(e.code); }", { eval: true, execArgv: ['--no-warnings'] });`;
      const run = spawnSync(
        process.execPath,
        [
          ...nodePermissionFlags([dir], [], { workers: true }),
          '--require',
          join(dir, 'preload.cjs'),
          '-e',
          attempt,
        ],
        { cwd: dir, encoding: 'utf8', timeout: 30_000 },
      );
      assert.equal(run.stdout.trim(), 'ERR_ACCESS_DENIED', run.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
