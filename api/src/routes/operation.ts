// The one adapter between HTTP and an engine operation: validate the body against the operation's
// contract, run it in the worker pool (which checks the context window there, off this process's
// event loop), reply. A route exists only when the engine has the operation, so an operation not
// built yet is a 404 in the envelope, never a stub answer. A client that disconnects cancels it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { OPERATIONS, validate, type OperationName } from '../../../server/src/engine/contracts';
import type { RouteContext } from '../app';
import { sendEventStream, wantsEventStream } from './eventStream';

export function registerOperation(
  app: FastifyInstance,
  context: RouteContext,
  name: OperationName,
  url: string,
  status = 200,
  options: { streams?: boolean } = {},
): void {
  if (!context.engine.has(name)) return;
  const contract = OPERATIONS[name];
  const component = name[0]!.toUpperCase() + name.slice(1);
  app.post(
    url,
    {
      config: {
        doc: {
          operationId: name,
          summary: contract.summary,
          tag: url.split('/')[2]!,
          status,
          request: { name: `${component}Request`, schema: contract.input },
          response: { name: `${component}Response`, schema: contract.output },
        },
      },
    },
    async (request, reply) => {
      const input = validate(contract.input, request.body);
      const signal = abortWhenClientLeaves(reply);
      if (options.streams && wantsEventStream(request, input)) {
        return sendEventStream(request, reply, (onEvent) =>
          context.engine.run(name, input as never, { signal, contextTokens: context.contextTokens, onEvent }),
        );
      }
      const output = await context.engine.run(name, input as never, {
        signal,
        contextTokens: context.contextTokens,
      });
      return reply.code(status).send(output);
    },
  );
}

/** A signal aborted when the client closes the connection before the answer is sent. */
function abortWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
}
