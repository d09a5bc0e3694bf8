// Async jobs on a shared deployment: two `codewright serve` instances that run no jobs themselves
// (CODEWRIGHT_JOB_CONCURRENCY=0) and `codewright worker` processes, on one real redis-server. A
// project analysis submitted to one instance is run by a worker; its progress and result are read
// from the other instance; a worker killed with SIGKILL mid-job is replaced by another that
// finishes the job (BullMQ's stalled-job recovery).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeDataDir } from '../helpers';
import { buildCliIfMissing, startCli, type Served } from '../serveProcess';
import { useRedisServer } from '../store/redisServer';

const REPO = join(__dirname, '../../..');

describe('async jobs on Redis: codewright worker, any instance, a killed worker replaced', function () {
  this.timeout(180_000);
  const redis = useRedisServer({ prepare: buildCliIfMissing });

  it('a worker runs the job, any instance reads it, and a SIGKILLed worker is taken over', async () => {
    const homes = [makeDataDir(), makeDataDir(), makeDataDir(), makeDataDir()];
    const prefix = `jobs${Date.now()}:`;
    const env = (home: string, extra: Record<string, string> = {}) => ({
      CODEWRIGHT_HOME: home,
      CODEWRIGHT_ROOTS: REPO,
      CODEWRIGHT_REDIS_URL: redis.server.url,
      CODEWRIGHT_REDIS_PREFIX: prefix,
      CODEWRIGHT_QUEUE_LOCK_MS: '2000',
      CODEWRIGHT_WORKERS: '1',
      ...extra,
    });
    const running: Served[] = [];
    try {
      const a = await startCli(env(homes[0]!, { CODEWRIGHT_JOB_CONCURRENCY: '0' }), { waitForKey: true });
      running.push(a);
      const b = await startCli(env(homes[1]!, { CODEWRIGHT_JOB_CONCURRENCY: '0' }));
      running.push(b);
      const call = (url: string, method: string, path: string, body?: unknown, headers = {}) =>
        fetch(`${url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${a.key}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const view = async (url: string, id: string) => {
        const response = await call(url, 'GET', `/v1/jobs/${id}`);
        const body = await response.text();
        assert.equal(response.status, 200, body);
        return JSON.parse(body) as {
          status: string;
          progress: { message: string } | null;
          result?: { project_info: { size: { files: number } } };
        };
      };
      // Polls stay within the key's plan (enterprise, 500 a minute) however slow the machine is.
      const POLL_MS = 150;

      // No worker yet: the job waits in Redis.
      const accepted = await call(
        a.url,
        'POST',
        '/v1/project/analyze',
        { project_path: join(REPO, 'server') },
        { prefer: 'respond-async' },
      );
      assert.equal(accepted.status, 202);
      const { id } = (await accepted.json()) as { id: string };
      assert.equal((await view(b.url, id)).status, 'queued');

      const first = await startCli(env(homes[2]!), { command: 'worker' });
      running.push(first);
      const deadline = Date.now() + 30_000;
      while ((await view(b.url, id)).status !== 'running') {
        assert.ok(Date.now() < deadline, 'the worker took the job');
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      first.child.kill('SIGKILL');
      await first.exited;
      assert.equal((await view(a.url, id)).status, 'running', 'killed mid-job (lock not yet expired)');

      const second = await startCli(env(homes[3]!), { command: 'worker' });
      running.push(second);
      let seen = await view(b.url, id);
      const progress = new Set<string>();
      const end = Date.now() + 120_000;
      while (seen.status !== 'succeeded') {
        assert.ok(['queued', 'running'].includes(seen.status), `status ${seen.status}`);
        assert.ok(Date.now() < end, 'the second worker finished the job');
        if (seen.progress) progress.add(seen.progress.message);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        seen = await view(b.url, id);
      }
      assert.ok(seen.result!.project_info.size.files > 10);
      assert.deepEqual((await view(a.url, id)).result, seen.result, 'the same result from either instance');
      process.stderr.write(`      progress messages seen: ${progress.size}\n`);

      // Cancelling a queued job from the other instance: no worker ever runs it.
      second.child.kill('SIGTERM');
      assert.equal(await second.exited, 0);
      const queued = await call(
        b.url,
        'POST',
        '/v1/project/analyze',
        { project_path: join(REPO, 'server') },
        { prefer: 'respond-async' },
      );
      const queuedId = ((await queued.json()) as { id: string }).id;
      const cancelled = await call(a.url, 'DELETE', `/v1/jobs/${queuedId}`);
      const body = (await cancelled.json()) as { status: string };
      assert.equal(body.status, 'cancelled', JSON.stringify(body));
      assert.equal((await view(b.url, queuedId)).status, 'cancelled');
    } finally {
      for (const served of running) served.child.kill('SIGKILL');
      for (const home of homes) rmSync(home, { recursive: true, force: true });
    }
  });
});
