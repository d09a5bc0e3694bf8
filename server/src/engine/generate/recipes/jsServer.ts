// HTTP routes and middleware for Express and Fastify.
import type { Recipe } from './recipe';

const HEADER = `import { test } from 'node:test';
import assert from 'node:assert/strict';
`;

// Express recipes' tests listen on a free loopback port and call the routes over real HTTP.
const EXPRESS_SERVE = `import type { AddressInfo } from 'node:net';
import express from 'express';

async function serve(app: express.Express): Promise<{ base: string; close: () => void }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { base: 'http://127.0.0.1:' + (server.address() as AddressInfo).port, close: () => server.close() };
}
`;

export const JS_SERVER: Recipe[] = [
  {
    id: 'js.express.crudRouter',
    family: 'js',
    kind: 'route',
    framework: 'express',
    entry: 'createItemsRouter',
    title: 'Express CRUD REST routes',
    description:
      'An Express router with REST endpoints to list, get, create, update and delete items (in-memory store, validation, 404s).',
    tags: [
      'express',
      'router',
      'rest',
      'crud',
      'api',
      'endpoint',
      'route',
      'create',
      'update',
      'delete',
      'resource',
    ],
    code: `import express, { type Router } from 'express';

export interface Item {
  id: number;
  name: string;
}

/** REST routes over an in-memory store; mount with app.use('/items', createItemsRouter()). */
export function createItemsRouter(items = new Map<number, Item>()): Router {
  const router = express.Router();
  let nextId = Math.max(0, ...items.keys()) + 1;
  router.use(express.json());

  router.get('/', (_req, res) => {
    res.json([...items.values()]);
  });
  router.get('/:id', (req, res) => {
    const item = items.get(Number(req.params.id));
    if (!item) return void res.status(404).json({ error: 'not found' });
    res.json(item);
  });
  router.post('/', (req, res) => {
    const name = req.body?.name;
    if (typeof name !== 'string' || name.trim() === '') return void res.status(400).json({ error: 'name is required' });
    const item = { id: nextId++, name: name.trim() };
    items.set(item.id, item);
    res.status(201).json(item);
  });
  router.put('/:id', (req, res) => {
    const item = items.get(Number(req.params.id));
    if (!item) return void res.status(404).json({ error: 'not found' });
    const name = req.body?.name;
    if (typeof name !== 'string' || name.trim() === '') return void res.status(400).json({ error: 'name is required' });
    item.name = name.trim();
    res.json(item);
  });
  router.delete('/:id', (req, res) => {
    if (!items.delete(Number(req.params.id))) return void res.status(404).json({ error: 'not found' });
    res.status(204).end();
  });
  return router;
}
`,
    tests: `${HEADER}${EXPRESS_SERVE}import { createItemsRouter } from './subject';

test('create, read, update, delete', async () => {
  const app = express();
  app.use('/items', createItemsRouter());
  const { base, close } = await serve(app);
  try {
    const json = { 'content-type': 'application/json' };
    const created = await fetch(base + '/items', { method: 'POST', headers: json, body: JSON.stringify({ name: ' pen ' }) });
    assert.equal(created.status, 201);
    assert.deepEqual(await created.json(), { id: 1, name: 'pen' });
    assert.equal((await fetch(base + '/items', { method: 'POST', headers: json, body: '{}' })).status, 400);
    const updated = await fetch(base + '/items/1', { method: 'PUT', headers: json, body: JSON.stringify({ name: 'ink' }) });
    assert.deepEqual(await updated.json(), { id: 1, name: 'ink' });
    assert.deepEqual(await (await fetch(base + '/items')).json(), [{ id: 1, name: 'ink' }]);
    assert.equal((await fetch(base + '/items/1', { method: 'DELETE' })).status, 204);
    assert.equal((await fetch(base + '/items/1')).status, 404);
  } finally {
    close();
  }
});
`,
  },
  {
    id: 'js.express.errorHandler',
    family: 'js',
    kind: 'middleware',
    framework: 'express',
    entry: 'errorHandler',
    title: 'Express error-handling middleware',
    description:
      'Express middleware that turns thrown errors into JSON error responses with a status code, plus a 404 handler.',
    tags: ['express', 'error', 'handler', 'middleware', 'exception', '404', 'not found', 'status'],
    code: `import type { ErrorRequestHandler, RequestHandler } from 'express';

/** An error that carries the HTTP status to answer with. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Last in the chain: unknown routes. */
export const notFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: { message: 'No route for ' + req.method + ' ' + req.path } });
};

/** After the routes: HttpError keeps its status and message; anything else is a 500 without details. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  const status = error instanceof HttpError ? error.status : 500;
  const message = error instanceof HttpError ? error.message : 'Internal server error';
  res.status(status).json({ error: { message } });
};
`,
    tests: `${HEADER}${EXPRESS_SERVE}import { errorHandler, notFound, HttpError } from './subject';

test('maps errors to JSON', async () => {
  const app = express();
  app.get('/teapot', () => {
    throw new HttpError(418, 'short and stout');
  });
  app.get('/boom', () => {
    throw new Error('secret detail');
  });
  app.use(notFound);
  app.use(errorHandler);
  const { base, close } = await serve(app);
  try {
    const teapot = await fetch(base + '/teapot');
    assert.equal(teapot.status, 418);
    assert.deepEqual(await teapot.json(), { error: { message: 'short and stout' } });
    const boom = await fetch(base + '/boom');
    assert.equal(boom.status, 500);
    assert.doesNotMatch(await boom.text(), /secret/);
    assert.equal((await fetch(base + '/nowhere')).status, 404);
  } finally {
    close();
  }
});
`,
  },
  {
    id: 'js.express.auth',
    family: 'js',
    kind: 'middleware',
    framework: 'express',
    entry: 'requireBearerToken',
    title: 'Express bearer-token authentication middleware',
    description:
      'Express middleware that checks an Authorization Bearer token (API key) in constant time and answers 401 otherwise.',
    tags: ['express', 'auth', 'authentication', 'bearer', 'token', 'api key', 'middleware', '401', 'protect'],
    code: `import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Lets a request through only with \`Authorization: Bearer <one of tokens>\`. */
export function requireBearerToken(tokens: readonly string[]): RequestHandler {
  const known = tokens.map(digest);
  return (req, res, next) => {
    const match = /^Bearer (.+)$/.exec(req.get('authorization') ?? '');
    const presented = match ? digest(match[1]!) : undefined;
    if (presented && known.some((hash) => timingSafeEqual(hash, presented))) return next();
    res.set('WWW-Authenticate', 'Bearer').status(401).json({ error: 'invalid or missing token' });
  };
}
`,
    tests: `${HEADER}${EXPRESS_SERVE}import { requireBearerToken } from './subject';

test('refuses without the token', async () => {
  const app = express();
  app.use(requireBearerToken(['s3cret']));
  app.get('/me', (_req, res) => void res.json({ ok: true }));
  const { base, close } = await serve(app);
  try {
    assert.equal((await fetch(base + '/me')).status, 401);
    assert.equal((await fetch(base + '/me', { headers: { authorization: 'Bearer wrong' } })).status, 401);
    const ok = await fetch(base + '/me', { headers: { authorization: 'Bearer s3cret' } });
    assert.deepEqual(await ok.json(), { ok: true });
  } finally {
    close();
  }
});
`,
  },
  {
    id: 'js.express.requestLogger',
    family: 'js',
    kind: 'middleware',
    framework: 'express',
    entry: 'requestLogger',
    title: 'Express request logging middleware',
    description: 'Express middleware that logs method, path, status code and response time of each request.',
    tags: ['express', 'logging', 'logger', 'request', 'middleware', 'access log', 'response time'],
    code: `import type { RequestHandler } from 'express';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** Calls \`log\` once per request when its response has been sent. */
export function requestLogger(log: (entry: RequestLogEntry) => void = (e) => console.log(e.method + ' ' + e.path + ' ' + e.status + ' ' + e.ms.toFixed(1) + 'ms')): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      log({ method: req.method, path: req.originalUrl, status: res.statusCode, ms: Number(process.hrtime.bigint() - start) / 1e6 });
    });
    next();
  };
}
`,
    tests: `${HEADER}${EXPRESS_SERVE}import { requestLogger, type RequestLogEntry } from './subject';

test('logs each request', async () => {
  const entries: RequestLogEntry[] = [];
  const app = express();
  app.use(requestLogger((e) => entries.push(e)));
  app.get('/hello', (_req, res) => void res.send('hi'));
  const { base, close } = await serve(app);
  try {
    await (await fetch(base + '/hello?x=1')).text();
    await (await fetch(base + '/missing')).text();
    assert.deepEqual(entries.map((e) => [e.method, e.path, e.status]), [['GET', '/hello?x=1', 200], ['GET', '/missing', 404]]);
    assert.ok(entries.every((e) => e.ms >= 0));
  } finally {
    close();
  }
});
`,
  },
  {
    id: 'js.fastify.crudPlugin',
    family: 'js',
    kind: 'route',
    framework: 'fastify',
    entry: 'itemsRoutes',
    title: 'Fastify CRUD REST routes with JSON schema validation',
    description:
      'A Fastify plugin with REST endpoints to list, get, create and delete items, validating bodies with JSON schema.',
    tags: [
      'fastify',
      'plugin',
      'rest',
      'crud',
      'api',
      'endpoint',
      'route',
      'schema',
      'validation',
      'resource',
    ],
    code: `import type { FastifyInstance } from 'fastify';

export interface Item {
  id: number;
  name: string;
}

const itemBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

/** Register with app.register(itemsRoutes, { prefix: '/items' }). */
export async function itemsRoutes(app: FastifyInstance): Promise<void> {
  const items = new Map<number, Item>();
  let nextId = 1;
  app.get('/', async () => [...items.values()]);
  app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
    const item = items.get(Number(request.params.id));
    return item ?? reply.code(404).send({ error: 'not found' });
  });
  app.post<{ Body: { name: string } }>('/', { schema: { body: itemBody } }, async (request, reply) => {
    const item = { id: nextId++, name: request.body.name };
    items.set(item.id, item);
    return reply.code(201).send(item);
  });
  app.delete<{ Params: { id: string } }>('/:id', async (request, reply) => {
    if (!items.delete(Number(request.params.id))) return reply.code(404).send({ error: 'not found' });
    return reply.code(204).send();
  });
}
`,
    tests: `${HEADER}import Fastify from 'fastify';
import { itemsRoutes } from './subject';

test('create, list, validate, delete', async () => {
  const app = Fastify();
  app.register(itemsRoutes, { prefix: '/items' });
  const created = await app.inject({ method: 'POST', url: '/items', payload: { name: 'pen' } });
  assert.equal(created.statusCode, 201);
  assert.deepEqual(created.json(), { id: 1, name: 'pen' });
  assert.equal((await app.inject({ method: 'POST', url: '/items', payload: { name: '' } })).statusCode, 400);
  assert.deepEqual((await app.inject({ url: '/items' })).json(), [{ id: 1, name: 'pen' }]);
  assert.equal((await app.inject({ method: 'DELETE', url: '/items/1' })).statusCode, 204);
  assert.equal((await app.inject({ url: '/items/1' })).statusCode, 404);
  await app.close();
});
`,
  },
  {
    id: 'js.fastify.health',
    family: 'js',
    kind: 'route',
    framework: 'fastify',
    entry: 'healthRoutes',
    title: 'Fastify health check endpoint',
    description:
      'A Fastify health check route reporting status, uptime and the result of dependency checks (readiness).',
    tags: [
      'fastify',
      'health',
      'healthcheck',
      'readiness',
      'liveness',
      'status',
      'uptime',
      'endpoint',
      'route',
    ],
    code: `import type { FastifyInstance } from 'fastify';

export type Check = () => Promise<void>;

/** GET /health answers 200 when every check resolves, else 503 naming the failing ones. */
export function healthRoutes(checks: Record<string, Check> = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    const started = Date.now();
    app.get('/health', async (_request, reply) => {
      const results = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await check();
            return [name, 'ok'] as const;
          } catch (error) {
            return [name, error instanceof Error ? error.message : 'failed'] as const;
          }
        }),
      );
      const failing = results.filter(([, outcome]) => outcome !== 'ok');
      return reply.code(failing.length > 0 ? 503 : 200).send({
        status: failing.length > 0 ? 'unavailable' : 'ok',
        uptime_s: Math.round((Date.now() - started) / 1000),
        checks: Object.fromEntries(results),
      });
    });
  };
}
`,
    tests: `${HEADER}import Fastify from 'fastify';
import { healthRoutes } from './subject';

test('ok and unavailable', async () => {
  let dbUp = true;
  const app = Fastify();
  app.register(healthRoutes({ db: async () => { if (!dbUp) throw new Error('db down'); } }));
  const ok = await app.inject({ url: '/health' });
  assert.equal(ok.statusCode, 200);
  assert.equal(ok.json().checks.db, 'ok');
  dbUp = false;
  const down = await app.inject({ url: '/health' });
  assert.equal(down.statusCode, 503);
  assert.deepEqual(down.json().checks, { db: 'db down' });
  await app.close();
});
`,
  },
  {
    id: 'js.fastify.login',
    family: 'js',
    kind: 'route',
    framework: 'fastify',
    entry: 'loginRoutes',
    title: 'Fastify login endpoint with hashed passwords',
    description:
      'A Fastify POST /login route that checks a username and a scrypt-hashed password and returns a session token.',
    tags: [
      'fastify',
      'login',
      'password',
      'auth',
      'authentication',
      'session',
      'token',
      'hash',
      'scrypt',
      'signin',
    ],
    code: `import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** 'salt:hash' in hex, for storing. */
export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  return salt + ':' + scryptSync(password, salt, 32).toString('hex');
}

export function verifyPassword(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, salt, expected.length);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** POST /login with { username, password } → { token }; one token per successful login. */
export function loginRoutes(users: Map<string, string>, sessions = new Map<string, string>()) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post<{ Body: { username: string; password: string } }>(
      '/login',
      {
        schema: {
          body: {
            type: 'object',
            required: ['username', 'password'],
            properties: { username: { type: 'string', minLength: 1 }, password: { type: 'string', minLength: 1 } },
          },
        },
      },
      async (request, reply) => {
        const stored = users.get(request.body.username);
        if (!stored || !verifyPassword(request.body.password, stored)) {
          return reply.code(401).send({ error: 'invalid username or password' });
        }
        const token = randomBytes(24).toString('base64url');
        sessions.set(token, request.body.username);
        return { token };
      },
    );
  };
}
`,
    tests: `${HEADER}import Fastify from 'fastify';
import { hashPassword, loginRoutes, verifyPassword } from './subject';

test('hashes and verifies', () => {
  const stored = hashPassword('hunter2');
  assert.equal(verifyPassword('hunter2', stored), true);
  assert.equal(verifyPassword('hunter3', stored), false);
});

test('logs in and refuses', async () => {
  const sessions = new Map<string, string>();
  const app = Fastify();
  app.register(loginRoutes(new Map([['ada', hashPassword('pw')]]), sessions));
  const ok = await app.inject({ method: 'POST', url: '/login', payload: { username: 'ada', password: 'pw' } });
  assert.equal(ok.statusCode, 200);
  assert.equal(sessions.get(ok.json().token), 'ada');
  assert.equal((await app.inject({ method: 'POST', url: '/login', payload: { username: 'ada', password: 'no' } })).statusCode, 401);
  assert.equal((await app.inject({ method: 'POST', url: '/login', payload: { username: 'ada' } })).statusCode, 400);
  await app.close();
});
`,
  },
];
