// Standard Webhooks signing: the spec's published test vector, what the `standardwebhooks`
// package (the receiver's side) accepts, and which secrets registration refuses.
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { generateSecret, secretProblem, sign, signatureHeaders } from '../../../api/src/webhooks/signing';

describe('webhook signing', () => {
  it('matches the Standard Webhooks test vector', () => {
    // From standard-webhooks/standard-webhooks libraries/javascript/src/webhook.test.ts ("sign function works").
    assert.equal(
      sign(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('produces headers the standardwebhooks package verifies, and it rejects a changed body', () => {
    const secret = generateSecret();
    const body = JSON.stringify({ event: 'review.completed', data: { request_id: 'r1', success: true } });
    const headers = signatureHeaders(secret, 'msg_1', Math.floor(Date.now() / 1000), body);
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    assert.throws(() => new Webhook(secret).verify(body.replace('r1', 'r2'), headers));
    assert.throws(() => new Webhook(generateSecret()).verify(body, headers));
  });

  it('verifies raw secrets with the package in raw format', () => {
    const secret = 'k8#Qz!v2Lp9@Xw4$Tn6^Rb1&Hm3*Jd5(Fs7)';
    const body = '{"x":1}';
    const headers = signatureHeaders(secret, 'msg_2', Math.floor(Date.now() / 1000), body);
    assert.deepEqual(new Webhook(new TextEncoder().encode(secret), { format: 'raw' }).verify(body, headers), {
      x: 1,
    });
  });

  it('generates whsec_ secrets of 32 random bytes, each different', () => {
    const a = generateSecret();
    assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(a.slice(6), 'base64').length, 32);
    assert.notEqual(a, generateSecret());
    assert.equal(secretProblem(a), undefined);
  });

  it('refuses weak secrets: short, repetitive, low-entropy, or a whsec_ outside 24..64 bytes', () => {
    for (const weak of [
      'password',
      'a'.repeat(100),
      'abcabcabcabcabcabcabcabcabcabcabcabc',
      '0123456789abcdef',
      'whsec_' + Buffer.alloc(16, 7).toString('base64'),
      'whsec_' + Buffer.from(Array.from({ length: 16 }, (_, i) => i)).toString('base64'),
      'whsec_' + Buffer.from(Array.from({ length: 65 }, (_, i) => i)).toString('base64'),
      'whsec_not base64!',
      'whsec_' + Buffer.alloc(32, 1).toString('base64'),
    ]) {
      assert.ok(secretProblem(weak), `accepted ${weak}`);
    }
    assert.equal(
      secretProblem('whsec_' + Buffer.from(Array.from({ length: 24 }, (_, i) => i * 7)).toString('base64')),
      undefined,
    );
    assert.equal(secretProblem('f3a9c1e07b5d2f8a6c4e1b9d7a3f5c2e8b6d4a1f9c7e5b3d'), undefined); // 48 hex chars
  });
});
