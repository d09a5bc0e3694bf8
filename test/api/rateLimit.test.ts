// Rate limits: the spec's numbers per plan, minute/hour/day windows all enforced, refused requests
// cost nothing, headers report the tightest window, and admissions are exact under concurrency.
// Time moves through an injected clock; nothing sleeps.
import assert from 'node:assert/strict';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { PLAN_LIMITS, RateLimiter } from '../../api/src/rateLimit';
import { createTestApi, errorOf, type TestApi } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('rate limits over HTTP', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await createTestApi();
  });
  afterEach(() => api.close());

  const get = (key: string) => api.call({ method: 'GET', url: '/v1/config', key });

  it("uses the spec's per-plan numbers and reports the minute window first", async () => {
    const windowEnd = Math.ceil((Math.floor(api.clock.now / MINUTE) + 1) * (MINUTE / 1000));
    for (const plan of ['free', 'pro', 'enterprise'] as const) {
      const response = await get(api.key[plan]);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['x-ratelimit-limit'], String(PLAN_LIMITS[plan].minute));
      assert.equal(response.headers['x-ratelimit-remaining'], String(PLAN_LIMITS[plan].minute - 1));
      assert.equal(response.headers['x-ratelimit-reset'], String(windowEnd));
    }
    assert.deepEqual(PLAN_LIMITS, {
      free: { minute: 20, hour: 100, day: 1000 },
      pro: { minute: 100, hour: 1000, day: 10000 },
      enterprise: { minute: 500, hour: 5000, day: 50000 },
    });
  });

  it('refuses the 21st free request of a minute with 429, Retry-After and headers; the next minute admits again', async () => {
    api.clock.now += 15_000; // 15 s into the minute
    for (let i = 0; i < 20; i++) assert.equal((await get(api.key.free)).statusCode, 200);
    const refused = await get(api.key.free);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['retry-after'], '45');
    assert.equal(refused.headers['x-ratelimit-limit'], '20');
    assert.equal(refused.headers['x-ratelimit-remaining'], '0');
    assert.equal(refused.headers['x-ratelimit-reset'], String((Math.floor(api.clock.now / MINUTE) + 1) * 60));
    assert.deepEqual(errorOf(refused), {
      type: 'RateLimitError',
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Rate limit of the minute window exceeded',
      details: { window: 'minute', limit: 20, retry_after_seconds: 45 },
    });
    // A refusal is remembered (and its answer kept while Retry-After stays the same): later
    // refusals count down, in the header and in the envelope alike.
    api.clock.now += 10_500;
    const later = await get(api.key.free);
    assert.equal(later.statusCode, 429);
    assert.equal(later.headers['retry-after'], '35');
    assert.equal(errorOf(later).details.retry_after_seconds, 35);
    assert.equal(later.headers['x-ratelimit-remaining'], '0');
    api.clock.now += 34_500;
    assert.equal((await get(api.key.free)).statusCode, 200);
  });

  it('enforces the hour window too, and refused requests do not use it up', async () => {
    let admitted = 0;
    for (let minute = 0; minute < 6; minute++) {
      for (let i = 0; i < 30; i++) if ((await get(api.key.free)).statusCode === 200) admitted++;
      api.clock.now += MINUTE;
    }
    assert.equal(admitted, 100, '20 a minute until the hour budget of 100 is spent, despite 80 refusals');
    const refused = await get(api.key.free);
    assert.equal(refused.statusCode, 429);
    assert.equal(errorOf(refused).details.window, 'hour');
    assert.equal(refused.headers['x-ratelimit-limit'], '100');
    const hourEnd = (Math.floor(api.clock.now / HOUR) + 1) * HOUR;
    assert.equal(refused.headers['retry-after'], String(Math.ceil((hourEnd - api.clock.now) / 1000)));
    api.clock.now = hourEnd;
    assert.equal((await get(api.key.free)).statusCode, 200);
  });

  it('reports the tightest window: the hour once it has fewer requests left than the minute', async () => {
    for (let minute = 0; minute < 5; minute++) {
      for (let i = 0; i < 18; i++) await get(api.key.free);
      api.clock.now += MINUTE;
    }
    const response = await get(api.key.free); // 91st of the hour, 1st of the minute
    assert.equal(response.headers['x-ratelimit-limit'], '100');
    assert.equal(response.headers['x-ratelimit-remaining'], '9');
    assert.equal(
      response.headers['x-ratelimit-reset'],
      String((Math.floor(api.clock.now / HOUR) + 1) * 3600),
    );
  });

  it('admits exactly the budget when 100 requests arrive at once, per key', async () => {
    const responses = await Promise.all(Array.from({ length: 100 }, () => get(api.key.free)));
    const statuses = responses.map((response) => response.statusCode);
    assert.equal(statuses.filter((status) => status === 200).length, 20);
    assert.equal(statuses.filter((status) => status === 429).length, 80);
    const remaining = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => Number(r.headers['x-ratelimit-remaining']));
    assert.deepEqual(
      remaining.sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i),
    );
    assert.equal((await get(api.key.pro)).statusCode, 200, "another key's budget is separate");
  });
});

describe('RateLimiter', () => {
  /** A memory store whose every call yields a random number of times, so calls interleave. */
  function jitteryStore(options: {
    keyPrefix: string;
    points: number;
    duration: number;
  }): RateLimiterAbstract {
    const store = new RateLimiterMemory(options);
    const pause = async () => {
      for (let i = Math.floor(Math.random() * 4); i > 0; i--)
        await new Promise((resolve) => setImmediate(resolve));
    };
    const consume = store.consume.bind(store);
    const reward = store.reward.bind(store);
    store.consume = async (key, points) => (await pause(), consume(key, points));
    store.reward = async (key, points) => (await pause(), reward(key, points));
    return store;
  }

  it('is exact in all three windows under heavy concurrency with a store that interleaves', async () => {
    let now = Date.UTC(2026, 0, 1);
    const limiter = new RateLimiter({
      now: () => now,
      plans: { ...PLAN_LIMITS, free: { minute: 7, hour: 20, day: 30 } },
      createLimiter: jitteryStore,
    });
    const burst = async (n: number) =>
      (await Promise.all(Array.from({ length: n }, () => limiter.consume('key_a', 'free')))).filter(
        (d) => d.allowed,
      ).length;
    assert.equal(await burst(50), 7);
    now += MINUTE;
    assert.equal(await burst(50), 7);
    now += MINUTE;
    assert.equal(await burst(50), 6, 'the hour budget (20) ends it');
    now += HOUR;
    assert.equal(await burst(50), 7);
    now += MINUTE;
    assert.equal(await burst(50), 3, 'the day budget (30) ends it');
    const refused = await limiter.consume('key_a', 'free');
    assert.equal(refused.window, 'day');
    assert.equal(refused.allowed, false);
  });

  it('propagates a store failure instead of admitting or refusing', async () => {
    const limiter = new RateLimiter({
      createLimiter: () =>
        ({
          consume: () => Promise.reject(new Error('redis down')),
          reward: () => Promise.resolve(),
        }) as never,
    });
    await assert.rejects(async () => limiter.consume('k', 'pro'), /redis down/);
  });
});
