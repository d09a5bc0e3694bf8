// A warm-up unit stops when the front nudges its worker (a byte on stdin): its running stage breaks,
// or the next one does not start; and no nudge, however timed, ends the process (a SIGINT sent while a
// stage starts or ends would: the reading thread signals only while a stage surely runs).
import assert from 'node:assert/strict';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { INTERRUPTS_WITHOUT_KILLING, WARM_UP_NUDGE } from '../../../server/src/pool/protocol';

const CHILD = path.join(__dirname, 'preemptionChild.ts');

interface Answer {
  ended: string;
  ms?: number;
  broken?: number;
  done?: number;
}

function start(): ChildProcess {
  return fork(CHILD, [], {
    execArgv: ['--require', 'tsx/cjs'],
    stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
  });
}

async function ask(child: ChildProcess, message: object, meanwhile?: () => void): Promise<Answer> {
  const answer = once(child, 'message') as Promise<[Answer]>;
  child.send(message);
  meanwhile?.();
  return (await answer)[0];
}

(INTERRUPTS_WITHOUT_KILLING ? describe : describe.skip)('pool/warmUpPreemption', function () {
  this.timeout(30_000);
  let child: ChildProcess;
  beforeEach(async () => {
    child = start();
    assert.equal(((await once(child, 'message')) as [Answer])[0].ended, 'ready');
  });
  afterEach(() => {
    child.kill('SIGKILL');
  });

  it('breaks the stage running when the front nudges the worker', async () => {
    const answer = await ask(child, { spin: true }, () =>
      setTimeout(() => child.stdin!.write(WARM_UP_NUDGE), 200),
    );
    // Without the nudge the stage would run to its 2 s safety limit.
    assert.equal(answer.ended, 'broken');
  });

  it('a nudge stops one stage, running or next (whenever it is read), and is spent', async () => {
    child.stdin!.write(WARM_UP_NUDGE);
    assert.equal((await ask(child, { spin: true })).ended, 'broken');
    const answer = await ask(child, { shortStagesMs: 50 });
    assert.equal(answer.broken, 0);
    assert.ok(answer.done! > 0);
  });

  it('survives nudges every millisecond while it runs short stages back to back', async () => {
    const timer = setInterval(() => child.stdin!.write(WARM_UP_NUDGE), 1);
    try {
      const answer = await ask(child, { shortStagesMs: 2000 });
      assert.equal(answer.ended, 'short stages');
      assert.ok(answer.broken! > 0, 'some stages were broken');
      assert.equal(child.exitCode, null);
      assert.equal(child.signalCode, null);
    } finally {
      clearInterval(timer);
    }
  });
});
