// One behavioural suite, run on both backends so they cannot drift: the embedded default (one
// instance, its data folder) and Redis (two instances, each with its own data folder, on one real
// redis-server). "Instance B" is instance A again on the embedded backend.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../api/src/app';
import { openStateBackend, type StateBackend } from '../../../api/src/store/backend';
import type { RedisSettings } from '../../../api/src/store/redisConnection';
import { createEngine, type Engine } from '../../../server/src/pool/pooledEngine';
import { useRedisServer } from './redisServer';

const HOST = '127.0.0.1:8787';

interface Instance {
  app: FastifyInstance;
  engine: Engine;
  state: StateBackend;
  dataDir: string;
}

/** A fixed clock shared by the instances: every request falls in the same rate-limit windows. */
const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 30) };

async function startInstance(redis?: RedisSettings): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'codewright-shared-'));
  const engine = createEngine({ dataDir, roots: [dataDir] });
  const state = await openStateBackend({ dataDir, config: engine.config, redis, now: () => clock.now });
  const app = buildApp(engine, {
    port: 8787,
    now: () => clock.now,
    keys: state.keys,
    rateLimiter: state.rateLimiter,
    state,
  });
  await app.ready();
  return { app, engine, state, dataDir };
}

async function stopInstance(instance: Instance): Promise<void> {
  await instance.app.close();
  await instance.state.close();
  await instance.engine.close();
  rmSync(instance.dataDir, { recursive: true, force: true });
}

function call(
  instance: Instance,
  key: string,
  options: { method?: 'GET' | 'PUT'; url?: string; payload?: object } = {},
): Promise<LightMyRequestResponse> {
  return instance.app.inject({
    method: options.method ?? 'GET',
    url: options.url ?? '/v1/config',
    headers: {
      host: HOST,
      authorization: `Bearer ${key}`,
      ...(options.payload ? { 'content-type': 'application/json' } : {}),
    },
    payload: options.payload as never,
  });
}

async function within<T>(
  ms: number,
  probe: () => Promise<T | undefined>,
): Promise<{ value: T; elapsed: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, elapsed: Date.now() - started };
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function behaviouralSuite(instances: () => [Instance, Instance]): void {
  it('a key created through one instance authenticates on the other at once', async () => {
    const [a, b] = instances();
    const { key } = await a.state.keys.create('shared', 'pro');
    assert.equal((await call(b, key)).statusCode, 200);
    assert.equal((await call(a, key)).statusCode, 200);
  });

  it('a key revoked on one instance is refused by the other within a second', async () => {
    const [a, b] = instances();
    const { key, info } = await a.state.keys.create('to revoke', 'pro');
    assert.equal((await call(b, key)).statusCode, 200);
    assert.equal(await b.state.keys.revoke(info.id), true);
    const { elapsed } = await within(1000, async () =>
      (await call(a, key)).statusCode === 401 ? true : undefined,
    );
    assert.ok(elapsed < 1000);
  });

  it('1,000 concurrent requests of a free key over the instances: exactly 20 admitted, the rest 429', async () => {
    const [a, b] = instances();
    const { key } = await a.state.keys.create('free', 'free');
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => call(i % 2 === 0 ? a : b, key)),
    );
    const admitted = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 429);
    assert.equal(admitted.length, 20);
    assert.equal(refused.length, 980);
    const windowEnd = Math.ceil((Math.floor(clock.now / 60_000) + 1) * 60);
    for (const response of refused) {
      assert.equal(response.headers['x-ratelimit-limit'], '20');
      assert.equal(response.headers['x-ratelimit-remaining'], '0');
      assert.equal(response.headers['x-ratelimit-reset'], String(windowEnd));
      assert.equal(response.headers['retry-after'], '30');
      assert.equal(response.json().error.type, 'RateLimitError');
    }
    const remaining = admitted.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((x, y) => x - y);
    assert.deepEqual(
      remaining,
      Array.from({ length: 20 }, (_, i) => i),
    );
  });

  it('a PUT /v1/config on one instance is visible on the other within a second', async () => {
    const [a, b] = instances();
    const { key } = await a.state.keys.create('config', 'enterprise');
    const put = await call(a, key, { method: 'PUT', payload: { temperature: 0.7, max_tokens: 1234 } });
    assert.equal(put.statusCode, 200);
    const { elapsed } = await within(1000, async () => {
      const config = (await call(b, key)).json();
      return config.temperature === 0.7 && config.max_tokens === 1234 ? true : undefined;
    });
    assert.ok(elapsed < 1000, `seen after ${elapsed} ms`);
  });
}

