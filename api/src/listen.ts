// Starts the api on a socket. A busy port (another VS Code window, another `codewright serve`) is not
// fatal with `portFallback`: the next few ports are tried, then any free port the system gives.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Engine } from '../../server/src/pool/pooledEngine';
import { buildApp } from './app';
import type { KeyBackend, Plan } from './auth/keyStore';
import { openJobs } from './jobs/openJobs';
import { openStateBackend, type StateBackend } from './store/backend';
import { redisSettingsFromEnv, type RedisSettings } from './store/redisConnection';
import { openFileWebhooks, webhookSettingsFromEnv, type WebhookService } from './webhooks/service';
import { WebhooksLockedError } from './webhooks/fileOutbox';
import { openRedisWebhooks } from './webhooks/redisWebhooks';

export interface StartApiOptions {
  host: string;
  port: number;
  /** The data folder holding keys.json (and the engine's config). */
  dataDir: string;
  /** Try other ports when `port` is busy instead of failing. */
  portFallback?: boolean;
  logger?: boolean | FastifyBaseLogger;
  /** Default: CODEWRIGHT_BODY_LIMIT, else 1 MiB. */
  bodyLimit?: number;
  /** Default: CODEWRIGHT_CONTEXT_TOKENS, else 128000. */
  contextTokens?: number;
  /** Name and plan of the key created on a fresh data folder (default: "default", enterprise). */
  firstKey?: { name: string; plan: Plan };
  /** Loopback webhook receivers allowed (development): the `codewright.webhooks.allowLocal` setting; CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL=1 also does. */
  webhooksAllowLocal?: boolean;
  /** Shared state on Redis (default: CODEWRIGHT_REDIS_URL; absent: the embedded data folder). */
  redis?: RedisSettings;
}

export interface RunningApi {
  url: string;
  port: number;
  app: FastifyInstance;
  keys: KeyBackend;
  close(): Promise<void>;
  /** The first key, when this start created it (fresh data folder); shown once, never stored. */
  createdKey?: string;
}

const FALLBACK_TRIES = 10;

export async function startApi(engine: Engine, options: StartApiOptions): Promise<RunningApi> {
  const state = await openStateBackend({
    dataDir: options.dataDir,
    config: engine.config,
    redis: options.redis ?? redisSettingsFromEnv(process.env),
  });
  const { keys, rateLimiter } = state;
  let createdKey: string | undefined;
  if ((await keys.list()).length === 0) {
    const first = options.firstKey ?? { name: 'default', plan: 'enterprise' as const };
    createdKey = (await keys.create(first.name, first.plan)).key;
  }
  const webhooks = await openWebhooks(options, state);
  const contextTokens = options.contextTokens ?? envInteger('CODEWRIGHT_CONTEXT_TOKENS');
  const log = typeof options.logger === 'object' ? options.logger : undefined;
  const jobs = await openJobs({
    engine,
    state,
    webhooks,
    contextTokens,
    log: (message, fields) => log?.warn(fields, message),
  });
  for (const port of candidatePorts(options.port, options.portFallback ?? false)) {
    const app = buildApp(engine, {
      webhooks,
      jobs: jobs.queue,
      ...options,
      contextTokens,
      bodyLimit: options.bodyLimit ?? envInteger('CODEWRIGHT_BODY_LIMIT'),
      port,
      keys,
      rateLimiter,
      state,
    });
    try {
      await app.listen({ host: options.host, port });
    } catch (error) {
      await app.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && options.portFallback) continue;
      await jobs.close();
      await webhooks?.close();
      await state.close();
      throw error;
    }
    webhooks?.start();
    const actual = (app.server.address() as { port: number }).port;
    const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
    return {
      url: `http://${hostForUrl}:${actual}`,
      port: actual,
      app,
      keys,
      close: async () => {
        await app.close();
        await jobs.close();
        await webhooks?.close();
        await state.close();
      },
      createdKey,
    };
  }
  throw new Error('unreachable: port 0 always binds');
}

/**
 * The webhooks: on Redis the shared ones; else the data folder's. Another live process serving the
 * same folder holds its outbox: this api then runs without webhooks (their routes are 404) and says
 * so in its log.
 */
async function openWebhooks(
  options: StartApiOptions,
  state: StateBackend,
): Promise<WebhookService | undefined> {
  const fromEnv = webhookSettingsFromEnv(process.env);
  const log = typeof options.logger === 'object' ? options.logger : undefined;
  const settings = {
    ...fromEnv,
    allowLocal: Boolean(options.webhooksAllowLocal) || Boolean(fromEnv.allowLocal),
    log: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) =>
      log?.[level](fields ?? {}, message),
  };
  // Shared deployment: registrations in Redis, deliveries as BullMQ jobs every instance works on.
  if (state.redis) return openRedisWebhooks(state.redis.settings, state.redis.commands, settings);
  try {
    return await openFileWebhooks(options.dataDir, settings);
  } catch (error) {
    if (!(error instanceof WebhooksLockedError)) throw error;
    log?.warn({}, `webhooks disabled in this api: ${error.message}`);
    return undefined;
  }
}

/** A positive integer from the environment (the editor's embedded api honours these too), else undefined. */
function envInteger(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function candidatePorts(port: number, fallback: boolean): number[] {
  if (!fallback || port === 0) return [port];
  const next = Array.from({ length: FALLBACK_TRIES }, (_, i) => port + i).filter((p) => p <= 65535);
  return [...next, 0];
}
