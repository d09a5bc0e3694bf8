// Webhooks' cost, in the same run:
// - PUT /v1/config (the cheapest request that emits an event; it already writes the config file
//   with an fsync) with a webhook subscribed to config.updated against the same api without
//   webhooks: latency ratio (each answer also waits for the outbox's group-committed fsync) and
//   throughput, autocannon in alternating rounds;
// - deliveries per second to a local receiver (signed, each attempt recorded in the outbox)
//   against plain unsigned POSTs to the same receiver with the same concurrency.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../api/src/app';
import { KeyStore } from '../api/src/auth/keyStore';
import { RateLimiter } from '../api/src/rateLimit';
import { openFileWebhooks } from '../api/src/webhooks/service';
import { createEngine } from '../server/src/pool/pooledEngine';
import type { BenchResult } from './harness';
import { loadProfile, median, type LoadTarget } from './load';

const ROUNDS = 5;
const SECONDS = 3;
const DELIVERIES = 2000;
const CONCURRENCY = 8;

export default async function benchmark(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'codewright-bench-webhooks-'));
  const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const engine = createEngine({ dataDir, roots: [dataDir] });
  const keys = new KeyStore(dataDir);
  const key = keys.create('bench', 'enterprise').key;
  const huge = { minute: 1e12, hour: 1e12, day: 1e12 };
  const rateLimiter = () => new RateLimiter({ plans: { free: huge, pro: huge, enterprise: huge } });
  const webhooks = await openFileWebhooks(dataDir, { allowLocal: true, perEndpoint: CONCURRENCY });
  await webhooks.register({ url: receiverUrl, events: ['config.updated'] });
  webhooks.start();
  const withHooks = buildApp(engine, { keys, rateLimiter: rateLimiter(), webhooks });
  const without = buildApp(engine, { keys, rateLimiter: rateLimiter() });
  const urls: string[] = [];
  for (const app of [withHooks, without]) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    urls.push(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  }
  const update = (url: string): LoadTarget => ({
    url: `${url}/v1/config`,
    method: 'PUT',
    headers: { authorization: `Bearer ${key}` },
    body: JSON.stringify({ temperature: 0.4 }),
  });
  try {
    for (const url of urls) await loadProfile(update(url), 1, CONCURRENCY); // warm the pool
    const a: Awaited<ReturnType<typeof loadProfile>>[] = [];
    const b: typeof a = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order)
        (index === 0 ? a : b).push(await loadProfile(update(urls[index]!), SECONDS, CONCURRENCY));
    }
    const backlogAfterLoad = webhooks.backlog;
    const deliveries = await deliveriesPerSecond(dataDir, receiverUrl);
    const plain = await plainPostsPerSecond(receiverUrl);
    const p50 = (runs: typeof a) => median(runs.map((run) => run.p50));
    const rps = (runs: typeof a) => median(runs.map((run) => run.requestsPerSecond));
    return [
      {
        name: `PUT /v1/config latency p50, webhook subscribed (${CONCURRENCY} connections, median of ${ROUNDS} rounds)`,
        value: p50(a),
        unit: 'ms',
        baseline: { name: 'same api without webhooks', value: p50(b) },
        aim: 'lower is better; aim ratio <= 1.5',
      },
      {
        name: `PUT /v1/config throughput, webhook subscribed (backlog after load: ${backlogAfterLoad})`,
        value: rps(a),
        unit: 'req/s',
        baseline: { name: 'same api without webhooks', value: rps(b) },
        aim: 'higher is better; aim ratio >= 0.7',
      },
      {
        name: `webhook deliveries to a local receiver (${DELIVERIES} events, signed, every attempt recorded)`,
        value: deliveries,
        unit: 'deliveries/s',
        baseline: { name: `plain unsigned POSTs, ${CONCURRENCY} at a time`, value: plain },
        aim: 'higher is better; aim >= 200 deliveries/s',
      },
    ];
  } finally {
    await withHooks.close();
    await without.close();
    await webhooks.close();
    await engine.close();
    receiver.closeAllConnections();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Events queued in the outbox (as fast as they can be) until the receiver has every one. */
async function deliveriesPerSecond(parent: string, receiverUrl: string): Promise<number> {
  const dataDir = mkdtempSync(join(parent, 'deliveries-'));
  const service = await openFileWebhooks(dataDir, { allowLocal: true, perEndpoint: CONCURRENCY });
  const { id } = await service.register({ url: receiverUrl, events: ['config.updated'] });
  const started = performance.now();
  service.start();
  const emits: Promise<void>[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    emits.push(
      service.emit({
        event: 'config.updated',
        timestamp: new Date().toISOString(),
        data: {
          request_id: `bench-${i}`,
          success: true,
          changed: ['temperature'],
          values: { temperature: 0.5 },
        },
      }),
    );
  }
  await Promise.all(emits);
  while ((await service.deliveries(id)).length < Math.min(DELIVERIES, 100) || service.backlog > 0)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const seconds = (performance.now() - started) / 1000;
  await service.close();
  return DELIVERIES / seconds;
}

async function plainPostsPerSecond(url: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const body = JSON.stringify({ event: 'config.updated', data: { request_id: 'x', success: true } });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => res.resume().on('end', resolve),
      );
      req.on('error', reject);
      req.end(body);
    });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < DELIVERIES) await post();
    }),
  );
  agent.destroy();
  return DELIVERIES / ((performance.now() - started) / 1000);
}
