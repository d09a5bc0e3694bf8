// /v1/webhooks: register (201, the generated secret shown once), list, delete, and each webhook's
// delivery attempts. Present when the api was given a webhook service (startApi always does).
import type { FastifyInstance } from 'fastify';
import { validate } from '../../../server/src/engine/contracts';
import {
  DeliveryList,
  WebhookCreated,
  WebhookDeleted,
  WebhookInput,
  WebhookList,
} from '../../../server/src/engine/contracts/webhooks';
import type { RouteContext } from '../app';

export async function webhookRoutes(app: FastifyInstance, { webhooks }: RouteContext): Promise<void> {
  if (!webhooks) return;
  const tag = 'webhooks';
  app.post(
    '/v1/webhooks',
    {
      config: {
        doc: {
          operationId: 'createWebhook',
          summary: 'Register a webhook (the secret is never returned, except a generated one, once)',
          tag,
          status: 201,
          request: { name: 'WebhookRequest', schema: WebhookInput },
          response: { name: 'WebhookCreated', schema: WebhookCreated },
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.register(validate(WebhookInput, request.body))),
  );
  app.get(
    '/v1/webhooks',
    {
      config: {
        doc: {
          operationId: 'listWebhooks',
          summary: 'List webhooks (never their secrets)',
          tag,
          status: 200,
          response: { name: 'WebhookList', schema: WebhookList },
        },
      },
    },
    async () => ({ webhooks: webhooks.list() }),
  );
  app.delete<{ Params: { id: string } }>(
    '/v1/webhooks/:id',
    {
      config: {
        doc: {
          operationId: 'deleteWebhook',
          summary: 'Delete a webhook; its pending deliveries are cancelled',
          tag,
          status: 200,
          response: { name: 'WebhookDeleted', schema: WebhookDeleted },
        },
      },
    },
    async (request) => {
      await webhooks.remove(request.params.id);
      return { id: request.params.id, deleted: true };
    },
  );
  app.get<{ Params: { id: string } }>(
    '/v1/webhooks/:id/deliveries',
    {
      config: {
        doc: {
          operationId: 'listWebhookDeliveries',
          summary: "A webhook's recent deliveries (newest first) with every attempt",
          tag,
          status: 200,
          response: { name: 'DeliveryList', schema: DeliveryList },
        },
      },
    },
    async (request) => ({ deliveries: await webhooks.deliveries(request.params.id) }),
  );
}
