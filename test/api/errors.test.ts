// Every error path of the api answers with the exact envelope and status, and never leaks a stack.
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import type { ReviewOutput } from '../../server/src/engine/contracts/review';
import { createTestApi, errorOf, withOperations, type TestApi } from './helpers';

const REVIEW_OK: ReviewOutput = { score: 100, issues: [], suggestions: [], fixed_code: '', fixed_issues: [] };

function captureLogger(lines: Record<string, unknown>[]): FastifyBaseLogger {
  const write = (level: string) => (object: unknown, message?: string) =>
    lines.push({
      level,
      ...(typeof object === 'object' ? (object as object) : { msg: object }),
      msg: message,
    });
  const logger = {
    level: 'info',
    info: write('info'),
    error: write('error'),
    warn: write('warn'),
    debug: write('debug'),
    trace: write('trace'),
    fatal: write('fatal'),
    silent: () => undefined,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

describe('api errors', () => {
  let api: TestApi;
  const logLines: Record<string, unknown>[] = [];

  before(async () => {
    api = await createTestApi({
      unlimited: true,
      bodyLimit: 4096,
      contextTokens: 50,
      logger: captureLogger(logLines),
      engine: (real) =>
        withOperations(real, {
          review: async (input) => {
            if (input.code === 'explode') throw new Error('boom at /home/secret/path with sk-SECRET');
            return REVIEW_OK;
          },
        }),
    });
  });
  after(() => api.close());

  const review = (payload: unknown, headers: Record<string, string> = {}) =>
    api.call({ method: 'POST', url: '/v1/code/review', payload: payload as string, headers });

  it('answers a valid request (the route under test is wired)', async () => {
    const response = await review({ code: 'let a = 1;', language: 'js' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), REVIEW_OK);
  });

  it('wrong type: ValidationError with details.field and details.issue', async () => {
    const response = await review({ code: 42, language: 'js' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(errorOf(response), {
      type: 'ValidationError',
      code: 'VALIDATION_ERROR',
      message: "Invalid request: 'code' must be string",
      details: { field: 'code', issue: 'must be string' },
    });
  });

  it('missing required field and missing body', async () => {
    const missing = await review({ language: 'js' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(errorOf(missing).details, { field: 'code', issue: 'is required (string)' });
    const noBody = await api.call({ method: 'POST', url: '/v1/code/review' });
    assert.equal(noBody.statusCode, 400);
    assert.equal(errorOf(noBody).code, 'VALIDATION_ERROR');
    assert.equal(errorOf(noBody).details.field, '(body)');
  });

  it('unsupported language: INVALID_LANGUAGE 400 with field language', async () => {
    const response = await review({ code: 'x', language: 'cobol' });
    assert.equal(response.statusCode, 400);
    const error = errorOf(response);
    assert.equal(error.code, 'INVALID_LANGUAGE');
    assert.equal(error.type, 'ValidationError');
    assert.deepEqual(error.details, { field: 'language', issue: 'unsupported language' });
  });

  it('malformed JSON, empty JSON body and invalid UTF-8 are ValidationErrors on (body)', async () => {
    const cases: [string | Buffer, string][] = [
      ['{"code": "x", ', 'is not valid JSON'],
      ['', 'is empty; send a JSON object'],
      [Buffer.from([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), 'is not valid UTF-8'],
    ];
    for (const [payload, issue] of cases) {
      const response = await review(payload, { 'content-type': 'application/json' });
      assert.equal(response.statusCode, 400, String(payload));
      assert.deepEqual(errorOf(response).details, { field: '(body)', issue });
      assert.equal(errorOf(response).type, 'ValidationError');
    }
  });

  it('__proto__ and constructor.prototype keys are refused, not merged', async () => {
    for (const payload of [
      '{"code":"x","language":"js","__proto__":{"admin":true}}',
      '{"code":"x","language":"js","context":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const response = await review(payload, { 'content-type': 'application/json' });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(errorOf(response).details, {
        field: '(body)',
        issue: 'contains a forbidden __proto__ or constructor.prototype key',
      });
    }
    assert.equal(({} as Record<string, unknown>).admin, undefined);
  });

  it('wrong content type: 415 in the envelope', async () => {
    for (const headers of [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const response = await review('code=x', headers);
      assert.equal(response.statusCode, 415);
      assert.deepEqual(errorOf(response), {
        type: 'ValidationError',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the body as JSON with Content-Type: application/json',
        details: { field: 'Content-Type', issue: 'must be application/json' },
      });
    }
  });

  it('body over the limit: FILE_TOO_LARGE 413', async () => {
    const response = await review({ code: 'x'.repeat(5000), language: 'js' });
    assert.equal(response.statusCode, 413);
    assert.deepEqual(errorOf(response), {
      type: 'RequestTooLargeError',
      code: 'FILE_TOO_LARGE',
      message: 'The request body is larger than the limit',
      details: { field: '(body)', issue: 'too large' },
    });
  });

  it('input over the context window: CONTEXT_TOO_LONG 400 (counted in tokens)', async () => {
    const response = await review({
      code: 'const value = compute(alpha, beta);\n'.repeat(10),
      language: 'js',
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(errorOf(response), {
      type: 'RequestTooLargeError',
      code: 'CONTEXT_TOO_LONG',
      message: 'The input holds more than 50 tokens, the context window',
      details: { limit_tokens: 50 },
    });
    // 60 bytes of one repeated letter is fewer than 50 tokens: bytes alone do not decide.
    assert.equal((await review({ code: 'a'.repeat(60), language: 'js' })).statusCode, 200);
  });

  it('unknown route: 404; wrong method on a known path: 405 with Allow', async () => {
    const notFound = await api.call({ method: 'GET', url: '/v1/nothing-here?x=1' });
    assert.equal(notFound.statusCode, 404);
    assert.deepEqual(errorOf(notFound), {
      type: 'NotFoundError',
      code: 'NOT_FOUND',
      message: 'No route GET /v1/nothing-here',
      details: { path: '/v1/nothing-here' },
    });
    const wrongMethod = await api.call({ method: 'DELETE', url: '/v1/config' });
    assert.equal(wrongMethod.statusCode, 405);
    assert.equal(wrongMethod.headers.allow, 'GET, PUT');
    assert.deepEqual(errorOf(wrongMethod), {
      type: 'MethodNotAllowedError',
      code: 'METHOD_NOT_ALLOWED',
      message: 'DELETE is not allowed on /v1/config',
      details: { allowed: ['GET', 'PUT'] },
    });
    assert.equal((await api.call({ method: 'GET', url: '/v1/code/review' })).statusCode, 405);
  });

  it('malformed URL: ValidationError on (url), with a request id', async () => {
    const response = await api.call({ method: 'GET', url: '/v1/%zz' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(errorOf(response), {
      type: 'ValidationError',
      code: 'VALIDATION_ERROR',
      message: 'The request URL is malformed',
      details: { field: '(url)', issue: "'/v1/%zz' is not a valid url component" },
    });
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('unexpected failure: INTERNAL_ERROR 500 with the request id, logged, no stack or secret', async () => {
    const response = await review({ code: 'explode', language: 'js' });
    assert.equal(response.statusCode, 500);
    const requestId = response.headers['x-request-id'];
    assert.deepEqual(errorOf(response), {
      type: 'InternalError',
      code: 'INTERNAL_ERROR',
      message: `Internal error; quote request id ${requestId} when reporting it`,
      details: { request_id: requestId },
    });
    assert.doesNotMatch(response.body, /boom|secret|SECRET|at .*\.ts|stack/);
    const logged = logLines.find((line) => line.level === 'error' && line.request_id === requestId);
    assert.ok(logged, 'the same request id is in the log');
    assert.match(String((logged.err as Error).message), /boom/);
  });

  it('every response carries a distinct X-Request-Id and no CORS header', async () => {
    const responses = await Promise.all([
      api.call({ method: 'GET', url: '/v1/health' }),
      api.call({ method: 'GET', url: '/v1/config' }),
      api.call({ method: 'GET', url: '/v1/config', key: null }),
      api.call({ method: 'GET', url: '/v1/missing' }),
      api.call({ method: 'OPTIONS', url: '/v1/config', headers: { origin: 'https://evil.example' } }),
      review('{', { 'content-type': 'application/json' }),
    ]);
    const ids = responses.map((response) => response.headers['x-request-id']);
    for (const [i, response] of responses.entries()) {
      assert.match(String(ids[i]), /^[0-9a-f-]{36}$/);
      assert.equal(response.headers['access-control-allow-origin'], undefined);
    }
    assert.equal(new Set(ids).size, ids.length);
  });
});
