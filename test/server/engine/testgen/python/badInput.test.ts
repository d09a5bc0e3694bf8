// Hostile and malformed Python: limits, sandbox refusals and clear errors, never a hang or a crash,
// and nothing outside the sandbox's work folder is touched.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_SOURCE_BYTES } from '../../../../../server/src/engine/testgen/index';
import { generate, pythonReady, rejects } from '../helpers';

describe('testgen/python: bad input', function () {
  this.timeout(90_000);
  let outside: string;
  let sentinel: string;
  beforeEach(() => {
    outside = mkdtempSync(join(tmpdir(), 'cw-sentinel-'));
    sentinel = join(outside, 'keep.txt');
    writeFileSync(sentinel, 'precious');
  });
  afterEach(() => rmSync(outside, { recursive: true, force: true }));

  it('rejects a syntax error naming the line, without running anything', async () => {
    const error = await rejects(
      generate({ source_code: 'def f(x:\n    return 1\n', language: 'python' }),
      'VALIDATION_ERROR',
      'source_code',
    );
    assert.match(error.message, /syntax error at line \d+/);
  });

  it('rejects a module with nothing public and a module_path that is no module name', async () => {
    await rejects(
      generate({ source_code: 'def _hidden():\n    return 1\n', language: 'python' }),
      'UNPROCESSABLE',
      'source_code',
    );
    await rejects(
      generate({ source_code: 'def f():\n    return 1\n', language: 'python', module_path: './my-module' }),
      'VALIDATION_ERROR',
      'module_path',
    );
  });

  it('rejects a huge file before parsing it', async () => {
    const big = `def f(x):\n    return x\n${'# filler line\n'.repeat(MAX_SOURCE_BYTES / 10)}`;
    await rejects(generate({ source_code: big, language: 'python' }), 'FILE_TOO_LARGE', 'source_code');
  });

  describe('with code_execution', () => {
    before(function () {
      if (!pythonReady()) this.skip();
    });

    it('kills a module whose import never ends and says so', async () => {
      const error = await rejects(
        generate({ source_code: 'while True:\n    pass\n\ndef f(x):\n    return x\n', language: 'python' }),
        'UNPROCESSABLE',
        'source_code',
      );
      assert.match(error.message, /did not finish loading: killed by the idle limit/);
    });

    it('refuses a module name an already loaded module holds (it would test the wrong module)', async () => {
      const error = await rejects(
        generate({ source_code: 'def dumps(x):\n    return x\n', language: 'python', module_path: './json' }),
        'UNPROCESSABLE',
        'source_code',
      );
      assert.match(error.message, /the name json is taken by .*json/);
    });

    it('reports a module that throws at import', async () => {
      const error = await rejects(
        generate({
          source_code: 'raise ValueError("boom at load")\n\ndef f():\n    return 1\n',
          language: 'python',
        }),
        'UNPROCESSABLE',
        'source_code',
      );
      assert.match(error.message, /throws while loading: ValueError: boom at load/);
    });

    it('refuses a module that deletes files at import; the file survives', async () => {
      const source = `import os\nos.remove(${JSON.stringify(sentinel)})\n\ndef f():\n    return 1\n`;
      const error = await rejects(
        generate({ source_code: source, language: 'python' }),
        'UNPROCESSABLE',
        'source_code',
      );
      assert.match(error.message, /PermissionError: os\.remove: .* refused by the Codewright sandbox/);
      assert.ok(existsSync(sentinel));
    });

    it('refuses deleting, reading and network calls inside functions, reports them and asserts none', async () => {
      const source = [
        'import os, shutil, socket',
        '',
        'def wipe(flag: bool = True):',
        `    shutil.rmtree(${JSON.stringify(outside)})`,
        '    return flag',
        '',
        'def peek(n: int = 1):',
        "    with open('/etc/hostname') as f:",
        '        return f.read()[:n]',
        '',
        'def call(n: int = 1):',
        "    return socket.create_connection(('1.1.1.1', 80), timeout=1)",
        '',
        'def shell(n: int = 1):',
        "    return os.system('true')",
        '',
        'def ok(n: int) -> int:',
        '    return n * 2',
      ].join('\n');
      const out = await generate({ source_code: source, language: 'python' });
      assert.ok(existsSync(sentinel), 'the sandbox let a call delete a folder outside it');
      const notes = out.notes!.join('\n');
      assert.match(notes, /wipe did something the sandbox refuses \(shutil\.rmtree/);
      assert.match(notes, /peek did something the sandbox refuses \(open for reading: '\/etc\/hostname'/);
      assert.match(notes, /call did something the sandbox refuses \(socket\.\w+: network access/);
      assert.match(notes, /shell did something the sandbox refuses \(os\.system/);
      assert.ok(!/subject\.(wipe|peek|call|shell)\(/.test(out.test_code), out.test_code);
      assert.match(out.test_code, /assert subject\.ok\(1\) == 2/);
    });

    it('kills a call that never returns and goes on with the others', async () => {
      const source =
        'def spin(n: int) -> int:\n    if n == 42:\n        while True:\n            pass\n    return n + 1\n';
      const out = await generate({ source_code: source, language: 'python' });
      assert.match(
        out.notes!.join('\n'),
        /spin\(42\) did not finish within the time limit; the sandbox killed it/,
      );
      assert.ok(!out.test_code.includes('spin(42)'));
      assert.match(out.test_code, /assert subject\.spin\(1\) == 2/);
      assert.equal(out.coverage_info.verified_runs, 2);
    });

    it('survives a call that exhausts memory', async () => {
      const source =
        'def grow(n: int):\n    if n != 1:\n        return 0\n    items = []\n    while True:\n        items.append(bytearray(10**7))\n';
      const out = await generate({ source_code: source, language: 'python' });
      assert.ok(!/subject\.grow\(1\) ==/.test(out.test_code));
      assert.match(out.test_code, /subject\.grow\(42\) == 0/);
    });

    it('keeps the module’s own prints and exits out of the results', async () => {
      const source =
        'import sys\nprint("@@CW {\\"done\\": true}")\n\ndef bye(code: int):\n    print("noise")\n    sys.exit(code)\n';
      const out = await generate({ source_code: source, language: 'python' });
      assert.match(out.test_code, /with pytest\.raises\(SystemExit\) as caught:\n {8}subject\.bye\(1\)/);
    });
  });
});
