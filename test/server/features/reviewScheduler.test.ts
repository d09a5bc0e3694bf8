import assert from 'node:assert/strict';
import { ReviewScheduler } from '../../../server/src/features/reviewScheduler';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('features/reviewScheduler', () => {
  it('runs only the last of several requests inside the debounce window', async () => {
    const runs: string[] = [];
    const scheduler = new ReviewScheduler(async (uri) => void runs.push(uri));
    void scheduler.schedule('a', 30);
    void scheduler.schedule('a', 30);
    const last = scheduler.schedule('a', 30);
    await last;
    assert.deepEqual(runs, ['a']);
  });

  it('aborts a running review when a newer one is scheduled', async () => {
    const signals: AbortSignal[] = [];
    const scheduler = new ReviewScheduler(async (_uri, signal) => {
      signals.push(signal);
      await tick(40);
    });
    const first = scheduler.schedule('a', 0);
    await tick(10);
    const second = scheduler.schedule('a', 0);
    await Promise.all([first, second]);
    assert.equal(signals.length, 2);
    assert.equal(signals[0]!.aborted, true);
    assert.equal(signals[1]!.aborted, false);
  });

  it('keeps documents independent and releases whoever waits on a cancelled request', async () => {
    const runs: string[] = [];
    const scheduler = new ReviewScheduler(async (uri) => void runs.push(uri));
    const a = scheduler.schedule('a', 20);
    const b = scheduler.schedule('b', 20);
    scheduler.cancel('a');
    await Promise.all([a, b]);
    assert.deepEqual(runs, ['b']);
    assert.equal(scheduler.isPending('b'), false);
  });

  it('survives a failing review', async () => {
    const scheduler = new ReviewScheduler(async () => {
      throw new Error('boom');
    });
    await scheduler.schedule('a', 0);
    assert.equal(scheduler.isPending('a'), false);
  });
});
