// BullJobs on a real redis-server: a job read while it finishes. The read takes the job's state and
// then its record; a job that completes between the two must not be shown as completed without its
// result (that was a 500 from GET /v1/jobs/{id} while a worker finished the job).
import assert from 'node:assert/strict';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { BullJobs, JOB_QUEUE } from '../../../api/src/jobs/bullJobs';
import type { JobOutcome, JobSpec } from '../../../api/src/jobs/contract';
import { useRedisServer } from '../store/redisServer';

describe('api/jobs/BullJobs', function () {
  this.timeout(60_000);
  const redis = useRedisServer();

  it('reads jobs while workers finish them: every view is queued, running or succeeded with its result', async () => {
    const prefix = `bulljobs${Date.now()}:`;
    const queueSettings = { prefix: `${prefix}bull`, lockMs: 5000 };
    const commands = new Redis(redis.server.url, { maxRetriesPerRequest: 1 });
    const jobs = new BullJobs(
      new Redis(redis.server.url, { maxRetriesPerRequest: null }),
      commands,
      prefix,
      queueSettings,
      3600,
    );
    const workerConnection = new Redis(redis.server.url, { maxRetriesPerRequest: null });
    const worker = new Worker<JobSpec, JobOutcome>(
      JOB_QUEUE,
      async (job) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        return { ok: true, output: { echo: job.data.id } };
      },
      { connection: workerConnection, prefix: queueSettings.prefix, concurrency: 4 },
    );
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `job_${i.toString(16).padStart(24, '0')}`);
      const statuses = new Map<string, Set<string>>();
      await Promise.all(
        ids.map(async (id) => {
          await jobs.submit({
            id,
            operation: 'analyzeProject',
            input: {},
            request_id: `req-${id}`,
            key_id: 'key',
            created_at: new Date().toISOString(),
          });
          const seen = new Set<string>();
          statuses.set(id, seen);
          for (;;) {
            const view = await jobs.get(id, 'key');
            assert.ok(view, `job ${id} is readable`);
            seen.add(view.status);
            if (view.status === 'succeeded') {
              assert.deepEqual(view.result, { echo: id });
              assert.ok(view.finished_at);
              return;
            }
            assert.ok(['queued', 'running'].includes(view.status), `status ${view.status}`);
          }
        }),
      );
      assert.equal(await jobs.get(ids[0]!, 'another key'), undefined, "another key's job is not shown");
    } finally {
      await worker.close();
      workerConnection.disconnect();
      await jobs.close();
      commands.disconnect();
    }
  });
});
