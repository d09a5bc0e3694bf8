// Run by warmUpPreemption.test.ts in a fresh process (stdin a pipe, an IPC channel): runs stages
// of warm-up budgets as the test asks over IPC, while the test writes nudges to its stdin, and
// answers how each ended. The process has SIGINT listeners, as a worker does.
//
// Messages: `{ spin: true }` runs one stage that never ends by itself (but for its 2 s safety limit);
// `{ shortStagesMs }` runs stages of ~0.1 ms back to back (a turn of the event loop between them)
// for that long. Each answers `{ ended, ms, broken, done }`.
import { StageBudget, TaskInterrupted } from '../../../server/src/engine/stageBudget';
import { WarmUpPreemption } from '../../../server/src/pool/warmUpPreemption';

process.on('SIGINT', () => undefined);
const preemption = new WarmUpPreemption();
preemption.start();

function stage(fn: () => void): 'done' | 'broken' | 'timed out' {
  try {
    return preemption.budget().run('unit', fn) === StageBudget.TIMED_OUT ? 'timed out' : 'done';
  } catch (error) {
    if (error instanceof TaskInterrupted) return 'broken';
    throw error;
  }
}

process.on('message', async (message: { spin?: boolean; shortStagesMs?: number; taskStarted?: boolean }) => {
  const started = Date.now();
  if (message.taskStarted) {
    preemption.taskStarted();
    process.send!({ ended: 'task started' });
  } else if (message.spin) {
    process.send!({
      ended: stage(() => {
        for (;;);
      }),
      ms: Date.now() - started,
    });
  } else if (message.shortStagesMs) {
    let broken = 0;
    let done = 0;
    while (Date.now() - started < message.shortStagesMs) {
      if (
        stage(() => {
          for (let i = 0; i < 1e4; i++);
        }) === 'broken'
      )
        broken++;
      else done++;
      await new Promise(setImmediate);
    }
    process.send!({ ended: 'short stages', broken, done });
  }
});
process.send!({ ended: 'ready' });
