// Rate-limit counters on Redis: rate-limiter-flexible's RateLimiterRedis (one atomic Lua script per
// consume), plugged into RateLimiter's `createLimiter` hook, so every instance on the same Redis and
// prefix draws from the same minute, hour and day budgets.
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { RateLimiter, type RateLimiterOptions } from '../rateLimit';

export function redisRateLimiter(
  redis: Redis,
  prefix: string,
  options: Omit<RateLimiterOptions, 'createLimiter'> = {},
): RateLimiter {
  return new RateLimiter({
    ...options,
    createLimiter: ({ keyPrefix, points, duration }) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}rl:${keyPrefix}`,
        points,
        duration,
        // Store errors reach the caller as errors (503), never as a silent in-memory fallback that
        // would hand every instance its own budget.
        rejectIfRedisNotReady: true,
      }),
  });
}
