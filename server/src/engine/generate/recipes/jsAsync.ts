// JS/TS async helpers: delays, retries, timeouts, concurrency limits, locks.
import type { Recipe } from './recipe';

const js = (recipe: Omit<Recipe, 'family' | 'kind'> & { kind?: Recipe['kind'] }): Recipe => ({
  family: 'js',
  kind: 'function',
  ...recipe,
});

const HEADER = `import { test } from 'node:test';
import assert from 'node:assert/strict';
`;

export const JS_ASYNC: Recipe[] = [
  js({
    id: 'js.sleep',
    entry: 'sleep',
    title: 'Sleep / delay with cancellation',
    description: 'A promise that resolves after a delay, cancellable with an AbortSignal.',
    tags: ['sleep', 'delay', 'wait', 'pause', 'promise', 'timeout', 'abort'],
    code: `/** Resolves after \`ms\`; rejects with the signal's reason when aborted first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
`,
    tests: `${HEADER}import { sleep } from './subject';

test('waits', async () => {
  const start = Date.now();
  await sleep(20);
  assert.ok(Date.now() - start >= 15);
});

test('abort rejects', async () => {
  const controller = new AbortController();
  const pending = sleep(1000, controller.signal);
  controller.abort(new Error('stop'));
  await assert.rejects(pending, /stop/);
});
`,
  }),
  js({
    id: 'js.retry',
    entry: 'retry',
    title: 'Retry an async function with exponential backoff',
    description:
      'Retry a failing async operation a number of times with exponential backoff and jitter between attempts.',
    tags: ['retry', 'backoff', 'exponential', 'attempts', 'jitter', 'async', 'failure', 'resilient'],
    code: `export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Whether an error is worth another attempt. */
  retryIf?: (error: unknown) => boolean;
}

/** Runs \`task\` until it resolves, waiting baseDelay * 2^n (with full jitter) between attempts. */
export async function retry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 3, baseDelayMs = 100, maxDelayMs = 10_000, retryIf = () => true } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || !retryIf(error)) throw error;
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)) * Math.random();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
`,
    tests: `${HEADER}import { retry } from './subject';

test('succeeds after failures', async () => {
  let calls = 0;
  const value = await retry(async () => {
    calls++;
    if (calls < 3) throw new Error('flaky');
    return 'ok';
  }, { attempts: 3, baseDelayMs: 1 });
  assert.equal(value, 'ok');
  assert.equal(calls, 3);
});

test('gives up with the last error', async () => {
  let calls = 0;
  await assert.rejects(retry(async () => { calls++; throw new Error('down ' + calls); }, { attempts: 2, baseDelayMs: 1 }), /down 2/);
});

test('does not retry what retryIf refuses', async () => {
  let calls = 0;
  await assert.rejects(retry(async () => { calls++; throw new TypeError('bad'); }, { retryIf: (e) => !(e instanceof TypeError) }));
  assert.equal(calls, 1);
});
`,
  }),
  js({
    id: 'js.withTimeout',
    entry: 'withTimeout',
    title: 'Promise with a timeout',
    description: 'Reject a promise that does not settle within a time limit.',
    tags: ['timeout', 'promise', 'time limit', 'deadline', 'race', 'async'],
    code: `export class TimeoutError extends Error {
  constructor(ms: number) {
    super('Timed out after ' + ms + ' ms');
    this.name = 'TimeoutError';
  }
}

/** Settles like \`promise\`, or rejects with TimeoutError after \`ms\`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
`,
    tests: `${HEADER}import { withTimeout, TimeoutError } from './subject';

test('passes a fast result through', async () => {
  assert.equal(await withTimeout(Promise.resolve(5), 100), 5);
});

test('rejects a slow one', async () => {
  await assert.rejects(withTimeout(new Promise((r) => setTimeout(r, 200)), 10), TimeoutError);
});
`,
  }),
  js({
    id: 'js.mapConcurrent',
    entry: 'mapWithConcurrency',
    title: 'Map over items with limited concurrency',
    description:
      'Run an async function over many items with at most N running at once (a promise pool), keeping result order.',
    tags: ['concurrency', 'parallel', 'limit', 'pool', 'promise pool', 'async', 'map', 'throttle requests'],
    code: `/** Results in input order; at most \`limit\` calls of \`fn\` run at any time. The first failure rejects. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
`,
    tests: `${HEADER}import { mapWithConcurrency } from './subject';

test('keeps order and the limit', async () => {
  let running = 0;
  let peak = 0;
  const out = await mapWithConcurrency([30, 10, 20, 5, 15], 2, async (ms, i) => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((r) => setTimeout(r, ms));
    running--;
    return i * 10;
  });
  assert.deepEqual(out, [0, 10, 20, 30, 40]);
  assert.equal(peak, 2);
});
`,
  }),
  js({
    id: 'js.fetchJson',
    entry: 'fetchJson',
    title: 'Fetch JSON with timeout and error handling',
    description:
      'HTTP GET or POST a URL with fetch, parse the JSON response, throw on non-2xx status, time out.',
    tags: ['fetch', 'http', 'request', 'api', 'json', 'get', 'post', 'client', 'timeout'],
    code: `export class HttpError extends Error {
  constructor(readonly status: number, readonly body: string) {
    super('HTTP ' + status);
    this.name = 'HttpError';
  }
}

/** Fetches \`url\` and parses its JSON body; non-2xx answers throw HttpError. */
export async function fetchJson<T = unknown>(url: string, init: RequestInit & { timeoutMs?: number; json?: unknown } = {}): Promise<T> {
  const { timeoutMs = 10_000, json, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
    headers: { accept: 'application/json', ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...rest.headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
    signal: rest.signal ?? AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}
`,
    tests: `${HEADER}import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchJson, HttpError } from './subject';

test('gets, posts and reports errors', async () => {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/missing') return void res.writeHead(404).end('nope');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, body: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + (server.address() as AddressInfo).port;
  try {
    assert.deepEqual(await fetchJson(base + '/x'), { method: 'GET', body: null });
    assert.deepEqual(await fetchJson(base + '/x', { json: { a: 1 } }), { method: 'POST', body: { a: 1 } });
    await assert.rejects(fetchJson(base + '/missing'), (e: unknown) => e instanceof HttpError && e.status === 404);
  } finally {
    server.close();
  }
});
`,
  }),
  js({
    id: 'js.mutex',
    entry: 'Mutex',
    kind: 'class',
    title: 'Async mutex (lock)',
    description: 'A mutual-exclusion lock so only one async task runs a critical section at a time.',
    tags: ['mutex', 'lock', 'critical section', 'exclusive', 'async', 'serialize', 'race condition'],
    code: `/** Tasks passed to run() execute one at a time, in the order they asked. */
export class Mutex {
  private last: Promise<void> = Promise.resolve();

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.last.then(() => task());
    this.last = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
`,
    tests: `${HEADER}import { Mutex } from './subject';

test('serializes tasks, even failing ones', async () => {
  const mutex = new Mutex();
  const order: string[] = [];
  const task = (name: string, ms: number, fail = false) => mutex.run(async () => {
    order.push(name + ':start');
    await new Promise((r) => setTimeout(r, ms));
    order.push(name + ':end');
    if (fail) throw new Error(name);
    return name;
  });
  const results = await Promise.allSettled([task('a', 20), task('b', 1, true), task('c', 1)]);
  assert.deepEqual(order, ['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  assert.equal(results[1].status, 'rejected');
  assert.deepEqual(results[2], { status: 'fulfilled', value: 'c' });
});
`,
  }),
  js({
    id: 'js.pollUntil',
    entry: 'pollUntil',
    title: 'Poll until a condition holds',
    description:
      'Call an async check repeatedly at an interval until it returns a value, or fail after a timeout.',
    tags: ['poll', 'polling', 'wait until', 'condition', 'interval', 'timeout', 'async'],
    code: `/** Calls \`check\` every \`intervalMs\` until it returns something other than undefined. */
export async function pollUntil<T>(check: () => Promise<T | undefined> | T | undefined, options: { intervalMs?: number; timeoutMs?: number } = {}): Promise<T> {
  const { intervalMs = 500, timeoutMs = 30_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() + intervalMs > deadline) throw new Error('pollUntil: condition not met within ' + timeoutMs + ' ms');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
`,
    tests: `${HEADER}import { pollUntil } from './subject';

test('returns once the check yields', async () => {
  let n = 0;
  assert.equal(await pollUntil(() => (++n >= 3 ? n : undefined), { intervalMs: 5 }), 3);
});

test('times out', async () => {
  await assert.rejects(pollUntil(() => undefined, { intervalMs: 5, timeoutMs: 20 }), /not met/);
});
`,
  }),
  js({
    id: 'js.tokenBucket',
    entry: 'TokenBucket',
    kind: 'class',
    title: 'Token bucket rate limiter',
    description:
      'A token bucket rate limiter: allow up to N requests per interval with bursts, refilled over time.',
    tags: ['rate limit', 'rate limiter', 'token bucket', 'throttle', 'requests per second', 'burst', 'quota'],
    code: `/** \`capacity\` tokens at most, refilled at \`perSecond\`; take() spends one when there is one. */
export class TokenBucket {
  private tokens: number;
  private updated: number;

  constructor(private readonly capacity: number, private readonly perSecond: number, private readonly now: () => number = Date.now) {
    this.tokens = capacity;
    this.updated = now();
  }

  take(count = 1): boolean {
    this.refill();
    if (this.tokens < count) return false;
    this.tokens -= count;
    return true;
  }

  /** Milliseconds until \`count\` tokens are there. */
  waitMs(count = 1): number {
    this.refill();
    return this.tokens >= count ? 0 : Math.ceil(((count - this.tokens) / this.perSecond) * 1000);
  }

  private refill(): void {
    const time = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((time - this.updated) / 1000) * this.perSecond);
    this.updated = time;
  }
}
`,
    tests: `${HEADER}import { TokenBucket } from './subject';

test('bursts then refills', () => {
  let clock = 0;
  const bucket = new TokenBucket(2, 1, () => clock);
  assert.equal(bucket.take(), true);
  assert.equal(bucket.take(), true);
  assert.equal(bucket.take(), false);
  assert.equal(bucket.waitMs(), 1000);
  clock = 1000;
  assert.equal(bucket.take(), true);
  clock = 10_000;
  assert.equal(bucket.take(2), true);
  assert.equal(bucket.take(), false);
});
`,
  }),
];
