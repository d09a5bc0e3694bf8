// DNS-rebinding protection: only loopback Host headers with the server's port are served.
import assert from 'node:assert/strict';
import { isAllowedHost } from '../../api/src/hostCheck';
import { createTestApi, errorOf, PORT } from './helpers';

describe('Host check', () => {
  it('accepts loopback names and addresses on the right port', () => {
    for (const host of [
      '127.0.0.1:8787',
      'localhost:8787',
      'LOCALHOST:8787',
      '[::1]:8787',
      '127.1.2.3:8787',
      'app.localhost:8787',
    ]) {
      assert.equal(isAllowedHost(host, 8787), true, host);
    }
    assert.equal(isAllowedHost('localhost', 80), true, 'no port means 80');
  });

  it('refuses other names, other ports, missing and odd hosts', () => {
    for (const host of [
      'evil.example:8787',
      'localhost.evil.example:8787',
      '127.0.0.1.nip.io:8787',
      '10.0.0.1:8787',
      '0.0.0.0:8787',
      '[::ffff:127.0.0.1]:8787',
      'localhost:8788',
      'localhost',
      '127.0.0.1:8787@evil.example',
      'localhost:8787:1',
      '',
      undefined,
    ]) {
      assert.equal(isAllowedHost(host, 8787), false, String(host));
    }
  });

  it('answers 403 in the envelope, before authentication, on every route', async () => {
    const api = await createTestApi({ unlimited: true });
    try {
      for (const url of ['/v1/health', '/v1/config', '/v1/openapi.json', '/v1/nowhere']) {
        const response = await api.call({ method: 'GET', url, headers: { host: `rebind.example:${PORT}` } });
        assert.equal(response.statusCode, 403, url);
        assert.deepEqual(errorOf(response), {
          type: 'ForbiddenError',
          code: 'FORBIDDEN',
          message: 'The Host header must name this machine (localhost, 127.0.0.1 or [::1]) and port',
          details: { field: 'Host', issue: 'not a loopback host and port of this server' },
        });
        assert.equal(response.headers['x-ratelimit-limit'], undefined);
      }
      assert.equal(
        (await api.call({ method: 'GET', url: '/v1/health', headers: { host: `localhost:${PORT + 1}` } }))
          .statusCode,
        403,
      );
      // The last Host allowed is remembered: it must not let the next, different one through.
      assert.equal(
        (await api.call({ method: 'GET', url: '/v1/health', headers: { host: `localhost:${PORT}` } }))
          .statusCode,
        200,
      );
      assert.equal(
        (await api.call({ method: 'GET', url: '/v1/health', headers: { host: `evil.example:${PORT}` } }))
          .statusCode,
        403,
      );
    } finally {
      await api.close();
    }
  });
});
