import assert from 'node:assert/strict';
import { describeStatus } from '../../client/src/statusText';
import type { ServerStatus } from '../../server/src/protocol';

const ready = { state: 'ready', tier: 'builtin', dataDir: '/home/me/.codewright' } as const;

function status(api: ServerStatus['api']): ServerStatus {
  return { version: '0.1.0', engine: ready, api };
}

describe('client/statusText', () => {
  it('shows the tier and the api address while listening', () => {
    const text = describeStatus(
      'running',
      status({
        state: 'listening',
        url: 'http://127.0.0.1:8787',
        port: 8787,
        requestedPort: 8787,
        fellBack: false,
      }),
    );
    assert.equal(text.text, '$(sparkle) builtin · 127.0.0.1:8787');
    assert.equal(text.label, 'Codewright: builtin · 127.0.0.1:8787');
    assert.match(text.tooltip, /^Codewright\nEngine: builtin/);
    assert.match(text.tooltip, /API: http:\/\/127\.0\.0\.1:8787/);
    assert.match(text.tooltip, /Data folder: \/home\/me\/\.codewright/);
    assert.equal(text.warning, false);
  });

  it('says which port was busy when the api fell back to another', () => {
    const text = describeStatus(
      'running',
      status({
        state: 'listening',
        url: 'http://127.0.0.1:8788',
        port: 8788,
        requestedPort: 8787,
        fellBack: true,
      }),
    );
    assert.match(text.text, /127\.0\.0\.1:8788 \$\(warning\)$/);
    assert.match(text.tooltip, /Port 8787 was busy/);
  });

  it('shows a disabled api without an address', () => {
    const text = describeStatus('running', status({ state: 'disabled' }));
    assert.equal(text.text, '$(sparkle) builtin');
    assert.match(text.tooltip, /API: off/);
  });

  it('flags a failed api and a failed engine as needing attention', () => {
    const apiFailed = describeStatus('running', status({ state: 'failed', message: 'EACCES' }));
    assert.equal(apiFailed.warning, true);
    assert.match(apiFailed.tooltip, /EACCES/);
    const engineFailed = describeStatus('running', {
      version: '0.1.0',
      engine: { state: 'failed', message: 'disk full' },
      api: { state: 'starting' },
    });
    assert.equal(engineFailed.warning, true);
    assert.match(engineFailed.tooltip, /disk full/);
  });

  it('says the server is down when the client stopped, whatever the last status was', () => {
    const text = describeStatus('stopped', status({ state: 'disabled' }));
    assert.equal(text.warning, true);
    assert.match(text.tooltip, /not running/);
  });

  it('shows progress before the first status arrives', () => {
    assert.match(describeStatus('running', undefined).text, /sync~spin/);
  });

  it('names Codewright in every accessible label and tooltip', () => {
    const cases = [
      describeStatus('stopped', undefined),
      describeStatus('starting', undefined),
      describeStatus('running', {
        version: '0.1.0',
        engine: { state: 'failed', message: 'disk full' },
        api: { state: 'starting' },
      }),
      describeStatus('running', status({ state: 'disabled' })),
      describeStatus('running', status({ state: 'failed', message: 'EACCES' })),
    ];
    for (const text of cases) {
      assert.match(text.label, /^Codewright:? \S/, text.label);
      assert.doesNotMatch(text.label, /\$\(/, text.label);
      assert.match(text.tooltip, /^(The )?Codewright/, text.tooltip);
    }
    assert.match(cases[4]!.label, /needs attention/);
  });
});
