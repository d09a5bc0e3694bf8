// What the worker takes from a task request for its stages (protocol.ts).
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG } from '../../../server/src/engine/contracts/config';
import { stageInterrupt, type TaskRequest } from '../../../server/src/pool/protocol';

function request(interruptible?: boolean): TaskRequest {
  return {
    task: 'reviewFindings',
    payload: {},
    config: DEFAULT_CONFIG,
    roots: [],
    timeLimitMs: 1000,
    interruptible,
  };
}

describe('pool/protocol stageInterrupt', () => {
  const interrupt = new AbortController().signal;

  it('gives the stages no interrupt when the caller cannot cancel the task', () => {
    assert.equal(stageInterrupt(request(false), interrupt), undefined);
  });

  it("gives the stages the worker's interrupt when the caller can cancel it", () => {
    assert.equal(stageInterrupt(request(true), interrupt), interrupt);
  });

  it('treats a request that does not say as cancellable (the stages break on SIGINT as before)', () => {
    assert.equal(stageInterrupt(request(undefined), interrupt), interrupt);
  });
});
