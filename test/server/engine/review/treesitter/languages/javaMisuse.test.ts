// Java API misuse found by name and constant value: weak ciphers and hashes, java.util.Random,
// cookie flags. Each case has a safe look-alike next to it.
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review: Java crypto and cookie misuse', () => {
  it('reports weak ciphers, ECB and bare AES, not AES-GCM or an algorithm from configuration', async () => {
    const src = code`
      class C {
          void run(java.util.Properties props) throws Exception {
              javax.crypto.Cipher a = javax.crypto.Cipher.getInstance("DES/CBC/PKCS5Padding");
              javax.crypto.SecretKey k = javax.crypto.KeyGenerator.getInstance("DES").generateKey();
              Cipher b = Cipher.getInstance("AES/ECB/PKCS5Padding", "SunJCE");
              Cipher c = Cipher.getInstance("AES");
              String alg = "DESede";
              Cipher d = Cipher.getInstance(alg);
              Cipher ok1 = Cipher.getInstance("AES/GCM/NoPadding");
              KeyGenerator ok2 = KeyGenerator.getInstance("AES");
              Cipher ok3 = Cipher.getInstance(props.getProperty("alg", "DES"));
              Cipher ok4 = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");
          }
      }
    `;
    assert.deepEqual(await linesOf('weak-cipher', src, 'java'), [3, 4, 5, 6, 8]);
  });

  it('reports MD5/SHA-1 digests under qualified names and through locals', async () => {
    const src = code`
      class H {
          byte[] run(byte[] data) throws Exception {
              java.security.MessageDigest a = java.security.MessageDigest.getInstance("SHA1", "SUN");
              String name = "MD5";
              MessageDigest b = MessageDigest.getInstance(name);
              MessageDigest ok = MessageDigest.getInstance("SHA-256");
              return a.digest(data);
          }
      }
    `;
    assert.deepEqual(await linesOf('weak-hash', src, 'java'), [3, 5]);
  });

  it('reports java.util.Random and Math.random, high when the value is a secret; not SecureRandom', async () => {
    const src = code`
      class R {
          void run() {
              String sessionToken = Long.toString(new java.util.Random().nextLong());
              double jitter = Math.random();
              int ok = new java.security.SecureRandom().nextInt();
          }
      }
    `;
    const findings = (await review(src, 'java')).filter((f) => f.rule === 'codewright/insecure-random');
    assert.deepEqual(
      findings.map((f) => [f.line, f.severity]),
      [
        [3, 'high'],
        [4, 'medium'],
      ],
    );
  });

  it('reports cookies with Secure or HttpOnly off, or added without setSecure', async () => {
    const src = code`
      class K {
          void run(javax.servlet.http.HttpServletResponse response) {
              javax.servlet.http.Cookie a = new javax.servlet.http.Cookie("a", "1");
              a.setSecure(false);
              response.addCookie(a);
              Cookie b = new Cookie("b", "2");
              response.addCookie(b);
              Cookie ok = new Cookie("c", "3");
              ok.setSecure(true);
              ok.setHttpOnly(true);
              response.addCookie(ok);
          }
      }
    `;
    assert.deepEqual(await linesOf('insecure-cookie', src, 'java'), [4, 6]);
  });
});
