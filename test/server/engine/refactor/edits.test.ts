// PositionMap: lines of the original input for positions in text rewritten by several batches.
import assert from 'node:assert/strict';
import {
  applyEdits,
  lineStarts,
  offsetOfLine,
  PositionMap,
  type Edit,
} from '../../../../server/src/engine/refactor/edits';

function step(map: PositionMap, text: string, edits: Edit[]): string {
  map.record(edits, text);
  return applyEdits(text, edits);
}

describe('lineStarts', () => {
  it('gives offsetOfLine for every line, with or without a final newline', () => {
    for (const text of ['', 'a', 'a\n', '\n\nb\r\nccc\n', 'one\ntwo\nthree']) {
      const starts = lineStarts(text);
      assert.equal(starts.length, text.split('\n').length, JSON.stringify(text));
      starts.forEach((start, index) =>
        assert.equal(start, offsetOfLine(text, index + 1), JSON.stringify(text)),
      );
    }
  });
});

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

  it('maps like a plain scan over every recorded edit (the bisecting map is only faster)', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const words = ['function foo() {', 'return a + b;', '  ', '\n', 'x', 'const value = 1;', '}'];
    const wordsOf = (n: number): string =>
      Array.from({ length: n }, () => words[random(words.length)]).join(' ');
    for (let trial = 0; trial < 300; trial++) {
      let text = wordsOf(20 + random(30));
      const map = new PositionMap(text);
      const reference = new ScanMap();
      for (let round = 0; round < 1 + random(4); round++) {
        const edits: Edit[] = [];
        for (let at = random(20); at < text.length; at += 1 + random(30)) {
          const end = Math.min(text.length, at + (random(3) === 0 ? 0 : random(40)));
          const from = random(text.length);
          edits.push({
            start: at,
            end,
            text: random(2) ? text.slice(from, from + random(40)) : wordsOf(random(3)),
          });
          at = end;
        }
        reference.record(edits, text);
        text = step(map, text, edits);
      }
      for (let offset = 0; offset <= text.length; offset++)
        assert.equal(
          map.toOriginal(offset),
          reference.toOriginal(offset),
          `trial ${trial}, offset ${offset}`,
        );
    }
  });
});

/** The straightforward map: every lookup walks every edit of every batch. */
class ScanMap {
  private readonly batches: (Edit & { replaced: string })[][] = [];

  record(edits: readonly Edit[], before: string): void {
    const recorded = edits.map((edit) => ({ ...edit, replaced: before.slice(edit.start, edit.end) }));
    this.batches.push(recorded.sort((a, b) => a.start - b.start));
  }

  toOriginal(offset: number): number {
    let position = offset;
    for (const batch of [...this.batches].reverse()) {
      let delta = 0;
      let inside: number | undefined;
      for (const edit of batch) {
        const newStart = edit.start + delta;
        if (position < newStart) break;
        if (position < newStart + edit.text.length) {
          inside = movedLine(batch, edit, position - newStart) ?? edit.start;
          break;
        }
        delta += edit.text.length - (edit.end - edit.start);
      }
      position = inside ?? position - delta;
    }
    return position;
  }
}

function movedLine(batch: (Edit & { replaced: string })[], edit: Edit, offset: number): number | undefined {
  const lineStart = edit.text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = edit.text.indexOf('\n', offset);
  const line = squeeze(edit.text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd));
  if (line.text.length < 8) return undefined;
  const column = line.index.findIndex((at) => at >= offset - lineStart);
  let found: number | undefined;
  for (const other of batch) {
    const replaced = squeeze(other.replaced);
    const at = replaced.text.indexOf(line.text);
    if (at < 0) continue;
    if (found !== undefined || replaced.text.indexOf(line.text, at + 1) >= 0) return undefined;
    found = other.start + replaced.index[at + Math.max(0, column)]!;
  }
  return found;
}

function squeeze(text: string): { text: string; index: number[] } {
  let squeezed = '';
  const index: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) continue;
    squeezed += text[i];
    index.push(i);
  }
  return { text: squeezed, index };
}
