// The error envelope {error:{type,message,details,code}} and the one place every failure becomes it:
// CodewrightErrors keep their code (statuses come from the engine's table), Fastify's own errors
// (bad JSON, wrong content type, body too large, poisoned keys) are mapped to the spec's codes, and
// anything else is INTERNAL_ERROR with the request id, logged with its stack but never sent.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CodewrightError,
  ERROR_CODES,
  type ErrorCode,
  type ErrorDetails,
} from '../../server/src/engine/errors';

export const ErrorEnvelope = z
  .object({
    error: z.object({
      type: z.string().meta({ description: 'Error class, e.g. ValidationError.' }),
      message: z.string(),
      details: z
        .record(z.string(), z.unknown())
        .meta({ description: 'For validation errors: field and issue.' }),
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    }),
  })
  .meta({ description: 'The error envelope every failure uses.' });

export type ErrorEnvelope = z.output<typeof ErrorEnvelope>;

export function envelope(error: CodewrightError): ErrorEnvelope {
  return { error: { type: error.type, message: error.message, details: error.details, code: error.code } };
}

/** Maps Fastify's own client errors to the spec's codes; undefined for anything unexpected. */
export function fromFastifyError(error: FastifyError): CodewrightError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new CodewrightError('FILE_TOO_LARGE', 'The request body is larger than the limit', {
        field: '(body)',
        issue: 'too large',
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new CodewrightError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the body as JSON with Content-Type: application/json',
        {
          field: 'Content-Type',
          issue: 'must be application/json',
        },
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validation('(body)', 'is empty; send a JSON object', 'The request body is empty');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return validation(
        'Content-Length',
        'does not match the body',
        'Content-Length does not match the body',
      );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return validation('(request)', error.message, 'The request is malformed');
  return undefined;
}

function validation(field: string, issue: string, message: string): CodewrightError {
  return new CodewrightError('VALIDATION_ERROR', message, { field, issue } satisfies ErrorDetails);
}

export function internalError(requestId: string): CodewrightError {
  return new CodewrightError(
    'INTERNAL_ERROR',
    `Internal error; quote request id ${requestId} when reporting it`,
    {
      request_id: requestId,
    },
  );
}

/** Installs the error handler and the not-found handler (404, or 405 for a known path). */
export function installErrorHandling(app: FastifyInstance, methodsByPath: Map<string, Set<string>>): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let known = error instanceof CodewrightError ? error : fromFastifyError(error);
    if (!known && (reply.raw.destroyed || request.raw.socket?.destroyed)) {
      // The client left and the operation was aborted: nobody to answer, nothing went wrong.
      request.log.info({ request_id: request.id }, 'client closed the connection; operation aborted');
      known = internalError(request.id);
    } else if (!known) {
      request.log.error({ err: error, request_id: request.id }, 'unexpected error');
      known = internalError(request.id);
    } else if (known.status >= 500) {
      request.log.error({ err: error, request_id: request.id }, known.message);
    }
    return sendError(reply, known);
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const methods = methodsByPath.get(path);
    if (methods && !methods.has(request.method)) {
      reply.header('allow', [...methods].sort().join(', '));
      return sendError(
        reply,
        new CodewrightError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}`, {
          allowed: [...methods].sort(),
        }),
      );
    }
    return sendError(reply, new CodewrightError('NOT_FOUND', `No route ${request.method} ${path}`, { path }));
  });
}

export function sendError(reply: FastifyReply, error: CodewrightError): FastifyReply {
  return sendEnvelope(reply, error.code, error.message, error.details);
}

/**
 * Answers with the envelope of an error code without creating an Error (no stack trace to capture):
 * the hot refusals (429) use it directly so that refusing costs less than serving.
 */
export function sendEnvelope(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details: ErrorDetails,
): FastifyReply {
  if (typeof details.retry_after === 'number') reply.header('retry-after', String(details.retry_after));
  return sendSerializedEnvelope(reply, code, serializedEnvelope(code, message, details));
}

/** The envelope's JSON, for answers sent often enough to keep (see sendSerializedEnvelope). */
export function serializedEnvelope(code: ErrorCode, message: string, details: ErrorDetails): string {
  const body: ErrorEnvelope = { error: { type: ERROR_CODES[code].type, message, details, code } };
  return JSON.stringify(body);
}

/** Answers with an envelope serialized before (serializedEnvelope of the same code). */
export function sendSerializedEnvelope(reply: FastifyReply, code: ErrorCode, body: string): FastifyReply {
  return reply.code(ERROR_CODES[code].status).type('application/json; charset=utf-8').send(body);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * The answer to a request Node's HTTP parser refused before Fastify saw it (headers too large,
 * a malformed chunked body, a request that took too long to arrive): written on the socket by hand,
 * in the envelope and with an X-Request-Id like every other answer, then the connection closes.
 */
export function clientErrorResponse(error: NodeJS.ErrnoException, requestId: string): string {
  const known =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new CodewrightError('HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts', {
          field: '(headers)',
          issue: 'too large',
        })
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new CodewrightError('REQUEST_TIMEOUT', 'The request did not arrive in time', {
            field: '(request)',
            issue: 'timed out',
          })
        : validation('(request)', 'is not valid HTTP', 'The request is malformed');
  const body = JSON.stringify(envelope(known));
  return [
    `HTTP/1.1 ${known.status} ${STATUS_TEXT[known.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
