import assert from 'node:assert/strict';
import { corpusSamples, precision, recall, scoreCorpus } from './corpusScore';

// The bar for the tree-sitter languages' share of the corpus (see test/fixtures/review/README.md).
const MIN_SECURITY_PRECISION = 0.9;
const MIN_SECURITY_RECALL = 0.8;
const MIN_OTHER = 0.8;

describe('tree-sitter rules on the labelled corpus', () => {
  it('has enough vulnerable and safe samples across languages', () => {
    const samples = corpusSamples();
    const vulnerable = samples.filter(([, , e]) => e.expect.length > 0);
    const safe = samples.filter(([, , e]) => e.expect.length === 0);
    assert.ok(vulnerable.length >= 35, `vulnerable: ${vulnerable.length}`);
    assert.ok(safe.length >= 35, `safe: ${safe.length}`);
    assert.ok(new Set(samples.map(([language]) => language)).size >= 7);
  });

  it('meets the precision and recall bars per check type', async () => {
    const scores = await scoreCorpus();
    const report = [...scores].map(
      ([type, s]) =>
        `${type}: precision ${precision(s).toFixed(2)} recall ${recall(s).toFixed(2)} (tp ${s.truePositives}, fp ${s.falsePositives}, fn ${s.falseNegatives})`,
    );
    console.log(`      ${report.join('\n      ')}`);
    for (const [type, s] of scores) {
      const detail = `${type}:\n${s.mismatches.join('\n')}`;
      assert.ok(precision(s) >= (type === 'security' ? MIN_SECURITY_PRECISION : MIN_OTHER), detail);
      assert.ok(recall(s) >= (type === 'security' ? MIN_SECURITY_RECALL : MIN_OTHER), detail);
    }
  });
});
