// GET /v1/health, the one route that needs no key: is the server up, which version and engine.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { version } from '../../../package.json';
import type { RouteContext } from '../app';

export const Health = z.object({
  status: z.literal('ok'),
  version: z.string(),
  engine: z.object({
    tier: z.enum(['builtin', 'model']),
    operations: z.array(z.string()).meta({ description: 'The operations this engine offers.' }),
    workers: z
      .object({ running: z.int(), busy: z.int(), queued: z.int() })
      .meta({ description: 'The worker pool: processes running, busy with a task, tasks waiting.' }),
  }),
  uptime_seconds: z.number().min(0),
  store: z
    .object({
      backend: z.enum(['embedded', 'redis']),
      status: z.enum(['ok', 'unavailable']),
      latency_ms: z.number().min(0).optional(),
    })
    .optional()
    .meta({
      description: 'Where keys, limits and configuration live, and whether it answers (Redis: PING latency).',
    }),
});

export async function healthRoutes(
  app: FastifyInstance,
  { engine, now, startedAt, state }: RouteContext,
): Promise<void> {
  app.get(
    '/v1/health',
    {
      config: {
        doc: {
          operationId: 'health',
          summary: 'Liveness, version and engine tier (no API key needed)',
          tag: 'meta',
          status: 200,
          response: { name: 'Health', schema: Health },
          public: true,
        },
      },
    },
    async (): Promise<z.output<typeof Health>> => ({
      status: 'ok',
      version,
      engine: {
        tier: engine.tier,
        operations: [...engine.operations].sort(),
        workers: engine.pool.stats(),
      },
      uptime_seconds: Math.max(0, Math.round((now() - startedAt) / 1000)),
      ...(state ? { store: await state.health() } : {}),
    }),
  );
}
