// The pool's side of one task ahead, on a stand-in for workerpool's internals: a cancel reaches the
// task it names in the worker that holds it, and a SIGINT is remembered with the task it was for.
import assert from 'node:assert/strict';
import { INTERRUPT_TASK } from '../../../server/src/pool/protocol';
import { TaskAhead, type AheadHandler, type AheadPool } from '../../../server/src/pool/taskAhead';
import { WatchedQueue } from '../../../server/src/pool/taskQueue';

function worker(pid: number, tasks: Record<string, object>): AheadHandler & { sent: unknown[] } {
  const sent: unknown[] = [];
  const processing = Object.fromEntries(
    Object.entries(tasks).map(([id, promise]) => [id, { resolver: { promise } }]),
  );
  return { worker: { pid, ready: true, send: (message) => sent.push(message) }, processing, sent };
}

describe('pool/TaskAhead', () => {
  const running = {};
  const held = {};
  const elsewhere = {};

  function ahead(...workers: AheadHandler[]): TaskAhead {
    const pool: AheadPool = { workers, _getWorker: () => null };
    return new TaskAhead(pool, new WatchedQueue());
  }

  it('sends the interrupt to the worker holding the task, under that task’s request id', () => {
    const first = worker(11, { 3: elsewhere });
    const second = worker(12, { 7: running, 8: held });
    const tasks = ahead(first, second);
    tasks.workerTakesNext(11);
    tasks.workerTakesNext(12);
    assert.equal(tasks.interrupt(held), true);
    assert.deepEqual(second.sent, [{ id: -1, method: INTERRUPT_TASK, params: [8] }]);
    assert.deepEqual(first.sent, []);
    // Each message has an id of its own, below workerpool's (which count up from 1).
    assert.equal(tasks.interrupt(running), true);
    assert.deepEqual(second.sent[1], { id: -2, method: INTERRUPT_TASK, params: [7] });
  });

  it('says it cannot when the worker has not said it takes a next task, or holds no such task (near misses)', () => {
    const silent = worker(13, { 1: running });
    const tasks = ahead(silent);
    assert.equal(tasks.interrupt(running), false, 'then the pool signals the process');
    tasks.workerTakesNext(13);
    assert.equal(tasks.interrupt({}), false);
    assert.deepEqual(silent.sent, []);
  });

  it('tells a SIGINT sent for the task ahead from one sent for the task itself', () => {
    const tasks = ahead(worker(14, {}));
    tasks.sentSigint(14, running);
    assert.equal(tasks.sigintForAnother(14, held), true);
    // Read once: a later loss of the worker is not put on that SIGINT again.
    assert.equal(tasks.sigintForAnother(14, held), false);
    tasks.sentSigint(14, held);
    assert.equal(tasks.sigintForAnother(14, held), false, 'its own');
  });

  it('keeps a SIGINT through the end of the task it was sent for, for the task behind it', () => {
    // The task ahead's answer is read first; a SIGINT sent before it may still end the process as
    // the task behind it starts.
    const tasks = ahead(worker(15, {}));
    tasks.sentSigint(15, running);
    assert.equal(tasks.sigintForAnother(15, running), false);
    assert.equal(tasks.sigintForAnother(15, held), true);
  });
});
