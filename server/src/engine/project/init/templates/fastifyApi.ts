// fastify-api: a Fastify 5 JSON API with schema-validated routes, tested through inject().
import type { Template } from '../model';
import { nodeProject } from '../nodeProject';

const APP = `import Fastify, { type FastifyInstance } from 'fastify';

/** Builds the application without listening; tests call \`app.inject\`. */
export function buildApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ status: 'ok' }));
  app.post<{ Body: { a: number; b: number } }>(
    '/sum',
    {
      schema: {
        body: {
          type: 'object',
          required: ['a', 'b'],
          properties: { a: { type: 'number' }, b: { type: 'number' } },
        },
      },
    },
    async (request) => ({ sum: request.body.a + request.body.b }),
  );
  return app;
}
`;

const SERVER = `import { buildApp } from './app.js';

const port = Number(process.env.PORT ?? 3000);
const app = buildApp();
app.listen({ port, host: '127.0.0.1' }).then((address) => {
  console.log(\`Listening on \${address}\`);
});
`;

const TEST = `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../src/app.js';

test('GET /health answers ok', async () => {
  const response = await buildApp().inject({ method: 'GET', url: '/health' });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { status: 'ok' });
});

test('POST /sum adds two numbers and validates its body', async () => {
  const app = buildApp();
  const ok = await app.inject({ method: 'POST', url: '/sum', payload: { a: 2, b: 3 } });
  assert.deepEqual(ok.json(), { sum: 5 });
  const bad = await app.inject({ method: 'POST', url: '/sum', payload: { a: 'x' } });
  assert.equal(bad.statusCode, 400);
});
`;

export const fastifyApi: Template = {
  id: 'fastify-api',
  description: 'A Fastify 5 JSON API in TypeScript.',
  scaffold: (name, options) =>
    nodeProject({
      name,
      options,
      description: 'A Fastify JSON API.',
      sources: { 'src/app.ts': APP, 'src/server.ts': SERVER },
      tests: { 'test/app.test.ts': TEST },
      dependencies: ['fastify'],
      manifest: { type: 'module', private: true, main: 'dist/src/server.js' },
      testRunner: 'node',
      readmeUsage:
        '```sh\nnpm run build\nnode dist/src/server.js  # PORT=3000 by default\ncurl localhost:3000/health\n```',
      nextSteps: ['node dist/src/server.js'],
    }),
};
