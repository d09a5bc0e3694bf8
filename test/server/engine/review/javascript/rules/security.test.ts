// Security rules beyond taint: fast hashes of passwords (also through the Hash stream interface)
// and JWT verification, each with a safe look-alike.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function found(src: string, rule: string): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => f.line);
}

describe('review security rules: password hashing', () => {
  it('reports a password fed to a fast hash through update, write or end', () => {
    const src = [
      "const crypto = require('crypto');",
      "crypto.createHash('md5').update(password);",
      "require('crypto').createHash('sha256').write(password);",
      "crypto.createHash('sha1').end(userPassword);",
      "crypto.createHash('sha256').write(fileContents);",
      "require('bcrypt').hash(password, 12);",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/weak-hash'), [2, 3, 4]);
  });
});

describe('review: JWT verification under any import name', () => {
  it('reports verify without algorithms on jsonwebtoken imported as another name', () => {
    const src = [
      "import token from 'jsonwebtoken';",
      "const { verify } = require('jsonwebtoken');",
      'token.verify(t, key, {});',
      'verify(t, key, {});',
      "token.verify(t, key, { algorithms: ['RS256'] });",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/jwt-algorithm-not-pinned'), [3, 4]);
  });
});
