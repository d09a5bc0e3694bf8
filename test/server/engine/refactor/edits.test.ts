// PositionMap: lines of the original input for positions in text rewritten by several batches.
import assert from 'node:assert/strict';
import { applyEdits, PositionMap, type Edit } from '../../../../server/src/engine/refactor/edits';

function step(map: PositionMap, text: string, edits: Edit[]): string {
  map.record(edits, text);
  return applyEdits(text, edits);
}

describe('PositionMap', () => {
  it('maps positions after shifting edits back to their original lines', () => {
    const original = 'a\nbb\nccc\ndddd\n';
    const map = new PositionMap(original);
    let text = step(map, original, [{ start: 0, end: 1, text: 'x\ny\nz' }]);
    text = step(map, text, [{ start: text.indexOf('ccc'), end: text.indexOf('ccc') + 3, text: 'C' }]);
    assert.equal(map.originalLine(text.indexOf('dddd')), 4);
    assert.equal(map.originalLine(text.indexOf('C')), 3);
    assert.equal(map.originalLine(text.indexOf('y')), 1, 'inside an inserted edit: the edit start');
  });

  it('follows a line moved verbatim from one edit of a batch into another', () => {
    const original = 'function A() {}\nA.prototype.m = function () {\n  return compute(this.value);\n};\n';
    const map = new PositionMap(original);
    const removeStart = original.indexOf('A.prototype');
    const text = step(map, original, [
      { start: 0, end: 15, text: 'class A {\n  m() {\n    return compute(this.value);\n  }\n}' },
      { start: removeStart, end: original.length, text: '' },
    ]);
    assert.equal(map.originalLine(text.indexOf('compute')), 3);
  });
});
