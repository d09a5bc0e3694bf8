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
