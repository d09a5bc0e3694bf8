// A batch that fails verification is bisected: the candidates that verify still land, with their
// edits shifted past the ones that landed before them, and only the failing one is listed as not applied.
import assert from 'node:assert/strict';
import { refactorCode } from '../../../../../server/src/engine/refactor/index';

const CODE = `function a() {
  var unusedA = 1;
  return 1;
}
function b() {
  return helper;
  var helper = 2;
}
function c() {
  var unusedC = 3;
  return 3;
}
function d() {
  return 4;
  console.log('never');
}
function e() {
  var unusedE = 5;
  return 5;
}
exports.all = [a, b, c, d, e];
`;

describe('pipeline: a batch that fails verification', () => {
  it('applies every candidate that verifies and lists only the failing one', async () => {
    const result = await refactorCode(
      { code: CODE, language: 'javascript', refactor_type: 'remove_dead_code' },
      {},
    );
    assert.deepEqual(result.changes, [
      'Line 2: removed unused `unusedA`',
      'Line 10: removed unused `unusedC`',
      "Line 15: removed unreachable code `console.log('never');`",
      'Line 18: removed unused `unusedE`',
      'Line 7: not applied: removed unreachable code `var helper = 2;` — the compiler would then report "Cannot find name \'helper\'."',
    ]);
    assert.match(result.refactored_code, /return helper;\n {2}var helper = 2;/);
    assert.doesNotMatch(result.refactored_code, /unused[ACE]|never/);
  });
});
