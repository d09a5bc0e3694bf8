// The Redis connection settings of a shared deployment (docs/scaling.md): CODEWRIGHT_REDIS_URL
// (redis:// or TLS rediss://, with the password in the URL or CODEWRIGHT_REDIS_PASSWORD) and
// CODEWRIGHT_REDIS_PREFIX, which starts every key so deployments can share one Redis. ioredis does
// the protocol, TLS and reconnection; this module only chooses its options.
import { Redis, type RedisOptions } from 'ioredis';

export const DEFAULT_REDIS_PREFIX = 'codewright:';

export interface RedisSettings {
  url: string;
  /** Starts every key and channel name. */
  prefix: string;
  password?: string;
}

/** The Redis settings from the environment, or undefined for the embedded default. */
export function redisSettingsFromEnv(env: NodeJS.ProcessEnv): RedisSettings | undefined {
  const url = env.CODEWRIGHT_REDIS_URL?.trim();
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('CODEWRIGHT_REDIS_URL must be a URL such as redis://host:6379 or rediss://host:6380');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new Error('CODEWRIGHT_REDIS_URL must start with redis:// or rediss:// (TLS)');
  const prefix = env.CODEWRIGHT_REDIS_PREFIX ?? DEFAULT_REDIS_PREFIX;
  if (!/^[\w:.-]{1,64}$/.test(prefix))
    throw new Error('CODEWRIGHT_REDIS_PREFIX must be 1 to 64 letters, digits, ":", ".", "_" or "-"');
  return { url, prefix, password: env.CODEWRIGHT_REDIS_PASSWORD || undefined };
}

/**
 * A command connection. It never queues commands while Redis is away (`enableOfflineQueue: false`)
 * and gives up on a command after one retry, so a caller waiting on authentication gets a prompt 503
 * instead of hanging; ioredis keeps reconnecting in the background and the next request succeeds.
 */
export function commandConnection(settings: RedisSettings, name: string): Redis {
  return quiet(
    new Redis(settings.url, {
      ...common(settings, name),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    }),
  );
}

/** A connection for BullMQ and pub/sub, which must wait through outages rather than fail commands. */
export function blockingConnection(settings: RedisSettings, name: string): Redis {
  return quiet(new Redis(settings.url, { ...common(settings, name), maxRetriesPerRequest: null }));
}

/**
 * Connection errors while Redis is away are expected (ioredis reconnects); the requests that need
 * Redis answer 503 and /v1/health reports the state, so the events need no handler of their own.
 */
function quiet(redis: Redis): Redis {
  redis.on('error', () => undefined);
  return redis;
}

function common(settings: RedisSettings, name: string): RedisOptions {
  return {
    connectionName: `codewright-${name}`,
    ...(settings.password ? { password: settings.password } : {}),
    // Reconnect forever, backing off to 2 s: an instance recovers from an outage without a restart.
    retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
    lazyConnect: false,
  };
}
