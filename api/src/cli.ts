// The `codewright` command: a thin door that parses arguments and calls the api and key functions.
//   codewright serve                                   start the api (prints URL, and a key on first run)
//   codewright worker                                  run async jobs from the shared Redis queue
//   codewright keys create --name N --plan free|pro|enterprise
//   codewright keys list
//   codewright keys revoke ID
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { poolSettingsFromEnv } from '../../server/src/pool/poolSettings';
import type { PoolLog } from '../../server/src/pool/enginePool';
import { createEngine } from '../../server/src/pool/pooledEngine';
import { isLoopbackHost } from './hostCheck';
import { KeyStore, PLANS, type KeyBackend, type Plan } from './auth/keyStore';
import { ready } from './store/backend';
import { commandConnection, redisSettingsFromEnv } from './store/redisConnection';
import { RedisKeyStore } from './store/redisKeyStore';
import { startApi, type RunningApi } from './listen';
import { webhookSettingsFromEnv } from './webhooks/service';
import type { CliIo, CommandContext, Settings } from './cli/context';
import { EXIT, UsageError } from './cli/usage';
import { reviewCommand, REVIEW_USAGE } from './cli/review';
import { docsCommand, DOCS_USAGE, testCommand, TEST_USAGE } from './cli/generate';
import { EXPLAIN_USAGE, explainCommand, REFACTOR_USAGE, refactorCommand } from './cli/operations';
import { startWorker, type RunningWorker } from './cli/worker';

const DEFAULT_PORT = 8787;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The pool's log lines through the same JSON logger as the HTTP server's. */
function poolLog(logger: pino.Logger): PoolLog {
  const child = logger.child({ component: 'engine-pool' });
  return { info: (m) => child.info(m), warn: (m) => child.warn(m), error: (m) => child.error(m) };
}

const OWN_COMMANDS: Record<
  string,
  { run: (argv: string[], context: CommandContext) => Promise<number>; usage: string }
> = {
  review: { run: reviewCommand, usage: REVIEW_USAGE },
  explain: { run: explainCommand, usage: EXPLAIN_USAGE },
  refactor: { run: refactorCommand, usage: REFACTOR_USAGE },
  test: { run: testCommand, usage: TEST_USAGE },
  docs: { run: docsCommand, usage: DOCS_USAGE },
};

export const USAGE = `Usage: codewright <command>

Commands:
  review [paths...]                            Review files, folders or globs; text, json, sarif or github output
                                               (codewright review --help for its options and exit codes)
  explain FILE[:LINE[-LINE]]                   Explain a file or some of its lines
  refactor FILE --type TYPE [--write]          Refactor a file; prints a unified diff unless --write
  test FILE [--output FILE]                    Generate a test suite for a file
  docs PATHS... [--output FILE]                Generate documentation for files or folders
  serve                                        Start the /v1 api (prints its URL; on a fresh data folder, a first API key)
  worker                                       Run async jobs from the shared Redis queue (no HTTP; needs CODEWRIGHT_REDIS_URL)
  keys create --name NAME --plan free|pro|enterprise
                                               Create an API key and print it once (last line)
  keys list                                    List keys (id, name, plan, dates; never secrets)
  keys revoke ID                               Revoke a key
  --help                                       Show this help

Environment:
  CODEWRIGHT_HOME            data folder (default ~/.codewright)
  CODEWRIGHT_HOST            address to bind (default 127.0.0.1)
  CODEWRIGHT_PORT            port (default 8787)
  CODEWRIGHT_ROOTS           workspace roots, separated by '${delimiter}' (default: the current folder)
  CODEWRIGHT_CONTEXT_TOKENS  context window in tokens (default 128000)
  CODEWRIGHT_BODY_LIMIT      largest request body in bytes (default 1048576)
  CODEWRIGHT_LOG_LEVEL       fatal|error|warn|info|debug|trace|silent (default info; JSON lines on stdout)
  CODEWRIGHT_WORKERS         engine worker processes (default: cores - 1, between 2 and 4)
  CODEWRIGHT_WORKER_MEMORY_MB  heap cap of each worker in MB (default 1024)
  CODEWRIGHT_QUEUE_SIZE      tasks that may wait for a worker before 503 (default 32)
  CODEWRIGHT_TIME_LIMIT_MS   one time limit for every task (default: per operation, see docs)
  CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL  1: webhooks may target loopback receivers (development)
  CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE  seconds between delivery attempts, e.g. 5,300,1800 (default: Standard Webhooks)
  CODEWRIGHT_WEBHOOK_TIMEOUT_MS  time limit of one delivery attempt (default 15000)
  CODEWRIGHT_REDIS_URL       redis:// or rediss:// (TLS): keys, limits and config shared by every instance (docs/scaling.md)
  CODEWRIGHT_REDIS_PASSWORD  Redis password when not in the URL
  CODEWRIGHT_REDIS_PREFIX    prefix of every Redis key (default codewright:)
  CODEWRIGHT_JOB_TTL_SECONDS  how long a finished async job's result stays readable (default 3600)
  CODEWRIGHT_JOB_CONCURRENCY  async jobs this process runs at once on Redis (default: engine workers; 0: none)
  CODEWRIGHT_QUEUE_LOCK_MS   after how long a dead process's webhook deliveries and jobs are taken over (default 30000)
`;

