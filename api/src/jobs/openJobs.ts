// Chooses where jobs run: with Redis, the shared BullMQ queue (and, unless CODEWRIGHT_JOB_CONCURRENCY
// is 0, a worker in this process too); without, in this process.
import type { Engine } from '../../../server/src/pool/pooledEngine';
import type { StateBackend } from '../store/backend';
import { queueSettings } from '../store/queueSettings';
import { blockingConnection } from '../store/redisConnection';
import type { WebhookService } from '../webhooks/service';
import { BullJobs } from './bullJobs';
import { jobTtlFromEnv, type JobQueue } from './contract';
import { startJobWorker, type JobWorker } from './jobWorker';
import { LocalJobs } from './localJobs';
import type { JobRunner } from './runJob';

export interface OpenedJobs {
  queue: JobQueue;
  worker?: JobWorker;
  close(): Promise<void>;
}

export interface OpenJobsOptions {
  engine: Engine;
  state: StateBackend;
  webhooks?: WebhookService;
  contextTokens?: number;
  log?: JobRunner['log'];
  env?: NodeJS.ProcessEnv;
}

export async function openJobs(options: OpenJobsOptions): Promise<OpenedJobs> {
  const env = options.env ?? process.env;
  const ttl = jobTtlFromEnv(env);
  const runner: JobRunner = { ...options, now: Date.now };
  const redis = options.state.redis;
  if (!redis) {
    const queue = new LocalJobs(runner, ttl);
    return { queue, close: () => queue.close() };
  }
  const settings = queueSettings(redis.settings.prefix, env);
  const queue = new BullJobs(
    blockingConnection(redis.settings, 'job-queue'),
    redis.commands,
    redis.settings.prefix,
    settings,
    ttl,
  );
  const concurrency = jobConcurrencyFromEnv(env, options.engine.pool.settings.workers);
  const worker = concurrency > 0 ? await openJobWorker(runner, options.state, concurrency, env) : undefined;
  return {
    queue,
    worker,
    close: async () => {
      await worker?.close();
      await queue.close();
    },
  };
}

/** A worker on the shared queue (`codewright worker` uses this alone). */
export function openJobWorker(
  runner: JobRunner,
  state: StateBackend,
  concurrency: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<JobWorker> {
  const redis = state.redis;
  if (!redis) throw new Error('a job worker needs CODEWRIGHT_REDIS_URL');
  return startJobWorker(runner, {
    connection: blockingConnection(redis.settings, 'job-worker'),
    subscriber: blockingConnection(redis.settings, 'job-cancel'),
    commands: redis.commands,
    redisPrefix: redis.settings.prefix,
    queue: queueSettings(redis.settings.prefix, env),
    concurrency,
  });
}

/** CODEWRIGHT_JOB_CONCURRENCY: jobs this process runs at once (0: none); default the pool's workers. */
export function jobConcurrencyFromEnv(env: NodeJS.ProcessEnv, fallback: number): number {
  if (env.CODEWRIGHT_JOB_CONCURRENCY === undefined || env.CODEWRIGHT_JOB_CONCURRENCY === '') return fallback;
  const value = Number(env.CODEWRIGHT_JOB_CONCURRENCY);
  if (!Number.isSafeInteger(value) || value < 0 || value > 64)
    throw new Error('CODEWRIGHT_JOB_CONCURRENCY must be an integer between 0 and 64');
  return value;
}
