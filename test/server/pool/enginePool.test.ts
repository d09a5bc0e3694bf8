// The worker pool's guarantees, with a stand-in worker that misbehaves on request (fixtures/):
// time limits and memory caps kill the worker and answer ANALYSIS_LIMIT, a crash is survived,
// a cancel frees the worker at once, a full queue is refused with SERVER_BUSY, and idle workers stop.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../../server/src/engine/contracts/config';
import { CodewrightError } from '../../../server/src/engine/errors';
import {
  EnginePool,
  INTERRUPTS_WITHOUT_KILLING,
  InternalTaskError,
  type PoolLog,
} from '../../../server/src/pool/enginePool';
import type { PoolSettings } from '../../../server/src/pool/poolSettings';

const HOSTILE_WORKER = join(__dirname, 'fixtures', 'hostileWorker.js');
const SLOW_START_WORKER = join(__dirname, 'fixtures', 'slowStartWorker.js');
const context = { config: DEFAULT_CONFIG, roots: [] };

interface Fake {
  mode: string;
  ms?: number;
  /** Counted by the stand-in each time it starts the task (`started` mode reads the count). */
  tag?: string;
  of?: string;
  /** The stand-in says, as the real worker does, that it takes a next task while it runs one. */
  takesNext?: boolean;
  /** A file whose absence makes `strayEndsProcess` end its process (once). */
  marker?: string;
}

function hostilePool(settings: Partial<PoolSettings> = {}, log?: PoolLog): EnginePool {
  return new EnginePool({ workerScript: HOSTILE_WORKER, settings: { workers: 2, ...settings }, log });
}

// The fake payloads are not the real tasks' payloads; the pool passes them through untouched.
function run(pool: EnginePool, payload: Fake, signal?: AbortSignal): Promise<{ pid: number }> {
  return pool.run('review', payload as never, { ...context, signal }) as Promise<never>;
}

