// /v1/webhooks over the api: registration rules (URL, events, secret), the secret shown once and
// never again (responses, list, logs), listing, deletion, and the recorded deliveries.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { errorOf } from '../helpers';
import { Receiver, waitFor } from './receiver';
import { createWebhookApi, type WebhookTestApi } from './setup';

describe('/v1/webhooks', () => {
  let api: WebhookTestApi;
  let receiver: Receiver;
  const logLines: string[] = [];
  beforeEach(async () => {
    logLines.length = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    receiver = await new Receiver().start();
    api = await createWebhookApi({}, { logger: pino({ level: 'trace' }, sink) });
  });
  afterEach(async () => {
    await api.close();
    await receiver.stop();
  });

  it('registers with 201 {id, url, events, created_at} and returns a generated whsec_ secret once', async () => {
    const response = await api.call({
      method: 'POST',
      url: '/v1/webhooks',
      payload: { url: receiver.url, events: ['code.generated', 'review.completed'] },
    });
    assert.equal(response.statusCode, 201);
    const body = response.json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['created_at', 'events', 'id', 'secret', 'url']);
    assert.match(String(body.id), /^wh_[0-9a-f]{24}$/);
    assert.match(String(body.secret), /^whsec_/);
    const secret = String(body.secret);
    const list = await api.call({ method: 'GET', url: '/v1/webhooks' });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json(), {
      webhooks: [
        {
          id: body.id,
          url: receiver.url,
          events: ['code.generated', 'review.completed'],
          created_at: body.created_at,
          active: true,
          disabled_at: null,
          disabled_reason: null,
        },
      ],
    });
    assert.ok(!list.body.includes(secret.slice(6, 20)), 'the list never shows the secret');
    assert.ok(!logLines.join('').includes(secret.slice(6, 20)), 'the logs never show the secret');
    // A caller-supplied secret is never echoed.
    const own = 'whsec_' + Buffer.from(Array.from({ length: 32 }, (_, i) => i * 5)).toString('base64');
    const second = await api.call({
      method: 'POST',
      url: '/v1/webhooks',
      payload: { url: receiver.url, events: ['config.updated'], secret: own },
    });
    assert.equal(second.statusCode, 201);
    assert.equal((second.json() as { secret?: string }).secret, undefined);
    assert.ok(!second.body.includes(own.slice(6)));
    assert.ok(!logLines.join('').includes(own.slice(6, 20)), 'nor a supplied secret');
    const stored = readFileSync(join(api.dataDir, 'webhooks', 'endpoints.json'));
    assert.ok(stored.includes(own), 'the secret is stored (it signs deliveries)');
  });

  it('refuses bad registrations with a ValidationError naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'http://example.com/x', events: ['code.generated'] }, 'url', /https/],
      [{ url: 'https://10.0.0.1/x', events: ['code.generated'] }, 'url', /private/],
      [{ url: 'https://169.254.169.254/latest', events: ['code.generated'] }, 'url', /link-local/],
      [{ url: 'https://[::ffff:192.168.0.1]/x', events: ['code.generated'] }, 'url', /private/],
      [{ url: receiver.url, events: [] }, 'events', /./],
      [{ url: receiver.url, events: ['code.deleted'] }, 'events.0', /one of/],
      [{ url: receiver.url, events: ['code.generated', 'code.generated'] }, 'events', /repeat/],
      [
        { url: receiver.url, events: ['code.generated'], secret: 'hunter2hunter2hunter2' },
        'secret',
        /entropy/,
      ],
      [{ url: receiver.url, events: ['code.generated'], secret: 'whsec_c2hvcnQ=' }, 'secret', /24\.\.64/],
      [{ events: ['code.generated'] }, 'url', /required/],
      [{ url: 42, events: ['code.generated'] }, 'url', /string/],
    ];
    for (const [payload, field, issue] of cases) {
      const response = await api.call({ method: 'POST', url: '/v1/webhooks', payload });
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      const error = errorOf(response);
      assert.equal(error.code, 'VALIDATION_ERROR');
      assert.equal(error.details.field, field, JSON.stringify(payload));
      assert.match(String(error.details.issue), issue);
    }
    assert.deepEqual((await api.call({ method: 'GET', url: '/v1/webhooks' })).json(), { webhooks: [] });
  });

  it('refuses loopback receivers unless local receivers are allowed', async () => {
    const strict = await createWebhookApi({ allowLocal: false });
    try {
      const response = await strict.call({
        method: 'POST',
        url: '/v1/webhooks',
        payload: { url: receiver.url, events: ['code.generated'] },
      });
      assert.equal(response.statusCode, 400);
      assert.match(errorOf(response).message, /CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL/);
      const https = await strict.call({
        method: 'POST',
        url: '/v1/webhooks',
        payload: { url: 'https://127.0.0.1:9/x', events: ['code.generated'] },
      });
      assert.match(errorOf(https).details.issue as string, /loopback/);
    } finally {
      await strict.close();
    }
  });

  it('needs an API key, deletes with 200 and 404s unknown ids in the envelope', async () => {
    assert.equal((await api.call({ method: 'GET', url: '/v1/webhooks', key: null })).statusCode, 401);
    const { id } = await api.register(receiver.url, ['config.updated']);
    const deleted = await api.call({ method: 'DELETE', url: `/v1/webhooks/${id}` });
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(deleted.json(), { id, deleted: true });
    const again = await api.call({ method: 'DELETE', url: `/v1/webhooks/${id}` });
    assert.equal(again.statusCode, 404);
    assert.equal(errorOf(again).code, 'NOT_FOUND');
    assert.equal((await api.call({ method: 'GET', url: `/v1/webhooks/${id}/deliveries` })).statusCode, 404);
    // A deleted webhook gets nothing more.
    await api.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 0.3 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(receiver.received.length, 0);
  });

  it('records every attempt of a delivery and lists them', async () => {
    receiver.answer = (_request, index) => (index === 0 ? { status: 500 } : { status: 200 });
    const { id } = await api.register(receiver.url, ['config.updated']);
    const update = await api.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 0.5 } });
    assert.equal(update.statusCode, 200);
    await waitFor(() => receiver.received.length === 2, 5000, 'the retry');
    await waitFor(async () => (await api.webhooks.deliveries(id))[0]?.status === 'succeeded');
    const response = await api.call({ method: 'GET', url: `/v1/webhooks/${id}/deliveries` });
    const { deliveries } = response.json() as {
      deliveries: { id: string; event: string; status: string; attempts: Record<string, unknown>[] }[];
    };
    assert.equal(deliveries.length, 1);
    assert.equal(deliveries[0]!.event, 'config.updated');
    assert.equal(deliveries[0]!.status, 'succeeded');
    assert.deepEqual(
      deliveries[0]!.attempts.map((a) => [a.attempt, a.status_code, a.outcome]),
      [
        [1, 500, 'retrying'],
        [2, 200, 'succeeded'],
      ],
    );
    assert.equal(receiver.received[0]!.headers['webhook-id'], deliveries[0]!.id);
    assert.equal(
      receiver.received[1]!.headers['webhook-id'],
      deliveries[0]!.id,
      'same webhook-id on the retry',
    );
  });
});
