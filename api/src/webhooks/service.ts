// The webhooks of one api: registration (with the SSRF and secret checks), the durable queueing
// of events, and the delivery loop. Routes and operation hooks talk only to this class; storage is
// the two interfaces of store.ts, so another backend can replace the files.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CodewrightError, invalidField } from '../../../server/src/engine/errors';
import type {
  Delivery,
  WebhookCreated,
  WebhookInput,
  WebhookSummary,
} from '../../../server/src/engine/contracts/webhooks';
import { DeliveryDispatcher } from './dispatcher';
import type { WebhookEvent } from './events';
import { FileOutbox } from './fileOutbox';
import { FileWebhookRegistry } from './fileRegistry';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from './retrySchedule';
import { DEFAULT_TIMEOUT_MS, WebhookSender } from './sender';
import { generateSecret, secretProblem } from './signing';
import { targetProblem, type TargetPolicy } from './ssrfGuard';
import type { DeliveryOutbox, DeliveryState, OutboxMessage, StoredWebhook, WebhookRegistry } from './store';

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
  private readonly dispatcher: DeliveryDispatcher;
  private readonly now: () => number;

  constructor(
    private readonly registry: WebhookRegistry,
    private readonly outbox: DeliveryOutbox,
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
    this.dispatcher = new DeliveryDispatcher(registry, outbox, {
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
    this.dispatcher.drop(id);
    await this.outbox.cancel(id, 'webhook deleted');
  }

  deliveries(id: string): Delivery[] {
    if (!this.registry.get(id)) throw notFound(id);
    return this.outbox.history(id).map(deliveryView);
  }

  /** True when some active webhook subscribes to the event kind (then emitting costs an fsync). */
  wants(kind: WebhookEvent['event']): boolean {
    return this.registry.list().some((webhook) => !webhook.disabled_at && webhook.events.includes(kind));
  }

  /**
   * Queues an event for every active webhook subscribed to its kind. Resolves once the outbox has
   * it on disk; delivery happens later, in the loop.
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
    await this.outbox.enqueue(messages);
    this.dispatcher.add(
      messages.map((message) => ({
        message,
        attempts: [],
        status: 'pending',
        next_at: Date.parse(createdAt),
      })),
    );
  }

  /** Deliveries waiting or in flight in this process. */
  get backlog(): number {
    return this.dispatcher.backlog;
  }

  start(): void {
    this.dispatcher.start();
  }

  async close(): Promise<void> {
    await this.dispatcher.stop();
    this.sender.close();
    await this.outbox.close();
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
    return new WebhookService(new FileWebhookRegistry(dir), outbox, options);
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
