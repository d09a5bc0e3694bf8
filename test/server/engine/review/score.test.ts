// The documented score formula: 100 × exp(−W / (20 × S)), W = Σ severity weights, S = lines / 50.
import assert from 'node:assert/strict';
import type { Severity } from '../../../../server/src/engine/contracts/review';
import { reviewCode } from '../../../../server/src/engine/review';
import { reviewScore } from '../../../../server/src/engine/review/score';
import type { Finding } from '../../../../server/src/engine/review/types';

function finding(severity: Severity, type: Finding['type'] = 'security'): Finding {
  return {
    rule: 'r',
    type,
    severity,
    message: 'm',
    suggestion: 's',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
  };
}

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `const v${i} = ${i};`).join('\n');

describe('review score', () => {
  it('is 100 for clean code', async () => {
    assert.equal(reviewScore([], lines(10)), 100);
    const output = await reviewCode({
      code: 'export function add(a, b) {\n  return a + b;\n}\n',
      language: 'javascript',
      check_types: ['security', 'performance', 'best_practices'],
    });
    assert.deepEqual(output.issues, []);
    assert.equal(output.score, 100);
  });

  it('follows the documented weights for a short snippet', () => {
    assert.equal(reviewScore([finding('critical')], lines(40)), 61);
    assert.equal(reviewScore([finding('high')], lines(40)), 78);
    assert.equal(reviewScore([finding('medium')], lines(40)), 90);
    assert.equal(reviewScore([finding('low')], lines(40)), 95);
    assert.equal(
      reviewScore(
        Array.from({ length: 5 }, () => finding('high')),
        lines(40),
      ),
      29,
    );
  });

  it('costs less in longer code', () => {
    const short = reviewScore([finding('critical')], lines(50));
    const long = reviewScore([finding('critical')], lines(400));
    assert.ok(long > short);
    assert.equal(long, Math.round(100 * Math.exp(-10 / (20 * 8))));
  });

  it('orders by severity and never leaves 0..100', () => {
    const scores = (['low', 'medium', 'high', 'critical'] as const).map((s) =>
      reviewScore([finding(s)], lines(20)),
    );
    assert.deepEqual(
      [...scores].sort((a, b) => b - a),
      scores,
    );
    assert.equal(
      reviewScore(
        Array.from({ length: 500 }, () => finding('critical')),
        lines(5),
      ),
      0,
    );
  });

  it('caps code that does not parse at 50', () => {
    assert.equal(reviewScore([finding('low', 'syntax')], lines(500)), 50);
  });
});
