import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { StageBudget, TaskInterrupted } from '../../../server/src/engine/stageBudget';

describe('engine/StageBudget', () => {
  it('runs stages directly when there is no deadline', () => {
    const budget = StageBudget.unlimited();
    assert.equal(
      budget.run('x', () => 42),
      42,
    );
    assert.deepEqual(budget.report(), {});
  });

  it('interrupts a runaway synchronous stage (a loop, a catastrophic regex) and records it', () => {
    const budget = new StageBudget({ deadline: Date.now() + 400 });
    const started = Date.now();
    assert.equal(
      budget.run('loop', () => {
        for (;;);
      }),
      StageBudget.TIMED_OUT,
    );
    assert.equal(
      budget.run(
        () => 'regex',
        () => /^(a+)+$/.test(`${'a'.repeat(40)}b`),
      ),
      StageBudget.TIMED_OUT,
    );
    assert.ok(Date.now() - started < 1500);
    const { skipped } = budget.report();
    assert.deepEqual(
      skipped!.map((s) => s.stage),
      ['loop', 'regex'],
    );
    assert.match(skipped![0]!.reason, /ran past its time budget of \d+ ms/);
  });

  it('passes other errors through, and leaves the stage out of the report', () => {
    const budget = new StageBudget({ deadline: Date.now() + 5000 });
    assert.throws(
      () =>
        budget.run('throws', () => {
          throw new RangeError('deep');
        }),
      RangeError,
    );
    assert.deepEqual(budget.report(), {});
  });

  it('does not start a stage once the interrupt has aborted, and reports no skipped stage', () => {
    const interrupt = new AbortController();
    const budget = new StageBudget({ deadline: Date.now() + 10_000, interrupt: interrupt.signal });
    assert.equal(
      budget.run('before', () => 1),
      1,
    );
    interrupt.abort();
    let ran = false;
    assert.throws(
      () => budget.run('after', () => (ran = true)),
      (error) => error instanceof TaskInterrupted && error.details.issue === 'interrupted',
    );
    assert.equal(ran, false);
    assert.deepEqual(budget.report(), {});
  });

  // SIGINT is how the pool interrupts a worker's task (worker.ts); Windows has no such signal.
  (process.platform === 'win32' ? it.skip : it)(
    'breaks a running stage on SIGINT when it has an interrupt',
    () => {
      const budget = new StageBudget({
        deadline: Date.now() + 20_000,
        interrupt: new AbortController().signal,
      });
      // Should the signal land outside the stage, it must not end the test process.
      const ignore = () => undefined;
      process.on('SIGINT', ignore);
      const started = Date.now();
      try {
        // Another process sends the signal while this one spins.
        spawn('sh', ['-c', `sleep 0.3; kill -INT ${process.pid}`], { stdio: 'ignore' });
        assert.throws(
          () =>
            budget.run('spin', () => {
              for (;;);
            }),
          (error) => error instanceof TaskInterrupted,
        );
      } finally {
        process.off('SIGINT', ignore);
      }
      assert.ok(Date.now() - started < 10_000);
      assert.deepEqual(budget.report(), {});
    },
  );

  // Near-miss: a task its caller cannot cancel gets no interrupt (pool/protocol.ts stageInterrupt);
  // a SIGINT then reaches the process's listener and the stage runs to its end.
  (process.platform === 'win32' ? it.skip : it)(
    'runs a stage through a SIGINT when it has no interrupt',
    async () => {
      const budget = new StageBudget({ deadline: Date.now() + 20_000 });
      let heard = 0;
      const listen = () => heard++;
      process.on('SIGINT', listen);
      try {
        spawn('sh', ['-c', `sleep 0.2; kill -INT ${process.pid}`], { stdio: 'ignore' });
        const result = budget.run('busy', () => {
          const until = Date.now() + 1500;
          let spins = 0;
          while (Date.now() < until) spins++;
          return spins;
        });
        assert.ok(typeof result === 'number' && result > 0, 'the stage ran to its end');
        // The listener runs once the stage has returned to the event loop: the signal did come.
        for (const until = Date.now() + 5000; heard === 0 && Date.now() < until;) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        assert.equal(heard, 1);
      } finally {
        process.off('SIGINT', listen);
      }
      assert.deepEqual(budget.report(), {});
    },
  );
});
