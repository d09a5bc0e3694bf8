// How the explain accuracy harness reads a claim that names the total size of a collection's items
// (`L = total size of the items of \`words\``) against a label: as one size, or as count × item size
// only where the label itself multiplies two different sizes.
import assert from 'node:assert/strict';
import {
  claimReadings,
  closestClaim,
  formatGrowth,
  multipliesTwoSizes,
  parseClaim,
  parseGrowth,
} from '../../bench/explainAccuracyLabels';

const LEGEND = ['L = total size of the items of `words`', 'n = size of `words`'];
const show = (r: ReturnType<typeof claimReadings>) => ({
  plain: r.plain && formatGrowth(r.plain),
  asProduct: r.asProduct && formatGrowth(r.asProduct),
});

describe('explain accuracy harness: totals of items', () => {
  it('a label multiplying two sizes (`n * l`, `(n + q) * l`, `m*n`) may read the total as their product', () => {
    assert.equal(multipliesTwoSizes('n * l'), true);
    assert.equal(multipliesTwoSizes('(n + q) * l'), true);
    assert.equal(multipliesTwoSizes('m*n'), true);
    assert.deepEqual(show(claimReadings('O(L + n)', LEGEND, 'n * l')), {
      plain: 'O(n)',
      asProduct: 'O(n^2)',
    });
  });

  it('one size squared (`n^2`, pairs) or a single size is not a product of two sizes', () => {
    assert.equal(multipliesTwoSizes('n^2'), false);
    assert.equal(multipliesTwoSizes('n'), false);
    assert.equal(multipliesTwoSizes('nlogn + m'), false);
    assert.equal(multipliesTwoSizes('m * (n + mlogm)'), false);
    assert.deepEqual(show(claimReadings('O(L + n)', LEGEND, 'n^2')), { plain: 'O(n)', asProduct: undefined });
  });

  it('a claim without a total has one reading', () => {
    assert.deepEqual(show(claimReadings('O(n*m)', ['n = size of `a`', 'm = size of `b`'], 'n * l')), {
      plain: 'O(n^2)',
      asProduct: undefined,
    });
  });

  it('a total times a log of one item (`L log n`) keeps its log in both readings', () => {
    assert.deepEqual(show(claimReadings('O(L log n + m)', LEGEND, 'n * l * log(l)')), {
      plain: 'O(n log n)',
      asProduct: 'O(n^2 log n)',
    });
  });
});

describe('explain accuracy harness: which reading of a total decided', () => {
  it('reports a total kept as one size where count × item size would judge otherwise', () => {
    const units = [{ complexity: 'O(n*L)', complexity_legend: LEGEND }];
    const r = closestClaim(units, parseGrowth('n * l')!, 'n * l');
    assert.equal(formatGrowth(r.claim!), 'O(n^2)');
    assert.deepEqual([r.asProduct, r.oneSizeKept], [false, true]);
  });

  it('reports neither when both readings judge alike or the label names one size', () => {
    const product = closestClaim(
      [{ complexity: 'O(L + n)', complexity_legend: LEGEND }],
      parseGrowth('n * l')!,
      'n * l',
    );
    assert.deepEqual([product.asProduct, product.oneSizeKept], [true, false]);
    const one = closestClaim([{ complexity: 'O(L + n)', complexity_legend: LEGEND }], parseGrowth('n')!, 'n');
    assert.deepEqual([one.asProduct, one.oneSizeKept], [false, false]);
  });
});

describe("explain accuracy harness: the engine's own notation", () => {
  it('a squared log of one size (`log^2 n`) is read as (log n)², also beside other terms', () => {
    assert.equal(formatGrowth(parseClaim('O(log^2 n)')!), formatGrowth(parseGrowth('log(n)^2')!));
    assert.equal(formatGrowth(parseClaim('O(n log^2 n)')!), formatGrowth(parseGrowth('n * log(n)^2')!));
    assert.equal(formatGrowth(parseClaim('O(m*k + log^2 n)')!), 'O(n^2)');
  });

  it('near miss: a plain log and a product of two logs keep their reading', () => {
    assert.equal(formatGrowth(parseClaim('O(log n)')!), 'O(log n)');
    assert.equal(formatGrowth(parseClaim('O(log n log m)')!), formatGrowth(parseGrowth('log(n)^2')!));
  });
});
