import assert from 'node:assert/strict';
import { cweOf } from '../../../../server/src/engine/review/cwe';
import { allRuleMetas } from '../../../../server/src/engine/review/rules';

describe('engine/review/cwe', () => {
  it('names a CWE for every security rule', () => {
    const security = [
      ...new Set(
        allRuleMetas()
          .filter((r) => r.type === 'security')
          .map((r) => r.id),
      ),
    ];
    assert.deepEqual(
      security.filter((id) => cweOf(id) === undefined),
      [],
    );
    assert.equal(cweOf('codewright/sql-injection'), 89);
  });
});
