// Precision and recall of the review engine on the labelled corpus (all languages), per check
// type, against the bars documented in docs/review.md.
import assert from 'node:assert/strict';
import type { CheckType } from '../../../../server/src/engine/contracts/review';
import { loadCorpus, precision, recall, scoreCorpus, type Sample, type Tally } from './corpusRunner';

/** The documented bars: minimum precision and recall per check type. */
export const BARS: Record<CheckType, { precision: number; recall: number }> = {
  security: { precision: 0.9, recall: 0.8 },
  performance: { precision: 0.85, recall: 0.75 },
  best_practices: { precision: 0.85, recall: 0.75 },
};

describe('review corpus', function () {
  this.timeout(300_000);
  let samples: Sample[];
  let tallies: Map<CheckType, Tally>;

  before(async () => {
    samples = loadCorpus();
    const scored = await scoreCorpus(samples);
    tallies = scored.tallies;
    const rows = [...tallies].map(
      ([type, t]) =>
        `  ${type.padEnd(15)} samples ${String(t.samples).padStart(3)}  tp ${String(t.tp).padStart(3)}  fp ${String(t.fp).padStart(2)}  fn ${String(t.fn).padStart(2)}  precision ${precision(t).toFixed(3)}  recall ${recall(t).toFixed(3)}`,
    );
    console.log(`\n  review corpus (${samples.length} samples)\n${rows.join('\n')}`);
    for (const m of scored.mismatches)
      console.log(`    ${m.kind}: ${m.file.replace(/.*fixtures\/review\//, '')}:${m.line} ${m.rule}`);
  });

  it('has at least 80 vulnerable and 80 safe samples, 50 + 50 of them JS/TS', () => {
    const vulnerable = samples.filter((s) => s.expect.length > 0);
    const safe = samples.filter((s) => s.expect.length === 0);
    assert.ok(vulnerable.length >= 80, `${vulnerable.length} vulnerable samples`);
    assert.ok(safe.length >= 80, `${safe.length} safe samples`);
    const js = (s: Sample): boolean => /script|react/.test(s.language);
    assert.ok(vulnerable.filter(js).length >= 50, 'JS/TS vulnerable samples');
    assert.ok(safe.filter(js).length >= 50, 'JS/TS safe samples');
  });

  for (const type of Object.keys(BARS) as CheckType[]) {
    it(`meets the ${type} bar`, () => {
      const tally = tallies.get(type);
      assert.ok(tally, `no ${type} samples`);
      assert.ok(precision(tally) >= BARS[type].precision, `${type} precision ${precision(tally).toFixed(3)}`);
      assert.ok(recall(tally) >= BARS[type].recall, `${type} recall ${recall(tally).toFixed(3)}`);
    });
  }
});
