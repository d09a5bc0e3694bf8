// The HTTP api's own cost, with real load (autocannon) over loopback, in the same run:
// - GET /v1/config through the whole api (Host check, API key, rate limit over all three windows,
//   error hooks) against a bare Fastify route answering the same JSON (aim >= 0.7);
// - a caller over its rate limit: 429 refusals per second against served GET /v1/config requests
//   (aim >= 1: refusing must cost less than serving).
// Both are also compared by CPU time per request (a fixed number of requests per round), which a
// machine busy with other work disturbs less than requests per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../api/src/app';
import { KeyStore } from '../api/src/auth/keyStore';
import { RateLimiter } from '../api/src/rateLimit';
import { createEngine } from '../server/src/pool/pooledEngine';
import type { BenchResult } from './harness';
import { compareCpu, compareRounds, requestsPerSecond } from './load';

const ROUNDS = 5;
const SECONDS = 2;
/** Requests per round of the CPU-time comparison. */
const AMOUNT = 20_000;

export default async function benchmark(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'codewright-bench-'));
  const engine = createEngine({ dataDir, roots: [dataDir] });
  const keys = new KeyStore(dataDir);
  const served = keys.create('bench', 'enterprise').key;
  const overLimit = keys.create('bench over its limit', 'free');
  const refused = overLimit.key;
  const huge = { minute: 1e12, hour: 1e12, day: 1e12 };
  const tiny = { minute: 1, hour: 1, day: 1 };
  // The enterprise plan never refuses here; the free plan refuses from the second request on.
  const rateLimiter = new RateLimiter({ plans: { free: tiny, pro: huge, enterprise: huge } });
  const api = buildApp(engine, { keys, rateLimiter });
  const bare = Fastify();
  const config = engine.config.get();
  bare.get('/bare', async () => config);
  await api.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  const config200 = { url: `${apiUrl}/v1/config`, headers: { authorization: `Bearer ${served}` } };
  const config429 = {
    url: `${apiUrl}/v1/config`,
    headers: { authorization: `Bearer ${refused}` },
    expectStatus: 429,
  };
  try {
    await rateLimiter.consume(overLimit.info.id, 'free'); // its one request: every later one is refused
    await requestsPerSecond(config200, 1);
    await requestsPerSecond({ url: `${bareUrl}/bare` }, 1);
    await requestsPerSecond(config429, 1);
    const throughput = await compareRounds(
      config200,
      { url: `${bareUrl}/bare` },
      { rounds: ROUNDS, seconds: SECONDS },
    );
    const refusals = await compareRounds(config429, config200, { rounds: ROUNDS, seconds: SECONDS });
    // The same comparisons by CPU time per request, which other work on the machine disturbs less.
    const cpu = await compareCpu(config200, { url: `${bareUrl}/bare` }, { rounds: ROUNDS, amount: AMOUNT });
    const cpuRefusals = await compareCpu(config429, config200, { rounds: ROUNDS, amount: AMOUNT });
    return [
      {
        name: `GET /v1/config (Host check + API key + 3-window rate limit), autocannon 16 connections, median of ${ROUNDS} rounds`,
        value: throughput.a,
        unit: 'req/s',
        baseline: { name: 'bare Fastify route, same JSON', value: throughput.b },
        aim: 'higher is better; aim ratio >= 0.7',
      },
      {
        name: 'GET /v1/config refused with 429 (caller over its rate limit)',
        value: refusals.a,
        unit: 'req/s',
        baseline: { name: 'GET /v1/config served (200)', value: refusals.b },
        aim: 'higher is better; aim ratio >= 1 (refusing costs less than serving)',
      },
      {
        name: `GET /v1/config, requests per CPU second of this process (server + autocannon), median of ${ROUNDS} rounds of ${AMOUNT}`,
        value: 1e6 / cpu.a,
        unit: 'req/CPU-s',
        baseline: { name: 'bare Fastify route, same JSON', value: 1e6 / cpu.b },
        aim: 'higher is better; aim ratio >= 0.7 (the throughput aim, measured by CPU time)',
      },
      {
        name: 'GET /v1/config refused with 429, requests per CPU second',
        value: 1e6 / cpuRefusals.a,
        unit: 'req/CPU-s',
        baseline: { name: 'GET /v1/config served (200)', value: 1e6 / cpuRefusals.b },
        aim: 'higher is better; aim ratio >= 1',
      },
    ];
  } finally {
    await api.close();
    await bare.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
