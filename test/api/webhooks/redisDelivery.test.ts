// Webhooks on a shared deployment: two `codewright serve` processes on one real redis-server. An
// instance accepts events and is killed with SIGKILL while delivering them; the other instance
// delivers every answered event (BullMQ's stalled-job recovery takes over the dead worker's jobs
// once their lock expires), exactly once per webhook-id apart from retries of the same id.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { makeDataDir } from '../helpers';
import { buildCliIfMissing, startCli, type Served } from '../serveProcess';
import { useRedisServer } from '../store/redisServer';
import { assertOncePerWebhookId, Receiver, waitFor } from './receiver';

describe('webhooks on Redis: delivery survives a SIGKILL of the accepting instance', function () {
  this.timeout(120_000);
  const redis = useRedisServer({ prepare: buildCliIfMissing });

  it('another instance delivers every answered event, once per webhook-id', async () => {
    const homes = [makeDataDir(), makeDataDir()];
    const prefix = `wh${Date.now()}:`;
    const env = (home: string) => ({
      CODEWRIGHT_HOME: home,
      CODEWRIGHT_REDIS_URL: redis.server.url,
      CODEWRIGHT_REDIS_PREFIX: prefix,
      CODEWRIGHT_QUEUE_LOCK_MS: '2000',
      CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL: '1',
      CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE: '0.2,0.4,0.8,1,1,1,1,1',
    });
    const receiver = await new Receiver().start();
    receiver.answer = () => ({ status: 200, delayMs: 1000 }); // slow: the kill lands mid-delivery
    const running: Served[] = [];
    try {
      const first = await startCli(env(homes[0]!), { waitForKey: true });
      running.push(first);
      const call = (url: string, method: string, path: string, body?: unknown) =>
        fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${first.key}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const registered = await call(first.url, 'POST', '/v1/webhooks', {
        url: receiver.url,
        events: ['config.updated'],
      });
      assert.equal(registered.status, 201);
      const { id: webhookId, secret } = (await registered.json()) as { id: string; secret: string };

      const answered: string[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await call(first.url, 'PUT', '/v1/config', { max_tokens: 1000 + i });
        assert.equal(response.status, 200);
        answered.push(response.headers.get('x-request-id')!);
      }
      await waitFor(() => receiver.received.length >= 5, 20_000, 'deliveries in flight');
      first.child.kill('SIGKILL');
      await first.exited;
      const beforeTakeover = new Set(receiver.received.map((r) => r.headers['webhook-id'])).size;
      assert.ok(beforeTakeover < answered.length, `the kill came mid-delivery (${beforeTakeover}/40)`);

      // The second instance never saw these requests: it finds the jobs in Redis.
      const second = await startCli(env(homes[1]!));
      running.push(second);
      const delivered = () =>
        new Set(receiver.verified(secret).map((d) => String(d.payload.data.request_id)));
      await waitFor(() => answered.every((id) => delivered().has(id)), 60_000, 'every answered event').catch(
        (error: Error) => {
          throw new Error(
            `${error.message}: ${delivered().size}/40 arrived (${receiver.received.length} requests); ${second.output()}`,
          );
        },
      );
      const duplicates = assertOncePerWebhookId(receiver, secret, answered);
      const history = await call(second.url, 'GET', `/v1/webhooks/${webhookId}/deliveries`);
      assert.equal(history.status, 200);
      const { deliveries } = (await history.json()) as { deliveries: { status: string }[] };
      await waitFor(
        async () => {
          const again = await call(second.url, 'GET', `/v1/webhooks/${webhookId}/deliveries`);
          const body = (await again.json()) as { deliveries: { status: string }[] };
          return body.deliveries.filter((d) => d.status === 'succeeded').length === answered.length;
        },
        20_000,
        'every delivery recorded as succeeded',
      );
      assert.equal(deliveries.length, answered.length);
      process.stderr.write(
        `      answered 40, delivered before the kill ${beforeTakeover}, received ${receiver.received.length} requests, ${duplicates} repeated webhook-ids\n`,
      );
      second.child.kill('SIGTERM');
      assert.equal(await second.exited, 0);
    } finally {
      for (const served of running) served.child.kill('SIGKILL');
      await receiver.stop();
      for (const home of homes) rmSync(home, { recursive: true, force: true });
    }
  });
});
