// Builds the /v1 HTTP api over an engine. Never listens (see listen.ts), so tests use app.inject.
// Order of a request: request id → Host check → (routes that are not public) API key and rate
// limit → JSON body (strict UTF-8, no __proto__/constructor.prototype keys, size limit) → route.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../../server/src/pool/pooledEngine';
import { CodewrightError } from '../../server/src/engine/errors';
import { DEFAULT_CONTEXT_TOKENS } from '../../server/src/engine/contracts/config';
import { createAuthenticate } from './auth/authenticate';
import type { KeyBackend } from './auth/keyStore';
import { clientErrorResponse, installErrorHandling, sendError } from './errors';
import { isAllowedHost } from './hostCheck';
import { RateLimiter } from './rateLimit';
import { codeRoutes } from './routes/code';
import { configRoutes } from './routes/config';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { jobRoutes } from './routes/jobs';
import { openApiRoutes } from './routes/openapi';
import { projectRoutes } from './routes/project';
import type { RegisteredRoute } from './routes/routeDoc';
import { testRoutes } from './routes/tests';
import { webhookRoutes } from './routes/webhooks';
import type { JobQueue } from './jobs/contract';
import type { StateBackend } from './store/backend';
import type { WebhookService } from './webhooks/service';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Socket timeouts (docs/configuration.md). A request must arrive whole within REQUEST_TIMEOUT_MS
 * (its headers within HEADERS_TIMEOUT_MS), else 408; how long the answer may take is the engine's
 * per-task time limit, not these. Idle keep-alive connections close after KEEP_ALIVE_TIMEOUT_MS.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 15_000;
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;

export interface ApiOptions {
  /** The API keys (required: every /v1 route but health and openapi needs one). */
  keys: KeyBackend;
  /** The port the server listens on; the Host check requires it. Read from the socket once listening. */
  port?: number;
  host?: string;
  /** Largest accepted request body in bytes (default 1 MiB); larger is FILE_TOO_LARGE. */
  bodyLimit?: number;
  /** Context window in tokens (default 128000); more input tokens is CONTEXT_TOO_LONG. */
  contextTokens?: number;
  rateLimiter?: RateLimiter;
  /** The clock, injectable for tests. */
  now?: () => number;
  /** false (default) for no logs, true for JSON logs to stdout, or a pino-compatible logger. */
  logger?: boolean | FastifyBaseLogger;
  /** Webhook registrations and event delivery (startApi opens them); without it no /v1/webhooks. */
  webhooks?: WebhookService;
  /** The storage backend (embedded or Redis): config changes go through it, health reports it. */
  state?: StateBackend;
  /** Asynchronous jobs (`Prefer: respond-async`, /v1/jobs); without it long operations answer synchronously only. */
  jobs?: JobQueue;
}

/** What route plugins receive. */
export interface RouteContext {
  engine: Engine;
  contextTokens: number;
  now: () => number;
  startedAt: number;
  routes: readonly RegisteredRoute[];
  webhooks?: WebhookService;
  state?: StateBackend;
  jobs?: JobQueue;
}

export function buildApp(engine: Engine, options: ApiOptions): FastifyInstance {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const now = options.now ?? Date.now;
  const app = Fastify({
    ...(typeof options.logger === 'object'
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? false }),
    bodyLimit,
    genReqId: () => randomUUID(),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    exposeHeadRoutes: false,
    return503OnClosing: true,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    clientErrorHandler: (error, socket) => {
      // An answer already under way on this socket (the request was refused before its body went
      // wrong) stays the only one: a second response would not match any request.
      const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
      if (!socket.writable || answering) return void socket.destroy();
      socket.end(clientErrorResponse(error as NodeJS.ErrnoException, randomUUID()));
    },
    // Errors Fastify raises before routing (a malformed URL) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      sendError(
        reply,
        new CodewrightError('VALIDATION_ERROR', 'The request URL is malformed', {
          field: '(url)',
          issue: error.message,
        }),
      );
    },
  }) as unknown as FastifyInstance;
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;

  const routes: RegisteredRoute[] = [];
  const methodsByPath = new Map<string, Set<string>>();
  const authenticate = createAuthenticate(options.keys, options.rateLimiter ?? new RateLimiter({ now }));
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!methodsByPath.has(route.url)) methodsByPath.set(route.url, new Set());
      methodsByPath.get(route.url)!.add(method);
      if (route.config?.doc) routes.push({ method, url: route.url, doc: route.config.doc });
    }
    if (!route.config?.doc?.public) {
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [authenticate, ...existing];
    }
  });

  let boundPort: number | undefined;
  // The Host check is a function of the header and the port: the last header allowed (a client
  // sends the same one on every request) is remembered with the port it was allowed for.
  let allowed: { host: string; port: number | undefined } | undefined;
  // A callback hook, not an async one: it runs on every request and awaits nothing.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    boundPort ??= listeningPort(app); // read from the socket once: it is the port the Host must name
    const host = request.headers.host;
    const port = boundPort ?? options.port;
    if (host !== undefined && host === allowed?.host && port === allowed.port) return done();
    if (isAllowedHost(host, port)) {
      allowed = { host: host!, port };
      return done();
    }
    done(
      new CodewrightError(
        'FORBIDDEN',
        'The Host header must name this machine (localhost, 127.0.0.1 or [::1]) and port',
        {
          field: 'Host',
          issue: 'not a loopback host and port of this server',
        },
      ),
    );
  });

  installJsonParser(app, bodyLimit);
  installErrorHandling(app, methodsByPath);

  const context: RouteContext = {
    engine,
    contextTokens: options.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
    now,
    startedAt: now(),
    routes,
    webhooks: options.webhooks,
    state: options.state,
    jobs: options.jobs,
  };
  for (const plugin of [
    healthRoutes,
    configRoutes,
    codeRoutes,
    projectRoutes,
    docsRoutes,
    testRoutes,
    webhookRoutes,
    jobRoutes,
    openApiRoutes,
  ]) {
    app.register(plugin, context);
  }
  return app;
}

/** JSON only, decoded as strict UTF-8 (RFC 8259), parsed with Fastify's poisoning-safe parser. */
function installJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(bodyError('is not valid UTF-8'), undefined);
      return;
    }
    if (text.trim() === '') return done(bodyError('is empty; send a JSON object'), undefined);
    parseJson(request, text, (error, value) => {
      if (!error) return done(null, value);
      // Fastify reports poisoned keys and broken JSON alike; plain JSON.parse tells them apart.
      done(
        isJson(text)
          ? bodyError('contains a forbidden __proto__ or constructor.prototype key')
          : bodyError('is not valid JSON'),
        undefined,
      );
    });
  });
}

function bodyError(issue: string): CodewrightError {
  return new CodewrightError('VALIDATION_ERROR', `The request body ${issue}`, { field: '(body)', issue });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.address() as AddressInfo | string | null;
  return address && typeof address === 'object' ? address.port : undefined;
}
