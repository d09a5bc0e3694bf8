// The retry schedule: the Standard Webhooks default, the environment override, jitter bounds and
// Retry-After.
import assert from 'node:assert/strict';
import {
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  nextDelayMs,
  parseRetryAfter,
  parseRetrySchedule,
} from '../../../api/src/webhooks/retrySchedule';

describe('webhook retry schedule', () => {
  it('defaults to the Standard Webhooks example schedule and parses overrides', () => {
    assert.deepEqual(parseRetrySchedule(undefined), DEFAULT_RETRY_SCHEDULE_SECONDS);
    assert.deepEqual(DEFAULT_RETRY_SCHEDULE_SECONDS, [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    assert.deepEqual(parseRetrySchedule(' 1, 10 ,0.5'), [1, 10, 0.5]);
    for (const bad of ['a', '1,,2', '-1', '1e9', Array(51).fill('1').join(',')])
      assert.throws(() => parseRetrySchedule(bad), /CODEWRIGHT_WEBHOOK_RETRY_SCHEDULE/, bad);
  });

  it('jitters each delay by at most 20% and stops after the last', () => {
    assert.equal(
      nextDelayMs([5, 300], 1, null, () => 0),
      4000,
    );
    assert.equal(
      nextDelayMs([5, 300], 1, null, () => 1),
      6000,
    );
    assert.equal(
      nextDelayMs([5, 300], 2, null, () => 0.5),
      300_000,
    );
    assert.equal(nextDelayMs([5, 300], 3, null), undefined);
  });

  it('waits for a longer Retry-After (capped at a day), never a shorter one', () => {
    assert.equal(
      nextDelayMs([5], 1, 60_000, () => 0.5),
      60_000,
    );
    assert.equal(
      nextDelayMs([5], 1, 1000, () => 0.5),
      5000,
    );
    assert.equal(
      nextDelayMs([5], 1, 10 * 86_400_000, () => 0.5),
      86_400_000,
    );
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('120', now), 120_000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now), 60_000);
    assert.equal(parseRetryAfter('soon', now), null);
    assert.equal(parseRetryAfter(undefined, now), null);
  });
});
