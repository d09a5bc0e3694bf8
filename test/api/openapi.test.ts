// The OpenAPI document is valid OpenAPI 3.1 (checked by a real validator), lists every registered
// route, and its schemas accept what the routes accept.
import assert from 'node:assert/strict';
import { validate } from '@readme/openapi-parser';
import { OPERATIONS } from '../../server/src/engine/contracts';
import { createTestApi, withOperations, type TestApi } from './helpers';

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

async function documentOf(api: TestApi): Promise<Document> {
  const response = await api.call({ method: 'GET', url: '/v1/openapi.json', key: null });
  assert.equal(response.statusCode, 200);
  return response.json() as Document;
}

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document for the real engine', async () => {
    const api = await createTestApi();
    try {
      const document = await documentOf(api);
      assert.equal(document.openapi, '3.1.0');
      const result = await validate(structuredClone(document) as never);
      assert.equal(result.valid, true, JSON.stringify(result));
    } finally {
      await api.close();
    }
  });

  it('lists exactly the registered routes, with every operation when the engine has them all', async () => {
    const all = Object.fromEntries(Object.keys(OPERATIONS).map((name) => [name, async () => ({})]));
    const api = await createTestApi({ engine: (real) => withOperations(real, all) });
    try {
      const document = await documentOf(api);
      const listed = Object.entries(document.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      );
      assert.deepEqual(listed.sort(), [
        'GET /v1/config',
        'GET /v1/health',
        'GET /v1/openapi.json',
        'POST /v1/code/explain',
        'POST /v1/code/generate',
        'POST /v1/code/refactor',
        'POST /v1/code/review',
        'POST /v1/docs/generate',
        'POST /v1/project/analyze',
        'POST /v1/project/init',
        'POST /v1/test/generate',
        'PUT /v1/config',
      ]);
      assert.ok(document.paths['/v1/project/init']!.post!.responses['201']);
      assert.deepEqual(document.components.schemas.ReviewRequest!.required!.sort(), ['code', 'language']);
      assert.deepEqual(Object.keys(document.components.schemas.ConfigUpdate!.properties!).sort(), [
        'max_tokens',
        'model',
        'temperature',
        'tools',
      ]);
      const result = await validate(structuredClone(document) as never);
      assert.equal(result.valid, true, JSON.stringify(result));
    } finally {
      await api.close();
    }
  });

  it('leaves out operations the engine does not have, and they answer 404', async () => {
    const api = await createTestApi({
      engine: (real) => ({ ...real, operations: [], has: () => false }),
    });
    try {
      const document = await documentOf(api);
      assert.deepEqual(Object.keys(document.paths).sort(), ['/v1/config', '/v1/health', '/v1/openapi.json']);
      const response = await api.call({
        method: 'POST',
        url: '/v1/code/review',
        payload: { code: 'x', language: 'js' },
      });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().error.code, 'NOT_FOUND');
    } finally {
      await api.close();
    }
  });
});
