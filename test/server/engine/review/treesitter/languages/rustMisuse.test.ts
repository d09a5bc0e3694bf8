// Rust API misuse: certificate checks turned off, broken ciphers, weak hashes of passwords, cookies
// without Secure and constant keys, each next to the safe way of doing the same.
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review Rust API misuse', () => {
  it('reports certificate checks off when the flag can be true; false and forwarded options are not', async () => {
    const src = code`
      fn client(insecure: bool, config: &Config) {
          reqwest::Client::builder().danger_accept_invalid_certs(true).build();
          let lax = std::env::var("LAX").is_ok() || true;
          native_tls::TlsConnector::builder().danger_accept_invalid_hostnames(lax).build();
          reqwest::Client::builder().danger_accept_invalid_certs(false).build();
          reqwest::Client::builder().danger_accept_invalid_certs(insecure).build();
          reqwest::Client::builder().danger_accept_invalid_certs(!config.verify).build();
      }
      fn main() { client(false, &Config::default()); }
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'rust'), [2, 4]);
  });

  it('reports a rustls verifier that accepts everything, not one that checks', async () => {
    const src = code`
      struct AcceptAll;
      impl rustls::client::danger::ServerCertVerifier for AcceptAll {
          fn verify_server_cert(&self, _e: &CertificateDer, _i: &[CertificateDer], _n: &ServerName, _o: &[u8], _t: UnixTime) -> Result<ServerCertVerified, Error> {
              Ok(ServerCertVerified::assertion())
          }
      }
      struct Pinned(Vec<u8>);
      impl ServerCertVerifier for Pinned {
          fn verify_server_cert(&self, end: &CertificateDer, _i: &[CertificateDer], _n: &ServerName, _o: &[u8], _t: UnixTime) -> Result<ServerCertVerified, Error> {
              if end.as_ref() == self.0.as_slice() { return Ok(ServerCertVerified::assertion()); }
              Err(Error::General("unknown certificate".into()))
          }
      }
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'rust'), [3]);
  });

  it('reports DES, RC4, type aliases of them and ECB; AES in CBC is fine', async () => {
    const src = code`
      type LegacyCbc = cbc::Encryptor<des::TdesEde3>;
      fn f(key: &[u8], iv: &[u8]) {
          let a = des::Des::new_from_slice(key).unwrap();
          let b = Rc4::<U16>::new(key.into());
          let c = LegacyCbc::new(key.into(), iv.into());
          let d = ecb::Encryptor::<aes::Aes128>::new(key.into());
          let e = cbc::Encryptor::<aes::Aes256>::new(key.into(), iv.into());
      }
    `;
    assert.deepEqual(await linesOf('weak-cipher', src, 'rust'), [3, 4, 5, 6]);
  });

  it('reports weak hashes high for passwords and low for checksums, fast hashes only for passwords', async () => {
    const src = code`
      fn f(password: &str, encrypted_password: &[u8], file_bytes: &[u8]) {
          let a = md5::Md5::digest(password);
          let b = md5::Md5::digest(file_bytes);
          let c = sha2::Sha256::digest(password.as_bytes());
          let d = sha2::Sha256::digest(file_bytes);
          let e = sha1::Sha1::digest(encrypted_password);
          let mut h = md5::Md5::new();
          h.update(password);
      }
    `;
    const hashes = (await review(src, 'rust')).filter((f) => f.rule === 'codewright/weak-hash');
    assert.deepEqual(
      hashes.map((f) => `${f.line}:${f.severity}`),
      ['2:high', '3:low', '4:high', '6:low', '8:high'],
    );
  });

  it('reports cookies built or added without Secure; secure(true) and set_secure(true) first are fine', async () => {
    const src = code`
      use cookie::{Cookie, CookieJar};
      fn cookies(jar: &mut CookieJar, flag: bool) {
          Cookie::build(("sid", "x")).http_only(true).build();
          Cookie::build(("sid", "x")).secure(true).build();
          Cookie::build(("sid", "x")).secure(flag).build();
          let mut a = Cookie::new("sid", "x");
          jar.add(a.clone());
          a.set_secure(true);
          jar.add(a.clone());
          let mut b = Cookie::new("sid", "x");
          if flag { b.set_secure(true); }
          jar.add(b);
      }
    `;
    assert.deepEqual(await linesOf('insecure-cookie', src, 'rust'), [3, 5, 7, 12]);
  });

  it('reports constant keys and nonces where they are written; generated ones and test code are fine', async () => {
    const src = code`
      fn seal(data: &[u8]) {
          let key: [u8; 32] = [7u8; 32];
          let cipher = Aes256Gcm::new(&key.into());
          let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
          cipher.encrypt(&nonce, data);
          let fresh = Aes256Gcm::generate_key(&mut OsRng);
          Aes256Gcm::new(&fresh);
      }
      #[cfg(test)]
      mod tests {
          #[test]
          fn fixed() { let k = [0u8; 32]; Aes256Gcm::new(&k.into()); }
      }
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', src, 'rust'), [2]);
  });
});
