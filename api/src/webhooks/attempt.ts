// One delivery attempt, whoever schedules it (the embedded dispatcher or a BullMQ worker): sign it
// afresh (new webhook-timestamp, same webhook-id), send it, and classify the answer. 2xx succeeds,
// 410 Gone disables the endpoint, anything else is retried while the schedule lasts.
import { nextDelayMs } from './retrySchedule';
import { signatureHeaders } from './signing';
import type { AttemptRecord, OutboxMessage, SendAttempt, StoredWebhook } from './store';

export interface AttemptOptions {
  schedule: readonly number[];
  send: SendAttempt;
  now: () => number;
  random?: () => number;
  signal: AbortSignal;
}

/** Makes attempt number `number` (1-based) of a message; `next_attempt_at` set when retrying. */
export async function attemptDelivery(
  webhook: StoredWebhook,
  message: OutboxMessage,
  number: number,
  options: AttemptOptions,
): Promise<AttemptRecord> {
  const started = options.now();
  const headers = signatureHeaders(webhook.secret, message.id, Math.floor(started / 1000), message.body);
  const result = await options.send(webhook.url, headers, message.body, options.signal);
  const finished = options.now();
  const record: AttemptRecord = {
    message_id: message.id,
    webhook_id: webhook.id,
    attempt: number,
    at: new Date(started).toISOString(),
    duration_ms: finished - started,
    status_code: result.status,
    error: result.error,
    outcome: 'failed',
    next_attempt_at: null,
  };
  if (result.status !== null && result.status >= 200 && result.status < 300) record.outcome = 'succeeded';
  else if (result.status === 410) record.outcome = 'disabled';
  else {
    const delay = nextDelayMs(options.schedule, number, result.retryAfterMs, options.random);
    if (delay !== undefined) {
      record.outcome = 'retrying';
      record.next_attempt_at = new Date(finished + delay).toISOString();
    }
  }
  return record;
}

/** Why a 410 disabled an endpoint (kept on the webhook, shown by GET /v1/webhooks). */
export function goneReason(event: string): string {
  return `the receiver answered 410 Gone to a ${event} delivery`;
}
