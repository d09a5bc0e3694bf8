// Requests per second of GET /v1/config through the whole api (Host check, API key, rate limit over
// all three windows, error envelope hooks) against a bare Fastify route answering the same JSON, in
// the same run, over real loopback sockets with keep-alive clients. The rate limiter is configured
// with budgets too high to refuse (an enterprise key would be refused after 500 requests a minute),
// so every request does the full limiter work and is admitted.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../api/src/app';
import { KeyStore } from '../api/src/auth/keyStore';
import { RateLimiter } from '../api/src/rateLimit';
import { createEngine } from '../server/src/pool/pooledEngine';
import type { BenchResult } from './harness';

const CONCURRENCY = 16;
const ROUND_MS = 1500;
const ROUNDS = 5;

/** Requests/s of GET url with `concurrency` keep-alive clients for `ms` milliseconds. */
async function throughput(
  port: number,
  path: string,
  headers: Record<string, string>,
  ms: number,
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const end = performance.now() + ms;
  let done = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      request(
        { host: '127.0.0.1', port, path, agent, headers: { host: `127.0.0.1:${port}`, ...headers } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          res.resume();
          res.on('end', resolve);
        },
      )
        .on('error', reject)
        .end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await once();
        done++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return done / seconds;
}

export default async function benchmark(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'codewright-bench-'));
  const engine = createEngine({ dataDir, roots: [dataDir] });
  const keys = new KeyStore(dataDir);
  const { key } = keys.create('bench', 'enterprise');
  const huge = { minute: 1e12, hour: 1e12, day: 1e12 };
  const rateLimiter = new RateLimiter({ plans: { free: huge, pro: huge, enterprise: huge } });
  const api = buildApp(engine, { keys, rateLimiter });
  const bare = Fastify();
  const config = engine.config.get();
  bare.get('/bare', async () => config);
  await api.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const apiPort = (api.server.address() as { port: number }).port;
  const barePort = (bare.server.address() as { port: number }).port;
  const auth = { authorization: `Bearer ${key}` };
  try {
    // Warm both up, then alternate short rounds (order flipped each round) so load from other
    // processes hits both alike, and report the round with the median ratio.
    await throughput(apiPort, '/v1/config', auth, 500);
    await throughput(barePort, '/bare', {}, 500);
    const rounds: { api: number; bare: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measureBare = () => throughput(barePort, '/bare', {}, ROUND_MS);
      const measureApi = () => throughput(apiPort, '/v1/config', auth, ROUND_MS);
      if (round % 2 === 0) {
        const bareRate = await measureBare();
        rounds.push({ bare: bareRate, api: await measureApi() });
      } else {
        const apiRate = await measureApi();
        rounds.push({ api: apiRate, bare: await measureBare() });
      }
    }
    rounds.sort((a, b) => a.api / a.bare - b.api / b.bare);
    const median = rounds[Math.floor(rounds.length / 2)]!;
    return [
      {
        name: `GET /v1/config (Host check + API key + 3-window rate limit), ${CONCURRENCY} keep-alive clients`,
        value: median.api,
        unit: 'req/s',
        baseline: { name: 'bare Fastify route, same JSON', value: median.bare },
        aim: 'higher is better; aim ratio >= 0.6',
      },
    ];
  } finally {
    await api.close();
    await bare.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
