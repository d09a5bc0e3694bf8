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
  it('does not call a challenge-response login password storage, but still reports salted or double fast hashes', () => {
    const src = [
      "const crypto = require('crypto');",
      "function md5(s) { return crypto.createHash('md5').update(s).digest('hex'); }",
      'function pgAuth(user, password, salt) {',
      '  const inner = md5(password + user);',
      '  return md5(Buffer.concat([Buffer.from(inner), salt]));',
      '}',
      'function store(password, salt) { return md5(password + salt); }',
      'function store2(password) { const h = md5(password); return md5(h); }',
      'function mysqlAuth(password, scramble) {',
      "  const stage1 = crypto.createHash('sha1').update(password).digest();",
      "  const stage2 = crypto.createHash('sha1').update(stage1).digest();",
      "  return crypto.createHash('sha1').update(Buffer.concat([scramble, stage2])).digest();",
      '}',
    ].join('\n');
    const high = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/weak-hash' && f.severity === 'high')
      .map((f) => f.line);
    assert.deepEqual(high, [7, 8]);
  });

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

  it("leaves another module's Jwt helper to its own options, not jsonwebtoken or an unseen jwt", () => {
    const src = [
      "import { Jwt } from '../../utils/jwt';",
      "import jwt from 'jsonwebtoken';",
      "Jwt.verify(token, secret, { alg: 'HS256' });",
      'jwt.verify(token, secret, {});',
      'function check(t, k) { return JWT.verify(t, k, {}); }',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/jwt-algorithm-not-pinned'), [4, 5]);
  });
});

describe('review security rules: JWT keys (NodeBB)', () => {
  it('reports an unpinned verify with a shared secret at medium, with a public key or an unnamed key at high', () => {
    const src = [
      "const jwt = require('jsonwebtoken');",
      "jwt.verify(token, nconf.get('secret'), (err, payload) => done(err, payload));",
      'jwt.verify(token, publicKey);',
      'jwt.verify(token, key);',
      'jwt.verify(token, process.env.JWT_PUBLIC_SECRET_PEM);',
    ].join('\n');
    const severities = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/jwt-algorithm-not-pinned')
      .map((f) => `${f.line}:${f.severity}`);
    assert.deepEqual(severities, ['2:medium', '3:high', '4:high', '5:high']);
  });
});

describe('review security rules: TLS verification', () => {
  it('does not report verification turned off under the setting its user chose for that', () => {
    const src = [
      "function a(mode) { switch (mode) { case 'no-verify': return { rejectUnauthorized: false }; } }",
      "function b(cfg) { if (cfg.ssl === 'no-verify') cfg.ssl = { rejectUnauthorized: false }; }",
      "function c() { return https.request({ host: 'x', rejectUnauthorized: false }); }",
      "function d(env) { if (env === 'production') return { rejectUnauthorized: false }; }",
      // NodeBB's mail transport: the setting's key names the opt-out; another key does not.
      "function e(config, o) { if (config['email:allow-self-signed']) o.tls = { rejectUnauthorized: false }; }",
      "function f(config, o) { if (config['email:host']) o.tls = { rejectUnauthorized: false }; }",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/tls-verification-disabled'), [3, 4, 6]);
  });

  it('does not report verification turned off under a flag whose name is the opt-out', () => {
    // Golden: a notification's `unsafeTls` flag; near miss: a flag named otherwise.
    const src = [
      'function a(n, o) { if (n.routerUnsafeTls) o.agent = new https.Agent({ rejectUnauthorized: false }); }',
      'function b(n, o) { if (n.routerDebug) o.agent = new https.Agent({ rejectUnauthorized: false }); }',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/tls-verification-disabled'), [2]);
  });
});

describe('review security rules: Math.random reaching a secret later', () => {
  it("does not report a random value that stands in for a missing id, only one that is the key's own", () => {
    // Golden: the other choice reads an id; near misses: no id beside it, an id only in the test.
    const src = [
      'send({ alert_key: m.id ? String(m.id) : Math.random().toString(36).substring(7) });',
      'send({ alert_key: item.uuid || Math.random().toString(36) });',
      'send({ api_key: Math.random().toString(36) });',
      'send({ api_key: m.id ? makeKey() : Math.random().toString(36) });',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/insecure-random'), [3, 4]);
  });

  it('reports the use that gives a random value its purpose, not uses that give it none', () => {
    const src = [
      'function issue(user) {',
      '  const rand = Math.floor(Math.random() * 1e6);',
      "  const code = 'r' + rand.toString(36);",
      '  user.resetToken = code;',
      '}',
      'function pick(items) {',
      '  const r = Math.random();',
      '  if (r < 0.5) return items[0];',
      '  const delay = r * 1000;',
      '  setTimeout(() => {}, delay);',
      '}',
      'function store(secret) {',
      '  save(secret);',
      '}',
      'store(Math.random());',
      'function wait(ms) {}',
      'wait(Math.random() * 100);',
      "require('crypto').createHmac('sha256', Math.random());",
      'function both() {',
      '  const token = Math.random();',
      '  const copy = token;',
      '  send({ secret: copy });',
      '}',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/insecure-random'), [4, 12, 18, 20]);
  });
});
