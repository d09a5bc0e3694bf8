import assert from 'node:assert/strict';
import { explanationHtml, newNonce } from '../../client/src/explanationHtml';

describe('client/explanationHtml', () => {
  const html = explanationHtml({
    cspSource: 'https://file+.vscode-resource.example',
    scriptUri: 'https://file+.vscode-resource.example/media/explanation.js',
    styleUri: 'https://file+.vscode-resource.example/media/explanation.css',
    nonce: 'abc123',
  });

  it('allows only its own stylesheet and the script carrying the nonce', () => {
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-abc123'(;|$)/);
    assert.match(csp, /style-src https:\/\/file\+\.vscode-resource\.example(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    assert.deepEqual(scripts, [
      ' nonce="abc123" src="https://file+.vscode-resource.example/media/explanation.js"',
    ]);
  });

  it('makes a fresh, unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 20 }, newNonce));
    assert.equal(nonces.size, 20);
    for (const nonce of nonces) assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
  });

  it('escapes resource URIs into attributes', () => {
    const odd = explanationHtml({ cspSource: 'x', scriptUri: 'a"b', styleUri: '<c>', nonce: 'n' });
    assert.match(odd, /src="a&quot;b"/);
    assert.match(odd, /href="&lt;c>"/);
  });
});
