import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { documentEdit, minimalEdit, toLspEdits } from '../../../server/src/features/textEdits';

const doc = (text: string) => TextDocument.create('file:///a.js', 'javascript', 3, text);

describe('features/textEdits', () => {
  it('replaces only the part that differs', () => {
    const document = doc('var a = 1;\nvar b = 2;\nuse(a, b);\n');
    const edit = minimalEdit(document, 'var a = 1;\nconst b = 2;\nuse(a, b);\n')!;
    assert.deepEqual(edit.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } });
    assert.equal(edit.newText, 'const');
    assert.equal(TextDocument.applyEdits(document, [edit]), 'var a = 1;\nconst b = 2;\nuse(a, b);\n');
  });

  it('gives nothing for identical text and handles pure insertions and deletions', () => {
    assert.equal(minimalEdit(doc('same'), 'same'), undefined);
    const inserted = doc('ab');
    assert.equal(TextDocument.applyEdits(inserted, [minimalEdit(inserted, 'aXb')!]), 'aXb');
    const deleted = doc('aaXaa');
    const edit = minimalEdit(deleted, 'aaaa')!;
    assert.equal(TextDocument.applyEdits(deleted, [edit]), 'aaaa');
    assert.equal(edit.newText, '');
  });

  it('never cuts a surrogate pair in half', () => {
    const document = doc('x = "😀";');
    const edit = minimalEdit(document, 'x = "😁";')!;
    assert.equal(edit.newText, '😁');
    assert.equal(edit.range.end.character - edit.range.start.character, 2);
  });

  it('maps offset edits to ranges and ties the edit to the version', () => {
    const document = doc('a\nbc\n');
    const edits = toLspEdits(document, [{ start: 2, end: 3, text: 'B' }]);
    assert.deepEqual(edits[0]!.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } });
    assert.deepEqual(documentEdit(document, edits).documentChanges![0], {
      textDocument: { uri: 'file:///a.js', version: 3 },
      edits,
    });
  });
});
