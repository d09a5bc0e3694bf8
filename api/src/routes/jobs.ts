// /v1/jobs/{id}: a job submitted with `Prefer: respond-async` — its status, progress and, once
// finished, the operation's own response or error envelope; DELETE cancels it. A job is visible
// only to the API key that submitted it (another key gets 404, as for an unknown id).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CodewrightError } from '../../../server/src/engine/errors';
import type { RouteContext } from '../app';
import { JobView } from '../jobs/contract';

export async function jobRoutes(app: FastifyInstance, { jobs }: RouteContext): Promise<void> {
  if (!jobs) return;
  const doc = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tag: 'jobs',
    status: 200,
    response: { name: 'Job', schema: JobView },
  });
  app.get<{ Params: { id: string } }>(
    '/v1/jobs/:id',
    { config: { doc: doc('getJob', 'An asynchronous job: status, progress, result or error') } },
    async (request) => (await jobs.get(request.params.id, keyOf(request))) ?? notFound(request.params.id),
  );
  app.delete<{ Params: { id: string } }>(
    '/v1/jobs/:id',
    { config: { doc: doc('cancelJob', 'Cancel a queued or running job (a finished one is left as it is)') } },
    async (request) => (await jobs.cancel(request.params.id, keyOf(request))) ?? notFound(request.params.id),
  );
}

function keyOf(request: FastifyRequest): string {
  return request.apiKey!.id;
}

function notFound(id: string): never {
  throw new CodewrightError('NOT_FOUND', `No job with id '${id}' (unknown, expired, or another key's)`, {
    field: 'id',
    issue: 'not found',
  });
}
