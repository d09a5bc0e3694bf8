// The webhooks of one api: registration (with the SSRF and secret checks), the durable queueing
// of events, and their delivery. Routes and operation hooks talk only to this class; storage is the
// registry and delivery queue of store.ts: files and an in-process loop (embedded), or Redis and a
// BullMQ queue (redisWebhooks.ts).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CodewrightError, invalidField } from '../../../server/src/engine/errors';
import type {
  Delivery,
  WebhookCreated,
  WebhookInput,
  WebhookSummary,
} from '../../../server/src/engine/contracts/webhooks';
import type { WebhookEvent } from './events';
import { FileOutbox } from './fileOutbox';
import { FileWebhookRegistry } from './fileRegistry';
import { LocalDelivery } from './localDelivery';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from './retrySchedule';
import { DEFAULT_TIMEOUT_MS, WebhookSender } from './sender';
import { generateSecret, secretProblem } from './signing';
import { targetProblem, type TargetPolicy } from './ssrfGuard';
import type {
  DeliveryDeps,
  DeliveryQueue,
  DeliveryState,
  OutboxMessage,
  StoredWebhook,
  WebhookRegistry,
} from './store';

export interface WebhookSettings {
  /** Development: loopback receivers (http://localhost, 127.0.0.1, ::1) allowed. */
  allowLocal: boolean;
  /** Seconds between attempts after the first (default: Standard Webhooks' schedule). */
  retrySchedule: readonly number[];
  /** Time limit of one attempt. */
  timeoutMs: number;
  /** Attempts in flight at once, in all and per endpoint. */
  concurrency: number;
  perEndpoint: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowLocal: false,
  retrySchedule: DEFAULT_RETRY_SCHEDULE_SECONDS,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  concurrency: 32,
  perEndpoint: 8,
};

/** CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL, CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE, CODEWRIGHT_WEBHOOK_TIMEOUT_MS. */
export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<WebhookSettings> {
  const settings: Partial<WebhookSettings> = {};
  if (env.CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL !== undefined)
    settings.allowLocal = ['1', 'true', 'yes'].includes(env.CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL.toLowerCase());
  if (env.CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE)
    settings.retrySchedule = parseRetrySchedule(env.CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE);
  const timeout = Number(env.CODEWRIGHT_WEBHOOK_TIMEOUT_MS);
  if (env.CODEWRIGHT_WEBHOOK_TIMEOUT_MS && Number.isSafeInteger(timeout) && timeout > 0)
    settings.timeoutMs = timeout;
  return settings;
}

export interface WebhookServiceOptions extends Partial<WebhookSettings> {
  /** DNS for the SSRF guard (tests play rebinding with it). */
  resolve?: TargetPolicy['resolve'];
  now?: () => number;
  log?: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

export class WebhookService {
  private readonly settings: WebhookSettings;
  private readonly policy: TargetPolicy;
  private readonly sender: WebhookSender;
  private readonly delivery: DeliveryQueue;
  private readonly now: () => number;

  /** `delivery` builds the queue from the service's sender and settings (LocalDelivery, BullDelivery). */
  constructor(
    private readonly registry: WebhookRegistry,
    delivery: (deps: DeliveryDeps) => DeliveryQueue,
    private readonly options: WebhookServiceOptions = {},
  ) {
    this.settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...definedOnly(options) };
    this.policy = { allowLocal: this.settings.allowLocal, resolve: options.resolve };
    this.now = options.now ?? Date.now;
    this.sender = new WebhookSender({
      policy: this.policy,
      timeoutMs: this.settings.timeoutMs,
      maxSocketsPerOrigin: this.settings.perEndpoint,
    });
    this.delivery = delivery({
      registry,
      schedule: this.settings.retrySchedule,
      concurrency: this.settings.concurrency,
      perEndpoint: this.settings.perEndpoint,
      send: (url, headers, body, signal) => this.sender.send(url, headers, body, signal),
      now: this.now,
      log: options.log,
    });
  }

  get allowLocal(): boolean {
    return this.settings.allowLocal;
  }

