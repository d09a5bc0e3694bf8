// Python test generation end to end: the suite asserts observed results exactly, passes twice with
// pytest or unittest under coverage.py in the sandbox, passes again outside the engine, and the
// response reports the measured coverage. Skipped when this machine has no Python with pytest and
// coverage.py (CI installs python3-pytest and python3-coverage).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPython } from '../../../../../server/src/engine/testgen/python/interpreter';
import { generate, pythonReady } from '../helpers';

const CLAMP = `
"""Small helpers."""


def clamp(n, lo=0, hi=10):
    """Clamps n into [lo, hi].

    >>> clamp(15, hi=12)
    12
    """
    if not isinstance(n, (int, float)):
        raise TypeError('n must be a number')
    if n < lo:
        return lo
    if n > hi:
        return hi
    return n


def label(kind: str) -> str:
    if kind == 'a':
        return 'alpha'
    if kind == 'b':
        return 'beta'
    return 'other'
`;

describe('testgen/python: generate with code_execution', function () {
  this.timeout(90_000);
  before(function () {
    if (!pythonReady()) this.skip();
  });

  it('writes a pytest suite of exact assertions that passes twice and covers every statement', async () => {
    const out = await generate({ source_code: CLAMP, test_framework: 'pytest', coverage_target: 100 });
    const info = out.coverage_info;
    assert.equal(info.measured, true);
    assert.equal(info.verified_runs, 2);
    assert.equal(info.statement_coverage, 100);
    assert.equal(info.branch_coverage, 100);
    assert.match(info.method!, /^coverage\.py [\d.]+ statement and branch coverage/);
    assert.match(out.test_code, /^import subject$/m);
    assert.match(out.test_code, /assert subject\.clamp\(15, hi=12\) == 12/); // the docstring example
    assert.match(out.test_code, /assert subject\.clamp\(-7\) == 0/);
    assert.match(
      out.test_code,
      /with pytest\.raises\(TypeError\) as caught:\n {8}subject\.clamp\((""|None)\)/,
    );
    assert.match(out.test_code, /assert str\(caught\.value\) == "n must be a number"/);
    assert.match(out.test_code, /assert subject\.label\("a"\) == 'alpha'/);
    assert.deepEqual(
      out.targets?.map((t) => t.name),
      ['clamp', 'label'],
    );
    assert.equal(out.source_file, 'subject.py');
    assert.equal(out.test_file, 'test_subject.py');
    assert.ok(!/TODO|assert True|pass$/m.test(out.test_code));
  });

  it('writes a unittest suite verified with unittest’s own runner', async () => {
    const out = await generate({
      source_code: CLAMP,
      test_framework: 'unittest',
      module_path: './lib/clamps',
    });
    assert.match(out.test_code, /^import clamps$/m);
    assert.match(out.test_code, /^class TestClamps\(unittest\.TestCase\):$/m);
    assert.match(out.test_code, /self\.assertEqual\(clamps\.label\("a"\), 'alpha'\)/);
    assert.match(out.test_code, /with self\.assertRaises\(TypeError\) as caught:/);
    assert.equal(out.coverage_info.verified_runs, 2);
    assert.match(out.coverage_info.method!, /while unittest ran/);
    assert.equal(out.source_file, 'clamps.py');
  });

  it('writes a suite that passes outside the engine too', async () => {
    const out = await generate({ source_code: CLAMP });
    const dir = mkdtempSync(join(tmpdir(), 'cw-pytest-'));
    try {
      writeFileSync(join(dir, 'subject.py'), CLAMP);
      writeFileSync(join(dir, 'test_subject.py'), out.test_code);
      const run = spawnSync(
        findPython()!.executable,
        ['-B', '-m', 'pytest', '-q', '-p', 'no:cacheprovider'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      assert.equal(run.status, 0, run.stdout);
      assert.match(run.stdout, new RegExp(`${out.coverage_info.test_cases} passed`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('handles classes, methods, keyword-only parameters, generators and coroutines', async () => {
    const source = [
      'import asyncio',
      '',
      'class Counter:',
      '    def __init__(self, start: int = 0):',
      '        self.n = start',
      '',
      '    def add(self, by: int) -> int:',
      '        if by < 0:',
      '            raise ValueError("negative")',
      '        self.n += by',
      '        return self.n',
      '',
      'def evens(limit: int):',
      '    for i in range(0, limit, 2):',
      '        yield i',
      '',
      'def join(*parts, sep: str = "-"):',
      '    return sep.join(str(p) for p in parts)',
      '',
      'async def later(x: int):',
      '    await asyncio.sleep(0)',
      '    return [x, x]',
    ].join('\n');
    const out = await generate({ source_code: source });
    assert.match(
      out.test_code,
      /with pytest\.raises\(ValueError\) as caught:\n {8}subject\.Counter\([^)]*\)\.add\(-7\)/,
    );
    assert.match(out.test_code, /assert list\(subject\.evens\(\d+\)\) == \[/);
    assert.match(out.test_code, /subject\.join\([^)]*sep=/);
    assert.match(out.test_code, /assert asyncio\.run\(subject\.later\(1\)\) == \[1, 1\]/);
    assert.equal(out.coverage_info.verified_runs, 2);
  });

  it('drops calls whose result changes between runs', async () => {
    const out = await generate({
      source_code: 'import random\n\ndef roll(n: int) -> float:\n    return random.random() * n\n',
    });
    assert.ok(!/subject\.roll\((1|42|2\.5|-7)\) ==/.test(out.test_code), out.test_code);
    assert.match(out.notes!.join('\n'), /gave a different result when run again/);
  });

  it('says why a function got no test at all', async () => {
    const out = await generate({
      source_code: 'import random\n\ndef token():\n    return random.random()\n\ndef one():\n    return 1\n',
    });
    assert.match(out.notes!.join('\n'), /No test for token: its result changed when the call ran again/);
    assert.deepEqual(
      out.targets?.map((t) => [t.name, t.test_cases]),
      [
        ['token', 0],
        ['one', 1],
      ],
    );
  });
});

describe('testgen/python: without code_execution', () => {
  it('writes structural tests and a static estimate that says it is one', async () => {
    const out = await generate({ source_code: CLAMP, language: 'python' }, ['file_operations']);
    assert.equal(out.coverage_info.measured, false);
    assert.match(out.coverage_info.method!, /static estimate/);
    assert.match(out.test_code, /assert callable\(subject\.clamp\)/);
    assert.match(out.notes!.join(' '), /code_execution is disabled/);
  });

  it('says so when no Python interpreter is found', async () => {
    const saved = process.env.CODEWRIGHT_PYTHON;
    process.env.CODEWRIGHT_PYTHON = '/nonexistent/python3';
    try {
      const out = await generate({ source_code: CLAMP, language: 'python' });
      assert.equal(out.coverage_info.measured, false);
      assert.match(out.notes!.join(' '), /No Python 3\.8\+ interpreter was found/);
    } finally {
      if (saved === undefined) delete process.env.CODEWRIGHT_PYTHON;
      else process.env.CODEWRIGHT_PYTHON = saved;
    }
  });
});
