import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiHost, type RunningApi, type StartApi } from '../../../server/src/features/apiHost';
import { EngineSession } from '../../../server/src/features/engineSession';
import { StatusFeature } from '../../../server/src/features/status';
import { SettingsCache } from '../../../server/src/settings';

// An ApiHost over a fake startApi, with settings the test changes between steps.
async function harness(startApi: StartApi, trust?: { trusted: boolean }) {
  let settings: unknown = { api: { port: 9000 }, dataDir: mkdtempSync(join(tmpdir(), 'cw-apihost-')) };
  const cache = new SettingsCache({ getConfiguration: async () => settings }, () => true);
  const status = new StatusFeature();
  const session = new EngineSession(cache, status);
  await session.initialized();
  const host = new ApiHost(session, cache, status, startApi, trust);
  return {
    host,
    status,
    async change(next: unknown) {
      settings = next;
      cache.invalidate();
      await host.settingsChanged();
    },
  };
}

function recordingStart() {
  const started: number[] = [];
  const closed: number[] = [];
  const startApi: StartApi = async (_engine, options) => {
    started.push(options.port);
    const port = options.port === 9000 ? 9001 : options.port;
    const api: RunningApi = {
      url: `http://127.0.0.1:${port}`,
      port,
      close: async () => void closed.push(port),
    };
    return api;
  };
  return { startApi, started, closed };
}

describe('server/features/apiHost', () => {
  it('reports a fallback port and keeps the running api while its port setting is unchanged', async () => {
    const fake = recordingStart();
    const { host, status, change } = await harness(fake.startApi);
    await host.initialized();
    assert.deepEqual(status.current().api, {
      state: 'listening',
      url: 'http://127.0.0.1:9001',
      port: 9001,
      requestedPort: 9000,
      fellBack: true,
    });
    await change({ api: { port: 9000 }, review: { onType: false } });
    assert.deepEqual(fake.started, [9000]);
    await change({ api: { port: 9100 } });
    assert.deepEqual(fake.started, [9000, 9100]);
    assert.deepEqual(fake.closed, [9001]);
  });

  it('opens no port in an untrusted workspace unless the user setting allows it', async () => {
    const fake = recordingStart();
    const { host, status, change } = await harness(fake.startApi, { trusted: false });
    await host.initialized();
    assert.deepEqual(fake.started, []);
    assert.deepEqual(status.current().api, { state: 'disabled', reason: 'untrusted' });
    await change({ api: { port: 9000, allowInUntrustedWorkspaces: true } });
    assert.deepEqual(fake.started, [9000]);
    assert.equal(status.current().api.state, 'listening');
    await change({ api: { port: 9000 } });
    assert.deepEqual(fake.closed, [9001]);
    assert.deepEqual(status.current().api, { state: 'disabled', reason: 'untrusted' });
  });

  it('turns a start failure into a failed state instead of throwing', async () => {
    const { host, status } = await harness(async () =>
      Promise.reject(new Error('EACCES: permission denied')),
    );
    await host.initialized();
    assert.deepEqual(status.current().api, { state: 'failed', message: 'EACCES: permission denied' });
  });

  it('does not start again after shutdown, whatever the settings say', async () => {
    const fake = recordingStart();
    const { host, status, change } = await harness(fake.startApi);
    await host.initialized();
    await host.shutdown();
    assert.deepEqual(fake.closed, [9001]);
    await change({ api: { port: 9200 } });
    assert.deepEqual(fake.started, [9000]);
    assert.equal(status.current().api.state, 'listening'); // the last state reported before shutdown
  });

  it('serialises a settings change that arrives while the api is still starting', async () => {
    const fake = recordingStart();
    const slowStart: StartApi = async (engine, options) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return fake.startApi(engine, options);
    };
    const { host, change } = await harness(slowStart);
    const starting = host.initialized();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([starting, change({ api: { port: 9300 } })]);
    // Without the queue the change would start a second api before the first one was known.
    assert.deepEqual(fake.started, [9000, 9300]);
    assert.deepEqual(fake.closed, [9001]);
  });
});
