// Golden cases for the twelfth round (issue 16): the model's cut of an expression's text keeps every
// comprehension clause, and the rows of a comprehension are read from its outermost clause.
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { compact } from '../../../../../server/src/engine/explain/extract/boundText';
import {
  comprehensionRows,
  outerIterable,
} from '../../../../../server/src/engine/explain/extract/comprehensions';

describe('explain extract: comprehension clauses', () => {
  it('a cut never drops the last `for` of a nested comprehension (a table dimension)', () => {
    const table = '[[[-1] * (1 << len(keys)) for _ in range(cols)] for _ in range(rows)]';
    assert.ok(table.length > 60);
    assert.equal(compact(table), table);
  });

  it('a cut after the last clause keeps the clauses and marks what follows', () => {
    const items = 'v'.repeat(70);
    const text = `[x for x in ${items}] + ${'y'.repeat(30)}`;
    assert.equal(compact(text), `[x for x in ${items} ...`);
  });

  it('near miss: a long call with no comprehension is cut at the usual length', () => {
    const text = `combine(${'a'.repeat(40)}, ${'b'.repeat(40)})`;
    assert.equal(compact(text), `${text.slice(0, 57)}...`);
  });

  it('the rows of a comprehension come from its outermost clause', () => {
    assert.equal(outerIterable('[[0] * n for j in range(len(a))]'), 'range(len(a))');
    assert.equal(
      comprehensionRows('[[int(i == j) for j in range(len(a))] for i in range(len(a))]'),
      'len(a)',
    );
    assert.equal(comprehensionRows('[[f(r, c) for c in cols] for r in grid]'), 'grid');
  });

  it('near miss: a repeated list or a comprehension inside a call is not one with rows', () => {
    assert.equal(comprehensionRows('[0] * n'), undefined);
    assert.equal(comprehensionRows('sum([x for x in a])'), undefined);
    assert.equal(comprehensionRows('[c for c in zip(*b)]'), undefined);
  });
});
