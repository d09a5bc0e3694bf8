import './useFakeVscode';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCommands, registerCommands } from '../../client/src/commands';
import type { Ctx } from '../../client/src/ctx';
import { secretName } from '../../client/src/localKey';
import { LocalKeyRequest, ServerStatusRequest, type ServerStatus } from '../../server/src/protocol';
import { calls, resetCalls } from './fakeVscode';

interface FakeCtxOptions {
  running: boolean;
  issuedKey?: string;
}

// A Ctx whose language client answers the two requests the key command sends.
function fakeCtx(options: FakeCtxOptions) {
  const secrets = new Map<string, string>();
  const sent: { method: string; params: unknown }[] = [];
  const logShown: boolean[] = [];
  let restarts = 0;
  const status: ServerStatus = {
    version: '0.1.0',
    engine: { state: 'ready', tier: 'builtin', dataDir: '/data' },
    api: {
      state: 'listening',
      url: 'http://127.0.0.1:8787',
      port: 8787,
      requestedPort: 8787,
      fellBack: false,
    },
  };
  const client = {
    async sendRequest(method: string, params?: unknown) {
      sent.push({ method, params });
      if (method === ServerStatusRequest.method) return status;
      if (method === LocalKeyRequest.method) {
        const { knownKey } = params as LocalKeyRequest.Params;
        return knownKey ? { key: knownKey, created: false } : { key: options.issuedKey, created: true };
      }
      throw new Error(`unexpected request ${method}`);
    },
  };
  const ctx = {
    client,
    isRunning: options.running,
    status,
    extension: {
      secrets: {
        get: async (name: string) => secrets.get(name),
        store: async (name: string, value: string) => void secrets.set(name, value),
      },
    },
    log: { show: (preserveFocus: boolean) => logShown.push(preserveFocus), info() {}, warn() {}, error() {} },
    restart: async () => void restarts++,
  };
  return { ctx: ctx as unknown as Ctx, secrets, sent, logShown, restarts: () => restarts };
}

describe('client/commands', () => {
  beforeEach(resetCalls);

  it('declares every command of the table in package.json, and nothing else', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
    const declared = (manifest.contributes.commands as { command: string }[]).map((c) => c.command).sort();
    const table = Object.keys(createCommands())
      .map((name) => `codewright.${name}`)
      .sort();
    assert.deepEqual(declared, table);
  });

  it('registers each entry as codewright.<name>', () => {
    const { ctx } = fakeCtx({ running: true });
    registerCommands(ctx, createCommands());
    assert.deepEqual([...calls.registered.keys()].sort(), [
      'codewright.analyzeProject',
      'codewright.copyApiKey',
      'codewright.explainRange',
      'codewright.explainSelection',
      'codewright.generateCode',
      'codewright.generateDocs',
      'codewright.generateTests',
      'codewright.newProject',
      'codewright.refactorSelection',
      'codewright.restartServer',
      'codewright.reviewFile',
      'codewright.reviewWorkspace',
      'codewright.setModelApiKey',
      'codewright.showLog',
    ]);
  });

  it('copies a new key to the clipboard and keeps it in SecretStorage for its data folder', async () => {
    const fake = fakeCtx({ running: true, issuedKey: 'cw_new_key' });
    registerCommands(fake.ctx, createCommands());
    await calls.registered.get('codewright.copyApiKey')!();
    assert.deepEqual(calls.clipboard, ['cw_new_key']);
    assert.equal(fake.secrets.get(secretName('/data')), 'cw_new_key');
    assert.match(calls.infos[0], /copied.*http:\/\/127\.0\.0\.1:8787/);
  });

  it('sends the kept key back so the server can keep it instead of making another', async () => {
    const fake = fakeCtx({ running: true, issuedKey: 'cw_unused' });
    fake.secrets.set(secretName('/data'), 'cw_kept');
    registerCommands(fake.ctx, createCommands());
    await calls.registered.get('codewright.copyApiKey')!();
    const keyRequest = fake.sent.find((request) => request.method === LocalKeyRequest.method);
    assert.deepEqual(keyRequest?.params, { knownKey: 'cw_kept', clientKeeps: true });
    assert.deepEqual(calls.clipboard, ['cw_kept']);
  });

  it('explains instead of acting when the server is down', async () => {
    const fake = fakeCtx({ running: false, issuedKey: 'cw_x' });
    registerCommands(fake.ctx, createCommands());
    await calls.registered.get('codewright.copyApiKey')!();
    assert.equal(calls.clipboard.length, 0);
    assert.equal(fake.sent.length, 0);
    assert.match(calls.warnings[0], /server is not running/);
  });

  it('keeps showLog and restartServer working while the server is down', async () => {
    const fake = fakeCtx({ running: false });
    registerCommands(fake.ctx, createCommands());
    await calls.registered.get('codewright.showLog')!();
    await calls.registered.get('codewright.restartServer')!();
    assert.equal(fake.logShown.length, 1);
    assert.equal(fake.restarts(), 1);
    assert.equal(calls.warnings.length, 0);
  });
});
