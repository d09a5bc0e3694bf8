import assert from 'node:assert/strict';
import { StageBudget } from '../../../server/src/engine/stageBudget';

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
});
