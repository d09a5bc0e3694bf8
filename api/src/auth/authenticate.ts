// The onRequest hook of every non-public route: a Bearer key that is well formed, known and not
// revoked, then one request from that key's rate-limit budget. The rate-limit headers go on every
// authenticated response, refusals included.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CodewrightError } from '../../../server/src/engine/errors';
import { sendEnvelope } from '../errors';
import type { RateLimiter, RateLimitDecision } from '../rateLimit';
import { storeCall, storeUnavailable } from '../store/storeError';
import type { ApiKeyInfo, KeyBackend } from './keyStore';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyInfo;
  }
}

export function createAuthenticate(keys: KeyBackend, limiter: RateLimiter) {
  return async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | void> {
    // A shared store that cannot answer is a 503 (storeCall), never a caller let in. The embedded
    // store answers at once; only a store that returns a promise pays for awaiting one.
    const key = await storeValue(() => keys.verify(bearerToken(request.headers.authorization) ?? ''));
    if (!key) {
      reply.header('www-authenticate', 'Bearer');
      throw new CodewrightError('INVALID_API_KEY', 'Missing, malformed, unknown or revoked API key', {
        field: 'Authorization',
        issue: 'send Authorization: Bearer <API key>',
      });
    }
    request.apiKey = key;
    const decision = await storeValue(() => limiter.consume(key.id, key.plan));
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      // Answered here rather than thrown through the error handler: a refusal must cost less than
      // serving the request.
      return sendEnvelope(
        reply,
        'RATE_LIMIT_EXCEEDED',
        `Rate limit of the ${decision.window} window exceeded`,
        {
          window: decision.window,
          limit: decision.limit,
          retry_after_seconds: decision.retryAfterSeconds,
        },
      );
    }
  };
}

/** `call`'s value, or its promise through storeCall; a store failure either way becomes the 503. */
function storeValue<T>(call: () => T | Promise<T>): T | Promise<T> {
  let value: T | Promise<T>;
  try {
    value = call();
  } catch (error) {
    if (error instanceof CodewrightError) throw error;
    throw storeUnavailable(error);
  }
  return value instanceof Promise ? storeCall(() => value) : value;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  return match?.[1];
}

function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header('x-ratelimit-limit', String(decision.limit));
  reply.header('x-ratelimit-remaining', String(decision.remaining));
  reply.header('x-ratelimit-reset', String(decision.resetEpochSeconds));
}
