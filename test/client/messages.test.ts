import './useFakeVscode';
import assert from 'node:assert/strict';
import { count, reviewSummary } from '../../client/src/editorCommands';
import { reviewFileSummary } from '../../client/src/fileCommands';

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

describe('client/fileCommands', () => {
  it('summarises a file review by severity, most severe first', () => {
    assert.equal(reviewFileSummary({ issues: 0, bySeverity: {} }), 'Codewright: no issues in this file.');
    assert.equal(
      reviewFileSummary({ issues: 3, bySeverity: { low: 1, critical: 2 } }),
      'Codewright: 3 issues (2 critical, 1 low) in the Problems panel.',
    );
  });
});
