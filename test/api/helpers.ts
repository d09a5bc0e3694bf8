// Shared set-up for the api tests: a fresh data folder, a real engine, a key store with one key per
// plan, and `call()` which sends a request with a loopback Host and (optionally) a key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type ApiOptions } from '../../api/src/app';
import { KeyStore, type Plan } from '../../api/src/auth/keyStore';
import { LocalJobs } from '../../api/src/jobs/localJobs';
import { RateLimiter } from '../../api/src/rateLimit';
import type { OperationInput, OperationName, OperationOutput } from '../../server/src/engine/contracts';
import { assertWithinContextWindow } from '../../server/src/engine/limits';
import type { PoolSettings } from '../../server/src/pool/poolSettings';
import { createEngine, type Engine } from '../../server/src/pool/pooledEngine';

export const PORT = 8787;
export const HOST = `127.0.0.1:${PORT}`;

export interface TestApi {
  app: FastifyInstance;
  engine: Engine;
  dataDir: string;
  keys: KeyStore;
  key: Record<Plan, string>;
  clock: { now: number };
  call(options: InjectOptions & { key?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestApiOptions extends Partial<ApiOptions> {
  dataDir?: string;
  /** Replaces the engine (e.g. one with an operation that fails on purpose). */
  engine?: (real: Engine) => Engine;
  /** Rate limits so high that no test of something else is refused. */
  unlimited?: boolean;
  /** The worker pool's settings (defaults otherwise). */
  pool?: Partial<PoolSettings>;
  /** Async jobs in this process (as startApi opens them without Redis), with this result TTL. */
  jobTtlSeconds?: number;
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'codewright-api-'));
}

export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = options.dataDir ?? makeDataDir();
  const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 0) };
  const now = () => clock.now;
  const real = createEngine({ dataDir, roots: [dataDir], poolOptions: { settings: options.pool } });
  const engine = options.engine ? options.engine(real) : real;
  const keys = new KeyStore(dataDir, now);
  const key = {
    free: keys.create('free key', 'free').key,
    pro: keys.create('pro key', 'pro').key,
    enterprise: keys.create('enterprise key', 'enterprise').key,
  };
  const huge = { minute: 1e9, hour: 1e9, day: 1e9 };
  const rateLimiter =
    options.rateLimiter ??
    new RateLimiter({
      now,
      ...(options.unlimited ? { plans: { free: huge, pro: huge, enterprise: huge } } : {}),
    });
  const jobs =
    options.jobTtlSeconds === undefined
      ? undefined
      : new LocalJobs({ engine, now: () => clock.now }, options.jobTtlSeconds);
  const app = buildApp(engine, { port: PORT, now, jobs, ...options, keys, rateLimiter });
  await app.ready();
  return {
    app,
    engine,
    dataDir,
    keys,
    key,
    clock,
    call: ({ key: presented = key.enterprise, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: {
          host: HOST,
          ...(presented === null ? {} : { authorization: `Bearer ${presented}` }),
          ...(rest.payload !== undefined && typeof rest.payload !== 'string' && !Buffer.isBuffer(rest.payload)
            ? { 'content-type': 'application/json' }
            : {}),
          ...headers,
        },
      }),
    close: async () => {
      await app.close();
      await jobs?.close();
      await real.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type FakeOperations = {
  [K in OperationName]?: (
    input: OperationInput<K>,
    context: { signal?: AbortSignal },
  ) => Promise<OperationOutput<K>>;
};

/**
 * An engine whose operations are replaced or added (run in this process, after the same context
 * window check the worker makes), the rest run by the real engine's pool.
 */
export function withOperations(real: Engine, operations: FakeOperations): Engine {
  const names = [...new Set([...real.operations, ...(Object.keys(operations) as OperationName[])])];
  return {
    ...real,
    operations: names,
    has: (name) => names.includes(name),
    run: async (name, input, options = {}) => {
      const fake = operations[name] as ((i: typeof input, c: object) => Promise<never>) | undefined;
      if (!fake) return real.run(name, input, options);
      if (options.contextTokens) assertWithinContextWindow(input, options.contextTokens);
      return fake(input, { signal: options.signal });
    },
  };
}

export function errorOf(response: LightMyRequestResponse): {
  type: string;
  message: string;
  details: Record<string, unknown>;
  code: string;
} {
  const body = response.json() as {
    error: { type: string; message: string; details: Record<string, unknown>; code: string };
  };
  return body.error;
}
