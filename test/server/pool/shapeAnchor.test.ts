// A worker keeps what `modernize` built on a few small samples, once armed by a large JavaScript
// refactor, one sample per unit of idle work, and refreshes it after each later one; the samples are
// real refactor input.
import assert from 'node:assert/strict';
import ts from 'typescript';
import { SourceCode } from 'eslint';
import { refactorJs } from '../../../server/src/engine/refactor/js/index';
import { selectPatterns } from '../../../server/src/engine/refactor/patterns';
import { ShapeAnchor } from '../../../server/src/pool/shapeAnchor';
import { SHAPE_ANCHOR_SAMPLES } from '../../../server/src/pool/shapeAnchorSamples';

/** An anchor whose refactor records each sample and keeps one object for it. */
function recordingAnchor(samples: string[]): { anchor: ShapeAnchor; refactored: string[] } {
  const refactored: string[] = [];
  const anchor = new ShapeAnchor((code, keep) => {
    refactored.push(code);
    keep({ code });
  }, samples);
  return { anchor, refactored };
}

describe('pool/shapeAnchor', () => {
  it('builds nothing until armed, then one sample per step until every sample is kept', () => {
    const { anchor, refactored } = recordingAnchor(['a', 'b']);
    assert.equal(anchor.pending, false);
    assert.equal(anchor.step(), false, 'not armed: no large refactor has run');
    assert.deepEqual(refactored, []);
    anchor.arm();
    assert.equal(anchor.pending, true);
    assert.equal(anchor.step(), true);
    assert.deepEqual(refactored, ['a']);
    assert.equal(anchor.step(), true);
    assert.equal(anchor.step(), false, 'complete');
    assert.equal(anchor.pending, false);
    assert.equal(anchor.step(), false, 'not armed again: nothing more runs');
    assert.deepEqual(refactored, ['a', 'b']);
    assert.equal(anchor.size, 2);
    assert.equal(anchor.completed, 1);
  });

  it('armed again after a later large refactor, refactors the samples again and keeps only the last refresh beside the first build', () => {
    const { anchor, refactored } = recordingAnchor(['a', 'b']);
    anchor.arm();
    while (anchor.step());
    for (let refresh = 1; refresh <= 3; refresh++) {
      anchor.arm();
      assert.equal(anchor.pending, true, 'a refresh is due');
      assert.equal(anchor.step(), true);
      assert.equal(anchor.step(), true);
      assert.equal(anchor.step(), false);
      // The first build and the last refresh: a worker's anchor does not grow with its requests.
      assert.equal(anchor.size, 4);
      assert.equal(anchor.completed, 1 + refresh);
    }
    assert.deepEqual(refactored, ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('armed again while a round is still pending goes on with that round instead of restarting it', () => {
    const refactored: string[] = [];
    const anchor = new ShapeAnchor((code) => void refactored.push(code), ['a', 'b', 'c']);
    anchor.arm();
    anchor.step();
    // A large refactor arrived between two units (the collection check passed to it).
    anchor.arm();
    while (anchor.step());
    assert.deepEqual(refactored, ['a', 'b', 'c']);
    assert.equal(anchor.completed, 1);
  });

  it('armed by a first refactor of any size builds once; later small refactors arm nothing, a later large one refreshes', () => {
    const { anchor, refactored } = recordingAnchor(['a', 'b']);
    anchor.armFirst();
    assert.equal(anchor.pending, true, 'the first build is due while the worker is idle');
    anchor.step();
    // A second small refactor between two units goes on with the round.
    anchor.armFirst();
    while (anchor.step());
    assert.deepEqual(refactored, ['a', 'b']);
    assert.equal(anchor.completed, 1);
    anchor.armFirst();
    assert.equal(anchor.pending, false, 'built once: small refactors do not refresh it');
    anchor.arm();
    while (anchor.step());
    assert.equal(anchor.completed, 2, 'a large refactor after it refreshes it');
    assert.equal(anchor.size, 4);
  });

  it('a large refactor arriving during the first build goes on with it, and the next large one refreshes', () => {
    const { anchor, refactored } = recordingAnchor(['a', 'b', 'c']);
    anchor.armFirst();
    anchor.step();
    anchor.arm();
    while (anchor.step());
    assert.deepEqual(refactored, ['a', 'b', 'c'], 'the first build, not restarted');
    assert.equal(anchor.completed, 1);
    anchor.armFirst();
    assert.equal(anchor.pending, false);
    anchor.arm();
    assert.equal(anchor.pending, true);
  });

  it('when idle, builds the first round after a task of any size, a refresh only after a task that left a large heap', () => {
    const { anchor, refactored } = recordingAnchor(['a']);
    anchor.armFirst();
    assert.equal(
      anchor.stepWhenIdle(() => assert.fail('the first build does not ask')),
      true,
    );
    anchor.arm();
    assert.equal(
      anchor.stepWhenIdle(() => false),
      false,
      'a refresh waits for a large heap',
    );
    assert.equal(anchor.pending, true);
    assert.equal(
      anchor.stepWhenIdle(() => true),
      true,
    );
    assert.equal(
      anchor.stepWhenIdle(() => true),
      false,
      'complete',
    );
    assert.deepEqual(refactored, ['a', 'a']);
  });

  it('a sample that fails counts as built and keeps what it handed over', () => {
    const anchor = new ShapeAnchor(
      (code, keep) => {
        keep({ code });
        if (code === 'bad') throw new Error('no parse');
      },
      ['bad', 'good'],
    );
    anchor.arm();
    assert.equal(anchor.step(), true);
    assert.equal(anchor.step(), true);
    assert.equal(anchor.step(), false);
    assert.equal(anchor.size, 2);
  });

  it('each built-in sample is real `modernize` input: it changes, and its programs and lints are kept', function () {
    this.timeout(60_000);
    const patterns = selectPatterns('modernize', 'js', undefined);
    for (const code of SHAPE_ANCHOR_SAMPLES) {
      const kept: object[] = [];
      const result = refactorJs({
        code,
        extension: 'js',
        patterns,
        deadline: Infinity,
        keep: (b) => kept.push(b),
      });
      assert.notEqual(result.code, code, 'the sample has something to modernize');
      assert.ok(result.log.changes(patterns).length > 0);
      assert.ok(
        kept.some((built) => typeof (built as ts.Program).getTypeChecker === 'function'),
        'a program the code fixes read',
      );
      assert.ok(
        kept.some((built) => built instanceof SourceCode),
        'a lint',
      );
    }
  });
});
