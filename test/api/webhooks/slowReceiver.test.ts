// 1,000 events queued for a receiver that takes 2 s per delivery must not slow the api. The same
// 1,000 requests over a real socket (an instant stand-in operation, so the api's own cost shows),
// three times: no webhook; a webhook to a receiver that answers at once; a webhook to the 2 s
// receiver, whose backlog grows to ~1,000. Responses wait for the outbox's shared fsync, never for
// a receiver, so the last two must match; all three are printed.
import assert from 'node:assert/strict';
import { percentile } from '../../../bench/harness';
import { withOperations } from '../helpers';
import { Receiver } from './receiver';
import { createWebhookApi } from './setup';

const EVENTS = 1000;
const CONCURRENCY = 8;

async function timedRequests(url: string, key: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const started = performance.now();
      const response = await fetch(`${url}/v1/code/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'add', language: 'typescript' }),
      });
      await response.arrayBuffer();
      assert.equal(response.status, 200);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies;
}

describe('webhooks and a slow receiver', function () {
  this.timeout(120_000);

  it('1,000 queued events do not slow the responses', async () => {
    const fast = await new Receiver().start();
    const slow = await new Receiver().start();
    slow.answer = () => ({ status: 200, delayMs: 2000 });
    const api = await createWebhookApi(
      { retrySchedule: [5] },
      {
        engine: (real) =>
          withOperations(real, {
            generate: async () => ({
              code: 'x\n',
              explanation: '',
              tests: '',
              metadata: { language: 'typescript', framework: 'none', estimated_lines: 1, complexity: 'O(1)' },
            }),
          }),
      },
    );
    try {
      await api.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(api.app.server.address() as { port: number }).port}`;
      const key = api.key.enterprise;
      await timedRequests(url, key, 100); // warm-up
      const none = await timedRequests(url, key, EVENTS);
      const fastHook = await api.webhooks.register({ url: fast.url, events: ['code.generated'] });
      const toFast = await timedRequests(url, key, EVENTS);
      await api.webhooks.remove(fastHook.id);
      await api.webhooks.register({ url: slow.url, events: ['code.generated'] });
      const toSlow = await timedRequests(url, key, EVENTS);
      const backlog = api.webhooks.backlog;
      const line = (name: string, values: number[]) =>
        `${name} p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`;
      process.stderr.write(
        `      ${EVENTS} requests, ${CONCURRENCY} concurrent: ${line('no webhook', none)}; ${line('fast receiver', toFast)}; ` +
          `${line('2 s receiver', toSlow)} (backlog ${backlog}, delivered ${slow.received.length})\n`,
      );
      assert.ok(backlog > EVENTS * 0.9, `the slow receiver really is behind (backlog ${backlog})`);
      const p50 = (values: number[]) => percentile(values, 50);
      const p95 = (values: number[]) => percentile(values, 95);
      assert.ok(p50(toSlow) < p50(toFast) * 1.5 + 5, 'a slow receiver does not slow the median response');
      assert.ok(p95(toSlow) < p95(toFast) * 2 + 10, 'nor the 95th percentile');
      assert.ok(p95(toSlow) < 1000, 'no response waited for a 2 s delivery');
    } finally {
      await api.close();
      await fast.stop();
      await slow.stop();
    }
  });
});
