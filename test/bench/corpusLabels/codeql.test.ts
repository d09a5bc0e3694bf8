// CodeQL's inline expectations: `// $ Alert[query]` marks a flaw on its line; `MISSING:` is a flaw
// CodeQL misses (still a flaw), `SPURIOUS:` a CodeQL false alarm (safe code).
import assert from 'node:assert/strict';
import { inlineAlerts } from '../../../bench/corpusLabels/codeql';

describe('corpus labels: CodeQL inline expectations', () => {
  it('reads alerts, missing and spurious tags, and ignores unknown queries', () => {
    const code = [
      'let q = input(); // $ Source',
      'db.query(q); // $ Alert[rust/sql-injection]',
      'run(q); // $ MISSING: Alert[rust/command-line-injection]',
      'safe(q); // $ SPURIOUS: Alert[rust/path-injection] Alert[rust/some-other-query]',
      'x(); // Alert[rust/sql-injection] without the $ marker',
    ].join('\n');
    assert.deepEqual(inlineAlerts(code), [
      { line: 2, family: 'sqli', spurious: false },
      { line: 3, family: 'cmdi', spurious: false },
      { line: 4, family: 'pathtraver', spurious: true },
    ]);
  });

  it('counts one family once per line', () => {
    const code = 'f(); // $ Alert[rust/sql-injection] Alert[js/sql-injection]';
    assert.deepEqual(inlineAlerts(code), [{ line: 1, family: 'sqli', spurious: false }]);
  });
});
