// A worker warms up its review code after its first JavaScript-family review, in units that run
// only while it is idle; other tasks and languages start nothing, and the samples are real code.
import assert from 'node:assert/strict';
import { CHECK_TYPES, type ReviewInput } from '../../../server/src/engine/contracts/review';
import { reviewDetailed } from '../../../server/src/engine/review/index';
import { DEFAULT_CONFIG } from '../../../server/src/engine/contracts/config';
import type { TaskRequest } from '../../../server/src/pool/protocol';
import { WarmUp } from '../../../server/src/pool/warmUp';
import { warmUpSamples } from '../../../server/src/pool/warmUpSamples';

const CHECKS: ReviewInput['check_types'] = [...CHECK_TYPES];

function request(task: string, payload: unknown): TaskRequest {
  return { task, payload, config: DEFAULT_CONFIG, roots: [], timeLimitMs: 15_000 };
}

const reviewOf = (language: string, check_types = CHECKS) =>
  request('reviewFindings', { input: { code: 'let a = 1;', language, check_types }, fixedCode: false });

/** A WarmUp whose units and deferred steps are recorded instead of run. */
function harness(rounds = 2) {
  const reviewed: ReviewInput[] = [];
  const deferred: (() => void)[] = [];
  const warmUp = new WarmUp(
    async (input) => reviewed.push(input),
    rounds,
    (step) => deferred.push(step),
  );
  /** Runs the deferred steps (and those they defer) until none is left. */
  const drain = async () => {
    while (deferred.length > 0) {
      deferred.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { warmUp, reviewed, deferred, drain };
}

describe('pool/warmUp', () => {
  it('after a first JavaScript review, reviews each sample `rounds` times with its check types', async () => {
    const { warmUp, reviewed, drain } = harness(2);
    warmUp.taskStarted();
    warmUp.taskEnded(reviewOf('javascript', ['security']), true);
    assert.equal(warmUp.pending, 2 * warmUpSamples('javascript').length);
    await drain();
    assert.equal(reviewed.length, 2 * warmUpSamples('javascript').length);
    assert.ok(
      reviewed.every((input) => input.language === 'javascript' && input.check_types.join() === 'security'),
    );
    // The same kind of review again: warmed already.
    warmUp.taskEnded(reviewOf('javascript', ['security']), true);
    assert.equal(warmUp.pending, 0);
  });

  it('a kind of review not warmed yet (another language or check types) queues its own warm-up', () => {
    const { warmUp } = harness(1);
    warmUp.taskEnded(reviewOf('javascript'), true);
    const javascript = warmUp.pending;
    warmUp.taskEnded(reviewOf('typescript'), true);
    assert.equal(warmUp.pending, javascript + warmUpSamples('typescript').length);
    warmUp.taskEnded(reviewOf('typescript', ['security']), true);
    assert.equal(warmUp.pending, javascript + 2 * warmUpSamples('typescript').length);
  });

  it('runs no unit while a task runs, and goes on once it has ended', async () => {
    const { warmUp, reviewed, deferred, drain } = harness(1);
    warmUp.taskEnded(reviewOf('javascript'), true);
    deferred.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(reviewed.length, 1);
    // A task arrives: the step already deferred finds the worker busy and runs nothing.
    warmUp.taskStarted();
    while (deferred.length > 0) deferred.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(reviewed.length, 1);
    warmUp.taskEnded(request('outline', { code: '', language: 'javascript' }), true);
    await drain();
    assert.equal(reviewed.length, warmUpSamples('javascript').length);
  });

  it('other tasks, other languages and failed reviews start no warm-up (near misses)', () => {
    const { warmUp } = harness();
    warmUp.taskEnded(request('outline', { code: 'let a;', language: 'javascript' }), true);
    warmUp.taskEnded(reviewOf('python'), true);
    warmUp.taskEnded(reviewOf('javascript'), false);
    assert.equal(warmUp.pending, 0);
    // The API's review operation counts as a review.
    warmUp.taskEnded(
      request('review', { code: 'let a;', language: 'javascript', check_types: CHECKS }),
      true,
    );
    assert.ok(warmUp.pending > 0);
  });

  it('a unit that throws does not stop the warm-up', async () => {
    let calls = 0;
    const deferred: (() => void)[] = [];
    const warmUp = new WarmUp(
      async () => {
        calls++;
        throw new Error('sample failed');
      },
      1,
      (step) => deferred.push(step),
    );
    warmUp.taskEnded(reviewOf('javascript'), true);
    while (deferred.length > 0) {
      deferred.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(calls, warmUpSamples('javascript').length);
  });

  // Samples that did not parse would warm only the syntax-error path.
  for (const language of ['javascript', 'javascriptreact', 'typescript', 'typescriptreact'] as const) {
    it(`every ${language} sample parses and runs the whole review`, async () => {
      for (const code of warmUpSamples(language)) {
        const { findings } = await reviewDetailed(
          { code, language, check_types: CHECKS },
          {},
          { fixedCode: false },
        );
        assert.deepEqual(
          findings.filter((f) => f.type === 'syntax'),
          [],
          code.slice(0, 60),
        );
      }
    });
  }
});
