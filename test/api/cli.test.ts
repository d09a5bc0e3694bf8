// The `codewright` command: keys create/list/revoke through the module, and `serve` through a
// freshly built bundle in a temporary CODEWRIGHT_HOME (prints the URL and the first key; the key
// reads the config; SIGTERM shuts it down cleanly).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { runCli, USAGE } from '../../api/src/cli';
import { makeDataDir } from './helpers';

function io(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      env,
      cwd: process.cwd(),
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
    },
  };
}

describe('codewright CLI', () => {
  it('keys create prints the key alone on its last line; list never shows secrets; revoke revokes', async () => {
    const home = makeDataDir();
    const created = io({ CODEWRIGHT_HOME: home });
    assert.equal(await runCli(['keys', 'create', '--name', 'ci bot', '--plan', 'pro'], created.io), 0);
    const key = created.out.at(-1)!;
    assert.match(key, /^cw_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    const id = /Created (key_[0-9a-f]+)/.exec(created.out[0]!)![1]!;

    const listed = io({ CODEWRIGHT_HOME: home });
    assert.equal(await runCli(['keys', 'list'], listed.io), 0);
    assert.equal(listed.out.length, 1);
    assert.match(listed.out[0]!, new RegExp(`^${id}\\s+pro\\s+\\S+\\s+active\\s+ci bot$`));
    assert.ok(!listed.out.join('\n').includes(key.slice(3, 20)));
    assert.ok(!readFileSync(join(home, 'keys.json'), 'utf8').includes(key));

    const revoked = io({ CODEWRIGHT_HOME: home });
    assert.equal(await runCli(['keys', 'revoke', id], revoked.io), 0);
    const after = io({ CODEWRIGHT_HOME: home });
    await runCli(['keys', 'list'], after.io);
    assert.match(after.out[0]!, /revoked \d{4}-/);
  });

  it('explains bad usage with exit code 2 and prints help with 0', async () => {
    const home = makeDataDir();
    for (const argv of [
      ['keys', 'create', '--plan', 'pro'],
      ['keys', 'create', '--name', 'x', '--plan', 'gold'],
      ['frobnicate'],
      ['keys', 'list', '--bogus'],
    ]) {
      const run = io({ CODEWRIGHT_HOME: home });
      assert.equal(await runCli(argv, run.io), 2, argv.join(' '));
      assert.ok(run.err.join('\n').includes('Usage: codewright'));
    }
    const missing = io({ CODEWRIGHT_HOME: home });
    assert.equal(await runCli(['keys', 'revoke', 'key_absent'], missing.io), 1);
    const help = io({});
    assert.equal(await runCli(['--help'], help.io), 0);
    assert.equal(help.out[0], USAGE);
    assert.equal(await runCli(['serve'], io({ CODEWRIGHT_HOME: home, CODEWRIGHT_PORT: 'eighty' }).io), 2);
  });

  it('serve refuses a taken CODEWRIGHT_PORT clearly (exit 1), and warns when binding beyond loopback', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as AddressInfo).port;
    try {
      const run = io({ CODEWRIGHT_HOME: makeDataDir(), CODEWRIGHT_PORT: String(busy) });
      assert.equal(await runCli(['serve'], run.io), 1);
      assert.match(run.err.join('\n'), new RegExp(`Port ${busy} is in use \\(CODEWRIGHT_PORT=${busy}\\)`));
    } finally {
      blocker.close();
    }
    const open = io({
      CODEWRIGHT_HOME: makeDataDir(),
      CODEWRIGHT_PORT: '0',
      CODEWRIGHT_HOST: '0.0.0.0',
      CODEWRIGHT_LOG_LEVEL: 'silent',
    });
    const api = await runCli(['serve'], open.io);
    assert.ok(typeof api === 'object');
    try {
      assert.match(open.err.join('\n'), /Warning: listening on 0\.0\.0\.0/);
    } finally {
      await api.close();
    }
  });

  it('serve (built bundle) prints the URL and a first key, serves the config, and stops on SIGTERM', async function () {
    this.timeout(60_000);
    const outdir = mkdtempSync(join(tmpdir(), 'codewright-cli-build-'));
    await build({
      entryPoints: { cli: 'api/src/cli.ts' },
      outdir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      logLevel: 'silent',
      banner: { js: '#!/usr/bin/env node' },
      external: ['jiti', '@babel/preset-typescript'], // as build.mjs: optional config loaders
    });
    const wasmDir = 'node_modules/@vscode/tree-sitter-wasm/wasm';
    for (const file of readdirSync(wasmDir).filter((name) => name.endsWith('.wasm')))
      cpSync(join(wasmDir, file), join(outdir, file));

    const home = makeDataDir();
    const child = spawn(process.execPath, [join(outdir, 'cli.js'), 'serve'], {
      env: { ...process.env, CODEWRIGHT_HOME: home, CODEWRIGHT_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          if (/API key: \S+\n/.test(stdout)) resolve();
        });
        void exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
      });
      const url = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1];
      const key = /^API key: (cw_\S+)$/m.exec(stdout)?.[1];
      assert.ok(url && key, stdout);
      const response = await fetch(`${url}/v1/config`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { max_tokens: number }).max_tokens, 4096);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0, stderr);
  });
});
