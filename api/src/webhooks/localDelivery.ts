// The embedded delivery queue: the durable outbox on disk (fileOutbox.ts) worked by one in-process
// loop (dispatcher.ts). Only the process holding the data folder's outbox lock delivers.
import { DeliveryDispatcher } from './dispatcher';
import type { DeliveryDeps, DeliveryOutbox, DeliveryQueue, DeliveryState, OutboxMessage } from './store';

export class LocalDelivery implements DeliveryQueue {
  private readonly dispatcher: DeliveryDispatcher;

  constructor(
    private readonly outbox: DeliveryOutbox,
    deps: DeliveryDeps,
  ) {
    this.dispatcher = new DeliveryDispatcher(deps.registry, outbox, deps);
  }

  async enqueue(messages: OutboxMessage[]): Promise<void> {
    await this.outbox.enqueue(messages);
    this.dispatcher.add(
      messages.map((message) => ({
        message,
        attempts: [],
        status: 'pending',
        next_at: Date.parse(message.created_at),
      })),
    );
  }

  async cancel(webhookId: string, reason: string): Promise<void> {
    this.dispatcher.drop(webhookId);
    await this.outbox.cancel(webhookId, reason);
  }

  async history(webhookId: string): Promise<DeliveryState[]> {
    return this.outbox.history(webhookId);
  }

  get backlog(): number {
    return this.dispatcher.backlog;
  }

  start(): void {
    this.dispatcher.start();
  }

  async close(): Promise<void> {
    await this.dispatcher.stop();
    await this.outbox.close();
  }
}
