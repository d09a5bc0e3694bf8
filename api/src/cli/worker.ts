// `codewright worker`: adds job capacity to a shared deployment without serving HTTP. It takes
// jobs submitted to any instance (`Prefer: respond-async`) from the Redis queue and runs them on its
// own engine pool, follows the shared configuration, and emits the jobs' webhook events (and
// delivers webhooks, like every instance). Needs CODEWRIGHT_REDIS_URL and the instances' prefix.
// SIGTERM finishes the running jobs and stops; a killed worker's jobs are taken over by another
// worker after CODEWRIGHT_QUEUE_LOCK_MS.
import pino from 'pino';
import { createEngine } from '../../../server/src/pool/pooledEngine';
import { jobConcurrencyFromEnv, openJobWorker } from '../jobs/openJobs';
import { openStateBackend } from '../store/backend';
import { redisSettingsFromEnv } from '../store/redisConnection';
import { openRedisWebhooks } from '../webhooks/redisWebhooks';
import { webhookSettingsFromEnv } from '../webhooks/service';
import type { CliIo, Settings } from './context';
import { UsageError } from './usage';

export interface RunningWorker {
  close(): Promise<void>;
}

export async function startWorker(settings: Settings, io: CliIo): Promise<RunningWorker> {
  let redis;
  let concurrency;
  try {
    redis = redisSettingsFromEnv(io.env);
    concurrency = jobConcurrencyFromEnv(io.env, 0);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!redis) throw new UsageError('codewright worker needs CODEWRIGHT_REDIS_URL (docs/scaling.md)');
  const logger = pino({ level: settings.logLevel, base: { name: 'codewright-worker' } });
  const engine = createEngine({
    dataDir: settings.dataDir,
    roots: settings.roots,
    poolOptions: { settings: settings.pool },
  });
  const closers: (() => Promise<void>)[] = [() => engine.close()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => undefined);
  };
  try {
    const state = await openStateBackend({ dataDir: settings.dataDir, config: engine.config, redis });
    closers.push(() => state.close());
    const webhooks = await openRedisWebhooks(redis, state.redis!.commands, {
      ...webhookSettingsFromEnv(io.env),
      log: (level, message, fields) => logger[level](fields ?? {}, message),
    });
    closers.push(() => webhooks.close());
    webhooks.start();
    const workers = concurrency || engine.pool.settings.workers;
    const worker = await openJobWorker(
      {
        engine,
        webhooks,
        contextTokens: settings.contextTokens,
        now: Date.now,
        log: (message, fields) => logger.warn(fields, message),
      },
      state,
      workers,
      io.env,
    );
    closers.push(() => worker.close());
    io.out(`Worker ready: ${workers} job(s) at once, Redis prefix ${redis.prefix}`);
    return { close };
  } catch (error) {
    await close();
    throw error;
  }
}
