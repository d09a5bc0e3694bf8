// The onRequest hook of every non-public route: a Bearer key that is well formed, known and not
// revoked, then one request from that key's rate-limit budget. The rate-limit headers go on every
// authenticated response, refusals included.
import type { FastifyReply, onRequestHookHandler } from 'fastify';
import { CodewrightError } from '../../../server/src/engine/errors';
import { sendSerializedEnvelope, serializedEnvelope } from '../errors';
import type { RateLimiter, RateLimitDecision } from '../rateLimit';
import { storeCall, storeUnavailable } from '../store/storeError';
import type { ApiKeyInfo, KeyBackend } from './keyStore';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyInfo;
  }
}

export function createAuthenticate(keys: KeyBackend, limiter: RateLimiter): onRequestHookHandler {
  // A callback hook, not an async one: with the embedded store both steps answer at once, and every
  // authenticated request (refusals included) then runs without allocating a promise. A shared store
  // returns promises, which are chained as they come.
  return function authenticate(request, reply, done) {
    let admitted: boolean | Promise<boolean>;
    try {
      admitted = andThen(
        storeValue(() => keys.verify(bearerToken(request.headers.authorization) ?? '')),
        (key) => {
          if (!key) {
            reply.header('www-authenticate', 'Bearer');
            throw new CodewrightError('INVALID_API_KEY', 'Missing, malformed, unknown or revoked API key', {
              field: 'Authorization',
              issue: 'send Authorization: Bearer <API key>',
            });
          }
          request.apiKey = key;
          return andThen(
            storeValue(() => limiter.consume(key.id, key.plan)),
            (decision) => admit(reply, decision),
          );
        },
      );
    } catch (error) {
      return done(error as Error);
    }
    if (admitted === true) return done();
    if (admitted === false) return; // already answered: a hook that replies does not call done
    admitted.then(
      (goOn) => {
        if (goOn) done();
      },
      (error: Error) => done(error),
    );
  };
}

/**
 * Sets the rate-limit headers; a refusal is answered here rather than thrown through the error
 * handler (a refusal must cost less than serving the request). True when the request goes on.
 */
function admit(reply: FastifyReply, decision: Readonly<RateLimitDecision>): boolean {
  if (decision.allowed) {
    setRateLimitHeaders(reply, decision);
    return true;
  }
  const refusal = refusalAnswer(decision);
  reply.header('x-ratelimit-limit', refusal.limit);
  reply.header('x-ratelimit-remaining', refusal.remaining);
  reply.header('x-ratelimit-reset', refusal.reset);
  reply.header('retry-after', refusal.retryAfter);
  sendSerializedEnvelope(reply, 'RATE_LIMIT_EXCEEDED', refusal.body);
  return false;
}

interface RefusalAnswer {
  limit: string;
  remaining: string;
  reset: string;
  retryAfter: string;
  body: string;
}

// The limiter hands a refused caller the same frozen decision until Retry-After changes (once a
// second), so its headers and envelope are built once per decision, not once per refusal.
const refusalAnswers = new WeakMap<Readonly<RateLimitDecision>, RefusalAnswer>();

function refusalAnswer(decision: Readonly<RateLimitDecision>): RefusalAnswer {
  let answer = refusalAnswers.get(decision);
  if (answer === undefined) {
    answer = {
      limit: String(decision.limit),
      remaining: String(decision.remaining),
      reset: String(decision.resetEpochSeconds),
      retryAfter: String(decision.retryAfterSeconds),
      body: serializedEnvelope(
        'RATE_LIMIT_EXCEEDED',
        `Rate limit of the ${decision.window} window exceeded`,
        {
          window: decision.window,
          limit: decision.limit,
          retry_after_seconds: decision.retryAfterSeconds,
        },
      ),
    };
    refusalAnswers.set(decision, answer);
  }
  return answer;
}

/** `next(value)` at once for a plain value, after it settles for a promise. */
function andThen<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
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

function setRateLimitHeaders(reply: FastifyReply, decision: Readonly<RateLimitDecision>): void {
  reply.header('x-ratelimit-limit', String(decision.limit));
  reply.header('x-ratelimit-remaining', String(decision.remaining));
  reply.header('x-ratelimit-reset', String(decision.resetEpochSeconds));
}
