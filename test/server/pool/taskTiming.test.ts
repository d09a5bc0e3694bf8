// The latency trace counts, for each task, the collections that started while it ran: one that ran
// between two tasks is reported late by V8's observer and must not be put on the task that follows.
import assert from 'node:assert/strict';
import { fullGcCount, gcPauseMs } from '../../../server/src/pool/taskTiming';

describe('pool/taskTiming', () => {
  const collections = [
    { startTime: 100, duration: 80 }, // between tasks
    { startTime: 1_000, duration: 12 },
    { startTime: 1_150, duration: 20, full: true },
    { startTime: 1_400, duration: 5 }, // after the task
  ];

  it("counts only the collections that started inside the task's time", () => {
    assert.equal(gcPauseMs(collections, 950, 1_300), 32);
    assert.equal(fullGcCount(collections, 950, 1_300), 1);
    assert.equal(fullGcCount(collections, 1_200, 1_500), 0);
  });

  it('a collection starting at the very edges still counts (near miss: one just before does not)', () => {
    assert.equal(gcPauseMs(collections, 1_000, 1_150), 32);
    assert.equal(gcPauseMs(collections, 1_001, 1_150), 20);
  });
});
