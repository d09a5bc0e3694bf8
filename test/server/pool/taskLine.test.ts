// The worker's side of one task ahead: tasks handed over while one runs start after it, in order,
// and each task's messages go out under its own request's id.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { TaskLine, emitFor, requestIds } from '../../../server/src/pool/taskLine';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('pool/taskLine', () => {
  it('starts each task once every task handed over before it has answered, in order', async () => {
    const line = new TaskLine();
    const events: string[] = [];
    let release!: () => void;
    const first = line.run(async () => {
      events.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('first ends');
      return 1;
    });
    const second = line.run(async () => {
      events.push('second starts');
      return 2;
    });
    await tick();
    assert.deepEqual(events, ['first starts'], 'the second waits');
    release();
    assert.deepEqual(await Promise.all([first, second]), [1, 2]);
    assert.deepEqual(events, ['first starts', 'first ends', 'second starts']);
  });

  it('drops a waiting task whose interrupt arrived while the task ahead kept the thread busy (read on the next turn)', async () => {
    const line = new TaskLine();
    const events: string[] = [];
    line.run(async () => {
      // Synchronous to its end, as a worker's stage is: the interrupt for the task behind arrives
      // meanwhile and, like a message in the pipe, is only read on a later turn of the event loop.
      setImmediate(() => line.interrupt(2));
      events.push('first runs');
    }, 1);
    const second = line.run(
      async () => void events.push('second starts'),
      2,
      () => 'dropped',
    );
    assert.equal(await second, 'dropped');
    assert.deepEqual(events, ['first runs']);
    // Near miss: a task handed to an idle line starts without waiting a turn.
    const idle = new TaskLine();
    let started = false;
    const third = idle.run(async () => void (started = true), 3);
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(started, true);
    await third;
  });

  it("lets what its caller chained on a task's answer run before the next task starts (workerpool sends the answer there)", async () => {
    const line = new TaskLine();
    const events: string[] = [];
    line.run(async () => 'first', 1).then(() => events.push('first answered'));
    // The next task is synchronous from its start, as a worker's first stage is.
    const second = line.run(async () => void events.push('second starts'), 2);
    await second;
    assert.deepEqual(events, ['first answered', 'second starts']);
  });

  it('drops a task interrupted by its id before its turn, and leaves the running one alone (near miss)', async () => {
    const line = new TaskLine();
    let release!: () => void;
    const running = line.run(async (interrupt) => {
      await new Promise<void>((resolve) => (release = resolve));
      return interrupt.signal.aborted ? 'interrupted' : 'done';
    }, 1);
    let started = false;
    const held = line.run(
      async () => {
        started = true;
        return 'ran';
      },
      2,
      () => 'dropped',
    );
    line.interrupt(2);
    await tick();
    release();
    assert.equal(await running, 'done');
    assert.equal(await held, 'dropped');
    assert.equal(started, false);
  });

  it('interrupts the running task by its id: it sees its own interrupt aborted', async () => {
    const line = new TaskLine();
    let release!: () => void;
    const running = line.run(async (interrupt) => {
      await new Promise<void>((resolve) => (release = resolve));
      return interrupt.signal.aborted;
    }, 5);
    await tick();
    line.interrupt(5);
    line.interrupt(6); // no such task: nothing happens
    release();
    assert.equal(await running, true);
  });

  it('goes on after a task that failed (near miss: its failure still reaches its caller)', async () => {
    const line = new TaskLine();
    const failed = line.run(() => Promise.reject(new Error('broken')));
    await assert.rejects(failed, /broken/);
    assert.equal(await line.run(async () => 'next'), 'next');
  });

  it("knows the id of the request being handed over: its listener runs before workerpool's", () => {
    const source = new EventEmitter();
    const seen: (number | undefined)[] = [];
    source.on('message', () => seen.push(current()));
    const current = requestIds(source);
    source.emit('message', { id: 7, method: 'runTask', params: [] });
    source.emit('message', 'ready');
    assert.deepEqual(seen, [7, undefined]);
  });

  it("sends a task's messages under its request's id, as workerpool's events", () => {
    const sent: unknown[] = [];
    emitFor(7, (message) => sent.push(message))({ codewrightTaskStarted: true });
    assert.deepEqual(sent, [{ id: 7, isEvent: true, payload: { codewrightTaskStarted: true } }]);
  });
});
