// The storage boundary of the api: where API keys, rate-limit counters and configuration live.
// Embedded (default, nothing to install): keys.json and config.json in the data folder, counters in
// memory. Redis (CODEWRIGHT_REDIS_URL): all three shared by every instance on that Redis and prefix.
// Webhooks (webhooks/store.ts) and jobs (jobs/) have their own boundaries and, on Redis, share this
// backend's connection settings. docs/scaling.md says what lives where.
import type { Redis } from 'ioredis';
import type { ConfigStore } from '../../../server/src/engine/config/configStore';
import type { Config, ConfigUpdate } from '../../../server/src/engine/contracts/config';
import { KeyStore, type KeyBackend } from '../auth/keyStore';
import { RateLimiter } from '../rateLimit';
import { blockingConnection, commandConnection, type RedisSettings } from './redisConnection';
import { RedisConfigSync } from './redisConfig';
import { RedisKeyStore } from './redisKeyStore';
import { redisRateLimiter } from './redisRateLimit';

export interface StoreHealth {
  backend: 'embedded' | 'redis';
  status: 'ok' | 'unavailable';
  /** Round trip of a PING (Redis only). */
  latency_ms?: number;
}

export interface StateBackend {
  readonly kind: 'embedded' | 'redis';
  readonly keys: KeyBackend;
  readonly rateLimiter: RateLimiter;
  /** Applies a PUT /v1/config (and, on Redis, shares it). */
  updateConfig(update: ConfigUpdate): Promise<Readonly<Config>>;
  health(): Promise<StoreHealth>;
  /** Redis only: the settings and command connection, for the webhooks and job queues to share. */
  readonly redis?: { settings: RedisSettings; commands: Redis };
  close(): Promise<void>;
}

export interface OpenBackendOptions {
  dataDir: string;
  config: ConfigStore;
  redis?: RedisSettings;
  now?: () => number;
}

export async function openStateBackend(options: OpenBackendOptions): Promise<StateBackend> {
  return options.redis ? openRedisBackend(options, options.redis) : embeddedBackend(options);
}

function embeddedBackend({ dataDir, config, now }: OpenBackendOptions): StateBackend {
  return {
    kind: 'embedded',
    keys: new KeyStore(dataDir, now),
    rateLimiter: new RateLimiter({ now }),
    updateConfig: async (update) => config.update(update),
    health: async () => ({ backend: 'embedded', status: 'ok' }),
    close: async () => undefined,
  };
}

async function openRedisBackend(options: OpenBackendOptions, settings: RedisSettings): Promise<StateBackend> {
  const redis = commandConnection(settings, 'state');
  const subscriber = blockingConnection(settings, 'config-events');
  // Fail the start (not the first request) on a wrong URL or password.
  try {
    await Promise.all([ready(redis), ready(subscriber)]);
    const sync = await RedisConfigSync.open(redis, subscriber, settings.prefix, options.config);
    return {
      kind: 'redis',
      keys: new RedisKeyStore(redis, settings.prefix, options.now),
      rateLimiter: redisRateLimiter(redis, settings.prefix, { now: options.now }),
      updateConfig: (update) => sync.update(update),
      health: () => pingHealth(redis),
      redis: { settings, commands: redis },
      close: async () => {
        await sync.close();
        redis.disconnect();
        subscriber.disconnect();
      },
    };
  } catch (error) {
    redis.disconnect();
    subscriber.disconnect();
    throw new Error(`Cannot use Redis at CODEWRIGHT_REDIS_URL: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Resolves when the connection is up; rejects after 10 s or on a refused password. */
export function ready(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connection within 10 s')), 10_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
    redis.once('error', (error: Error) => {
      if (/NOAUTH|WRONGPASS|invalid password/i.test(error.message)) {
        clearTimeout(timer);
        reject(error);
      }
    });
  });
}

async function pingHealth(redis: Redis): Promise<StoreHealth> {
  const started = performance.now();
  try {
    await redis.ping();
    return {
      backend: 'redis',
      status: 'ok',
      latency_ms: Math.round((performance.now() - started) * 10) / 10,
    };
  } catch {
    return { backend: 'redis', status: 'unavailable' };
  }
}
