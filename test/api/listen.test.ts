// The api over a real loopback socket: startApi's URL and first key, the Host check against the
// real port, keep-alive clients, and a busy port that falls back instead of crashing.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { startApi, type RunningApi } from '../../api/src/listen';
import { createEngine } from '../../server/src/pool/pooledEngine';
import { makeDataDir, withOperations } from './helpers';

function occupy(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('startApi (real socket)', () => {
  const running: RunningApi[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((api) => api.close()));
  });

  async function start(port: number, portFallback = false, dataDir = makeDataDir()): Promise<RunningApi> {
    const api = await startApi(createEngine({ dataDir, roots: [dataDir] }), {
      host: '127.0.0.1',
      port,
      dataDir,
      portFallback,
    });
    running.push(api);
    return api;
  }

  it('serves on the URL it reports, creates a first key once, and the key reads the config', async () => {
    const dataDir = makeDataDir();
    const api = await start(0, false, dataDir);
    assert.match(api.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(api.createdKey ?? '', /^cw_/);
    const response = await fetch(`${api.url}/v1/config`, {
      headers: { authorization: `Bearer ${api.createdKey}` },
    });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { model: string }).model, 'builtin');
    assert.equal(response.headers.get('x-ratelimit-limit'), '500');
    await api.close();
    running.pop();
    const again = await start(0, false, dataDir);
    assert.equal(again.createdKey, undefined, 'a data folder with keys gets no new key');
  });

  it('checks the Host header against the port it really listens on', async () => {
    const api = await start(0);
    const { request } = await import('node:http');
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        request({ host: '127.0.0.1', port: api.port, path: '/v1/health', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end();
      });
    assert.equal(await status(`localhost:${api.port}`), 200);
    assert.equal(await status(`localhost:${api.port + 1}`), 403);
    assert.equal(await status(`attacker.example:${api.port}`), 403);
  });

  it('falls back to another port when the port is busy (portFallback), and fails clearly without it', async () => {
    const blocker = await occupy();
    const busy = (blocker.address() as { port: number }).port;
    try {
      const api = await start(busy, true);
      assert.notEqual(api.port, busy);
      assert.equal((await fetch(`${api.url}/v1/health`)).status, 200);
      await assert.rejects(start(busy, false), /EADDRINUSE/);
    } finally {
      blocker.close();
    }
  });

  it('aborts the operation when the client goes away', async () => {
    const dataDir = makeDataDir();
    let resolveAborted!: () => void;
    const aborted = new Promise<void>((resolve) => (resolveAborted = resolve));
    const real = createEngine({ dataDir, roots: [dataDir] });
    const engine = withOperations(real, {
      review: (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          signal!.addEventListener('abort', () => {
            resolveAborted();
            reject(signal!.reason as Error);
          });
        }),
    });
    const api = await startApi(engine, { host: '127.0.0.1', port: 0, dataDir });
    running.push(api);
    const { request } = await import('node:http');
    const client = request({
      host: '127.0.0.1',
      port: api.port,
      method: 'POST',
      path: '/v1/code/review',
      headers: { authorization: `Bearer ${api.createdKey}`, 'content-type': 'application/json' },
    });
    client.on('error', () => undefined);
    client.end(JSON.stringify({ code: 'let a = 1;', language: 'js' }));
    setTimeout(() => client.destroy(), 200);
    await aborted;
  });

  it('keeps answering many concurrent keep-alive requests', async () => {
    const api = await start(0);
    const headers = { authorization: `Bearer ${api.createdKey}` };
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${api.url}/v1/config`, { headers })),
    );
    assert.deepEqual(new Set(responses.map((response) => response.status)), new Set([200]));
    await Promise.all(responses.map((response) => response.arrayBuffer()));
  });
});
