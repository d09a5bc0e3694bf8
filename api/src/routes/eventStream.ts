// Server-Sent Events for an operation that streams (POST /v1/code/generate with `stream: true` or
// `Accept: text/event-stream`). Events: `delta` {text} appends to the code, `reset` {reason} drops
// what was sent (the model failed and the builtin tier answers instead), `done` holds the whole
// response object, `error` holds the error envelope. Until the first event nothing is sent, so a
// request refused at once (busy, too long, bad input) still gets its ordinary JSON error and status.
// A client that disconnects aborts the signal, which cancels the task in the pool.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationEvent } from '../../../server/src/engine/engine';
import { CodewrightError } from '../../../server/src/engine/errors';
import { envelope, internalError } from '../errors';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export function wantsEventStream(request: FastifyRequest, input: unknown): boolean {
  if ((input as { stream?: unknown } | undefined)?.stream === true) return true;
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/event-stream\b/i.test(accept) && (input as { stream?: unknown })?.stream !== false;
}

export async function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onEvent: (event: OperationEvent) => void) => Promise<unknown>,
): Promise<FastifyReply | undefined> {
  let heartbeat: NodeJS.Timeout | undefined;
  let started = false;
  const write = (event: string, data: unknown): void => {
    if (!started) {
      started = true;
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
    }
    if (!reply.raw.destroyed) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    const output = await run((event) =>
      event.type === 'delta'
        ? write('delta', { text: event.text })
        : write('reset', { reason: event.reason }),
    );
    write('done', output);
    reply.raw.end();
    return undefined;
  } catch (error) {
    if (!started) throw error; // the ordinary error handler answers with its status
    if (!reply.raw.destroyed) {
      const known = error instanceof CodewrightError ? error : internalError(request.id);
      if (!(error instanceof CodewrightError))
        request.log.error({ err: error, request_id: request.id }, 'stream failed');
      write('error', envelope(known));
      reply.raw.end();
    }
    return undefined;
  } finally {
    clearInterval(heartbeat);
  }
}
