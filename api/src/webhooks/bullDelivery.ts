// The shared delivery queue: one BullMQ job per (event, endpoint), its job id the message id (the
// `webhook-id`), worked by every instance on the same Redis. BullMQ does the rest: the job is in
// Redis before emit() resolves, a worker takes it, retries follow the schedule through a custom
// backoff (the delay each attempt computed, Retry-After included), and a job whose worker died
// (SIGKILL) is taken over by another instance once its lock expires (stalled-job recovery). Such a
// takeover may repeat an attempt the dead worker had sent: the receiver sees the same webhook-id
// twice, which Standard Webhooks receivers deduplicate (docs/webhooks.md).
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { lockOptions, type QueueSettings } from '../store/queueSettings';
import { attemptDelivery, goneReason } from './attempt';
import type { RedisDeliveryLog } from './redisDeliveryLog';
import type { DeliveryDeps, DeliveryQueue, DeliveryState, OutboxMessage, StoredWebhook } from './store';

export const WEBHOOK_QUEUE = 'webhooks';
const KEEP_FINISHED_SECONDS = 86400;

/** Thrown by an attempt to retry: carries the delay the schedule (or Retry-After) chose. */
class RetryLater extends Error {
  constructor(readonly delayMs: number) {
    super('delivery attempt failed; retrying');
  }
}

export interface BullDeliveryOptions {
  /** Connection for the queue and worker (one that waits through outages); close() disconnects it. */
  connection: Redis;
  queue: QueueSettings;
  log: RedisDeliveryLog;
  /** Reads a webhook from Redis when this instance's copy does not know it yet. */
  lookup: (id: string) => Promise<StoredWebhook | undefined>;
}

export class BullDelivery implements DeliveryQueue {
  private readonly queue: Queue<OutboxMessage>;
  private worker?: Worker<OutboxMessage>;
  private readonly abort = new AbortController();
  private active = 0;

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly options: BullDeliveryOptions,
  ) {
    this.queue = new Queue(WEBHOOK_QUEUE, { connection: options.connection, prefix: options.queue.prefix });
  }

  async enqueue(messages: OutboxMessage[]): Promise<void> {
    await this.options.log.enqueue(messages);
    await this.queue.addBulk(
      messages.map((message) => ({
        name: message.event,
        data: message,
        opts: {
          jobId: message.id,
          // Every attempt of the schedule; the last failure is final (UnrecoverableError).
          attempts: this.deps.schedule.length + 1,
          backoff: { type: 'schedule' },
          removeOnComplete: { age: KEEP_FINISHED_SECONDS },
          removeOnFail: { age: KEEP_FINISHED_SECONDS },
        },
      })),
    );
  }

  async cancel(webhookId: string, reason: string): Promise<void> {
    const ids = await this.options.log.cancel(webhookId, reason);
    // Waiting and delayed jobs go at once; one being attempted ends as cancelled when it runs.
    await Promise.all(ids.map((id) => this.queue.remove(id).catch(() => 0)));
  }

  history(webhookId: string): Promise<DeliveryState[]> {
    return this.options.log.history(webhookId);
  }

  get backlog(): number {
    return this.active;
  }

  start(): void {
    if (this.worker) return;
    this.worker = new Worker<OutboxMessage>(WEBHOOK_QUEUE, (job, token) => this.process(job, token), {
      connection: this.options.connection,
      prefix: this.options.queue.prefix,
      concurrency: this.deps.concurrency,
      ...lockOptions(this.options.queue, 5),
      settings: {
        backoffStrategy: (_attempts, _type, error) => (error instanceof RetryLater ? error.delayMs : 1000),
      },
    });
    this.worker.on('error', (error) =>
      this.deps.log?.('warn', 'webhook queue worker error', { error: error.message }),
    );
  }

  /**
   * Stops taking jobs; attempts in flight are aborted and handed back to the queue unrecorded, so
   * another instance (or this one after a restart) makes them again under the same webhook-id.
   */
  async close(): Promise<void> {
    this.abort.abort();
    await this.worker?.close();
    await this.queue.close();
    this.options.connection.disconnect();
  }

  private async process(job: Job<OutboxMessage>, token?: string): Promise<string> {
    const message = job.data;
    const state = await this.options.log.get(message.id);
    // Cancelled meanwhile, or finished by a worker that died before BullMQ heard of it.
    if (state && state.status !== 'pending') return state.status;
    const webhook =
      this.deps.registry.get(message.webhook_id) ?? (await this.options.lookup(message.webhook_id));
    if (!webhook || webhook.disabled_at) {
      await this.options.log.cancel(message.webhook_id, webhook ? 'endpoint disabled' : 'webhook deleted');
      return 'cancelled';
    }
    this.active++;
    try {
      const record = await attemptDelivery(webhook, message, (state?.attempts.length ?? 0) + 1, {
        schedule: this.deps.schedule,
        send: this.deps.send,
        now: this.deps.now,
        signal: this.abort.signal,
      });
      if (this.abort.signal.aborted) {
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      await this.options.log.record(record);
      if (record.outcome === 'retrying')
        throw new RetryLater(Math.max(0, Date.parse(record.next_attempt_at!) - this.deps.now()));
      if (record.outcome === 'disabled') {
        await this.deps.registry.disable(
          webhook.id,
          goneReason(message.event),
          new Date(this.deps.now()).toISOString(),
        );
        await this.cancel(webhook.id, 'endpoint disabled (410 Gone)');
      }
      if (record.outcome === 'failed') {
        this.deps.log?.('warn', 'webhook delivery failed after its last retry', {
          webhook_id: webhook.id,
          message_id: message.id,
          attempts: record.attempt,
        });
        throw new UnrecoverableError('delivery failed after its last retry');
      }
      return record.outcome;
    } finally {
      this.active--;
    }
  }
}
