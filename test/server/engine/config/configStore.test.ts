import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../../../../server/src/engine/config/configStore';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';

describe('ConfigStore', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'cw-config-'));

  it('starts from the defaults and persists updates for the next process', () => {
    const dir = fresh();
    assert.deepEqual(new ConfigStore(dir).get(), DEFAULT_CONFIG);
    new ConfigStore(dir).update({ temperature: 1.5, tools: ['web_search'] });
    const reloaded = new ConfigStore(dir).get();
    assert.equal(reloaded.temperature, 1.5);
    assert.deepEqual(reloaded.tools, ['web_search']);
    assert.equal(reloaded.max_tokens, DEFAULT_CONFIG.max_tokens);
  });

  it('hands out a frozen config, so no reader can change what others see', () => {
    const store = new ConfigStore(fresh());
    const config = store.get();
    assert.throws(() => ((config as { temperature: number }).temperature = 2), TypeError);
    assert.throws(() => (config.tools as string[]).push('web_search'), TypeError);
    assert.deepEqual(store.get(), DEFAULT_CONFIG);
  });

  it('keeps an unreadable file aside and falls back to the defaults', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'config.json'), '{"temperature": 9');
    assert.deepEqual(new ConfigStore(dir).get(), DEFAULT_CONFIG);
    assert.ok(readdirSync(dir).some((name) => name.startsWith('config.json.invalid-')));
  });

  it('takes the model from CODEWRIGHT_MODEL at start without writing it, and refuses a bad one', () => {
    const dir = fresh();
    new ConfigStore(dir).update({ model: 'gpt-4o-mini' });
    assert.equal(new ConfigStore(dir, { model: 'qwen2.5-coder:7b' }).get().model, 'qwen2.5-coder:7b');
    assert.equal(new ConfigStore(dir).get().model, 'gpt-4o-mini');
    assert.throws(() => new ConfigStore(dir, { model: 'two words' }), /CODEWRIGHT_MODEL/);
  });
});
