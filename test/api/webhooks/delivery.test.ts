// Deliveries to real receivers on loopback: payloads of real operations (and failures) verified
// with the `standardwebhooks` package as a receiver would, a receiver down then up, 410 Gone,
// Retry-After, redirects and timeouts.
import assert from 'node:assert/strict';
import type { GenerateOutput } from '../../../server/src/engine/contracts/generate';
import { CodewrightError } from '../../../server/src/engine/errors';
import { withOperations } from '../helpers';
import { Receiver, waitFor, type Answer } from './receiver';
import { createWebhookApi, type WebhookTestApi } from './setup';

const GENERATED: GenerateOutput = {
  code: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  explanation: 'adds',
  tests: '',
  metadata: { language: 'typescript', framework: 'none', estimated_lines: 3, complexity: 'O(1)' },
};

describe('webhook deliveries', () => {
  let receiver: Receiver;
  const apis: WebhookTestApi[] = [];
  beforeEach(async () => {
    receiver = await new Receiver().start();
  });
  afterEach(async () => {
    await Promise.all(apis.splice(0).map((api) => api.close()));
    await receiver.stop();
  });

  async function api(options: Parameters<typeof createWebhookApi>[0] = {}): Promise<WebhookTestApi> {
    const created = await createWebhookApi(options, {
      engine: (real) =>
        withOperations(real, {
          generate: async (input) => {
            if (input.prompt === 'fail') throw new CodewrightError('UNPROCESSABLE', 'cannot generate that');
            return GENERATED;
          },
        }),
    });
    apis.push(created);
    return created;
  }

  it('sends signed events for operations, successes and failures, with the spec payload', async () => {
    const cw = await api();
    const { secret } = await cw.register(receiver.url, ['code.generated', 'review.completed']);
    const generated = await cw.call({
      method: 'POST',
      url: '/v1/code/generate',
      payload: { prompt: 'add two numbers', language: 'typescript' },
    });
    assert.equal(generated.statusCode, 200);
    const failed = await cw.call({
      method: 'POST',
      url: '/v1/code/generate',
      payload: { prompt: 'fail', language: 'typescript' },
    });
    assert.equal(failed.statusCode, 422);
    const invalid = await cw.call({
      method: 'POST',
      url: '/v1/code/generate',
      payload: { prompt: 'x', language: 'klingon' },
    });
    assert.equal(invalid.statusCode, 400);
    const reviewed = await cw.call({
      method: 'POST',
      url: '/v1/code/review',
      payload: { code: 'var x = 1;\neval(x);\n', language: 'javascript' },
    });
    assert.equal(reviewed.statusCode, 200);
    const review = reviewed.json() as { score: number; issues: unknown[] };
    await waitFor(() => receiver.received.length === 4, 10_000, 'four deliveries');
    const byRequest = new Map(
      receiver.verified(secret).map(({ payload }) => [payload.data.request_id, payload]),
    );
    const payload = (response: { headers: Record<string, unknown> }) =>
      byRequest.get(String(response.headers['x-request-id']));
    assert.deepEqual(payload(generated), {
      event: 'code.generated',
      timestamp: '2026-01-01T12:00:00.000Z',
      data: {
        request_id: generated.headers['x-request-id'],
        success: true,
        language: 'typescript',
        lines_generated: 3,
      },
    });
    assert.deepEqual(payload(failed)!.data, {
      request_id: failed.headers['x-request-id'],
      success: false,
      language: 'typescript',
      lines_generated: null,
      error: { code: 'UNPROCESSABLE', message: 'cannot generate that' },
    });
    assert.equal(payload(invalid)!.data.success, false);
    assert.equal((payload(invalid)!.data.error as { code: string }).code, 'INVALID_LANGUAGE');
    assert.deepEqual(payload(reviewed), {
      event: 'review.completed',
      timestamp: '2026-01-01T12:00:00.000Z',
      data: {
        request_id: reviewed.headers['x-request-id'],
        success: true,
        language: 'javascript',
        score: review.score,
        issues_count: review.issues.length,
      },
    });
    for (const request of receiver.received) {
      assert.equal(request.headers['content-type'], 'application/json');
      assert.match(String(request.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]{43}=$/);
    }
  });

  it('sends only the subscribed kinds', async () => {
    const cw = await api();
    await cw.register(receiver.url, ['review.completed']);
    await cw.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 0.2 } });
    await cw.call({
      method: 'POST',
      url: '/v1/code/generate',
      payload: { prompt: 'p', language: 'typescript' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.received.length, 0);
  });

  it('delivers every event once a receiver that was down comes back', async () => {
    const cw = await api({ retrySchedule: [0.1, 0.2, 0.4, 0.8, 1, 1, 1, 1, 1, 1] });
    const { secret } = await cw.register(receiver.url, ['config.updated']);
    await receiver.stop();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await cw.call({ method: 'PUT', url: '/v1/config', payload: { max_tokens: 100 + i } });
      ids.push(String(response.headers['x-request-id']));
    }
    await new Promise((resolve) => setTimeout(resolve, 800)); // a few failed attempts each
    await receiver.start();
    await waitFor(
      () => new Set(receiver.verified(secret).map((d) => d.payload.data.request_id)).size === 20,
      15_000,
      'all 20 events',
    );
    const received = receiver.verified(secret);
    assert.deepEqual(new Set(received.map((d) => d.payload.data.request_id)), new Set(ids));
    const delivered = await cw.webhooks.deliveries(cw.webhooks.list()[0]!.id);
    await waitFor(async () =>
      (await cw.webhooks.deliveries(cw.webhooks.list()[0]!.id)).every((d) => d.status === 'succeeded'),
    );
    assert.ok(
      delivered.some((d) =>
        d.attempts.some((a) => a.status_code === null && /ECONNREFUSED/.test(a.error ?? '')),
      ),
    );
  });

  it('disables the endpoint on 410 Gone and cancels what it still had', async () => {
    const cw = await api({ retrySchedule: [0.3] });
    receiver.answer = () => ({ status: 410 });
    const { id } = await cw.register(receiver.url, ['config.updated']);
    await cw.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 1 } });
    await waitFor(() => cw.webhooks.list()[0]!.active === false, 5000, 'the endpoint disabled');
    const [webhook] = cw.webhooks.list();
    assert.match(webhook!.disabled_reason!, /410 Gone/);
    await cw.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 1.1 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.received.length, 1, 'nothing more is sent to a disabled endpoint');
    assert.deepEqual(
      (await cw.webhooks.deliveries(id)).map((d) => [d.status, d.attempts.map((a) => a.outcome)]),
      [['cancelled', ['disabled']]],
    );
  });

  it('honours Retry-After, never follows redirects, gives up after the schedule, and times out slow receivers', async () => {
    const cw = await api({ retrySchedule: [0.05, 0.05], timeoutMs: 300 });
    const answers: Answer[] = [
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } },
      { status: 200, delayMs: 1000 },
    ];
    receiver.answer = (_request, index) => answers[index] ?? { status: 200 };
    const { id } = await cw.register(receiver.url, ['config.updated']);
    await cw.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 0.9 } });
    await waitFor(
      async () => (await cw.webhooks.deliveries(id))[0]?.status === 'failed',
      8000,
      'the delivery to fail',
    );
    const [delivery] = await cw.webhooks.deliveries(id);
    const attempts = delivery!.attempts;
    assert.deepEqual(
      attempts.map((a) => [a.status_code, a.outcome]),
      [
        [503, 'retrying'],
        [302, 'retrying'],
        [null, 'failed'],
      ],
    );
    const waited = receiver.received[1]!.at - receiver.received[0]!.at;
    assert.ok(waited >= 950, `Retry-After: 1 was honoured over the 50 ms schedule (waited ${waited} ms)`);
    assert.match(attempts[1]!.error!, /redirect \(302\) not followed/);
    assert.match(attempts[2]!.error!, /timed out after 300 ms/);
    assert.equal(receiver.received.length, 3, 'the redirect target was never requested');
  });
});
