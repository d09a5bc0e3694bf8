// The api process killed with SIGKILL in the middle of deliveries (and of requests), then
// restarted on the same data folder: every event whose request was answered arrives, and the only
// duplicates are retries under the same webhook-id. Runs the built CLI (dist/cli.js serve).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { makeDataDir } from '../helpers';
import { buildCliIfMissing, startCli, type Served } from '../serveProcess';
import { Receiver, waitFor } from './receiver';

/** Starts `codewright serve`; on a fresh data folder it waits for the first key too. */
function serve(home: string, fresh: boolean): Promise<Served> {
  return startCli(
    {
      CODEWRIGHT_HOME: home,
      CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL: '1',
      CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE: '0.2,0.4,0.8,1,1,1,1,1',
    },
    { waitForKey: fresh },
  );
}

describe('webhooks across a SIGKILL of the api process', function () {
  this.timeout(90_000);
  before(buildCliIfMissing);

  it('loses no answered event and duplicates only as retries of the same webhook-id', async () => {
    const home = makeDataDir();
    const receiver = await new Receiver().start();
    receiver.answer = () => ({ status: 200, delayMs: 1000 }); // slow enough to be caught mid-delivery
    const running: Served[] = [];
    try {
      const first = await serve(home, true);
      running.push(first);
      const key = first.key!;
      const call = (url: string, method: string, body: unknown) =>
        fetch(`${url}${method === 'POST' ? '/v1/webhooks' : '/v1/config'}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const registered = await call(first.url, 'POST', { url: receiver.url, events: ['config.updated'] });
      assert.equal(registered.status, 201);
      const { id: webhookId, secret } = (await registered.json()) as { id: string; secret: string };

      const answered: string[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await call(first.url, 'PUT', { max_tokens: 1000 + i });
        assert.equal(response.status, 200);
        answered.push(response.headers.get('x-request-id')!);
      }
      // More requests keep coming while deliveries are in flight; the kill lands among both.
      let stop = false;
      const more = (async () => {
        for (let i = 0; !stop; i++) {
          try {
            const response = await call(first.url, 'PUT', { max_tokens: 2000 + i });
            if (response.status === 200) answered.push(response.headers.get('x-request-id')!);
          } catch {
            return; // the process is gone
          }
        }
      })();
      await waitFor(
        () => receiver.received.length >= 8 && answered.length >= 50,
        20_000,
        'deliveries and requests in flight',
      );
      first.child.kill('SIGKILL');
      stop = true;
      await first.exited;
      await more;
      const beforeRestart = new Set(receiver.received.map((r) => r.headers['webhook-id'])).size;
      assert.ok(
        beforeRestart < answered.length,
        `the kill came mid-delivery (${beforeRestart}/${answered.length})`,
      );

      const second = await serve(home, false);
      running.push(second);
      const expected = new Set(answered);
      const deliveredIds = () =>
        new Set(receiver.verified(secret).map((d) => String(d.payload.data.request_id)));
      await waitFor(
        () => [...expected].every((id) => deliveredIds().has(id)),
        30_000,
        'every answered event',
      );

      const byWebhookId = new Map<string, string>();
      const webhookIdsByRequest = new Map<string, Set<string>>();
      for (const { id, payload } of receiver.verified(secret)) {
        const requestId = String(payload.data.request_id);
        if (byWebhookId.has(id))
          assert.equal(byWebhookId.get(id), requestId, 'a webhook-id always carries one event');
        byWebhookId.set(id, requestId);
        if (!webhookIdsByRequest.has(requestId)) webhookIdsByRequest.set(requestId, new Set());
        webhookIdsByRequest.get(requestId)!.add(id);
      }
      for (const [requestId, ids] of webhookIdsByRequest)
        assert.equal(ids.size, 1, `event ${requestId} arrived under one webhook-id only`);
      const duplicates = receiver.received.length - byWebhookId.size;
      const deliveries = await fetch(`${second.url}/v1/webhooks/${webhookId}/deliveries`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(deliveries.status, 200);
      process.stderr.write(
        `      answered ${answered.length}, delivered before kill ${beforeRestart}, received ${receiver.received.length} requests, ${duplicates} retried duplicates\n`,
      );
      second.child.kill('SIGTERM');
      assert.equal(await second.exited, 0);
    } finally {
      for (const served of running) served.child.kill('SIGKILL');
      await receiver.stop();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
