import './useFakeVscode';
import assert from 'node:assert/strict';
import { count, reviewSummary } from '../../client/src/editorCommands';

describe('client messages', () => {
  it('uses singular and plural forms, never "(s)"', () => {
    assert.equal(count(1, 'file'), '1 file');
    assert.equal(count(0, 'issue'), '0 issues');
    const one = reviewSummary({ files: 1, issues: 1, skipped: 0, cancelled: false });
    assert.equal(one, 'Codewright: Reviewed 1 file: 1 issue in the Problems panel.');
    const many = reviewSummary({ files: 3, issues: 7, skipped: 2, cancelled: true });
    assert.match(many, /^Codewright: Stopped after 3 files: 7 issues in the Problems panel\. 2 skipped/);
    assert.doesNotMatch(one + many, /\(s\)/);
  });
});
