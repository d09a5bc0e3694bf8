import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  resolveDataDir,
  SettingsCache,
  toSettings,
  type ConfigurationSource,
} from '../../server/src/settings';

describe('server/settings', () => {
  describe('toSettings', () => {
    it('fills defaults for a missing section', () => {
      const settings = toSettings(null);
      assert.deepEqual(settings.api, { enabled: true, port: 8787, allowInUntrustedWorkspaces: false });
      assert.equal(settings.dataDir, undefined);
      assert.deepEqual(settings.review, { onType: true, onSave: true, debounceMs: 100 });
      assert.deepEqual(settings.engine, {});
    });

    it("reads the engine pool settings, dropping values out of range (null is VS Code's empty)", () => {
      const settings = toSettings({ engine: { workers: 3, memoryMb: 64, timeLimitSeconds: null } });
      assert.deepEqual(settings.engine, { workers: 3, memoryMb: undefined, timeLimitSeconds: undefined });
    });

    it('keeps valid values', () => {
      const settings = toSettings({
        api: { enabled: false, port: 0 },
        dataDir: ' /tmp/cw ',
        review: { debounceMs: 0 },
      });
      assert.deepEqual(settings.api, { enabled: false, port: 0, allowInUntrustedWorkspaces: false });
      assert.equal(settings.dataDir, '/tmp/cw');
      assert.equal(settings.review.debounceMs, 0);
    });

    it('replaces each wrong value by its default without losing the valid ones', () => {
      const settings = toSettings({
        api: { enabled: 'yes', port: 70000 },
        dataDir: 42,
        review: { onType: false, debounceMs: -1 },
      });
      assert.deepEqual(settings.api, { enabled: true, port: 8787, allowInUntrustedWorkspaces: false });
      assert.equal(settings.dataDir, undefined);
      assert.deepEqual(settings.review, { onType: false, onSave: true, debounceMs: 100 });
      assert.deepEqual(toSettings({ api: 'on', review: [] }).api, {
        enabled: true,
        port: 8787,
        allowInUntrustedWorkspaces: false,
      });
    });
  });

  describe('resolveDataDir', () => {
    const none = toSettings({});

    it('prefers the setting, then CODEWRIGHT_HOME, then ~/.codewright', () => {
      assert.equal(resolveDataDir(toSettings({ dataDir: '/a' }), { CODEWRIGHT_HOME: '/b' }), '/a');
      assert.equal(resolveDataDir(none, { CODEWRIGHT_HOME: '/b' }), '/b');
      assert.equal(resolveDataDir(none, { CODEWRIGHT_HOME: '  ' }), join(homedir(), '.codewright'));
      assert.equal(resolveDataDir(none, {}), join(homedir(), '.codewright'));
    });

    it('expands ~ and resolves a relative setting against the first workspace root', () => {
      assert.equal(resolveDataDir(toSettings({ dataDir: '~/cw' }), {}), join(homedir(), 'cw'));
      assert.equal(
        resolveDataDir(toSettings({ dataDir: '.cw' }), {}, ['/work/project', '/other']),
        '/work/project/.cw',
      );
    });
  });

  describe('SettingsCache', () => {
    function countingSource(answer: (scopeUri?: string) => unknown) {
      const pulls: { scopeUri?: string; section: string }[] = [];
      const source: ConfigurationSource = {
        async getConfiguration(item) {
          pulls.push(item);
          return answer(item.scopeUri);
        },
      };
      return { source, pulls };
    }

    it('pulls the codewright section per scope and caches it until invalidated', async () => {
      const { source, pulls } = countingSource((scope) => ({ api: { port: scope ? 1 : 2 } }));
      const cache = new SettingsCache(source, () => true);
      assert.equal((await cache.get('file:///a.ts')).api.port, 1);
      assert.equal((await cache.get()).api.port, 2);
      await cache.get('file:///a.ts');
      assert.deepEqual(pulls, [
        { scopeUri: 'file:///a.ts', section: 'codewright' },
        { scopeUri: undefined, section: 'codewright' },
      ]);
      cache.invalidate();
      await cache.get('file:///a.ts');
      assert.equal(pulls.length, 3);
    });

    it('uses defaults when the client cannot answer or fails', async () => {
      const silent = countingSource(() => ({ api: { port: 1 } }));
      assert.equal((await new SettingsCache(silent.source, () => false).get()).api.port, 8787);
      assert.equal(silent.pulls.length, 0);
      const failing: ConfigurationSource = { getConfiguration: async () => Promise.reject(new Error('no')) };
      assert.equal((await new SettingsCache(failing, () => true).get()).api.port, 8787);
    });

    it('falls back to pushed settings (initializationOptions, didChangeConfiguration), newest first', async () => {
      const silent = countingSource(() => ({}));
      const cache = new SettingsCache(silent.source, () => false);
      cache.push({ codewright: { api: { enabled: false } } });
      assert.equal((await cache.get()).api.enabled, false);
      cache.push({ other: { x: 1 } }); // not ours: ignored
      cache.push(null);
      cache.invalidate();
      assert.equal((await cache.get()).api.enabled, false);
      cache.push({ codewright: { api: { enabled: true, port: 9000 } } });
      cache.invalidate();
      assert.deepEqual((await cache.get()).api, {
        enabled: true,
        port: 9000,
        allowInUntrustedWorkspaces: false,
      });
      assert.equal(silent.pulls.length, 0);
      const nullAnswer = new SettingsCache(countingSource(() => null).source, () => true);
      nullAnswer.push({ codewright: { review: { onType: false } } });
      assert.equal((await nullAnswer.get()).review.onType, false);
    });
  });
});
