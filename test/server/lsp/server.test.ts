import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalKeyRequest, ServerStatus } from '../../../server/src/protocol';
import { serverBundle } from './serverBundle';
import { listeningApi, ServerProcess } from './serverProcess';

function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

describe('language server over stdio', function () {
  this.timeout(60_000);
  const running: ServerProcess[] = [];
  let workspace: string;
  let dataDir: string;

  before(async () => {
    await serverBundle();
  });

  beforeEach(() => {
    workspace = tempDir('codewright-ws-');
    dataDir = tempDir('codewright-data-');
  });

  afterEach(() => {
    for (const server of running.splice(0)) server.kill();
  });

  async function start(settings: Record<string, unknown> | undefined, home?: string): Promise<ServerProcess> {
    const server = await ServerProcess.start({ settings, workspaceFolder: workspace, home });
    running.push(server);
    return server;
  }

  const isListening = (status: ServerStatus) => status.api.state === 'listening';

  it('initializes, pulls its settings and serves /v1/health on the reported address', async () => {
    const server = await start({ api: { enabled: true, port: 0 }, dataDir });
    assert.deepEqual((server.initializeResult as { serverInfo: unknown }).serverInfo, { name: 'codewright' });
    const api = listeningApi(await server.waitForStatus(isListening));
    assert.match(api.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(api.fellBack, false);
    assert.ok(server.configurationRequests.some((item) => item.section === 'codewright'));

    const response = await fetch(`${api.url}/v1/health`);
    assert.equal(response.status, 200);
    const health = (await response.json()) as { status: string; version: string; engine: { tier: string } };
    const status = server.statuses.at(-1)!;
    assert.equal(health.status, 'ok');
    assert.equal(health.version, status.version);
    assert.equal(status.engine.state === 'ready' && status.engine.tier, health.engine.tier);
    assert.equal(await server.stop(), 0);
  });

  it('speaks over Node IPC too, as the extension starts it', async () => {
    const server = await ServerProcess.start({
      settings: { api: { port: 0 }, dataDir },
      workspaceFolder: workspace,
      transport: 'ipc',
    });
    running.push(server);
    const api = listeningApi(await server.waitForStatus(isListening));
    assert.equal((await fetch(`${api.url}/v1/health`)).status, 200);
    assert.equal(await server.stop(), 0);
  });

  it('reports the engine tier and data folder, also on request', async () => {
    const server = await start({ api: { enabled: false }, dataDir });
    const notified = await server.waitForStatus((status) => status.api.state === 'disabled');
    assert.deepEqual(notified.engine, { state: 'ready', tier: 'builtin', dataDir });
    const requested = await server.connection.sendRequest<ServerStatus>('codewright/getStatus');
    assert.deepEqual(requested, notified);
    assert.equal(await server.stop(), 0);
  });

  it('falls back to another port when the configured one is busy, without crashing', async () => {
    const first = await start({ api: { port: 0 }, dataDir });
    const taken = listeningApi(await first.waitForStatus(isListening));
    const second = await start({ api: { port: taken.port }, dataDir: tempDir('codewright-data2-') });
    const fallback = listeningApi(await second.waitForStatus(isListening));
    assert.equal(fallback.requestedPort, taken.port);
    assert.notEqual(fallback.port, taken.port);
    assert.equal(fallback.fellBack, true);
    for (const api of [taken, fallback]) assert.equal((await fetch(`${api.url}/v1/health`)).status, 200);
    assert.equal(await second.stop(), 0);
    assert.equal(await first.stop(), 0);
  });

  it('stops and restarts the api when its settings change', async () => {
    const server = await start({ api: { port: 0 }, dataDir });
    const api = listeningApi(await server.waitForStatus(isListening));
    await server.changeSettings({ api: { enabled: false }, dataDir });
    await server.waitForStatus((status) => status.api.state === 'disabled');
    await assert.rejects(fetch(`${api.url}/v1/health`));
    await server.changeSettings({ api: { enabled: true, port: 0 }, dataDir });
    const again = listeningApi(await server.waitForStatus(isListening));
    assert.equal((await fetch(`${again.url}/v1/health`)).status, 200);
    assert.equal(await server.stop(), 0);
  });

  it('closes the api on shutdown', async () => {
    const server = await start({ api: { port: 0 }, dataDir });
    const api = listeningApi(await server.waitForStatus(isListening));
    assert.equal(await server.stop(), 0);
    await assert.rejects(fetch(`${api.url}/v1/health`));
  });

  it('hands out a local api key that authenticates, and keeps it while it is valid', async () => {
    const server = await start({ api: { port: 0 }, dataDir });
    const api = listeningApi(await server.waitForStatus(isListening));
    const first = await server.connection.sendRequest<LocalKeyRequest.Result>('codewright/localKey', {});
    assert.equal(first.created, true);
    assert.match(first.key, /^cw_/);
    const config = await fetch(`${api.url}/v1/config`, { headers: { authorization: `Bearer ${first.key}` } });
    assert.equal(config.status, 200);
    const again = await server.connection.sendRequest<LocalKeyRequest.Result>('codewright/localKey', {
      knownKey: first.key,
    });
    assert.deepEqual(again, { key: first.key, created: false });
    const replaced = await server.connection.sendRequest<LocalKeyRequest.Result>('codewright/localKey', {
      knownKey: 'cw_not_a_real_key',
    });
    assert.equal(replaced.created, true);
    assert.notEqual(replaced.key, first.key);
    assert.equal(await server.stop(), 0);
  });

  it("answers an error raised in the engine's worker in the envelope, not as a 500", async () => {
    // The api runs from its own bundle (dist/api.js) with its own copy of the engine's error class,
    // while the pool that rebuilds the worker's error is the language server's.
    const server = await start({ api: { port: 0 }, dataDir });
    const api = listeningApi(await server.waitForStatus(isListening));
    const { key } = await server.connection.sendRequest<LocalKeyRequest.Result>('codewright/localKey', {});
    const response = await fetch(`${api.url}/v1/code/explain`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        code: `const x = ${'['.repeat(20_000)}${']'.repeat(20_000)};\n`,
        language: 'javascript',
      }),
    });
    const body = (await response.json()) as { error: { code: string } };
    assert.equal(response.status, 422, JSON.stringify(body));
    assert.match(body.error.code, /^(UNPROCESSABLE|ANALYSIS_LIMIT)$/);
    assert.equal(await server.stop(), 0);
  });

  it('ignores malformed local-key parameters instead of failing', async () => {
    const server = await start({ api: { enabled: false }, dataDir });
    const result = await server.connection.sendRequest<LocalKeyRequest.Result>('codewright/localKey', {
      knownKey: 42,
    });
    assert.equal(result.created, true);
    assert.equal(await server.stop(), 0);
  });

  it('runs on defaults (port 8787 or a fallback, CODEWRIGHT_HOME) with a client that cannot answer workspace/configuration', async () => {
    const server = await start(undefined, dataDir);
    const status = await server.waitForStatus(isListening);
    assert.equal(listeningApi(status).requestedPort, 8787);
    assert.deepEqual(status.engine, { state: 'ready', tier: 'builtin', dataDir });
    assert.equal(server.configurationRequests.length, 0);
    assert.equal(await server.stop(), 0);
  });

  it('takes pushed settings from a client without workspace/configuration, and reuses its key across starts', async () => {
    const pushStart = async () => {
      const server = await ServerProcess.start({
        workspaceFolder: workspace,
        initializationOptions: { codewright: { api: { enabled: false }, dataDir } },
      });
      running.push(server);
      return server;
    };
    const server = await pushStart();
    const disabled = await server.waitForStatus((s) => s.api.state === 'disabled');
    assert.deepEqual(disabled.engine, { state: 'ready', tier: 'builtin', dataDir });
    assert.equal(server.configurationRequests.length, 0);
    await server.pushSettings({ api: { enabled: true, port: 0 }, dataDir });
    const api = listeningApi(await server.waitForStatus(isListening));
    const first = await server.connection.sendRequest<LocalKeyRequest.Result>('codewright/localKey', {});
    const config = await fetch(`${api.url}/v1/config`, { headers: { authorization: `Bearer ${first.key}` } });
    assert.equal(config.status, 200);
    assert.equal(await server.stop(), 0);

    const restarted = await pushStart();
    await restarted.waitForStatus((s) => s.api.state === 'disabled');
    const again = await restarted.connection.sendRequest<LocalKeyRequest.Result>('codewright/localKey', {});
    assert.deepEqual(again, { key: first.key, created: false });
    assert.equal(await restarted.stop(), 0);
  });

  it('survives nonsense settings by using each default', async () => {
    const server = await start({ api: { enabled: 'yes', port: -5 }, dataDir: 42, review: 'fast' }, dataDir);
    const status = await server.waitForStatus(isListening);
    assert.equal(listeningApi(status).requestedPort, 8787);
    assert.deepEqual(status.engine, { state: 'ready', tier: 'builtin', dataDir });
    assert.equal(await server.stop(), 0);
  });

  it('takes a relative data folder from the first workspace folder', async () => {
    const server = await start({ api: { enabled: false }, dataDir: '.cw-data' });
    const status = await server.connection.sendRequest<ServerStatus>('codewright/getStatus');
    assert.deepEqual(status.engine, {
      state: 'ready',
      tier: 'builtin',
      dataDir: join(workspace, '.cw-data'),
    });
    assert.equal(await server.stop(), 0);
  });

  it('reports an unusable data folder instead of crashing, and still shuts down cleanly', async () => {
    const notAFolder = join(dataDir, 'file');
    writeFileSync(notAFolder, 'not a folder');
    const server = await start({ api: { port: 0 }, dataDir: notAFolder });
    const status = await server.waitForStatus((s) => s.api.state === 'failed');
    assert.equal(status.engine.state, 'failed');
    await assert.rejects(server.connection.sendRequest('codewright/localKey', {}), (error: Error) =>
      /No local API key: The engine could not start/.test(error.message),
    );
    assert.equal(await server.stop(), 0);
  });

  it('exits with 1 when told to exit without a shutdown first', async () => {
    const server = await start({ api: { port: 0 }, dataDir });
    await server.waitForStatus(isListening);
    await server.connection.sendNotification('exit');
    assert.equal(await server.exitCode(), 1);
  });
});
