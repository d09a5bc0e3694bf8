// Hostile and malformed sources: limits, refusals and clear errors, never a hang or a crash.
import assert from 'node:assert/strict';
import { generate, rejects } from './helpers';

describe('testgen: bad input', function () {
  this.timeout(90_000);

  it('kills a call that never returns and reports it', async () => {
    const source = `exports.spin = function spin(n) { if (n === 42) { for (;;) {} } return n + 1; };`;
    const out = await generate({ source_code: source });
    assert.match(
      out.notes!.join('\n'),
      /spin\(42\) did not finish within the time limit; the sandbox killed it/,
    );
    assert.ok(!out.test_code.includes('spin(42)'));
    assert.equal(out.coverage_info.verified_runs, 2);
  });

  it('jest: kills a call that never returns, and the suite of the rest runs twice under jest', async () => {
    const source = `exports.spin = function spin(n) { if (n === 42) { for (;;) {} } return n + 1; };`;
    const out = await generate({ source_code: source, test_framework: 'jest' });
    assert.match(
      out.notes!.join('\n'),
      /spin\(42\) did not finish within the time limit; the sandbox killed it/,
    );
    assert.ok(!out.test_code.includes('spin(42)'));
    assert.equal(out.coverage_info.verified_runs, 2);
    assert.match(out.coverage_info.method!, /measured while jest ran the final suite/);
  });

  it('jest: a suite run that never ends is killed by the limit and reported, not waited for', async () => {
    // Terminates in the harness, spins forever once jest has set JEST_WORKER_ID.
    const source = `exports.f = function f(n) { if (process.env.JEST_WORKER_ID) { for (;;) {} } return n * 2; };`;
    const started = Date.now();
    const out = await generate({ source_code: source, test_framework: 'jest' });
    assert.ok(Date.now() - started < 60_000);
    assert.match(
      out.notes!.join('\n'),
      /The jest run did not complete \(the suite was killed by the idle limit\)/,
    );
    assert.equal(out.coverage_info.verified_runs, 0);
    assert.match(out.coverage_info.method!, /sandbox harness/);
  });

  it('reports code that throws at import', async () => {
    const error = await rejects(
      generate({ source_code: 'throw new Error("boom at load");\nexports.f = () => 1;' }),
      'UNPROCESSABLE',
      'source_code',
    );
    assert.match(error.message, /throws while loading: Error: boom at load/);
  });

  for (const framework of ['node:test', 'jest', 'vitest'] as const) {
    it(`refuses file reads outside the work folder and network access inside the sandbox (${framework})`, async () => {
      const source = `const fs = require('fs');\nexports.read = function read(p) { return fs.readFileSync('/etc/hostname', 'utf8').length; };\nexports.call = function call() { return require('net').connect(80, '1.1.1.1'); };`;
      const out = await generate({ source_code: source, test_framework: framework });
      assert.match(out.test_code, /ERR_ACCESS_DENIED|Access to this API has been restricted/);
      assert.match(out.test_code, /network access is refused by the Codewright sandbox/);
      // The tests asserting the refusals passed twice under the framework: the refusals held there too.
      assert.equal(out.coverage_info.verified_runs, 2, JSON.stringify(out.notes));
      assert.equal(out.coverage_info.dropped_tests, 0, JSON.stringify(out.notes));
    });
  }

  it('rejects a syntax error naming the line', async () => {
    const error = await rejects(
      generate({ source_code: 'function f( {\n return 1;\n}\nmodule.exports = f;' }),
      'VALIDATION_ERROR',
      'source_code',
    );
    assert.match(error.message, /syntax error at line 1/);
  });

  it('rejects code that exports nothing', async () => {
    await rejects(
      generate({ source_code: 'function hidden() { return 1; }', language: 'javascript' }),
      'UNPROCESSABLE',
      'source_code',
    );
  });

  it('rejects a framework of another language and a language without a generator', async () => {
    await rejects(
      generate({ source_code: 'exports.f = () => 1;', test_framework: 'pytest', language: 'javascript' }),
      'VALIDATION_ERROR',
      'test_framework',
    );
    await rejects(
      generate({ source_code: 'package main\nfunc F() int { return 1 }', language: 'go' }),
      'UNPROCESSABLE',
      'language',
    );
  });

  it('survives a module that exhausts memory in a call', async () => {
    const source = `exports.grow = function grow(n) { if (n !== 1) return 0; const a = []; for (;;) a.push(new Array(1e6).fill(n)); };`;
    const out = await generate({ source_code: source });
    assert.ok(!out.test_code.includes('grow(1)'));
    assert.match(out.notes!.join('\n'), /grow|memory|killed/);
  });
});
