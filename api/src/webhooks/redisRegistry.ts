// Webhook registrations on Redis: one hash <prefix>webhooks (id → the stored record, secret
// included) and a notice on <prefix>webhooks:changed after every change. Each instance keeps a copy
// in memory (emitting an event asks "who wants this kind?" on every request, without a round trip)
// and re-reads the hash on a notice, and after a reconnect in case notices were missed while away.
// A change on one instance is seen by the others within milliseconds.
import type { Redis } from 'ioredis';
import { storeCall } from '../store/storeError';
import { StoredWebhookSchema, type StoredWebhook, type WebhookRegistry } from './store';

export class RedisWebhookRegistry implements WebhookRegistry {
  private webhooks = new Map<string, StoredWebhook>();
  private closed = false;

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
  ) {}

  /** Takes `subscriber` over (close() disconnects it); `redis` stays the caller's. */
  static async open(redis: Redis, subscriber: Redis, prefix: string): Promise<RedisWebhookRegistry> {
    const registry = new RedisWebhookRegistry(redis, subscriber, prefix);
    subscriber.on('message', (channel: string) => {
      if (channel === registry.channel) void registry.refresh();
    });
    subscriber.on('ready', () => void registry.refresh());
    await subscriber.subscribe(registry.channel);
    await registry.load();
    return registry;
  }

  list(): StoredWebhook[] {
    return [...this.webhooks.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  get(id: string): StoredWebhook | undefined {
    return this.webhooks.get(id);
  }

  async add(webhook: StoredWebhook): Promise<void> {
    await this.write(webhook);
  }

  async remove(id: string): Promise<boolean> {
    const removed = await storeCall(() =>
      this.redis.multi().hdel(this.key, id).publish(this.channel, id).exec(),
    );
    this.webhooks.delete(id);
    return Number(removed?.[0]?.[1] ?? 0) > 0;
  }

  async disable(id: string, reason: string, at: string): Promise<void> {
    const webhook = this.webhooks.get(id) ?? (await this.fetch(id));
    if (!webhook || webhook.disabled_at) return;
    await this.write({ ...webhook, disabled_at: at, disabled_reason: reason });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
    this.subscriber.disconnect();
  }

  /** Reads one webhook from Redis (a delivery worker may not have seen the notice yet). */
  async fetch(id: string): Promise<StoredWebhook | undefined> {
    const raw = await storeCall(() => this.redis.hget(this.key, id));
    const webhook = raw === null ? undefined : parse(raw);
    if (webhook) this.webhooks.set(id, webhook);
    return webhook;
  }

  private async write(webhook: StoredWebhook): Promise<void> {
    await storeCall(() =>
      this.redis
        .multi()
        .hset(this.key, webhook.id, JSON.stringify(webhook))
        .publish(this.channel, webhook.id)
        .exec(),
    );
    this.webhooks.set(webhook.id, webhook);
  }

  private async load(): Promise<void> {
    const rows = await this.redis.hgetall(this.key);
    const next = new Map<string, StoredWebhook>();
    for (const [id, raw] of Object.entries(rows)) {
      const webhook = parse(raw);
      if (webhook) next.set(id, webhook);
    }
    this.webhooks = next;
  }

  private async refresh(): Promise<void> {
    if (this.closed) return;
    try {
      await this.load();
    } catch {
      // Redis away: the copy in memory stays in use; the next 'ready' reads again.
    }
  }

  private get key(): string {
    return `${this.prefix}webhooks`;
  }

  private get channel(): string {
    return `${this.prefix}webhooks:changed`;
  }
}

/** A damaged record is skipped (and so receives nothing) rather than stopping every instance. */
function parse(raw: string): StoredWebhook | undefined {
  try {
    return StoredWebhookSchema.parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}
