// The delivery loop: takes due deliveries from the outbox, at most `concurrency` at once and
// `perEndpoint` per webhook (so one slow receiver cannot hold every slot), signs each attempt
// afresh (new webhook-timestamp, same webhook-id), and records every attempt before acting on it.
// 2xx ends a delivery; 410 Gone disables the endpoint and cancels its other deliveries; anything
// else is retried on the schedule until it runs out.
import type { EventKind } from '../../../server/src/engine/contracts/webhooks';
import { attemptDelivery, goneReason } from './attempt';
import type { DeliveryOutbox, DeliveryState, SendAttempt, WebhookRegistry } from './store';

const RECORD_FAILURE_DELAY_MS = 5000;

export interface DispatcherOptions {
  schedule: readonly number[];
  concurrency: number;
  perEndpoint: number;
  send: SendAttempt;
  now?: () => number;
  random?: () => number;
  log?: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

export class DeliveryDispatcher {
  private readonly waiting = new Map<string, DeliveryState>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly perEndpoint = new Map<string, number>();
  private readonly abort = new AbortController();
  private timer?: NodeJS.Timeout;
  private timerAt = Infinity;
  private tickQueued = false;
  private running = false;
  private readonly now: () => number;

  constructor(
    private readonly registry: WebhookRegistry,
    private readonly outbox: DeliveryOutbox,
    private readonly options: DispatcherOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Starts delivering, beginning with what the outbox still holds from before a restart. */
  start(): void {
    if (this.running) return;
    this.running = true;
    // Copies: the dispatcher's own view of each delivery, whatever the backend keeps.
    for (const state of this.outbox.pending())
      this.waiting.set(state.message.id, { ...state, attempts: [...state.attempts] });
    this.wake();
  }

  /** New deliveries (already durable in the outbox). */
  add(states: DeliveryState[]): void {
    for (const state of states) this.waiting.set(state.message.id, state);
    this.wake();
  }

  /** Forgets a webhook's waiting deliveries (the outbox has cancelled them). */
  drop(webhookId: string): void {
    for (const [id, state] of this.waiting)
      if (state.message.webhook_id === webhookId) this.waiting.delete(id);
  }

  /** How many deliveries wait or are in flight. */
  get backlog(): number {
    return this.waiting.size + this.inFlight.size;
  }

  /**
   * Stops: no new attempts; attempts in flight are aborted and not recorded, so they are made
   * again (same webhook-id) after the next start.
   */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.abort.abort();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private wake(): void {
    if (this.tickQueued || !this.running) return;
    this.tickQueued = true;
    setImmediate(() => {
      this.tickQueued = false;
      this.tick();
    });
  }

  private tick(): void {
    if (!this.running) return;
    const now = this.now();
    let nextAt = Infinity;
    const due = [...this.waiting.values()].sort((a, b) => a.next_at - b.next_at);
    for (const state of due) {
      if (this.inFlight.size >= this.options.concurrency) break;
      if (state.next_at > now) {
        nextAt = Math.min(nextAt, state.next_at);
        continue;
      }
      const endpoint = state.message.webhook_id;
      if ((this.perEndpoint.get(endpoint) ?? 0) >= this.options.perEndpoint) continue;
      this.waiting.delete(state.message.id);
      this.perEndpoint.set(endpoint, (this.perEndpoint.get(endpoint) ?? 0) + 1);
      const attempt = this.attempt(state)
        .catch((error: Error) => {
          // The outbox could not record (disk full?): keep the delivery and try again later.
          this.options.log?.('warn', 'webhook attempt could not be recorded', { error: error.message });
          state.next_at = this.now() + RECORD_FAILURE_DELAY_MS;
          if (this.running) this.waiting.set(state.message.id, state);
        })
        .finally(() => {
          this.inFlight.delete(state.message.id);
          this.perEndpoint.set(endpoint, this.perEndpoint.get(endpoint)! - 1);
          this.wake();
        });
      this.inFlight.set(state.message.id, attempt);
    }
    this.schedule(nextAt);
  }

  private schedule(at: number): void {
    if (at === Infinity || at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timerAt = Infinity;
        this.tick();
      },
      Math.max(0, at - this.now()),
    );
    this.timer.unref();
  }

  private async attempt(state: DeliveryState): Promise<void> {
    const { message } = state;
    const webhook = this.registry.get(message.webhook_id);
    if (!webhook || webhook.disabled_at) {
      await this.outbox.cancel(message.webhook_id, webhook ? 'endpoint disabled' : 'webhook deleted');
      return;
    }
    const number = state.attempts.length + 1;
    const record = await attemptDelivery(webhook, message, number, {
      schedule: this.options.schedule,
      send: this.options.send,
      now: this.now,
      random: this.options.random,
      signal: this.abort.signal,
    });
    if (this.abort.signal.aborted) return; // shutting down: not recorded, attempted again after restart
    await this.outbox.record(record);
    state.attempts.push(record);
    if (record.outcome === 'retrying') {
      state.next_at = Date.parse(record.next_attempt_at!);
      if (this.running) this.waiting.set(message.id, state);
    } else if (record.outcome === 'disabled') {
      await this.disable(webhook.id, message.event);
    } else if (record.outcome === 'failed') {
      this.options.log?.('warn', 'webhook delivery failed after its last retry', {
        webhook_id: webhook.id,
        message_id: message.id,
        attempts: number,
      });
    }
  }

  private async disable(webhookId: string, event: EventKind): Promise<void> {
    await this.registry.disable(webhookId, goneReason(event), new Date(this.now()).toISOString());
    await this.outbox.cancel(webhookId, 'endpoint disabled (410 Gone)');
    this.drop(webhookId);
    this.options.log?.('warn', 'webhook disabled: the receiver answered 410 Gone', { webhook_id: webhookId });
  }
}
