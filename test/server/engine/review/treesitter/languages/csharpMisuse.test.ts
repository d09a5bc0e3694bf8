// C# API misuse found by type name and constant value: DES/3DES/RC2 and ECB, System.Random, cookie
// flags. Each case has a safe look-alike next to it.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review: C# crypto and cookie misuse', () => {
  it('reports DES/3DES/RC2 providers and ECB mode, not AES', async () => {
    const src = code`
      class C {
          void Run() {
              var a = new TripleDESCryptoServiceProvider();
              var b = DES.Create();
              var ok = Aes.Create();
              ok.Mode = CipherMode.ECB;
              var ok2 = new AesCryptoServiceProvider();
              ok2.Mode = CipherMode.CBC;
          }
      }
    `;
    assert.deepEqual(await linesOf('weak-cipher', src, 'csharp'), [3, 4, 6]);
  });

  it('reports System.Random, not RandomNumberGenerator', async () => {
    const src = code`
      class R {
          void Run() {
              IO.WriteLine("" + new Random().NextDouble());
              var ok = RandomNumberGenerator.GetInt32(10);
          }
      }
    `;
    assert.deepEqual(await linesOf('insecure-random', src, 'csharp'), [3]);
  });

  it('reports cookies added without Secure or with Secure = false', async () => {
    const src = code`
      class K {
          void Run(HttpResponse resp) {
              HttpCookie a = new HttpCookie("a", "1");
              resp.Cookies.Add(a);
              HttpCookie b = new HttpCookie("b", "2");
              b.Secure = false;
              resp.Cookies.Add(b);
              HttpCookie ok = new HttpCookie("c", "3");
              ok.Secure = true;
              resp.Cookies.Add(ok);
              var ok2 = new HttpCookie("d", "4") { Secure = true, HttpOnly = true };
              resp.Cookies.Add(ok2);
          }
      }
    `;
    assert.deepEqual(await linesOf('insecure-cookie', src, 'csharp'), [3, 6]);
  });
});

describe('review: C# hard-coded credentials', () => {
  it('reports a literal password or key reaching a credential API, not one read at run time', async () => {
    const src = code`
      class P {
          void Run() {
              string data = "7e5tc4s3";
              var a = new NetworkCredential("user", data, "domain");
              var b = aes.CreateEncryptor(Encoding.UTF8.GetBytes("23 ~j;asn!@#/>as"), aes.IV);
              var c = new SqlConnection(@"Data Source=(local);User ID=" + "sa" + ";Password=" + data);
              string typed = Console.ReadLine();
              var ok1 = new NetworkCredential("user", typed, "domain");
              var ok2 = new SqlConnection("Data Source=(local);Integrated Security=true");
          }
      }
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', src, 'csharp'), [4, 5, 6]);
  });
});
