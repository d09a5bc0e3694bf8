// Scale-out costs and gains (docs/scaling.md), with real load (autocannon) over loopback:
// - GET /v1/config through the whole api on the Redis backend vs the embedded one (every request
//   verifies its key and consumes three rate-limit windows in Redis);
// - rate-limited throughput (a caller over its limit, answered 429) on Redis vs embedded;
// - two `codewright serve` processes on one Redis vs one, load split over both (same machine: the
//   gain is bounded by its cores and by Redis).
// Needs redis-server (skipped otherwise). SCALING_BENCH_ROUNDS / SCALING_BENCH_SECONDS shorten it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../api/src/app';
import { RateLimiter } from '../api/src/rateLimit';
import { openStateBackend, type StateBackend } from '../api/src/store/backend';
import { redisRateLimiter } from '../api/src/store/redisRateLimit';
import type { RedisSettings } from '../api/src/store/redisConnection';
import { createEngine } from '../server/src/pool/pooledEngine';
import { buildCliIfMissing, startCli, type Served } from '../test/api/serveProcess';
import { findRedisServer, RedisServer } from '../test/api/store/redisServer';
import type { BenchResult } from './harness';
import { compareRounds, median, requestsPerSecond, type LoadTarget } from './load';

const HUGE = { minute: 1e12, hour: 1e12, day: 1e12 };
const TINY = { minute: 1, hour: 1, day: 1 };
const ROUNDS = Number(process.env.SCALING_BENCH_ROUNDS) || 3;
const SECONDS = Number(process.env.SCALING_BENCH_SECONDS) || 2;

interface Instance {
  url: string;
  served: string;
  refused: string;
  close(): Promise<void>;
}

async function inProcess(redis?: RedisSettings): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'codewright-bench-'));
  const engine = createEngine({ dataDir, roots: [dataDir] });
  const state: StateBackend = await openStateBackend({ dataDir, config: engine.config, redis });
  const served = (await state.keys.create('bench', 'enterprise')).key;
  const refused = (await state.keys.create('bench over its limit', 'free')).key;
  // The backend's own limiter kind with bench plans: enterprise never refused, free from the 2nd request.
  const plans = { free: TINY, pro: HUGE, enterprise: HUGE };
  const rateLimiter = state.redis
    ? redisRateLimiter(state.redis.commands, state.redis.settings.prefix, { plans })
    : new RateLimiter({ plans });
  const app = buildApp(engine, { keys: state.keys, rateLimiter, state });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // Spend the free key's minute budget: from here on it is refused.
  for (let i = 0; i < 2; i++)
    await fetch(`${url}/v1/config`, { headers: { authorization: `Bearer ${refused}` } });
  return {
    url,
    served,
    refused,
    close: async () => {
      await app.close();
      await state.close();
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const config = (instance: Instance, key: string, expectStatus = 200): LoadTarget => ({
  url: `${instance.url}/v1/config`,
  headers: { authorization: `Bearer ${key}` },
  expectStatus,
});

export default async function benchmark(): Promise<BenchResult[]> {
  const binary = findRedisServer();
  if (!binary) {
    process.stderr.write('scaling.bench: redis-server is not installed, skipped\n');
    return [];
  }
  const server = await RedisServer.start(binary);
  const results: BenchResult[] = [];
  try {
    const embedded = await inProcess();
    const shared = await inProcess({ url: server.url, prefix: 'bench:' });
    try {
      await requestsPerSecond(config(shared, shared.served), 1);
      await requestsPerSecond(config(embedded, embedded.served), 1);
      const served = await compareRounds(config(shared, shared.served), config(embedded, embedded.served), {
        rounds: ROUNDS,
        seconds: SECONDS,
      });
      const refused = await compareRounds(
        config(shared, shared.refused, 429),
        config(embedded, embedded.refused, 429),
        { rounds: ROUNDS, seconds: SECONDS },
      );
      results.push(
        {
          name: `GET /v1/config on Redis (key check + 3 rate-limit windows in Redis), 16 connections, median of ${ROUNDS}`,
          value: served.a,
          unit: 'req/s',
          baseline: { name: 'the same on the embedded backend', value: served.b },
          aim: 'higher is better; Redis adds round trips per request',
        },
        {
          name: 'GET /v1/config refused with 429 on Redis (caller over its limit)',
          value: refused.a,
          unit: 'req/s',
          baseline: { name: 'the same on the embedded backend', value: refused.b },
          aim: 'higher is better',
        },
      );
    } finally {
      await shared.close();
      await embedded.close();
    }
    results.push(await twoVersusOne(server));
  } finally {
    await server.destroy();
  }
  return results;
}

/** Two serve processes on one Redis against one, the same 16 connections in all. */
async function twoVersusOne(server: RedisServer): Promise<BenchResult> {
  buildCliIfMissing();
  const homes = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'codewright-bench-')));
  const env = (home: string) => ({
    CODEWRIGHT_HOME: home,
    CODEWRIGHT_REDIS_URL: server.url,
    CODEWRIGHT_REDIS_PREFIX: 'bench-two:',
    CODEWRIGHT_JOB_CONCURRENCY: '0',
  });
  // The first key is enterprise (500 requests a minute): the load soon crosses its limit, so the
  // answers counted are 200s and 429s, each after a key check and an atomic limiter call in Redis.
  const running: Served[] = [];
  try {
    const first = await startCli(env(homes[0]!), { waitForKey: true });
    running.push(first);
    const second = await startCli(env(homes[1]!));
    running.push(second);
    const target = (served: Served): LoadTarget => ({
      url: `${served.url}/v1/config`,
      headers: { authorization: `Bearer ${first.key}` },
      expectStatuses: [200, 429],
    });
    await requestsPerSecond(target(first), 1);
    await requestsPerSecond(target(second), 1);
    const ones: number[] = [];
    const twos: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ones.push(await requestsPerSecond(target(first), SECONDS, 16));
      const split = await Promise.all([
        requestsPerSecond(target(first), SECONDS, 8),
        requestsPerSecond(target(second), SECONDS, 8),
      ]);
      twos.push(split[0] + split[1]);
    }
    return {
      name: `GET /v1/config answered (200 or 429) by two serve processes on one Redis (8 + 8 connections), median of ${ROUNDS}`,
      value: median(twos),
      unit: 'req/s',
      baseline: { name: 'one serve process (16 connections)', value: median(ones) },
      aim: 'higher is better; bounded by the machine’s free cores',
    };
  } finally {
    for (const served of running) served.child.kill('SIGTERM');
    await Promise.all(running.map((served) => served.exited));
    for (const home of homes) rmSync(home, { recursive: true, force: true });
  }
}
