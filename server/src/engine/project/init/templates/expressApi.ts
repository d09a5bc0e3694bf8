// express-api: an Express 5 JSON API with a health route, an in-memory resource and its tests.
import type { Template } from '../model';
import { nodeProject } from '../nodeProject';

const APP = `import express, { type Request, type Response } from 'express';

export interface Item {
  id: number;
  name: string;
}

/** Builds the application without listening, so tests can start it on any port. */
export function createApp(): express.Express {
  const app = express();
  const items: Item[] = [];
  app.use(express.json());
  app.get('/health', (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  });
  app.get('/items', (_req: Request, res: Response) => {
    res.json(items);
  });
  app.post('/items', (req: Request, res: Response) => {
    const name: unknown = req.body?.name;
    if (typeof name !== 'string' || name.trim() === '') {
      res.status(400).json({ error: 'name must be a non-empty string' });
      return;
    }
    const item = { id: items.length + 1, name };
    items.push(item);
    res.status(201).json(item);
  });
  return app;
}
`;

const SERVER = `import { createApp } from './app.js';

const port = Number(process.env.PORT ?? 3000);
createApp().listen(port, () => {
  console.log(\`Listening on http://localhost:\${port}\`);
});
`;

const TEST = `import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Server } from 'node:http';
import { createApp } from '../src/app.js';

let server: Server;
let base: string;

before(async () => {
  server = createApp().listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = \`http://127.0.0.1:\${(server.address() as AddressInfo).port}\`;
});

after(() => {
  server.close();
});

test('GET /health answers ok', async () => {
  const response = await fetch(\`\${base}/health\`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: 'ok' });
});

test('POST /items creates an item and refuses a missing name', async () => {
  const created = await fetch(\`\${base}/items\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'first' }),
  });
  assert.equal(created.status, 201);
  assert.deepEqual(await created.json(), { id: 1, name: 'first' });
  const refused = await fetch(\`\${base}/items\`, { method: 'POST' });
  assert.equal(refused.status, 400);
});
`;

export const expressApi: Template = {
  id: 'express-api',
  description: 'An Express 5 JSON API in TypeScript.',
  scaffold: (name, options) =>
    nodeProject({
      name,
      options,
      description: 'An Express JSON API.',
      sources: { 'src/app.ts': APP, 'src/server.ts': SERVER },
      tests: { 'test/app.test.ts': TEST },
      dependencies: ['express'],
      devDependencies: ['@types/express'],
      manifest: { type: 'module', private: true, main: 'dist/src/server.js' },
      testRunner: 'node',
      readmeUsage:
        '```sh\nnpm run build\nnode dist/src/server.js  # PORT=3000 by default\ncurl localhost:3000/health\n```',
      nextSteps: ['node dist/src/server.js'],
    }),
};
