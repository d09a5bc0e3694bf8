// The file outbox on its own: what a reopen replays (pending deliveries and their attempts), a torn
// last line from a crash ignored, cancellation, and the one-process lock.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileOutbox, WebhooksLockedError } from '../../../api/src/webhooks/fileOutbox';
import type { OutboxMessage } from '../../../api/src/webhooks/store';
import { makeDataDir } from '../helpers';

const message = (id: string, webhook = 'wh_1'): OutboxMessage => ({
  id,
  webhook_id: webhook,
  event: 'config.updated',
  body: `{"n":"${id}"}`,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('FileOutbox', () => {
  let dir: string;
  beforeEach(() => (dir = join(makeDataDir(), 'webhooks')));
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('replays pending deliveries with their attempts after a reopen, ignoring a torn last line', async () => {
    const outbox = await FileOutbox.open(dir);
    await outbox.enqueue([message('msg_a'), message('msg_b'), message('msg_c', 'wh_2')]);
    await outbox.record({
      message_id: 'msg_a',
      webhook_id: 'wh_1',
      attempt: 1,
      at: '2026-01-01T00:00:01.000Z',
      duration_ms: 3,
      status_code: 500,
      error: 'HTTP 500',
      outcome: 'retrying',
      next_attempt_at: '2026-01-01T00:00:06.000Z',
    });
    await outbox.record({
      message_id: 'msg_b',
      webhook_id: 'wh_1',
      attempt: 1,
      at: '2026-01-01T00:00:01.000Z',
      duration_ms: 2,
      status_code: 204,
      error: null,
      outcome: 'succeeded',
      next_attempt_at: null,
    });
    await outbox.cancel('wh_2', 'webhook deleted');
    await outbox.close();
    appendFileSync(join(dir, 'outbox.log'), '{"type":"queued","message":{"id":"msg_torn"'); // a crash mid-write

    const reopened = await FileOutbox.open(dir);
    const pending = reopened.pending();
    assert.deepEqual(
      pending.map((state) => [state.message.id, state.attempts.length, state.next_at]),
      [['msg_a', 1, Date.parse('2026-01-01T00:00:06.000Z')]],
    );
    assert.deepEqual(
      reopened.history('wh_1').map((state) => [state.message.id, state.status]),
      [
        ['msg_b', 'succeeded'],
        ['msg_a', 'pending'],
      ],
    );
    assert.deepEqual(
      reopened.history('wh_2').map((state) => [state.status, state.reason]),
      [['cancelled', 'webhook deleted']],
    );
    assert.ok(
      readFileSync(join(dir, 'outbox.log'), 'utf8').endsWith('\n'),
      'compacted on open: no torn tail left',
    );
    await reopened.close();
  });

  it('is held by one live process; a lock left by a dead one is taken over', async () => {
    const outbox = await FileOutbox.open(dir);
    writeFileSync(join(dir, 'outbox.lock'), '1'); // pid 1 is alive: another process holds it
    await assert.rejects(FileOutbox.open(dir), WebhooksLockedError);
    writeFileSync(join(dir, 'outbox.lock'), '999999999'); // no such process: a crashed holder
    const taken = await FileOutbox.open(dir);
    await taken.close();
    await outbox.close();
  });
});
