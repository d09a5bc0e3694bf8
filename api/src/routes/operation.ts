// The one adapter between HTTP and an engine operation: validate the body against the operation's
// contract, run it in the worker pool (which checks the context window there, off this process's
// event loop), reply. A route exists only when the engine has the operation, so an operation not
// built yet is a 404 in the envelope, never a stub answer. A client that disconnects cancels it.
// A long operation asked for with `Prefer: respond-async` becomes a job instead (202, jobs/).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { OPERATIONS, validate, type OperationName } from '../../../server/src/engine/contracts';
import type { OperationEvent } from '../../../server/src/engine/engine';
import type { RouteContext } from '../app';
import { ASYNC_OPERATIONS } from '../jobs/contract';
import { emitEvent } from '../webhooks/emit';
import { OPERATION_EVENTS, operationEvent, type Outcome } from '../webhooks/events';
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
      // The event goes out once the answer is decided, success or failure (docs/webhooks.md).
      const emit = (outcome: Outcome<never>) =>
        emitEvent(
          context.webhooks,
          OPERATION_EVENTS[name],
          () => operationEvent(name, request.id, request.body, outcome, context.now()),
          request.log,
        );
      let input;
      try {
        input = validate(contract.input, request.body);
      } catch (error) {
        await emit({ error });
        throw error;
      }
      if (context.jobs && ASYNC_OPERATIONS.includes(name) && prefersAsync(request.headers.prefer)) {
        const job = await context.jobs.submit({
          id: `job_${randomBytes(12).toString('hex')}`,
          operation: name,
          input,
          request_id: request.id,
          key_id: request.apiKey!.id,
          created_at: new Date(context.now()).toISOString(),
        });
        return reply
          .code(202)
          .header('location', `/v1/jobs/${job.id}`)
          .header('preference-applied', 'respond-async')
          .send(job);
      }
      const signal = abortWhenClientLeaves(reply);
      const run = async (onEvent?: (event: OperationEvent) => void) => {
        try {
          const output = await context.engine.run(name, input as never, {
            signal,
            contextTokens: context.contextTokens,
            onEvent,
          });
          await emit({ output: output as never });
          return output;
        } catch (error) {
          await emit({ error });
          throw error;
        }
      };
      if (options.streams && wantsEventStream(request, input)) {
        return sendEventStream(request, reply, (onEvent) => run(onEvent));
      }
      const output = await run();
      return reply.code(status).send(output);
    },
  );
}

/** RFC 7240: `Prefer: respond-async` (among other preferences, any case). */
function prefersAsync(header: string | string[] | undefined): boolean {
  return [header ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .some((preference) => preference.split(';')[0]!.trim().toLowerCase() === 'respond-async');
}

/** A signal aborted when the client closes the connection before the answer is sent. */
function abortWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
}