  /** Validates and stores a webhook; the secret is in the answer only when it was generated. */
  async register(input: WebhookInput): Promise<WebhookCreated> {
    const urlProblem = await targetProblem(input.url, this.policy);
    if (urlProblem) throw invalidField('url', urlProblem, `Invalid webhook url: ${urlProblem}`);
    if (input.secret !== undefined) {
      const problem = secretProblem(input.secret);
      if (problem) throw invalidField('secret', problem, `Invalid webhook secret: ${problem}`);
    }
    const secret = input.secret ?? generateSecret();
    const webhook: StoredWebhook = {
      id: `wh_${randomBytes(12).toString('hex')}`,
      url: input.url,
      events: input.events,
      secret,
      created_at: new Date(this.now()).toISOString(),
      disabled_at: null,
      disabled_reason: null,
    };
    await this.registry.add(webhook);
    return { ...publicView(webhook), ...(input.secret === undefined ? { secret } : {}) };
  }

  list(): WebhookSummary[] {
    return this.registry.list().map((webhook) => ({
      ...publicView(webhook),
      active: webhook.disabled_at === null,
      disabled_at: webhook.disabled_at,
      disabled_reason: webhook.disabled_reason,
    }));
  }

  async remove(id: string): Promise<void> {
    if (!(await this.registry.remove(id))) throw notFound(id);
    await this.delivery.cancel(id, 'webhook deleted');
  }

  async deliveries(id: string): Promise<Delivery[]> {
    if (!this.registry.get(id)) throw notFound(id);
    return (await this.delivery.history(id)).map(deliveryView);
  }

  /** True when some active webhook subscribes to the event kind (then emitting costs an fsync). */
  wants(kind: WebhookEvent['event']): boolean {
    return this.registry.list().some((webhook) => !webhook.disabled_at && webhook.events.includes(kind));
  }

  /**
   * Queues an event for every active webhook subscribed to its kind. Resolves once the queue holds
   * it durably (outbox on disk, or jobs in Redis); delivery happens later.
   */
  async emit(event: WebhookEvent): Promise<void> {
    const targets = this.registry
      .list()
      .filter((webhook) => !webhook.disabled_at && webhook.events.includes(event.event));
    if (targets.length === 0) return;
    const body = JSON.stringify(event);
    const createdAt = new Date(this.now()).toISOString();
    const messages: OutboxMessage[] = targets.map((webhook) => ({
      id: `msg_${randomBytes(12).toString('hex')}`,
      webhook_id: webhook.id,
      event: event.event,
      body,
      created_at: createdAt,
    }));
    await this.delivery.enqueue(messages);
  }

  /** Deliveries waiting or in flight in this process. */
  get backlog(): number {
    return this.delivery.backlog;
  }

  start(): void {
    this.delivery.start();
  }

  async close(): Promise<void> {
    await this.delivery.close();
    this.sender.close();
    await this.registry.close?.();
  }
}

/** The embedded backend: webhooks/endpoints.json and webhooks/outbox.log in the data folder. */
export async function openFileWebhooks(
  dataDir: string,
  options: WebhookServiceOptions = {},
): Promise<WebhookService> {
  const dir = join(dataDir, 'webhooks');
  const outbox = await FileOutbox.open(dir);
  try {
    return new WebhookService(
      new FileWebhookRegistry(dir),
      (deps) => new LocalDelivery(outbox, deps),
      options,
    );
  } catch (error) {
    await outbox.close();
    throw error;
  }
}

function publicView(webhook: StoredWebhook): WebhookCreated {
  return { id: webhook.id, url: webhook.url, events: webhook.events, created_at: webhook.created_at };
}

function deliveryView(state: DeliveryState): Delivery {
  return {
    id: state.message.id,
    event: state.message.event,
    created_at: state.message.created_at,
    status: state.status,
    next_attempt_at: state.status === 'pending' ? new Date(state.next_at).toISOString() : null,
    attempts: state.attempts.map(({ message_id: _m, webhook_id: _w, ...attempt }) => attempt),
  };
}

function notFound(id: string): CodewrightError {
  return new CodewrightError('NOT_FOUND', `No webhook with id '${id}'`, { field: 'id', issue: 'not found' });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
