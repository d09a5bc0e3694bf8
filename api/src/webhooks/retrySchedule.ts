// When the next attempt happens. The default is the Standard Webhooks example schedule: after the
// immediate first attempt, retries 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h apart
// (about three days in all). Each delay gets ±20% random jitter so endpoints that failed together
// are not retried in lockstep; a receiver's Retry-After wins when it asks for longer (up to a day).

export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];
export const JITTER = 0.2;
export const MAX_RETRY_AFTER_SECONDS = 86400;

/** CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE: comma-separated seconds between attempts (decimals allowed). */
export function parseRetrySchedule(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') return DEFAULT_RETRY_SCHEDULE_SECONDS;
  const delays = text.split(',').map((part) => (part.trim() === '' ? NaN : Number(part.trim())));
  if (
    delays.length > 50 ||
    delays.some((delay) => !Number.isFinite(delay) || delay < 0 || delay > 7 * 86400)
  ) {
    throw new Error(
      'CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds between attempts, each 0..604800, at most 50 (e.g. "5,300,1800")',
    );
  }
  return delays;
}

/**
 * Milliseconds to wait before the attempt after attempt number `attempt` (1-based), or undefined
 * when the schedule is exhausted and the delivery has failed.
 */
export function nextDelayMs(
  schedule: readonly number[],
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | undefined {
  const base = schedule[attempt - 1];
  if (base === undefined) return undefined;
  const jittered = base * 1000 * (1 - JITTER + 2 * JITTER * random());
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_SECONDS * 1000);
  return Math.round(Math.max(jittered, asked));
}

/** A Retry-After header (delay-seconds or an HTTP date) in ms from `now`; null when absent or malformed. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
