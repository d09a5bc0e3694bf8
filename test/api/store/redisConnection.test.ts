// The Redis settings from the environment, and the CLI's keys against the shared store.
import { strict as assert } from 'node:assert';
import { Redis } from 'ioredis';
import { runCli } from '../../../api/src/cli';
import { RedisKeyStore } from '../../../api/src/store/redisKeyStore';
import { DEFAULT_REDIS_PREFIX, redisSettingsFromEnv } from '../../../api/src/store/redisConnection';
import { useRedisServer } from './redisServer';

describe('Redis settings (CODEWRIGHT_REDIS_*)', () => {
  it('is the embedded default without a URL', () => {
    assert.equal(redisSettingsFromEnv({}), undefined);
    assert.equal(redisSettingsFromEnv({ CODEWRIGHT_REDIS_URL: '  ' }), undefined);
  });

  it('takes redis:// and TLS rediss://, a password and a prefix', () => {
    assert.deepEqual(redisSettingsFromEnv({ CODEWRIGHT_REDIS_URL: 'redis://127.0.0.1:6379' }), {
      url: 'redis://127.0.0.1:6379',
      prefix: DEFAULT_REDIS_PREFIX,
      password: undefined,
    });
    assert.deepEqual(
      redisSettingsFromEnv({
        CODEWRIGHT_REDIS_URL: 'rediss://cache.internal:6380',
        CODEWRIGHT_REDIS_PASSWORD: 's3cret',
        CODEWRIGHT_REDIS_PREFIX: 'prod-eu:',
      }),
      { url: 'rediss://cache.internal:6380', prefix: 'prod-eu:', password: 's3cret' },
    );
  });

  it('refuses other schemes, malformed URLs and odd prefixes with a clear message', () => {
    assert.throws(
      () => redisSettingsFromEnv({ CODEWRIGHT_REDIS_URL: 'http://x' }),
      /redis:\/\/ or rediss:\/\//,
    );
    assert.throws(() => redisSettingsFromEnv({ CODEWRIGHT_REDIS_URL: 'not a url' }), /must be a URL/);
    assert.throws(
      () => redisSettingsFromEnv({ CODEWRIGHT_REDIS_URL: 'redis://x', CODEWRIGHT_REDIS_PREFIX: 'a b\n' }),
      /CODEWRIGHT_REDIS_PREFIX/,
    );
  });
});

describe('codewright keys against a shared Redis (real redis-server with a password)', function () {
  this.timeout(30_000);
  const shared = useRedisServer({ password: 'pw-for-tests' });

  it('creates, lists and revokes keys in Redis; the key verifies there', async () => {
    const out: string[] = [];
    const env = {
      CODEWRIGHT_REDIS_URL: `redis://:pw-for-tests@127.0.0.1:${shared.server.port}`,
      CODEWRIGHT_REDIS_PREFIX: 'cli-test:',
      CODEWRIGHT_HOME: '/nonexistent-data-folder-not-used',
    };
    const io = {
      env,
      cwd: '/',
      out: (line: string) => out.push(line),
      err: (line: string) => out.push(line),
    };
    assert.equal(await runCli(['keys', 'create', '--name', 'ci', '--plan', 'pro'], io), 0);
    const key = out.at(-1)!;
    const redis = new Redis(shared.server.port, '127.0.0.1', { password: 'pw-for-tests' });
    try {
      const store = new RedisKeyStore(redis, 'cli-test:');
      const info = await store.verify(key);
      assert.equal(info?.plan, 'pro');
      assert.equal(await runCli(['keys', 'list'], io), 0);
      assert.match(out.at(-1)!, new RegExp(`${info!.id} +pro .* active +ci`));
      assert.equal(await runCli(['keys', 'revoke', info!.id], io), 0);
      assert.equal(await store.verify(key), undefined);
    } finally {
      redis.disconnect();
    }
  });
});
