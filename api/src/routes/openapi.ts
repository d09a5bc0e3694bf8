// GET /v1/openapi.json: public, because it holds no secret and lets tools discover the api. Built
// once, on first request, when every route is registered.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { version } from '../../../package.json';
import type { RouteContext } from '../app';
import { buildOpenApiDocument } from '../openapi/document';

export async function openApiRoutes(app: FastifyInstance, { routes }: RouteContext): Promise<void> {
  let document: Record<string, unknown> | undefined;
  app.get(
    '/v1/openapi.json',
    {
      config: {
        doc: {
          operationId: 'openapi',
          summary: 'This OpenAPI 3.1 document (no API key needed)',
          tag: 'meta',
          status: 200,
          response: { name: 'OpenApiDocument', schema: z.record(z.string(), z.unknown()) },
          public: true,
        },
      },
    },
    async () => (document ??= buildOpenApiDocument(routes, version)),
  );
}
