// C/C++ rules of languages/cpp.ts: the Windows CryptoAPI's algorithm ids, next to the safe ones;
// the severity of flows from the operator's own input.
import assert from 'node:assert/strict';
import { code, linesOf, review, severitiesOf } from '../reviewHelper';

describe('review C/C++ Windows CryptoAPI', () => {
  it('reports MD5/SHA-1 hashes and DES/RC4 keys by algorithm id; SHA-256 and AES are fine', async () => {
    const src = code`
      #include <windows.h>
      #include <wincrypt.h>
      void protect(HCRYPTPROV prov, const char *password) {
          HCRYPTHASH hash;
          HCRYPTKEY key;
          CryptCreateHash(prov, CALG_MD5, 0, 0, &hash);
          CryptHashData(hash, (BYTE *)password, strlen(password), 0);
          CryptDeriveKey(prov, CALG_3DES, hash, 0, &key);
          CryptGenKey(prov, CALG_RC4, 0, &key);
          CryptCreateHash(prov, CALG_SHA_256, 0, 0, &hash);
          CryptDeriveKey(prov, CALG_AES_256, hash, 0, &key);
      }
    `;
    assert.deepEqual(await linesOf('weak-hash', src, 'c'), [6]);
    assert.deepEqual(await linesOf('weak-cipher', src, 'cpp'), [8, 9]);
    // The digest feeds a password: reported high.
    const [hash] = (await review(src, 'c')).filter((f) => f.rule === 'codewright/weak-hash');
    assert.equal(hash.severity, 'high');
  });
});

describe('review C/C++ input from the operator', () => {
  it('reports a path from the command line or environment at medium, from a socket at high', async () => {
    const src = code`
      #include <stdio.h>
      #include <sys/socket.h>
      int main(int argc, char **argv) {
          FILE *a = fopen(argv[1], "rb");
          FILE *b = fopen(getenv("DATA_FILE"), "rb");
          char name[256];
          recv(sock, name, sizeof(name) - 1, 0);
          FILE *c = fopen(name, "rb");
          return 0;
      }
    `;
    const found = (await review(src, 'c')).filter((f) => f.rule === 'codewright/path-traversal');
    assert.deepEqual(
      found.map((f) => `${f.line} ${f.severity}`),
      ['4 medium', '5 medium', '8 high'],
    );
  });
});

describe('review C/C++ TLS verification', () => {
  it('reports SSL_VERIFY_NONE at medium in the branch of a client-certificate setting, high elsewhere', async () => {
    const src = code`
      void accept_conn(SSL *ssl, int require_auth) {
          switch (require_auth) {
              case TLS_CLIENT_AUTH_NO:
                  SSL_set_verify(ssl, SSL_VERIFY_NONE, NULL);
                  break;
              default:
                  SSL_set_verify(ssl, SSL_VERIFY_PEER, NULL);
          }
      }
      void connect_conn(SSL *ssl, int retries) {
          switch (retries) {
              case 0:
                  SSL_set_verify(ssl, SSL_VERIFY_NONE, NULL);
          }
      }
    `;
    assert.deepEqual(await severitiesOf('tls-verification-disabled', src, 'c'), ['4 medium', '13 high']);
  });

  it('reports curl verification off at medium under the verification setting, high elsewhere', async () => {
    const src = code`
      CURL *handle(void) {
          CURL *result = curl_easy_init();
          if (!curl_ssl_verify) {
              curl_easy_setopt(result, CURLOPT_SSL_VERIFYPEER, 0L);
          }
          if (!result)
              curl_easy_setopt(result, CURLOPT_SSL_VERIFYHOST, 0L);
          return result;
      }
    `;
    assert.deepEqual(await severitiesOf('tls-verification-disabled', src, 'c'), ['4 medium', '7 high']);
  });
});
