// GET/PUT /v1/config: validated, whole config returned, persisted across restarts, and never left
// invalid by a crash in the middle of a write.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../server/src/engine/contracts/config';
import { createTestApi, errorOf, makeDataDir } from './helpers';

// The mutable CommonJS module object, so one test can make renameSync fail like a crash would.
const fs = require('node:fs') as typeof import('node:fs');

describe('GET/PUT /v1/config', () => {
  it('returns the defaults, accepts any subset and returns the whole config', async () => {
    const api = await createTestApi({ unlimited: true });
    try {
      assert.deepEqual((await api.call({ method: 'GET', url: '/v1/config' })).json(), DEFAULT_CONFIG);
      const put = await api.call({ method: 'PUT', url: '/v1/config', payload: { max_tokens: 1000 } });
      assert.equal(put.statusCode, 200);
      assert.deepEqual(put.json(), { ...DEFAULT_CONFIG, max_tokens: 1000 });
      const all = await api.call({
        method: 'PUT',
        url: '/v1/config',
        payload: { temperature: 2, max_tokens: 32768, tools: ['web_search', 'code_execution'] },
      });
      assert.deepEqual(all.json(), {
        ...DEFAULT_CONFIG,
        temperature: 2,
        max_tokens: 32768,
        tools: ['web_search', 'code_execution'],
      });
      // GET serves JSON kept per configuration: a change must show at once, as JSON.
      const read = await api.call({ method: 'GET', url: '/v1/config' });
      assert.equal(read.headers['content-type'], 'application/json; charset=utf-8');
      assert.deepEqual(read.json(), all.json());
    } finally {
      await api.close();
    }
  });

  it('refuses out-of-bounds values, unknown tools and an empty update without changing anything', async () => {
    const api = await createTestApi({ unlimited: true });
    try {
      const cases: [unknown, string][] = [
        [{ temperature: -0.1 }, 'temperature'],
        [{ temperature: 2.01 }, 'temperature'],
        [{ temperature: '1' }, 'temperature'],
        [{ max_tokens: 0 }, 'max_tokens'],
        [{ max_tokens: 32769 }, 'max_tokens'],
        [{ max_tokens: 1.5 }, 'max_tokens'],
        [{ tools: ['rm_rf'] }, 'tools.0'],
        [{ tools: ['web_search', 'web_search'] }, 'tools'],
        [{ tools: 'web_search' }, 'tools'],
        [{}, '(body)'],
        [{ model: '' }, 'model'],
        [{ model: 'gpt x; rm' }, 'model'],
        [[], '(body)'],
      ];
      for (const [payload, field] of cases) {
        const response = await api.call({ method: 'PUT', url: '/v1/config', payload: payload as object });
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.equal(errorOf(response).type, 'ValidationError');
        assert.equal(errorOf(response).details.field, field, JSON.stringify(payload));
      }
      assert.deepEqual((await api.call({ method: 'GET', url: '/v1/config' })).json(), DEFAULT_CONFIG);
    } finally {
      await api.close();
    }
  });

  it('persists across a restart', async () => {
    const dataDir = makeDataDir();
    const first = await createTestApi({ dataDir, unlimited: true });
    await first.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 0.9, tools: [] } });
    await first.close();
    const second = await createTestApi({ dataDir, unlimited: true });
    assert.deepEqual((await second.call({ method: 'GET', url: '/v1/config' })).json(), {
      ...DEFAULT_CONFIG,
      temperature: 0.9,
      tools: [],
    });
    await second.close();
  });

  it('a crash before the rename keeps the old config on disk and in memory', async () => {
    const dataDir = makeDataDir();
    const api = await createTestApi({ dataDir, unlimited: true });
    await api.call({ method: 'PUT', url: '/v1/config', payload: { max_tokens: 111 } });
    const rename = fs.renameSync;
    (fs as { renameSync: typeof fs.renameSync }).renameSync = () => {
      throw Object.assign(new Error('simulated power loss'), { code: 'EIO' });
    };
    let crashed;
    try {
      crashed = await api.call({ method: 'PUT', url: '/v1/config', payload: { max_tokens: 222 } });
    } finally {
      (fs as { renameSync: typeof fs.renameSync }).renameSync = rename;
    }
    assert.equal(crashed.statusCode, 500);
    assert.equal(errorOf(crashed).code, 'INTERNAL_ERROR');
    assert.equal((await api.call({ method: 'GET', url: '/v1/config' })).json().max_tokens, 111);
    await api.close();
    // A failed rename removes its own temp file.
    assert.deepEqual(
      fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp')),
      [],
    );
    // A writer killed before its rename leaves one behind: the next start removes it, unread.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const torn = join(dataDir, `.config.json.${dead}.0badc0de.tmp`);
    fs.writeFileSync(torn, '{"max_tokens": 22');
    const restarted = await createTestApi({ dataDir, unlimited: true });
    assert.equal((await restarted.call({ method: 'GET', url: '/v1/config' })).json().max_tokens, 111);
    assert.equal(fs.existsSync(torn), false, "the dead writer's temp file is gone");
    await restarted.close();
  });

  it('a torn or invalid config.json (written by something else) is set aside and the config stays valid', async () => {
    for (const content of ['{"temperature": 0.5, "max_tok', '{"temperature": 9}', '[]']) {
      const dataDir = makeDataDir();
      fs.writeFileSync(join(dataDir, 'config.json'), content);
      const api = await createTestApi({ dataDir, unlimited: true });
      assert.deepEqual(
        (await api.call({ method: 'GET', url: '/v1/config' })).json(),
        DEFAULT_CONFIG,
        content,
      );
      assert.ok(fs.readdirSync(dataDir).some((name) => name.startsWith('config.json.invalid-')));
      const put = await api.call({ method: 'PUT', url: '/v1/config', payload: { temperature: 1.5 } });
      assert.equal(put.json().temperature, 1.5);
      await api.close();
    }
  });
});
