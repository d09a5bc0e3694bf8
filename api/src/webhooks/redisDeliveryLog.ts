// Delivery history on Redis, the shared counterpart of the outbox's history: each delivery's state
// (message, attempts, status) at <prefix>wh:delivery:<message id>, and each webhook's last
// HISTORY_PER_WEBHOOK message ids, newest first, at <prefix>wh:history:<webhook id>. Only the
// worker holding a delivery's BullMQ job writes its attempts, so a read-modify-write is safe.
// Finished deliveries expire after HISTORY_TTL_SECONDS.
import type { Redis } from 'ioredis';
import { storeCall } from '../store/storeError';
import { HISTORY_PER_WEBHOOK } from './fileOutbox';
import type { AttemptRecord, DeliveryState, OutboxMessage } from './store';

export const HISTORY_TTL_SECONDS = 7 * 86400;

export class RedisDeliveryLog {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async enqueue(messages: OutboxMessage[]): Promise<void> {
    const multi = this.redis.multi();
    for (const message of messages) {
      const state: DeliveryState = {
        message,
        attempts: [],
        status: 'pending',
        next_at: Date.parse(message.created_at),
      };
      multi
        .set(this.stateKey(message.id), JSON.stringify(state), 'EX', HISTORY_TTL_SECONDS)
        .lpush(this.historyKey(message.webhook_id), message.id)
        .ltrim(this.historyKey(message.webhook_id), 0, HISTORY_PER_WEBHOOK - 1);
    }
    await storeCall(() => multi.exec());
  }

  async get(messageId: string): Promise<DeliveryState | undefined> {
    const raw = await storeCall(() => this.redis.get(this.stateKey(messageId)));
    return raw === null ? undefined : (JSON.parse(raw) as DeliveryState);
  }

  /** Appends an attempt and applies its outcome, as the file outbox does. */
  async record(attempt: AttemptRecord): Promise<void> {
    const state = await this.get(attempt.message_id);
    if (!state) return;
    state.attempts.push(attempt);
    if (attempt.outcome === 'succeeded') state.status = 'succeeded';
    else if (attempt.outcome === 'retrying') state.next_at = Date.parse(attempt.next_attempt_at!);
    else state.status = attempt.outcome === 'failed' ? 'failed' : 'cancelled';
    await this.save(state);
  }

  /** Marks a webhook's pending deliveries cancelled; returns their message ids. */
  async cancel(webhookId: string, reason: string): Promise<string[]> {
    const cancelled: string[] = [];
    for (const state of await this.history(webhookId)) {
      if (state.status !== 'pending') continue;
      state.status = 'cancelled';
      state.reason = reason;
      await this.save(state);
      cancelled.push(state.message.id);
    }
    return cancelled;
  }

  async history(webhookId: string): Promise<DeliveryState[]> {
    const ids = await storeCall(() => this.redis.lrange(this.historyKey(webhookId), 0, -1));
    if (ids.length === 0) return [];
    const rows = await storeCall(() => this.redis.mget(ids.map((id) => this.stateKey(id))));
    return rows.flatMap((row) => (row ? [JSON.parse(row) as DeliveryState] : []));
  }

  private async save(state: DeliveryState): Promise<void> {
    await storeCall(() =>
      this.redis.set(this.stateKey(state.message.id), JSON.stringify(state), 'EX', HISTORY_TTL_SECONDS),
    );
  }

  private stateKey(messageId: string): string {
    return `${this.prefix}wh:delivery:${messageId}`;
  }

  private historyKey(webhookId: string): string {
    return `${this.prefix}wh:history:${webhookId}`;
  }
}