async function rejection(promise: Promise<unknown>): Promise<CodewrightError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CodewrightError, `expected a CodewrightError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

describe('pool/EnginePool', function () {
  this.timeout(30_000);
  let pool: EnginePool;
  afterEach(() => pool?.close());

  it('starts no worker before the first task, and runs tasks in another process', async () => {
    pool = hostilePool();
    assert.deepEqual(pool.stats(), { running: 0, busy: 0, queued: 0 });
    const { pid } = await run(pool, { mode: 'echo' });
    assert.notEqual(pid, process.pid);
  });

  it('tells the worker whether its caller can cancel the task (only then do its stages break on SIGINT)', async () => {
    pool = hostilePool({ workers: 1 });
    const echo = (signal?: AbortSignal) =>
      run(pool, { mode: 'echo' }, signal) as Promise<{ pid: number; interruptible?: boolean }>;
    assert.equal((await echo()).interruptible, false, 'no signal: nobody can cancel it');
    // Near-miss: a signal that has not aborted still makes the task cancellable.
    assert.equal((await echo(new AbortController().signal)).interruptible, true);
  });

  it('kills a task over its time limit: ANALYSIS_LIMIT naming the limit, and the next task is served', async () => {
    // The limit counts from the moment the worker starts the task.
    pool = hostilePool({ timeLimitMs: 1500 });
    const started = Date.now();
    const error = await rejection(run(pool, { mode: 'spin' }));
    assert.equal(error.code, 'ANALYSIS_LIMIT');
    assert.equal(error.status, 422);
    assert.match(error.message, /time limit of 1\.5 s/);
    assert.equal(error.details.limit, 'time');
    assert.ok(Date.now() - started < 4000, 'answered soon after the limit');
    assert.ok((await run(pool, { mode: 'echo' })).pid > 0);
  });

  it("does not count a cold worker's start-up against the task's time limit", async () => {
    // Start-up takes 2 s, the limit is 1 s and the task needs 0.3 s: it must succeed.
    pool = new EnginePool({ workerScript: SLOW_START_WORKER, settings: { workers: 1, timeLimitMs: 1000 } });
    assert.ok((await run(pool, { mode: 'sleep', ms: 300 })).pid > 0);
    // A warm worker that runs past the limit is still stopped at it.
    const started = Date.now();
    const error = await rejection(run(pool, { mode: 'spin' }));
    assert.equal(error.code, 'ANALYSIS_LIMIT');
    assert.equal(error.details.limit, 'time');
    assert.ok(Date.now() - started < 3000, 'stopped soon after the limit');
  });

  it('bounds start-up on its own: a worker that does not start in time answers SERVER_BUSY', async () => {
    pool = new EnginePool({
      workerScript: SLOW_START_WORKER,
      settings: { workers: 1, timeLimitMs: 200 },
      startupLimitMs: 500,
    });
    const error = await rejection(run(pool, { mode: 'echo' }));
    assert.equal(error.code, 'SERVER_BUSY');
    assert.match(error.message, /did not start within 0\.5 s/);
    assert.ok(Number(error.details.retry_after) > 0);
  });

  it('kills a worker past its memory cap: ANALYSIS_LIMIT naming the cap, and the pool goes on', async () => {
    pool = hostilePool({ memoryMb: 64 });
    const error = await rejection(run(pool, { mode: 'allocate' }));
    assert.equal(error.code, 'ANALYSIS_LIMIT');
    assert.match(error.message, /memory than a worker's cap of 64 MB/);
    assert.equal(error.details.limit, 'memory');
    assert.ok((await run(pool, { mode: 'echo' })).pid > 0);
  });

  it('survives a worker that aborts or exits, and replaces it', async () => {
    pool = hostilePool();
    const first = await run(pool, { mode: 'echo' });
    const aborted = await rejection(run(pool, { mode: 'abort' }));
    assert.equal(aborted.code, 'ANALYSIS_LIMIT');
    const exited = await rejection(run(pool, { mode: 'exit' }));
    assert.equal(exited.code, 'ANALYSIS_LIMIT');
    assert.match(exited.message, /crashed \(exit code 3\)/);
    const next = await run(pool, { mode: 'echo' });
    assert.ok(next.pid > 0);
    assert.ok(first.pid > 0);
  });

  it('frees the worker of a cancelled task at once: killed, and the next task is served', async () => {
    // The worker is warm, so the task starts at once; `spin` says no pid, so it cannot be interrupted.
    pool = hostilePool({ workers: 1 });
    const { pid } = await run(pool, { mode: 'echo' });
    const controller = new AbortController();
    const spinning = rejection(run(pool, { mode: 'spin' }, controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelledAt = Date.now();
    controller.abort();
    const error = await spinning;
    assert.equal(error.details.issue, 'cancelled');
    // What the pool does takes no time; the next task's wait is a new process starting (load-bound).
    assert.ok(Date.now() - cancelledAt < 1000, `answered ${Date.now() - cancelledAt} ms after the cancel`);
    assert.notEqual((await run(pool, { mode: 'echo' })).pid, pid, 'a new worker');
  });

  it('kills a task cancelled before its worker started it, as it starts, when it cannot be interrupted', async () => {
    // It ran on to its time limit (past this test's timeout) before; now it ends once its worker is up.
    pool = new EnginePool({
      workerScript: SLOW_START_WORKER,
      settings: { workers: 1, timeLimitMs: 60_000 },
    });
    const controller = new AbortController();
    const spinning = rejection(run(pool, { mode: 'spin' }, controller.signal));
    controller.abort();
    assert.equal((await spinning).details.issue, 'cancelled');
  });

  // Where SIGINT interrupts without killing (not Windows), a cancelled task's worker stays warm.
  const posixIt = INTERRUPTS_WITHOUT_KILLING ? it : it.skip;

  posixIt(
    'interrupts a cancelled running task in its worker, which serves the next task at once',
    async () => {
      pool = hostilePool({ workers: 1 });
      const { pid } = await run(pool, { mode: 'echo' });
      const controller = new AbortController();
      const spinning = rejection(run(pool, { mode: 'spinInterruptible' }, controller.signal));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const cancelledAt = Date.now();
      controller.abort();
      const error = await spinning;
      assert.equal(error.details.issue, 'cancelled');
      const next = await run(pool, { mode: 'echo' });
      // The pid is the proof (a worker killed after the grace would be replaced); the time bound
      // is the one the kill test above uses, wide enough for a loaded 2-core CI machine.
      assert.equal(next.pid, pid, 'the same, warm worker');
      assert.ok(
        Date.now() - cancelledAt < 1000,
        `next task served ${Date.now() - cancelledAt} ms after the cancel`,
      );
    },
  );

  posixIt(
    'interrupts a task cancelled after it was handed to a worker, before the worker said it started',
    async () => {
      // The first signal answers the worker's "started", sent right before a worker's first stage
      // starts; a stage that breaks on SIGINT takes the SIGINT listeners away as it starts and ends,
      // and a SIGINT landing then would end the process. So the first signal must not be SIGINT.
      const lines: string[] = [];
      pool = hostilePool({ workers: 1 }, { info: () => {}, warn: (m) => lines.push(m), error: () => {} });
      const { pid } = await run(pool, { mode: 'echo' });
      const controller = new AbortController();
      // The worker is idle: the task is sent to it at once, and cancelled before its answer can come.
      const waiting = rejection(run(pool, { mode: 'idleInterruptible' }, controller.signal));
      controller.abort();
      assert.equal((await waiting).details.issue, 'cancelled');
      assert.equal((await run(pool, { mode: 'echo' })).pid, pid, 'the same, warm worker');
      // The worker's stderr reaches the log on its own pipe, maybe after the answer.
      while (!lines.some((line) => /interrupted by/.test(line))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // SIGUSR2 is what the worker takes first, unless both came while it was not running.
      assert.match(
        lines.find((line) => /interrupted by/.test(line))!,
        /SIGUSR2/,
      );
    },
  );

  posixIt('kills a worker that does not answer its interrupt within the grace, and goes on', async () => {
    pool = hostilePool({ workers: 1 });
    const { pid } = await run(pool, { mode: 'echo' });
    const controller = new AbortController();
    const stubborn = rejection(run(pool, { mode: 'stubbornInterruptible' }, controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cancelledAt = Date.now();
    controller.abort();
    assert.equal((await stubborn).details.issue, 'cancelled');
    const next = await run(pool, { mode: 'echo' });
    assert.notEqual(next.pid, pid, 'a new worker');
    assert.ok(Date.now() - cancelledAt < 5000);
  });

  it('runs a task again that was interrupted though its caller did not cancel it', async () => {
    pool = hostilePool({ workers: 1 });
    const { pid } = await run(pool, { mode: 'onceInterruptible' });
    assert.ok(pid > 0);
  });

  describe('one task ahead per worker', () => {
    // A worker that has said it takes a next task while it runs one: warm, and known to the pool.
    async function warmWorker(settings: Partial<PoolSettings> = {}): Promise<number> {
      pool = hostilePool({ workers: 1, ...settings });
      return (await run(pool, { mode: 'echo', takesNext: true })).pid;
    }

    it('hands the first waiting task to a busy worker that takes it, which runs it after its task', async () => {
      const pid = await warmWorker();
      const order: string[] = [];
      const first = run(pool, { mode: 'sleep', ms: 300, takesNext: true }).then(() => order.push('first'));
      const second = run(pool, { mode: 'echo', takesNext: true }).then((result) => {
        order.push('second');
        return result;
      });
      const third = run(pool, { mode: 'echo' });
      // One held by the worker behind the running task, one in the queue: both count as waiting.
      assert.deepEqual(pool.stats(), { running: 1, busy: 1, queued: 2 });
      assert.equal((await second).pid, pid, 'the same worker');
      await Promise.all([first, third]);
      assert.deepEqual(order, ['first', 'second']);
    });

    it('hands a task behind one its caller can cancel, and one that can be cancelled behind it', async () => {
      const pid = await warmWorker();
      const cancellable = run(
        pool,
        { mode: 'sleep', ms: 300, takesNext: true },
        new AbortController().signal,
      );
      const held = run(pool, { mode: 'echo', takesNext: true }, new AbortController().signal);
      assert.deepEqual(pool.stats(), { running: 1, busy: 1, queued: 1 });
      assert.equal((await held).pid, pid);
      await cancellable;
    });

    it('hands nothing behind a task whose time limit passes the start-up bound, nor to a worker that has not said it takes it (near misses)', async () => {
      // The task behind it would count its outer bound (start-up + limit) from the hand-over.
      pool = new EnginePool({
        workerScript: HOSTILE_WORKER,
        settings: { workers: 1, timeLimitMs: 2000 },
        startupLimitMs: 1000,
      });
      await run(pool, { mode: 'echo', takesNext: true });
      const long = run(pool, { mode: 'sleep', ms: 200, takesNext: true });
      const waiting = run(pool, { mode: 'echo' });
      assert.equal(pool.stats().queued, 1);
      await Promise.all([long, waiting]);
      pool.close();
      // The stand-in says nothing for `sleep` without `takesNext`: one task at a time, as before.
      pool = hostilePool({ workers: 1 });
      await run(pool, { mode: 'echo' });
      const running = run(pool, { mode: 'sleep', ms: 200 });
      const queued = run(pool, { mode: 'echo' });
      assert.equal(pool.stats().queued, 1);
      await Promise.all([running, queued]);
    });

    for (const cancellable of [false, true]) {
      const caller = cancellable ? ' (callers that can cancel)' : '';
      const signal = () => (cancellable ? new AbortController().signal : undefined);

      it(`starts a held task's time limit when it starts, not when it was handed over${caller}`, async () => {
        // The task ahead takes 700 ms and the limit is 1 s: the held task's own events reach it.
        await warmWorker({ timeLimitMs: 1000 });
        const ahead = run(pool, { mode: 'sleep', ms: 700, takesNext: true }, signal());
        const started = Date.now();
        const spinning = rejection(run(pool, { mode: 'spin', takesNext: true }, signal()));
        await ahead;
        const error = await spinning;
        assert.equal(error.code, 'ANALYSIS_LIMIT');
        assert.equal(error.details.limit, 'time');
        assert.ok(
          Date.now() - started >= 1600,
          `stopped ${Date.now() - started} ms after it was handed over`,
        );
      });

      it(`runs a held task again, once, in a new worker when the task ahead of it kills its worker${caller}`, async () => {
        const pid = await warmWorker({ timeLimitMs: 1000 });
        const killed = rejection(run(pool, { mode: 'spin', takesNext: true }, signal()));
        const held = run(pool, { mode: 'echo', takesNext: true, tag: 'held' }, signal());
        assert.equal(pool.stats().queued, 1, 'held by the worker');
        assert.equal((await killed).details.limit, 'time');
        const result = await held;
        assert.notEqual(result.pid, pid, 'run in the worker that replaced it');
        const count = await run(pool, { mode: 'started', of: 'held' });
        assert.deepEqual(count, { pid: result.pid, started: 1 });
      });
    }

    posixIt(
      'drops a cancelled task held behind another in its worker: never started, the task ahead and its worker untouched',
      async () => {
        const pid = await warmWorker();
        const ahead = run(pool, { mode: 'sleep', ms: 400, takesNext: true }, new AbortController().signal);
        const caller = new AbortController();
        const held = rejection(run(pool, { mode: 'echo', takesNext: true, tag: 'dropped' }, caller.signal));
        const kept = run(pool, { mode: 'echo', takesNext: true, tag: 'kept' }, new AbortController().signal);
        assert.equal(pool.stats().queued, 2, 'one held by the worker, one in the queue');
        caller.abort();
        assert.equal((await held).details.issue, 'cancelled');
        assert.equal((await ahead).pid, pid, 'the task ahead ran on in its worker');
        // Near miss: the task that was not cancelled runs.
        assert.equal((await kept).pid, pid);
        assert.deepEqual(await run(pool, { mode: 'started', of: 'dropped' }), { pid, started: 0 });
        assert.deepEqual(await run(pool, { mode: 'started', of: 'kept' }), { pid, started: 1 });
      },
    );

    // The task ahead ends through its own interrupt (between stages, by its id) or through SIGINT
    // (a stage running); either way the one behind it is answered, once, by the same warm worker.
    for (const mode of ['untilInterrupted', 'spinInterruptible']) {
      posixIt(
        `interrupts a cancelled running task (${mode}), and answers the task held behind it once, in the same worker`,
        async () => {
          const pid = await warmWorker();
          const caller = new AbortController();
          const running = rejection(run(pool, { mode, takesNext: true }, caller.signal));
          const held = run(
            pool,
            { mode: 'echo', takesNext: true, tag: 'behind' },
            new AbortController().signal,
          );
          assert.equal(pool.stats().queued, 1, 'held by the worker');
          await new Promise((resolve) => setTimeout(resolve, 100));
          caller.abort();
          assert.equal((await running).details.issue, 'cancelled');
          assert.equal((await held).pid, pid, 'the same, warm worker');
          assert.deepEqual(await run(pool, { mode: 'started', of: 'behind' }), { pid, started: 1 });
        },
      );
    }

    posixIt(
      'answers a cancelled held task at once, while the task ahead still runs; the worker drops it and runs the next',
      async () => {
        const pid = await warmWorker();
        // The task ahead runs until its own caller cancels it: nothing here depends on how long it takes.
        const aheadCaller = new AbortController();
        let aheadAnswered = false;
        const ahead = rejection(run(pool, { mode: 'untilInterrupted', takesNext: true }, aheadCaller.signal));
        void ahead.then(() => (aheadAnswered = true));
        const caller = new AbortController();
        const held = rejection(run(pool, { mode: 'echo', takesNext: true, tag: 'dropped' }, caller.signal));
        const kept = run(pool, { mode: 'echo', takesNext: true, tag: 'kept' }, new AbortController().signal);
        assert.deepEqual(pool.stats(), { running: 1, busy: 1, queued: 2 }, 'one held, one in the queue');
        caller.abort();
        const error = await held;
        assert.equal(error.details.issue, 'cancelled');
        assert.equal(aheadAnswered, false, 'answered while the task ahead still runs');
        // The dropped task no longer counts as waiting; the one in the queue does.
        assert.deepEqual(pool.stats(), { running: 1, busy: 1, queued: 1 });
        aheadCaller.abort();
        assert.equal((await ahead).details.issue, 'cancelled');
        assert.equal((await kept).pid, pid, 'the next task, in the same worker');
        assert.deepEqual(await run(pool, { mode: 'started', of: 'dropped' }), { pid, started: 0 });
        assert.deepEqual(await run(pool, { mode: 'started', of: 'kept' }), { pid, started: 1 });
        assert.deepEqual(pool.stats(), { running: 1, busy: 0, queued: 0 });
      },
    );

    posixIt(
      'lets a worker hold the next task behind a dropped one, and counts it against the queue size again',
      async () => {
        const pid = await warmWorker({ queueSize: 2 });
        const aheadCaller = new AbortController();
        const ahead = rejection(run(pool, { mode: 'untilInterrupted', takesNext: true }, aheadCaller.signal));
        const caller = new AbortController();
        const held = rejection(run(pool, { mode: 'echo', takesNext: true, tag: 'dropped' }, caller.signal));
        const queued = run(pool, { mode: 'echo', takesNext: true }, new AbortController().signal);
        // Held and queued fill the queue size: one more is refused.
        assert.equal((await rejection(run(pool, { mode: 'echo' }))).code, 'SERVER_BUSY');
        caller.abort();
        assert.equal((await held).details.issue, 'cancelled');
        // Near miss of the refusal above: the dropped task left room for one more, which the worker
        // now holds (the queued one moves in behind the task ahead and the dropped one).
        const next = run(pool, { mode: 'echo', takesNext: true, tag: 'next' }, new AbortController().signal);
        assert.deepEqual(pool.stats(), { running: 1, busy: 1, queued: 2 });
        assert.equal((await rejection(run(pool, { mode: 'echo' }))).code, 'SERVER_BUSY');
        aheadCaller.abort();
        await ahead;
        assert.equal((await queued).pid, pid);
        assert.equal((await next).pid, pid);
        assert.deepEqual(await run(pool, { mode: 'started', of: 'dropped' }), { pid, started: 0 });
      },
    );

    posixIt(
      'answers a held task cancelled as its worker picks it up once, and the worker goes on (each order the front may see)',
      async () => {
        const pid = await warmWorker();
        for (let round = 0; round < 5; round++) {
          const caller = new AbortController();
          // Cancelled from the task ahead's answer: by then the worker has started the held task, or
          // is about to; whether its "started" has reached the front yet is the machine's choice.
          const ahead = run(pool, { mode: 'echo', takesNext: true }, new AbortController().signal);
          void ahead.then(() => caller.abort());
          const held = run(pool, { mode: 'untilInterrupted', takesNext: true }, caller.signal);
          let answers = 0;
          const error = await rejection(held.finally(() => answers++));
          assert.equal(error.details.issue, 'cancelled');
          assert.equal((await ahead).pid, pid);
          assert.equal(
            (await run(pool, { mode: 'echo', takesNext: true })).pid,
            pid,
            'the same, warm worker',
          );
          assert.equal(answers, 1);
        }
      },
    );

    posixIt('answers each of two cancels once: the running task and the one held behind it', async () => {
      const pid = await warmWorker();
      const callers = [new AbortController(), new AbortController()];
      const running = rejection(run(pool, { mode: 'untilInterrupted', takesNext: true }, callers[0]!.signal));
      const held = rejection(run(pool, { mode: 'echo', takesNext: true, tag: 'both' }, callers[1]!.signal));
      // Held first, then the running one, then the held one again (an abort is answered once).
      callers[1]!.abort();
      callers[0]!.abort();
      callers[1]!.abort();
      assert.equal((await held).details.issue, 'cancelled');
      assert.equal((await running).details.issue, 'cancelled');
      assert.deepEqual(await run(pool, { mode: 'started', of: 'both' }), { pid, started: 0 });
    });

    posixIt(
      'runs a held task again in a new worker when a SIGINT sent for the cancelled task ahead ends the process as it starts',
      async () => {
        const pid = await warmWorker();
        const marker = join(mkdtempSync(join(tmpdir(), 'codewright-stray-')), 'ended');
        const caller = new AbortController();
        // The task ahead runs a stage that only SIGINT breaks: the pool has to signal the process.
        let spinning!: () => void;
        const spins = new Promise<void>((resolve) => (spinning = resolve));
        const ahead = rejection(
          pool.run('review', { mode: 'spinInterruptible', takesNext: true } as never, {
            ...context,
            signal: caller.signal,
            onProgress: () => spinning(),
          }),
        );
        const held = run(
          pool,
          { mode: 'strayEndsProcess', takesNext: true, marker },
          new AbortController().signal,
        );
        assert.equal(pool.stats().queued, 1, 'held by the worker');
        // Cancelled once the front knows the task ahead runs (its progress follows its "started").
        await spins;
        caller.abort();
        assert.equal((await ahead).details.issue, 'cancelled');
        const result = await held;
        assert.notEqual(result.pid, pid, 'run again in the worker that replaced the one it ended');
      },
    );
  });

  describe('a stray SIGINT (one sent for another task, or landing between tasks)', () => {
    posixIt('does nothing to an idle worker: the next task runs in it', async () => {
      pool = hostilePool({ workers: 1 });
      const { pid } = await run(pool, { mode: 'echo', takesNext: true });
      process.kill(pid, 'SIGINT');
      // Whether it lands before the next task or in it, that task answers, from the same process.
      assert.equal((await run(pool, { mode: 'echo' }, new AbortController().signal)).pid, pid);
      assert.equal((await run(pool, { mode: 'echo' })).pid, pid);
    });

    posixIt(
      'breaks the stage of a task nobody cancelled, which is run again in the same worker',
      async () => {
        pool = hostilePool({ workers: 1 });
        const { pid } = await run(pool, { mode: 'echo', takesNext: true });
        const result = (await run(
          pool,
          { mode: 'strayInStage', takesNext: true, tag: 'stray' },
          new AbortController().signal,
        )) as { pid: number; started: number };
        assert.deepEqual(result, { pid, started: 2 }, 'broken once, then run to its end');
      },
    );

    posixIt('near miss: the task whose caller did cancel it is not run again', async () => {
      pool = hostilePool({ workers: 1 });
      const { pid } = await run(pool, { mode: 'echo', takesNext: true });
      const caller = new AbortController();
      const cancelledTask = rejection(
        run(pool, { mode: 'strayInStage', takesNext: true, tag: 'own' }, caller.signal),
      );
      caller.abort();
      assert.equal((await cancelledTask).details.issue, 'cancelled');
      // Dropped before it started, or broken once in its stage: never a second time.
      const count = (await run(pool, { mode: 'started', of: 'own' })) as { pid: number; started: number };
      assert.equal(count.pid, pid, 'the same, warm worker');
      assert.ok(count.started <= 1, `started ${count.started} times`);
    });
  });

  describe('one task ahead per worker (load shedding)', () => {
    async function warmWorker(settings: Partial<PoolSettings> = {}): Promise<number> {
      pool = hostilePool({ workers: 1, ...settings });
      return (await run(pool, { mode: 'echo', takesNext: true })).pid;
    }

    it('refuses a task when the queue and the tasks held by workers fill the queue size', async () => {
      await warmWorker({ queueSize: 2 });
      const held = [1, 2, 3].map(() => run(pool, { mode: 'sleep', ms: 300, takesNext: true }));
      assert.deepEqual(pool.stats(), { running: 1, busy: 1, queued: 2 });
      const error = await rejection(run(pool, { mode: 'echo' }));
      assert.equal(error.code, 'SERVER_BUSY');
      await Promise.all(held);
    });
  });

  it('answers a task cancelled before it is sent at once, without starting a worker', async () => {
    pool = hostilePool({ workers: 1 });
    const caller = new AbortController();
    caller.abort();
    assert.equal((await rejection(run(pool, { mode: 'spin' }, caller.signal))).details.issue, 'cancelled');
    assert.deepEqual(pool.stats(), { running: 0, busy: 0, queued: 0 });
    // Near miss: a caller that has not cancelled is served.
    assert.ok((await run(pool, { mode: 'echo' }, new AbortController().signal)).pid > 0);
  });

  it('removes a cancelled task from the queue without running it', async () => {
    pool = hostilePool({ workers: 1 });
    const busy = run(pool, { mode: 'sleep', ms: 300 });
    const controller = new AbortController();
    const queued = rejection(run(pool, { mode: 'spin' }, controller.signal));
    controller.abort();
    assert.equal((await queued).details.issue, 'cancelled');
    await busy;
    assert.ok((await run(pool, { mode: 'echo' })).pid > 0);
  });

  it('refuses a task at once when the queue is full: SERVER_BUSY with a retry delay', async () => {
    pool = hostilePool({ workers: 1, queueSize: 2 });
    const held = [1, 2, 3].map(() => run(pool, { mode: 'sleep', ms: 400 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const error = await rejection(run(pool, { mode: 'echo' }));
    assert.ok(Date.now() - started < 50, 'refused without waiting');
    assert.equal(error.code, 'SERVER_BUSY');
    assert.equal(error.status, 503);
    assert.ok(Number(error.details.retry_after) >= 1);
    await Promise.all(held);
  });

  it('passes engine errors through as CodewrightErrors and unexpected ones as internal errors', async () => {
    pool = hostilePool();
    const refused = await rejection(run(pool, { mode: 'refuse' }));
    assert.equal(refused.code, 'VALIDATION_ERROR');
    assert.deepEqual(refused.details, { field: 'x' });
    await assert.rejects(run(pool, { mode: 'fail' }), (error) => error instanceof InternalTaskError);
  });

  it("keeps the workers' stdout out of this process's stdout (the LSP stream) and logs it", async () => {
    const lines: string[] = [];
    pool = hostilePool({}, { info: () => {}, warn: (m) => lines.push(m), error: () => {} });
    const write = process.stdout.write;
    let leaked = '';
    process.stdout.write = ((chunk: string) => ((leaked += chunk), true)) as typeof process.stdout.write;
    try {
      await run(pool, { mode: 'print' });
      for (let i = 0; i < 50 && !lines.some((line) => /must not reach/.test(line)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      process.stdout.write = write;
    }
    assert.doesNotMatch(leaked, /must not reach/);
    assert.ok(lines.some((line) => /must not reach/.test(line)));
  });

  it('stops the workers beyond the warm one after an idle spell', async () => {
    pool = hostilePool({ workers: 2, idleMs: 200 });
    await Promise.all([run(pool, { mode: 'sleep', ms: 100 }), run(pool, { mode: 'sleep', ms: 100 })]);
    assert.equal(pool.stats().running, 2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.ok(pool.stats().running <= 1, `running ${pool.stats().running}`);
    assert.ok((await run(pool, { mode: 'echo' })).pid > 0);
  });

  it('keeps the warm worker itself through an idle spell: the next task finds the same process', async () => {
    pool = hostilePool({ workers: 2, idleMs: 200 });
    const warm = (await run(pool, { mode: 'echo' })).pid;
    const pids = await Promise.all([
      run(pool, { mode: 'sleep', ms: 100 }),
      run(pool, { mode: 'sleep', ms: 100 }),
    ]);
    assert.equal(new Set(pids.map((answer) => answer.pid)).size, 2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(pool.stats().running, 1);
    assert.equal((await run(pool, { mode: 'echo' })).pid, warm);
  });
});