export type { CliIo, Settings } from './cli/context';

export function settingsFromEnv(env: NodeJS.ProcessEnv, cwd: string): Settings {
  return {
    dataDir: env.CODEWRIGHT_HOME || join(homedir(), '.codewright'),
    host: env.CODEWRIGHT_HOST || '127.0.0.1',
    port: integer(env.CODEWRIGHT_PORT, 'CODEWRIGHT_PORT') ?? DEFAULT_PORT,
    portChosen: Boolean(env.CODEWRIGHT_PORT),
    logLevel: logLevel(env.CODEWRIGHT_LOG_LEVEL),
    pool: poolSettingsFromEnv(env),
    roots: env.CODEWRIGHT_ROOTS ? env.CODEWRIGHT_ROOTS.split(delimiter).filter(Boolean) : [cwd],
    contextTokens: integer(env.CODEWRIGHT_CONTEXT_TOKENS, 'CODEWRIGHT_CONTEXT_TOKENS'),
    bodyLimit: integer(env.CODEWRIGHT_BODY_LIMIT, 'CODEWRIGHT_BODY_LIMIT'),
  };
}

function integer(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new UsageError(`${name} must be a non-negative integer`);
  return value;
}

function logLevel(text: string | undefined): string {
  if (!text) return 'info';
  if (!LOG_LEVELS.includes(text))
    throw new UsageError(`CODEWRIGHT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return text;
}

/** A malformed CODEWRIGHT_WEBHOOK_* value is a usage error now, not a crash at start. */
function checkWebhookEnv(env: NodeJS.ProcessEnv): void {
  try {
    webhookSettingsFromEnv(env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs one command; returns the exit code, or the running api (`serve`) or worker (`worker`). */
export async function runCli(argv: string[], io: CliIo): Promise<number | RunningApi | RunningWorker> {
  // Commands with their own options parse them in their module; their usage errors show their help.
  const own = OWN_COMMANDS[argv[0] ?? ''];
  if (own) {
    try {
      return await own.run(argv.slice(1), { io, settings: settingsFromEnv(io.env, io.cwd) });
    } catch (error) {
      if (!isUsageError(error)) throw error;
      io.err(`${(error as Error).message}\n\n${own.usage}`);
      return EXIT.usage;
    }
  }
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: 'string' }, plan: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    const [command, sub, arg] = positionals;
    if (values.help || !command) {
      io.out(USAGE);
      return values.help ? 0 : 1;
    }
    const settings = settingsFromEnv(io.env, io.cwd);
    checkWebhookEnv(io.env);
    if (command === 'serve') return await serve(settings, io);
    if (command === 'worker') return await startWorker(settings, io);
    if (command === 'keys')
      return await keysWithBackend(settings.dataDir, io.env, (keys) =>
        keysCommand(keys, sub, arg, values, io),
      );
    throw new UsageError(`Unknown command '${command}'`);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
}

function isUsageError(error: unknown): boolean {
  return (
    error instanceof UsageError ||
    Boolean((error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS'))
  );
}

async function serve(settings: Settings, io: CliIo): Promise<RunningApi | number> {
  const logger = pino({ level: settings.logLevel, base: { name: 'codewright' } });
  const engine = createEngine({
    dataDir: settings.dataDir,
    roots: settings.roots,
    poolOptions: { settings: settings.pool, log: poolLog(logger) },
  });
  let api: RunningApi;
  try {
    api = await startApi(engine, { ...settings, portFallback: !settings.portChosen, logger });
  } catch (error) {
    await engine.close();
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    io.err(
      `Port ${settings.port} is in use (CODEWRIGHT_PORT=${settings.port}): stop what holds it or choose another port.`,
    );
    return 1;
  }
  if (!isLoopbackHost(settings.host)) {
    io.err(
      `Warning: listening on ${settings.host}, which other machines may reach. Requests still need an API key and a loopback Host header; put a reverse proxy with TLS in front for remote callers (docs/deployment.md).`,
    );
  }
  if (api.port !== settings.port && settings.port !== 0) {
    io.err(
      `Port ${settings.port} was busy; listening on ${api.port} instead (set CODEWRIGHT_PORT to insist on one).`,
    );
  }
  io.out(`Listening on ${api.url}`);
  const closeApi = api.close;
  api.close = async () => {
    await closeApi();
    await engine.close();
  };
  if (api.createdKey) {
    io.out(`API key: ${api.createdKey}`);
    io.out('(shown once: keep it; create more with `codewright keys create`)');
  }
  return api;
}

/** The keys of the data folder, or with CODEWRIGHT_REDIS_URL the shared ones. */
async function keysWithBackend(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  run: (keys: KeyBackend) => Promise<number>,
): Promise<number> {
  let redisSettings;
  try {
    redisSettings = redisSettingsFromEnv(env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!redisSettings) return run(new KeyStore(dataDir));
  const redis = commandConnection(redisSettings, 'cli');
  try {
    // Commands fail fast while disconnected: wait for the connection once (at most 10 s).
    await ready(redis);
    return await run(new RedisKeyStore(redis, redisSettings.prefix));
  } finally {
    redis.disconnect();
  }
}

async function keysCommand(
  keys: KeyBackend,
  sub: string | undefined,
  arg: string | undefined,
  values: { name?: string; plan?: string },
  io: CliIo,
): Promise<number> {
  if (sub === 'create') {
    if (!values.name) throw new UsageError('keys create needs --name');
    const plan = (values.plan ?? 'free') as Plan;
    if (!PLANS.includes(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
    const { key, info } = await keys.create(values.name, plan);
    io.out(`Created ${info.id} (${info.name}, ${info.plan}). The key is shown once:`);
    io.out(key);
    return 0;
  }
  if (sub === 'list') {
    const rows = await keys.list();
    if (rows.length === 0) io.out('No keys.');
    for (const key of rows) {
      const state = key.revoked_at ? `revoked ${key.revoked_at}` : 'active';
      io.out(`${key.id}  ${key.plan.padEnd(10)}  ${key.created_at}  ${state}  ${key.name}`);
    }
    return 0;
  }
  if (sub === 'revoke') {
    if (!arg) throw new UsageError('keys revoke needs a key id (see keys list)');
    if (!(await keys.revoke(arg))) {
      io.err(`No key with id '${arg}'`);
      return 1;
    }
    io.out(`Revoked ${arg}`);
    return 0;
  }
  throw new UsageError(`Unknown keys command '${sub ?? ''}'`);
}

async function main(): Promise<void> {
  const io: CliIo = {
    env: process.env,
    cwd: process.cwd(),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    color: process.env.FORCE_COLOR
      ? process.env.FORCE_COLOR !== '0'
      : process.stdout.isTTY && !process.env.NO_COLOR,
    progress: process.stderr.isTTY ? terminalProgress : undefined,
  };
  const result = await runCli(process.argv.slice(2), io);
  if (typeof result === 'number') {
    process.exitCode = result;
    return;
  }
  const shutdown = (signal: string) => {
    io.err(`${signal}: shutting down`);
    result.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/** One line on stderr, rewritten in place; cleared at the end. */
function terminalProgress(text: string, last: boolean): void {
  const width = Math.max(20, (process.stderr.columns || 80) - 1);
  process.stderr.write(last ? '\r\u001b[K' : `\r\u001b[K${text.slice(0, width)}`);
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`codewright: internal error: ${error.stack ?? error.message}\n`);
    process.exit(EXIT.internal);
  });
}
