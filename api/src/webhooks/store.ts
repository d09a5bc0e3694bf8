// What the webhook service needs from storage, as two small interfaces: the registry of endpoints
// and the delivery outbox. The embedded default keeps both as files in the data folder
// (fileRegistry.ts, fileOutbox.ts); a shared backend (Redis/BullMQ, docs/webhooks.md) implements
// the same two so the routes and the dispatcher do not change.
import { z } from 'zod';
import { EVENT_KINDS, type EventKind } from '../../../server/src/engine/contracts/webhooks';
import type { AttemptResult } from './sender';

export interface StoredWebhook {
  id: string;
  url: string;
  events: EventKind[];
  /** Kept to sign deliveries; never returned by the api after creation, never logged. */
  secret: string;
  created_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
}

/** A stored record as read back from a file or Redis (validated: it holds a signing secret). */
export const StoredWebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_KINDS)),
  secret: z.string(),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
});

export interface WebhookRegistry {
  list(): StoredWebhook[];
  get(id: string): StoredWebhook | undefined;
  add(webhook: StoredWebhook): Promise<void>;
  /** False when there is no such webhook. */
  remove(id: string): Promise<boolean>;
  disable(id: string, reason: string, at: string): Promise<void>;
  /** Releases connections (Redis); the file registry has none. */
  close?(): Promise<void>;
}

/** One event for one endpoint. Its id is the `webhook-id` of every attempt. */
export interface OutboxMessage {
  id: string;
  webhook_id: string;
  event: EventKind;
  /** The exact JSON body that is signed and sent. */
  body: string;
  created_at: string;
}

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'disabled';

export interface AttemptRecord {
  message_id: string;
  webhook_id: string;
  /** 1 for the first attempt. */
  attempt: number;
  at: string;
  duration_ms: number;
  /** The receiver's HTTP status, null when none came (refused, timeout, connection error). */
  status_code: number | null;
  error: string | null;
  outcome: AttemptOutcome;
  next_attempt_at: string | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface DeliveryState {
  message: OutboxMessage;
  attempts: AttemptRecord[];
  status: DeliveryStatus;
  /** Epoch ms of the next attempt while pending. */
  next_at: number;
  /** Why a delivery was cancelled (webhook deleted or disabled). */
  reason?: string;
}

export interface DeliveryOutbox {
  /** Queues messages; they count as queued (and survive a crash) once the promise resolves. */
  enqueue(messages: OutboxMessage[]): Promise<void>;
  /** Records one attempt and the delivery's resulting state. */
  record(attempt: AttemptRecord): Promise<void>;
  /** Ends every pending delivery of a webhook (deleted, or disabled by a 410). */
  cancel(webhookId: string, reason: string): Promise<void>;
  /** Deliveries still to make (after a restart: those queued before it and not finished). */
  pending(): DeliveryState[];
  /** A webhook's recent deliveries, newest first. */
  history(webhookId: string): DeliveryState[];
  close(): Promise<void>;
}

/**
 * How queued events reach their receivers: the embedded outbox with the in-process loop
 * (localDelivery.ts), or a BullMQ queue every instance works on (bullDelivery.ts).
 */
export interface DeliveryQueue {
  /** Resolves once the messages are durable (outbox fsync'ed, or the jobs in Redis). */
  enqueue(messages: OutboxMessage[]): Promise<void>;
  /** Ends every pending delivery of a webhook. */
  cancel(webhookId: string, reason: string): Promise<void>;
  /** A webhook's recent deliveries, newest first. */
  history(webhookId: string): Promise<DeliveryState[]>;
  /** Deliveries waiting or in flight in this process. */
  readonly backlog: number;
  start(): void;
  close(): Promise<void>;
}

/** What a delivery queue is built from: the service's registry, sender and settings. */
export interface DeliveryDeps {
  registry: WebhookRegistry;
  schedule: readonly number[];
  concurrency: number;
  perEndpoint: number;
  send: SendAttempt;
  now: () => number;
  log?: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

/** Sends one signed attempt (sender.ts in production; tests replace it). */
export type SendAttempt = (
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
) => Promise<AttemptResult>;
