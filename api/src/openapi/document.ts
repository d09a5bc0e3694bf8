// The OpenAPI 3.1 document, generated from the routes the app registered and their zod contracts:
// request bodies as the contract's input side, responses as its output side (JSON Schema 2020-12,
// which OpenAPI 3.1 uses as is). Every route but the public ones needs the bearer key.
import { z } from 'zod';
import { ErrorEnvelope } from '../errors';
import type { RegisteredRoute } from '../routes/routeDoc';

type JsonObject = Record<string, unknown>;

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the tightest window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in that window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': {
    description: 'When that window resets, Unix epoch seconds.',
    schema: { type: 'integer' },
  },
};

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'ValidationError (details.field, details.issue), INVALID_LANGUAGE or CONTEXT_TOO_LONG',
  '401': 'INVALID_API_KEY: missing, malformed, unknown or revoked key',
  '403': 'FORBIDDEN: Host header is not this loopback server',
  '413': 'FILE_TOO_LARGE: body over the limit',
  '415': 'Body is not application/json',
  '429': 'RATE_LIMIT_EXCEEDED (see Retry-After)',
  '500': 'INTERNAL_ERROR (details.request_id)',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonObject;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): JsonObject {
  const schemas: Record<string, JsonObject> = { Error: jsonSchema(ErrorEnvelope, 'output') };
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const { method, url, doc } of routes) {
    if (doc.request) schemas[doc.request.name] = jsonSchema(doc.request.schema, 'input');
    schemas[doc.response.name] = jsonSchema(doc.response.schema, 'output');
    const errorCodes = Object.keys(ERROR_RESPONSES).filter((status) =>
      (doc.public
        ? ['403', '500']
        : doc.request
          ? Object.keys(ERROR_RESPONSES)
          : ['401', '403', '429', '500']
      ).includes(status),
    );
    const responses: JsonObject = {
      [String(doc.status)]: {
        description: doc.summary,
        ...(doc.public ? {} : { headers: RATE_LIMIT_HEADERS }),
        content: { 'application/json': { schema: ref(doc.response.name) } },
      },
    };
    for (const status of errorCodes) {
      responses[status] = {
        description: ERROR_RESPONSES[status],
        content: { 'application/json': { schema: ref('Error') } },
      };
    }
    // Fastify's /v1/webhooks/:id is OpenAPI's /v1/webhooks/{id}, with a path parameter.
    const params = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    (paths[url.replace(/:(\w+)/g, '{$1}')] ??= {})[method.toLowerCase()] = {
      operationId: doc.operationId,
      summary: doc.summary,
      tags: [doc.tag],
      ...(params.length
        ? {
            parameters: params.map((name) => ({
              name,
              in: 'path',
              required: true,
              schema: { type: 'string' },
            })),
          }
        : {}),
      ...(doc.public ? { security: [] } : {}),
      ...(doc.request
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: ref(doc.request.name) } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Codewright API',
      version,
      description: 'Code review, explanation, refactoring and more, served on the loopback interface.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'cw_<32 base62>_<6 base62 checksum>' },
      },
    },
  };
}
