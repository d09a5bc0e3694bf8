// How a route hands an event to the webhooks once its response is decided: built only when some
// webhook wants that kind, awaited until the outbox has it on disk (so a client that got its answer
// knows the event will be delivered, even across a crash), and never able to fail the request.
import type { FastifyBaseLogger } from 'fastify';
import type { EventKind } from '../../../server/src/engine/contracts/webhooks';
import type { WebhookEvent } from './events';
import type { WebhookService } from './service';

export async function emitEvent(
  webhooks: WebhookService | undefined,
  kind: EventKind,
  build: () => WebhookEvent,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!webhooks?.wants(kind)) return;
  try {
    await webhooks.emit(build());
  } catch (error) {
    log.warn({ event: kind, error: (error as Error).message }, 'webhook event could not be queued');
  }
}
