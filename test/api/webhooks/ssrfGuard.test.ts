// The SSRF guard at registration (URL form, every resolved address) and at connect time, where a
// name that re-resolves to loopback (DNS rebinding) is refused before any byte reaches it.
import assert from 'node:assert/strict';
import { targetProblem, urlFormProblem } from '../../../api/src/webhooks/ssrfGuard';
import { WebhookSender } from '../../../api/src/webhooks/sender';
import { Receiver } from './receiver';

describe('webhook SSRF guard', () => {
  it('requires https, except http to loopback names when local receivers are allowed', () => {
    assert.equal(urlFormProblem('https://hooks.example.com/x', false), undefined);
    assert.match(urlFormProblem('http://hooks.example.com/x', true)!, /https/);
    assert.match(urlFormProblem('http://localhost:9000/x', false)!, /CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL/);
    for (const url of ['http://localhost:9000/x', 'http://127.0.0.1:9000/x', 'http://[::1]:9000/x']) {
      assert.equal(urlFormProblem(url, true), undefined, url);
    }
    assert.match(urlFormProblem('http://10.0.0.1/x', true)!, /https/);
    assert.match(urlFormProblem('ftp://example.com/x', false)!, /https/);
    assert.match(urlFormProblem('https://user:pw@example.com/x', false)!, /credentials/);
    assert.match(urlFormProblem('not a url', false)!, /valid absolute URL/);
    assert.match(urlFormProblem('file:///etc/passwd', true)!, /https/);
  });

  it('refuses hosts that resolve to any refused address, literal or by name', async () => {
    const dns: Record<string, string[]> = {
      'public.example': ['93.184.216.34'],
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
      'metadata.example': ['169.254.169.254'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'v6private.example': ['fd00::1'],
    };
    const resolve = async (host: string) => {
      if (!dns[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return dns[host];
    };
    const check = (url: string, allowLocal = false) => targetProblem(url, { allowLocal, resolve });
    assert.equal(await check('https://public.example/hook'), undefined);
    assert.match((await check('https://mixed.example/hook'))!, /10\.0\.0\.5, a private address/);
    assert.match((await check('https://metadata.example/hook'))!, /link-local/);
    assert.match((await check('https://mapped.example/hook'))!, /loopback/);
    assert.equal(await check('https://mapped.example/hook', true), undefined);
    assert.match((await check('https://v6private.example/hook', true))!, /private/);
    assert.match((await check('https://nowhere.example/hook'))!, /does not resolve \(ENOTFOUND\)/);
    assert.match((await check('https://127.0.0.1/hook'))!, /loopback/);
    assert.match((await check('https://[::ffff:7f00:1]/hook'))!, /loopback/);
    assert.match((await check('https://[fe80::1]/hook', true))!, /link-local/);
    assert.match((await check('https://0.0.0.0/hook', true))!, /unspecified/);
    assert.match((await check('https://224.0.0.1/hook', true))!, /multicast/);
  });

  it('refuses at connect time a name that now resolves to loopback (DNS rebinding)', async () => {
    const receiver = await new Receiver().start();
    try {
      let answer = ['93.184.216.34'];
      const policy = { allowLocal: false, resolve: async () => answer };
      const url = `http://rebind.example:${receiver.port}/hook`;
      // Registration would have seen a public address; by delivery time the name points here.
      answer = ['127.0.0.1'];
      const sender = new WebhookSender({ policy, timeoutMs: 2000, maxSocketsPerOrigin: 1 });
      const result = await sender.send(url, {}, '{}');
      sender.close();
      assert.equal(result.status, null);
      assert.match(result.error!, /refused: .*127\.0\.0\.1, a loopback address/);
      assert.equal(receiver.received.length, 0, 'no request reached the loopback receiver');
      // A literal address is checked too (Node does not call lookup for literals).
      const literal = new WebhookSender({ policy, timeoutMs: 2000, maxSocketsPerOrigin: 1 });
      assert.match((await literal.send(receiver.url, {}, '{}')).error!, /refused/);
      literal.close();
      assert.equal(receiver.received.length, 0);
    } finally {
      await receiver.stop();
    }
  });
});
