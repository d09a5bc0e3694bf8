// Property test: hostile bodies sent to every route of the OpenAPI document that takes a body get a
// 4xx error envelope, and the server keeps answering. Routes come from the document, so routes added
// by later work are attacked with no change here.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { OPERATIONS } from '../../server/src/engine/contracts';
import { createTestApi, withOperations, type TestApi } from './helpers';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
}
interface Document {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>
  >;
  components: { schemas: Record<string, Schema> };
}

const BODY_LIMIT = 64 * 1024;

const jsonValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A value whose JSON type is not `expected` (an integer is a number too). */
function wrongTypeFor(expected: string | undefined): fc.Arbitrary<unknown> {
  return jsonValue.filter((value) => {
    const actual = typeOf(value);
    if (expected === undefined) return actual !== 'string'; // untyped: at least not a plain string
    return expected === 'number' ? actual !== 'number' && actual !== 'integer' : actual !== expected;
  });
}

function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

const INVALID_UTF8 = [
  [0xff],
  [0xc0, 0xaf],
  [0x80],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf5, 0x80, 0x80, 0x80],
  [0xc3],
];

/** Hostile bodies for a request schema, as raw bytes. */
function hostileBody(schema: Schema): fc.Arbitrary<Buffer> {
  const properties = Object.entries(schema.properties ?? {});
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const wrongTypes = fc
    .record(Object.fromEntries(properties.map(([name, property]) => [name, wrongTypeFor(property.type)])))
    .map(json);
  const notAnObject = fc
    .oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(jsonValue))
    .map(json);
  const hugeString = fc
    .integer({ min: BODY_LIMIT, max: BODY_LIMIT * 4 })
    .map((size) => json(Object.fromEntries(properties.map(([name]) => [name, 'A'.repeat(size)]))));
  const deepNesting = fc
    .integer({ min: 500, max: 20_000 })
    .map((depth) =>
      Buffer.from(`{${properties.map(([name]) => `"${name}":${deepArray(depth)}`).join(',')}}`),
    );
  const poisoned = fc
    .constantFrom(
      '{"__proto__":{"isAdmin":true}}',
      '{"a":1,"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"context":{"__proto__":{"x":1}}}',
      '[{"__proto__":null}]',
    )
    .map((text) => Buffer.from(text));
  const invalidUtf8 = fc
    .tuple(fc.constantFrom(...INVALID_UTF8), fc.constantFrom(...properties.map(([name]) => name), 'x'))
    .map(([bytes, name]) =>
      Buffer.concat([Buffer.from(`{"${name}":"ab`), Buffer.from(bytes), Buffer.from('cd"}')]),
    );
  const brokenJson = fc.string({ minLength: 1 }).map((text) => Buffer.from(`{${text}`));
  return fc.oneof(wrongTypes, notAnObject, hugeString, deepNesting, poisoned, invalidUtf8, brokenJson);
}

async function attackEveryRoute(api: TestApi): Promise<number> {
  const document = (await api.call({ method: 'GET', url: '/v1/openapi.json', key: null })).json() as Document;
  const targets = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody)
      .map(([method, operation]) => {
        const ref = operation.requestBody!.content['application/json']!.schema.$ref;
        return {
          method: method.toUpperCase(),
          path,
          schema: document.components.schemas[ref.split('/').pop()!]!,
        };
      }),
  );
  assert.ok(
    targets.some((target) => target.path === '/v1/config'),
    'PUT /v1/config is attacked',
  );
  for (const target of targets) {
    await fc.assert(
      fc.asyncProperty(hostileBody(target.schema), async (body) => {
        const response = await api.call({
          method: target.method as 'POST',
          url: target.path,
          payload: body,
          headers: { 'content-type': 'application/json' },
        });
        assert.ok(
          response.statusCode >= 400 && response.statusCode < 500,
          `${target.path}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
        const { error } = response.json() as { error: Record<string, unknown> };
        for (const field of ['type', 'message', 'code']) assert.equal(typeof error[field], 'string');
        assert.equal(typeof error.details, 'object');
        assert.doesNotMatch(response.body, /\bat [\w.<>]+ \(|node_modules/, 'no stack trace');
      }),
      { numRuns: 60 },
    );
    const health = await api.call({ method: 'GET', url: '/v1/health', key: null });
    assert.equal(health.statusCode, 200, 'still answering');
  }
  return targets.length;
}

describe('hostile request bodies (property)', () => {
  it('get a 4xx envelope on every route of the real engine, and the server keeps answering', async () => {
    const api = await createTestApi({ unlimited: true, bodyLimit: BODY_LIMIT });
    try {
      await attackEveryRoute(api);
    } finally {
      await api.close();
    }
  });

  it('do the same on every contract of the spec (an engine with all operations; none ever runs)', async () => {
    const never = async () => {
      throw new Error('a hostile body reached the operation');
    };
    const all = Object.fromEntries(Object.keys(OPERATIONS).map((name) => [name, never]));
    const api = await createTestApi({
      unlimited: true,
      bodyLimit: BODY_LIMIT,
      engine: (real) => withOperations(real, all),
    });
    try {
      assert.equal(await attackEveryRoute(api), Object.keys(OPERATIONS).length + 1);
    } finally {
      await api.close();
    }
  });
});
