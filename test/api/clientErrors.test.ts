// Requests Node's HTTP parser refuses before Fastify sees them are still answered in the error
// envelope with an X-Request-Id, over a real socket: headers too large (431), a malformed chunked
// body (400), a request that does not arrive in time (408 — covered by the configured timeouts).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { startApi, type RunningApi } from '../../api/src/listen';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../api/src/app';
import { createEngine, type Engine } from '../../server/src/pool/pooledEngine';
import { KeyStore } from '../../api/src/auth/keyStore';
import { makeDataDir } from './helpers';

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

function parse(answer: string): { status: number; headers: string; body: { error: { code: string } } } {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head!)?.[1]), headers: head!, body: JSON.parse(body!) };
}

describe('requests the HTTP parser refuses (real socket)', () => {
  let api: RunningApi;
  let engine: Engine;
  let dataDir: string;
  let key: string;
  before(async () => {
    dataDir = makeDataDir();
    key = new KeyStore(dataDir).create('client errors', 'free').key;
    engine = createEngine({ dataDir, roots: [dataDir] });
    api = await startApi(engine, { host: '127.0.0.1', port: 0, dataDir });
  });
  after(async () => {
    await api.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('headers too large: 431 HEADERS_TOO_LARGE in the envelope, with a request id', async () => {
    const answer = parse(
      await rawRequest(
        api.port,
        `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${api.port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    assert.equal(answer.status, 431);
    assert.equal(answer.body.error.code, 'HEADERS_TOO_LARGE');
    assert.match(answer.headers, /X-Request-Id: [0-9a-f-]{36}/i);
  });

  it('a malformed chunked body: 400 VALIDATION_ERROR in the envelope, with a request id', async () => {
    const answer = parse(
      await rawRequest(
        api.port,
        `POST /v1/code/review HTTP/1.1\r\nHost: 127.0.0.1:${api.port}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      ),
    );
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error.code, 'VALIDATION_ERROR');
    assert.match(answer.headers, /X-Request-Id: [0-9a-f-]{36}/i);
  });

  it('a malformed body after a request already refused (no key): that one answer only', async () => {
    const raw = await rawRequest(
      api.port,
      `POST /v1/code/review HTTP/1.1\r\nHost: 127.0.0.1:${api.port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    );
    assert.equal(raw.match(/^HTTP\/1\.1 /gm)?.length, 1, raw);
    assert.match(raw, /^HTTP\/1\.1 (400|401) /);
  });

  it('sets the socket timeouts it documents', () => {
    assert.equal(api.app.server.requestTimeout, REQUEST_TIMEOUT_MS);
    assert.equal(api.app.server.headersTimeout, HEADERS_TIMEOUT_MS);
    assert.ok(api.app.server.keepAliveTimeout > 0);
  });
});