describe('shared state: embedded backend (one instance)', function () {
  let a: Instance;
  before(async () => {
    a = await startInstance();
  });
  after(async () => stopInstance(a));
  behaviouralSuite(() => [a, a]);

  it('health reports the embedded store', async () => {
    const health = (await a.app.inject({ url: '/v1/health', headers: { host: HOST } })).json();
    assert.deepEqual(health.store, { backend: 'embedded', status: 'ok' });
  });
});

describe('shared state: Redis backend (two instances, real redis-server)', function () {
  this.timeout(60_000);
  const redis = useRedisServer();
  let a: Instance;
  let b: Instance;

  beforeEach(async () => {
    // A fresh prefix per test: instances of another deployment on the same Redis see nothing.
    const settings: RedisSettings = {
      url: redis.server.url,
      prefix: `t${Date.now()}${Math.random().toString(36).slice(2, 6)}:`,
    };
    [a, b] = await Promise.all([startInstance(settings), startInstance(settings)]);
  });
  afterEach(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
  });

  behaviouralSuite(() => [a, b]);

  it('keys of another prefix are unknown (deployments sharing one Redis stay apart)', async () => {
    const other = await startInstance({ url: redis.server.url, prefix: 'other-deployment:' });
    try {
      const { key } = await a.state.keys.create('mine', 'pro');
      assert.equal((await call(other, key)).statusCode, 401);
    } finally {
      await stopInstance(other);
    }
  });

  it('health reports Redis with its latency', async () => {
    const health = (await a.app.inject({ url: '/v1/health', headers: { host: HOST } })).json();
    assert.equal(health.store.backend, 'redis');
    assert.equal(health.store.status, 'ok');
    assert.ok(health.store.latency_ms >= 0);
  });

  it('Redis stopped for 10 s and restarted: no 500, no caller let in without a valid key, recovery by itself', async function () {
    this.timeout(60_000);
    const { key } = await a.state.keys.create('outage', 'pro');
    const revoked = await b.state.keys.create('revoked', 'pro');
    assert.equal(await b.state.keys.revoke(revoked.info.id), true);
    const unknown = revoked.key;
    assert.equal((await call(a, key)).statusCode, 200);
    await redis.server.stop();
    for (const instance of [a, b]) {
      const response = await call(instance, key);
      assert.equal(response.statusCode, 503);
      assert.equal(response.json().error.type, 'ServiceUnavailableError');
      const health = (await instance.app.inject({ url: '/v1/health', headers: { host: HOST } })).json();
      assert.equal(health.store.status, 'unavailable');
    }
    // Ten seconds of traffic on both instances while Redis is down: valid, revoked and absent keys.
    const statuses = {
      valid: new Map<number, number>(),
      unknown: new Map<number, number>(),
      none: new Map<number, number>(),
    };
    const count = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
    const end = Date.now() + 10_000;
    while (Date.now() < end) {
      for (const instance of [a, b]) {
        count(statuses.valid, (await call(instance, key)).statusCode);
        count(statuses.unknown, (await call(instance, unknown)).statusCode);
        const none = await instance.app.inject({ url: '/v1/config', headers: { host: HOST } });
        count(statuses.none, none.statusCode);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual([...statuses.valid.keys()], [503], 'a valid key: 503 while Redis is away');
    assert.deepEqual([...statuses.unknown.keys()], [503], 'a revoked key: never let in');
    assert.deepEqual([...statuses.none.keys()], [401], 'no key: 401 without asking Redis');
    await redis.server.run();
    await within(10_000, async () => ((await call(a, key)).statusCode === 200 ? true : undefined));
    await within(10_000, async () => ((await call(b, key)).statusCode === 200 ? true : undefined));
    // A config change after the outage still reaches the other instance (re-subscribed).
    assert.equal((await call(a, key, { method: 'PUT', payload: { temperature: 0.3 } })).statusCode, 200);
    await within(1000, async () => ((await call(b, key)).json().temperature === 0.3 ? true : undefined));
  });
});
