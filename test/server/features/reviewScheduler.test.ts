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

  it('never aborts a short running review; requests made meanwhile collapse into one newer review', async () => {
    const signals: AbortSignal[] = [];
    const scheduler = new ReviewScheduler(async (_uri, signal) => {
      signals.push(signal);
      await tick(40);
    });
    const first = scheduler.schedule('a', 0);
    await tick(10);
    const second = scheduler.schedule('a', 0);
    const third = scheduler.schedule('a', 0);
    await Promise.all([first, second, third]);
    assert.equal(signals.length, 2, 'one review for the two requests made while the first ran');
    assert.equal(signals[0]!.aborted, false);
    assert.equal(signals[1]!.aborted, false);
  });

  it('aborts a running review superseded after it has run for abortAfterMs', async () => {
    const signals: AbortSignal[] = [];
    const scheduler = new ReviewScheduler(
      async (_uri, signal) => {
        signals.push(signal);
        await tick(60);
      },
      { abortAfterMs: 20 },
    );
    const first = scheduler.schedule('a', 0);
    await tick(35);
    const second = scheduler.schedule('a', 0);
    await Promise.all([first, second]);
    assert.equal(signals.length, 2);
    assert.equal(signals[0]!.aborted, true);
    assert.equal(signals[1]!.aborted, false);
  });

  it('waits for a review that started after the request, not one already running', async () => {
    const started: number[] = [];
    let count = 0;
    const scheduler = new ReviewScheduler(async () => {
      started.push(++count);
      await tick(30);
    });
    void scheduler.schedule('a', 0);
    await tick(5);
    await scheduler.schedule('a', 0);
    assert.deepEqual(started, [1, 2]);
  });

  it('starts the newer review without waiting for the older one, up to maxConcurrent at once', async () => {
    const log: string[] = [];
    let n = 0;
    const make = (maxConcurrent: number) =>
      new ReviewScheduler(
        async () => {
          const id = ++n;
          log.push(`start ${id}`);
          await tick(40);
          log.push(`end ${id}`);
        },
        { maxConcurrent },
      );
    const overlapping = make(2);
    const first = overlapping.schedule('a', 0);
    await tick(10);
    await Promise.all([first, overlapping.schedule('a', 0)]);
    assert.deepEqual(log, ['start 1', 'start 2', 'end 1', 'end 2']);
    log.length = 0;
    const serial = make(1);
    const third = serial.schedule('a', 0);
    await tick(10);
    await Promise.all([third, serial.schedule('a', 0)]);
    assert.deepEqual(log, ['start 3', 'end 3', 'start 4', 'end 4']);
  });

  it('with abortAfterMs 0 and one slot: aborts a superseded review at once, then runs the newer one after it', async () => {
    const log: string[] = [];
    let n = 0;
    const scheduler = new ReviewScheduler(
      async (_uri, signal) => {
        const id = ++n;
        log.push(`start ${id}`);
        // A review that stops soon after its abort, as an interrupted worker task does.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
        log.push(`${signal.aborted ? 'aborted' : 'end'} ${id}`);
      },
      { maxConcurrent: 1, abortAfterMs: 0 },
    );
    const started = Date.now();
    const first = scheduler.schedule('a', 0);
    await tick(20);
    const second = scheduler.schedule('a', 30);
    // Aborted by the newer request itself, not after its own debounce.
    await tick(10);
    assert.deepEqual(log, ['start 1', 'aborted 1']);
    await Promise.all([first, second]);
    assert.deepEqual(log, ['start 1', 'aborted 1', 'start 2', 'end 2']);
    assert.ok(Date.now() - started < 400, 'the superseded review did not run to its end');
  });

  it('makes the callers of an aborted review wait for the review that superseded it', async () => {
    const finished: number[] = [];
    let n = 0;
    const scheduler = new ReviewScheduler(
      async (_uri, signal) => {
        const id = ++n;
        await tick(50);
        if (!signal.aborted) finished.push(id);
      },
      { maxConcurrent: 1, abortAfterMs: 0 },
    );
    const first = scheduler.schedule('a', 0);
    await tick(10);
    const second = scheduler.schedule('a', 0);
    await first;
    assert.deepEqual(
      finished,
      [2],
      'the first caller was released by the second review, not the aborted one',
    );
    await second;
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
