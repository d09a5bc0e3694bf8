import assert from 'node:assert/strict';
import { plainText } from '../../../server/src/features/plainText';

describe('features/plainText', () => {
  it('turns Markdown code spans into quoted text and leaves the rest', () => {
    assert.equal(plainText('Avoid `eval` on `req.query.code`.'), "Avoid 'eval' on 'req.query.code'.");
    assert.equal(plainText('a lone ` backtick'), 'a lone ` backtick');
    assert.equal(plainText('no code here'), 'no code here');
  });
});
