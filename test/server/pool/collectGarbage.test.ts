// A worker collects garbage after a task only when the heap is large, and only when `gc` is exposed;
// and V8 does not keep a finished task's structures alive through the maps of its optimized code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import {
  AfterTaskCollector,
  COLLECT_ABOVE_MB,
  IdleCollector,
  collectIfLarge,
  leftLargeHeap,
  startsOnCollectedHeap,
  trackSentMessages,
} from '../../../server/src/pool/collectGarbage';

const CHILD = path.join(__dirname, 'deadMapsChild.ts');

/** Runs deadMapsChild.ts in a fresh process and returns what it printed: `freed` or `held`. */
function deadMapsChild(mode: 'default' | 'released' | 'during' | 'during-none'): string {
  const child = spawnSync(
    process.execPath,
    ['--require', 'tsx/cjs', '--expose-gc', '--allow-natives-syntax', CHILD, mode],
    { encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(child.status, 0, child.stderr);
  return child.stdout;
}

describe('pool/collectGarbage', () => {
  const global = globalThis as { gc?: () => void };
  const original = global.gc;
  afterEach(() => {
    global.gc = original;
  });

  it('does nothing without --expose-gc', () => {
    global.gc = undefined;
    assert.equal(collectIfLarge(), false);
  });

  it('leaves a small heap to V8 (most tasks), collects a large one', () => {
    let calls = 0;
    global.gc = () => {
      calls++;
    };
    const large = getHeapStatistics().used_heap_size > COLLECT_ABOVE_MB * 1024 * 1024;
    assert.equal(collectIfLarge(), large);
    assert.equal(calls, large ? 1 : 0);
  });

  // A worker reviewing as the user types adds a few MB a review; a full collection among those
  // reviews costs the next ones their optimized code, so only a task that added much is collected.
  it('collects after a task that grew a large heap by itself, not after a small task on a large heap', () => {
    const mb = 1024 * 1024;
    assert.equal(leftLargeHeap(289 * mb, 142 * mb), true); // a 10,000-line modernize
    assert.equal(leftLargeHeap(262 * mb, 255 * mb), false); // the 16th review of a 2,263-line file
    assert.equal(leftLargeHeap(262 * mb, 198 * mb), true); // the edge: 64 MB added
    assert.equal(leftLargeHeap(262 * mb, 199 * mb), false);
    assert.equal(leftLargeHeap(220 * mb, 139 * mb), false); // a 5,000-line modernize: heap under the threshold
    assert.equal(leftLargeHeap(300 * mb), true); // no start given: the whole heap counts (the benches' children)
  });

  // Reviews leave their garbage to V8, so a large refactor starts on a collected heap instead of on
  // theirs; the editor's frequent tasks never collect first.
  it('a large operation other than review starts on a collected heap (near misses: reviews, editor tasks, small input)', () => {
    assert.equal(startsOnCollectedHeap('refactor', true, 256_231), true); // 10,000-line modernize
    assert.equal(startsOnCollectedHeap('refactor', true, 99_999), false);
    assert.equal(startsOnCollectedHeap('review', true, 500_000), false);
    assert.equal(startsOnCollectedHeap('reviewFindings', false, 500_000), false);
    assert.equal(startsOnCollectedHeap('refactorOffers', false, 500_000), false);
  });

  describe('IdleCollector', () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('collects once the worker has been idle for the delay after a task', async () => {
      let collections = 0;
      const idle = new IdleCollector(20, () => collections++);
      idle.taskStarted();
      idle.taskEnded();
      await wait(60);
      assert.equal(collections, 1);
    });

    it('does not collect while tasks keep coming (near miss: typing)', async () => {
      let collections = 0;
      const idle = new IdleCollector(40, () => collections++);
      for (let task = 0; task < 4; task++) {
        idle.taskStarted();
        idle.taskEnded();
        await wait(10);
      }
      idle.taskStarted(); // a task running when the delay would have passed
      await wait(60);
      assert.equal(collections, 0);
    });
  });

  describe('AfterTaskCollector', () => {
    /** A collector whose answers are written when `write` is called; records what it checks from. */
    function collector() {
      const checks: number[] = [];
      let write: () => void = () => undefined;
      let written = Promise.resolve();
      const after = new AfterTaskCollector(
        () => written,
        (since) => checks.push(since),
        (step) => step(),
      );
      const answering = () => {
        written = new Promise((resolve) => (write = resolve));
      };
      return { after, checks, answering, write: () => write() };
    }
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    it('checks after a task only once its answer has been written', async () => {
      const { after, checks, answering, write } = collector();
      const task = after.taskStarted();
      answering();
      after.taskEnded(task, 100);
      await turn();
      assert.deepEqual(checks, [], 'the answer is still being written');
      write();
      await turn();
      assert.deepEqual(checks, [100]);
    });

    it('a task that starts first is not held up: its own end checks from the earlier start', async () => {
      const { after, checks, answering, write } = collector();
      const large = after.taskStarted();
      answering();
      after.taskEnded(large, 100);
      const next = after.taskStarted(); // arrives before the large answer is out
      write();
      await turn();
      assert.deepEqual(checks, [], 'no collection under the next task');
      after.taskEnded(next, 400);
      await turn();
      assert.deepEqual(checks, [100]);
    });

    /** A collector with `units` of work due before its collections; its deferred steps run by hand. */
    function collectorWithUnits(units: number) {
      const events: string[] = [];
      const deferred: (() => void)[] = [];
      let left = units;
      const after = new AfterTaskCollector(
        () => Promise.resolve(),
        (since) => events.push(`collect ${since}`),
        (step) => deferred.push(step),
        (since) => {
          if (left === 0) return false;
          events.push(`unit ${units - left--} from ${since}`);
          return true;
        },
      );
      /** Runs the next deferred step (a turn of the event loop), then its promise callbacks. */
      const step = async () => {
        deferred.shift()?.();
        await turn();
      };
      return { after, events, step, pending: () => deferred.length };
    }

    it('runs the work due before a collection one unit per turn, then collects', async () => {
      const { after, events, step } = collectorWithUnits(3);
      after.taskEnded(after.taskStarted(), 100);
      await step(); // the answer is written: the first unit
      assert.deepEqual(events, ['unit 0 from 100']);
      await step();
      assert.deepEqual(events, ['unit 0 from 100', 'unit 1 from 100'], 'one unit per turn');
      await step();
      await step();
      assert.deepEqual(events, ['unit 0 from 100', 'unit 1 from 100', 'unit 2 from 100', 'collect 100']);
    });

    it('a task starting between two units stops them; its end takes the units and the check over', async () => {
      const { after, events, step, pending } = collectorWithUnits(3);
      after.taskEnded(after.taskStarted(), 100);
      await step();
      const next = after.taskStarted();
      await step();
      assert.deepEqual(events, ['unit 0 from 100'], 'nothing runs once the next task has started');
      assert.equal(pending(), 0);
      after.taskEnded(next, 400);
      for (let i = 0; i < 3; i++) await step();
      assert.deepEqual(events, ['unit 0 from 100', 'unit 1 from 100', 'unit 2 from 100', 'collect 100']);
    });

    it('collects at once when no work is due (near miss)', async () => {
      const { after, events, step } = collectorWithUnits(0);
      after.taskEnded(after.taskStarted(), 100);
      await step();
      assert.deepEqual(events, ['collect 100']);
    });

    it('counts from the task itself once the earlier check has run (near miss)', async () => {
      const { after, checks } = collector();
      after.taskEnded(after.taskStarted(), 100);
      await turn();
      after.taskEnded(after.taskStarted(), 400);
      await turn();
      assert.deepEqual(checks, [100, 400]);
      after.taskStarted();
      after.collected(); // a large task collected as it started
      after.taskEnded(after.taskStarted(), 50);
      await turn();
      assert.deepEqual(checks, [100, 400, 50]);
    });
  });

  describe('trackSentMessages', () => {
    /** A channel that writes each message when told to, as a pipe does when the reader reads. */
    function channel() {
      const unwritten: (() => void)[] = [];
      const sent: unknown[][] = [];
      const target = {
        send: (message: unknown, ...rest: unknown[]): boolean => {
          sent.push([message, ...rest]);
          const callback = rest.at(-1);
          if (typeof callback === 'function') unwritten.push(() => callback(null));
          return true;
        },
      };
      const writeOne = () => unwritten.shift()?.();
      return { target, sent, writeOne };
    }
    const settled = async (promise: Promise<void>) => {
      let done = false;
      void promise.then(() => (done = true));
      await new Promise((resolve) => setImmediate(resolve));
      return done;
    };

    it('resolves once every message sent so far has been written (a large answer)', async () => {
      const { target, sent, writeOne } = channel();
      const messagesSent = trackSentMessages(target);
      target.send({ taskStarted: true });
      target.send({ result: 'x'.repeat(700_000) });
      const written = messagesSent();
      assert.equal(await settled(written), false);
      writeOne();
      assert.equal(await settled(written), false, 'the answer is still being written');
      writeOne();
      assert.equal(await settled(written), true);
      assert.equal(sent.length, 2);
    });

    it('resolves at once when nothing is pending, and after a failed write (near miss)', async () => {
      const { target } = channel();
      const messagesSent = trackSentMessages(target);
      assert.equal(await settled(messagesSent()), true);
      const failing = trackSentMessages({
        send: (_message: unknown, ...rest: unknown[]) => {
          const callback = rest.at(-1) as (error: Error | null) => void;
          setImmediate(() => callback(new Error('channel closed')));
          return false;
        },
      });
      assert.equal(await settled(failing()), true);
    });

    it('leaves sends with their own arguments as they are, and a process without a channel', async () => {
      const { target, sent } = channel();
      const messagesSent = trackSentMessages(target);
      const own = () => undefined;
      target.send({ handle: true }, undefined, {}, own);
      assert.deepEqual(sent[0], [{ handle: true }, undefined, {}, own]);
      assert.equal(await settled(messagesSent()), true, 'not counted: its caller waits for its own callback');
      assert.equal(await settled(trackSentMessages({})()), true);
    });
  });

  // Each in a fresh process: in the test run's own, code that other suites compiled and cached
  // could keep the structure alive or not depending on what ran before (it failed once on CI).
  describe('dead maps', () => {
    it("V8's default keeps a pass's structure through a full collection (the holder)", () => {
      assert.equal(deadMapsChild('default'), 'held');
    });

    it('a worker that does not retain dead maps frees it in the collection after the task', () => {
      assert.equal(deadMapsChild('released'), 'freed');
    });

    // A long task (modernize) keeps V8's default while it runs, so its optimized code survives the
    // task's own collections; the worker's collection after it still frees what the task built.
    it('retains dead maps inside retainingMapsDuring and releases them in the collection after it', () => {
      assert.equal(deadMapsChild('during'), 'held,freed');
    });

    it("leaves a process that never released dead maps at V8's default after the task", () => {
      assert.equal(deadMapsChild('during-none'), 'held,held');
    });
  });
});
