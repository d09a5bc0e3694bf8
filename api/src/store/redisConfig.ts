// The configuration shared through Redis: the whole validated configuration at <prefix>config and a
// notice on the channel <prefix>config:changed after every change. Each instance keeps serving its
// in-memory copy (GET /v1/config costs no round trip) and replaces it when a notice arrives, which
// takes milliseconds; after a lost subscription (Redis restarted) it re-reads the stored value on
// reconnect, so a change made meanwhile is not missed.
//
// Concurrent PUTs on two instances: each merges its update into its own copy and the last write
// wins the whole configuration (documented in docs/scaling.md).
import type { Redis } from 'ioredis';
import type { ConfigStore } from '../../../server/src/engine/config/configStore';
import type { Config, ConfigUpdate } from '../../../server/src/engine/contracts/config';
import { storeCall } from './storeError';

export class RedisConfigSync {
  private closed = false;

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly config: ConfigStore,
  ) {}

  /**
   * Subscribes, then adopts the stored configuration; a fresh Redis gets this instance's (its data
   * folder's config.json, or the defaults) as the first shared one.
   */
  static async open(
    redis: Redis,
    subscriber: Redis,
    prefix: string,
    config: ConfigStore,
  ): Promise<RedisConfigSync> {
    const sync = new RedisConfigSync(redis, subscriber, prefix, config);
    subscriber.on('message', (channel: string) => {
      if (channel === sync.channel) void sync.refresh();
    });
    // ioredis re-subscribes after a reconnect by itself; notices sent while away are lost, so read.
    subscriber.on('ready', () => void sync.refresh());
    await subscriber.subscribe(sync.channel);
    await redis.set(sync.key, JSON.stringify(config.get()), 'NX');
    await sync.refresh();
    return sync;
  }

  /** Applies an update here, stores the result for everyone and tells the other instances. */
  async update(update: ConfigUpdate): Promise<Readonly<Config>> {
    const next = this.config.update(update);
    await storeCall(() =>
      this.redis.multi().set(this.key, JSON.stringify(next)).publish(this.channel, '1').exec(),
    );
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
  }

  private async refresh(): Promise<void> {
    if (this.closed) return;
    try {
      const raw = await this.redis.get(this.key);
      if (raw !== null) this.config.adopt(JSON.parse(raw));
    } catch {
      // Redis away: the copy in memory stays in use; the next 'ready' reads again.
    }
  }

  private get key(): string {
    return `${this.prefix}config`;
  }

  private get channel(): string {
    return `${this.prefix}config:changed`;
  }
}
