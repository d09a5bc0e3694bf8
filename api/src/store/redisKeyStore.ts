// API keys and plans in Redis: the same records as keys.json (only SHA-256 hashes), one string per
// key at <prefix>apikey:<hash> and an index <prefix>apikeys (id → hash). Every verification reads
// Redis, so a key created or revoked on one instance counts on every other at once; there is no
// local cache to go stale. Redis unreachable: verification throws StoreUnavailableError (503), never
// lets the caller in.
import { timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { hashApiKey, isWellFormedApiKey } from '../auth/apiKey';
import { StoredKey, newKey, publicInfo, type ApiKeyInfo, type KeyBackend, type Plan } from '../auth/keyStore';
import { storeCall } from './storeError';

export class RedisKeyStore implements KeyBackend {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  async create(name: string, plan: Plan): Promise<{ key: string; info: ApiKeyInfo }> {
    const { key, stored } = newKey(name, plan, this.now());
    await storeCall(() =>
      this.redis
        .multi()
        .set(this.keyOf(stored.hash), JSON.stringify(stored))
        .hset(this.index, stored.id, stored.hash)
        .exec(),
    );
    return { key, info: publicInfo(stored) };
  }

  async list(): Promise<ApiKeyInfo[]> {
    const hashes = Object.values(await storeCall(() => this.redis.hgetall(this.index)));
    if (hashes.length === 0) return [];
    const rows = await storeCall(() => this.redis.mget(hashes.map((hash) => this.keyOf(hash))));
    return rows
      .flatMap((row) => (row ? [parse(row)] : []))
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map(publicInfo);
  }

  async revoke(id: string): Promise<boolean> {
    const hash = await storeCall(() => this.redis.hget(this.index, id));
    if (!hash) return false;
    const row = await storeCall(() => this.redis.get(this.keyOf(hash)));
    if (!row) return false;
    const stored = parse(row);
    if (stored.revoked_at) return true;
    stored.revoked_at = new Date(this.now()).toISOString();
    await storeCall(() => this.redis.set(this.keyOf(hash), JSON.stringify(stored)));
    return true;
  }

  async verify(presented: string): Promise<ApiKeyInfo | undefined> {
    if (!isWellFormedApiKey(presented)) return undefined;
    const hash = hashApiKey(presented);
    const row = await storeCall(() => this.redis.get(this.keyOf(hash.toString('hex'))));
    if (!row) return undefined;
    const stored = parse(row);
    if (!timingSafeEqual(Buffer.from(stored.hash, 'hex'), hash)) return undefined;
    return stored.revoked_at ? undefined : publicInfo(stored);
  }

  private get index(): string {
    return `${this.prefix}apikeys`;
  }

  private keyOf(hash: string): string {
    return `${this.prefix}apikey:${hash}`;
  }
}

/** A damaged record refuses the key (never guesses with credentials). */
function parse(row: string): StoredKey {
  return StoredKey.parse(JSON.parse(row));
}
