// Go cryptography misuse by import: broken ciphers, constant IVs and nonces, weak digests, math/rand,
// weak TLS settings, each next to the safe way of doing the same.
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review Go cryptography', () => {
  it('reports DES and RC4 under any import name, not AES', async () => {
    const src = code`
      package c
      import ("crypto/aes"; legacy "crypto/des"; "crypto/rc4")
      func f(key []byte) {
          legacy.NewTripleDESCipher(key)
          rc4.NewCipher(key)
          aes.NewCipher(key)
      }
    `;
    assert.deepEqual(await linesOf('weak-cipher', src, 'go'), [4, 5]);
  });

  it('reports IVs and nonces fixed in the code, through variables, parameters and never-filled buffers', async () => {
    const src = code`
      package c
      import ("crypto/cipher"; "crypto/rand"; "io")
      func seal(g cipher.AEAD, nonce []byte, msg []byte) []byte { return g.Seal(nil, nonce, msg, nil) }
      func f(block cipher.Block, g cipher.AEAD, msg []byte) {
          cipher.NewCTR(block, []byte("0123456789abcdef"))
          zero := make([]byte, 16)
          cipher.NewCBCEncrypter(block, zero)
          iv := make([]byte, 16)
          io.ReadFull(rand.Reader, iv)
          cipher.NewCBCEncrypter(block, iv)
          seal(g, []byte("twelve bytes"), msg)
      }
      func h(block cipher.Block, iv []byte) { cipher.NewOFB(block, iv) }
    `;
    assert.deepEqual(await linesOf('weak-cipher', src, 'go'), [3, 5, 7]);
  });

  it('does not call an IV constant once anything may have filled it: helpers, aliases, init, element writes', async () => {
    const src = code`
      package c
      import ("crypto/cipher"; "crypto/rand"; "encoding/binary"; "io")
      var shared = make([]byte, 16)
      func init() { rand.Read(shared) }
      func fillRandom(b []byte) { io.ReadFull(rand.Reader, b) }
      func setFirst(b []byte) { b[0] = 1 }
      func f(block cipher.Block, g cipher.AEAD, seq uint64, n uint32) {
          cipher.NewCTR(block, shared)
          a := make([]byte, 16)
          fillRandom(a)
          cipher.NewCTR(block, a)
          nonce := make([]byte, 12)
          binary.BigEndian.PutUint64(nonce[4:], seq)
          g.Seal(nil, nonce, nil, nil)
          buf := make([]byte, 32)
          head := buf[:16]
          io.ReadFull(rand.Reader, head)
          cipher.NewCFBEncrypter(block, buf[:16])
          p := make([]byte, 16)
          ptr := &p
          rand.Read(*ptr)
          cipher.NewOFB(block, p)
          ctr := make([]byte, 16)
          ctr[15] = byte(n)
          cipher.NewCTR(block, ctr)
          fixed := make([]byte, 16)
          setFirst(fixed)
          fixed[1] = 2
          cipher.NewCTR(block, fixed)
      }
    `;
    assert.deepEqual(await linesOf('weak-cipher', src, 'go'), [29]);
  });

  it('reports constant IVs where data is encrypted, not where it is decrypted; through function variables', async () => {
    const src = code`
      package c
      import ("crypto/cipher"; "os")
      func f(block cipher.Block, g cipher.AEAD, data []byte) {
          iv := []byte("0123456789abcdef")
          cipher.NewCBCDecrypter(block, iv)
          cipher.NewCFBDecrypter(block, iv)
          g.Open(nil, []byte("twelve bytes"), data, nil)
          cipher.NewCBCEncrypter(block, iv)
          var mode func(cipher.Block, []byte) cipher.Stream
          if len(os.Args) > 1 {
              mode = cipher.NewCTR
          } else {
              mode = cipher.NewOFB
          }
          mode(block, iv)
          g.Seal(nil, func() []byte { return []byte("twelve bytes") }(), data, nil)
      }
    `;
    assert.deepEqual(await linesOf('weak-cipher', src, 'go'), [8, 15, 16]);
  });

  it('reports math/rand by import (alias, v2), high only for secret values; crypto/rand is fine', async () => {
    const src = code`
      package c
      import ("crypto/rand"; "fmt"; "math/big"; mrand "math/rand")
      func jitter() int { return mrand.Intn(100) }
      func newToken() string {
          sessionToken := fmt.Sprint(mrand.Int63())
          n, _ := rand.Int(rand.Reader, big.NewInt(10))
          return sessionToken + n.String()
      }
    `;
    const findings = (await review(src, 'go', ['security'])).filter(
      (f) => f.rule === 'codewright/insecure-random',
    );
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.severity}`),
      ['3:low', '5:high'],
    );
  });

  it('reads what a statement does with math/rand, not what its generator is seeded with', async () => {
    const src = code`
      package c
      import "math/rand/v2"
      func shuffle(key cacheKey) []int {
          prng := rand.New(rand.NewPCG(key.seed, 0))
          return prng.Perm(key.n)
      }
      func issue() uint64 {
          apiKey := rand.New(rand.NewPCG(1, 2)).Uint64()
          return apiKey
      }
    `;
    const findings = (await review(src, 'go', ['security'])).filter(
      (f) => f.rule === 'codewright/insecure-random',
    );
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.severity}`),
      ['4:low', '8:high'],
    );
  });

  it('reports MD4 and RIPEMD-160 like MD5, and MD5 in a snippet without imports', async () => {
    const withImports = code`
      package c
      import ("crypto/sha256"; "golang.org/x/crypto/md4"; "golang.org/x/crypto/ripemd160")
      func f() { md4.New(); ripemd160.New(); sha256.New() }
    `;
    assert.deepEqual(await linesOf('weak-hash', withImports, 'go'), [3, 3]);
    assert.deepEqual(await linesOf('weak-hash', 'func f(p []byte) { md5.Sum(p) }\n', 'go'), [1]);
  });

  it('reports TLS 1.0/1.1 (also through a variable) and weak suites, not TLS 1.2', async () => {
    const src = code`
      package c
      import "crypto/tls"
      var low uint16 = tls.VersionTLS11
      var a = &tls.Config{MinVersion: tls.VersionTLS10}
      var b = &tls.Config{MaxVersion: low}
      var c = &tls.Config{CipherSuites: []uint16{tls.TLS_RSA_WITH_AES_128_GCM_SHA256}}
      var d = &tls.Config{MinVersion: tls.VersionTLS12, CipherSuites: []uint16{tls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256}}
    `;
    assert.deepEqual(await linesOf('weak-tls', src, 'go'), [4, 5, 6]);
  });
});
