// API keys: their format, how they are stored, and that every registered route but the public ones
// refuses a request without a live key (routes are read from the OpenAPI document, so routes added
// later are covered without touching this file).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { generateApiKey, isWellFormedApiKey } from '../../api/src/auth/apiKey';
import { KeyStore } from '../../api/src/auth/keyStore';
import { createTestApi, errorOf, makeDataDir, type TestApi } from './helpers';

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
}

describe('api keys', () => {
  it('have the cw_ prefix and a checksum that catches a changed character', () => {
    const key = generateApiKey();
    assert.match(key, /^cw_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    assert.ok(isWellFormedApiKey(key));
    const flipped = key.slice(0, 10) + (key[10] === 'a' ? 'b' : 'a') + key.slice(11);
    assert.equal(isWellFormedApiKey(flipped), false);
    assert.equal(isWellFormedApiKey(`${key} `), false);
    assert.notEqual(generateApiKey(), key);
  });

  it('checksums with the standard CRC-32', () => {
    // The checksum is the random part's CRC-32 written in base62, least significant digit first.
    const key = generateApiKey();
    const [, random, check] = key.split('_');
    let value = zlib.crc32(random!);
    let expected = '';
    for (let i = 0; i < 6; i++, value = Math.floor(value / 62)) {
      expected += '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[value % 62];
    }
    assert.equal(check, expected);
  });

  it('are stored only as SHA-256 hashes with id, name, plan and dates', () => {
    const dataDir = makeDataDir();
    const store = new KeyStore(dataDir, () => Date.UTC(2026, 0, 2));
    const { key, info } = store.create('ci', 'pro');
    const file = readFileSync(join(dataDir, 'keys.json'), 'utf8');
    assert.ok(!file.includes(key) && !file.includes(key.slice(3, 35)), 'the secret is not on disk');
    assert.deepEqual(Object.keys(JSON.parse(file).keys[0]).sort(), [
      'created_at',
      'hash',
      'id',
      'name',
      'plan',
      'revoked_at',
    ]);
    assert.deepEqual(info, {
      id: info.id,
      name: 'ci',
      plan: 'pro',
      created_at: '2026-01-02T00:00:00.000Z',
      revoked_at: null,
    });
    assert.deepEqual(store.verify(key), info);
    assert.equal(
      store.list().some((listed) => 'hash' in listed),
      false,
    );
  });

  it('revoked by another process (the CLI) stop working in a running store', () => {
    const dataDir = makeDataDir();
    let now = 1_000_000;
    const server = new KeyStore(dataDir, () => now);
    const cli = new KeyStore(dataDir);
    const { key, info } = cli.create('laptop', 'free');
    now += 1500;
    assert.ok(server.verify(key), 'a key created by the CLI is seen');
    cli.revoke(info.id);
    now += 1500;
    assert.equal(server.verify(key), undefined);
    assert.ok(server.list()[0]!.revoked_at);
    assert.equal(cli.revoke('key_nope'), false);
  });

  it('refuse to start on a damaged keys.json, with a message naming the file', () => {
    for (const content of ['{"keys": [', '{"keys": [{"id": 1}]}']) {
      const dataDir = makeDataDir();
      writeFileSync(join(dataDir, 'keys.json'), content);
      assert.throws(() => new KeyStore(dataDir), /keys\.json .*fix or remove it/);
    }
  });
});

describe('api authentication', () => {
  let api: TestApi;
  before(async () => {
    api = await createTestApi({ unlimited: true });
  });
  after(() => api.close());

  async function routes(): Promise<{ method: string; path: string; public: boolean }[]> {
    const document = (
      await api.call({ method: 'GET', url: '/v1/openapi.json', key: null })
    ).json() as OpenApi;
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        public: Array.isArray(operation.security) && operation.security.length === 0,
      })),
    );
  }

  it('only health and the OpenAPI document are public', async () => {
    const publicRoutes = (await routes()).filter((route) => route.public).map((route) => route.path);
    assert.deepEqual(publicRoutes.sort(), ['/v1/health', '/v1/openapi.json']);
  });

  it('every other route refuses missing, malformed, unknown and revoked keys with INVALID_API_KEY 401', async () => {
    const revoked = api.keys.create('old', 'pro');
    api.keys.revoke(revoked.info.id);
    const unknown = generateApiKey();
    const badKeys: (string | null)[] = [null, 'not-a-key', `${unknown.slice(0, -1)}x`, unknown, revoked.key];
    const guarded = (await routes()).filter((route) => !route.public);
    assert.ok(guarded.length >= 2);
    for (const route of guarded) {
      for (const key of badKeys) {
        const response = await api.call({
          method: route.method as 'GET',
          url: route.path,
          key,
          payload: route.method === 'GET' ? undefined : {},
        });
        assert.equal(response.statusCode, 401, `${route.method} ${route.path} with ${key}`);
        assert.deepEqual(errorOf(response), {
          type: 'AuthenticationError',
          code: 'INVALID_API_KEY',
          message: 'Missing, malformed, unknown or revoked API key',
          details: { field: 'Authorization', issue: 'send Authorization: Bearer <API key>' },
        });
        assert.equal(response.headers['www-authenticate'], 'Bearer');
        assert.equal(response.headers['x-ratelimit-limit'], undefined, 'no budget is spent without a key');
      }
    }
  });

  it('accepts a live key in any Bearer casing, and not in another scheme', async () => {
    const ok = await api.call({
      method: 'GET',
      url: '/v1/config',
      key: null,
      headers: { authorization: `bearer ${api.key.free}` },
    });
    assert.equal(ok.statusCode, 200);
    const basic = await api.call({
      method: 'GET',
      url: '/v1/config',
      key: null,
      headers: { authorization: `Basic ${api.key.free}` },
    });
    assert.equal(basic.statusCode, 401);
  });
});
