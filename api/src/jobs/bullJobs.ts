// Jobs on Redis: one BullMQ job per submission on the queue "jobs", readable and cancellable from
// every instance. The job's data is its JobSpec; its progress the last progress update; its return
// value the JobOutcome. BullMQ forgets finished jobs TTL after they end (removeOnComplete/Fail age),
// and this module refuses to show them past that moment even before BullMQ's clean-up runs.
// Cancelling sets <prefix>job:cancelled:<id> (a job not started yet never starts) and announces it
// on <prefix>jobs:cancel, where the worker running it aborts it (jobWorker.ts).
import { Queue, type Job, type JobState } from 'bullmq';
import type { Redis } from 'ioredis';
import { CodewrightError } from '../../../server/src/engine/errors';
import { envelope } from '../errors';
import type { QueueSettings } from '../store/queueSettings';
import { storeCall } from '../store/storeError';
import {
  jobView,
  type JobOutcome,
  type JobProgress,
  type JobQueue,
  type JobSpec,
  type JobStatus,
  type JobView,
} from './contract';

export const JOB_QUEUE = 'jobs';
export const CANCELLED_REASON = 'cancelled';

export function cancelMarker(prefix: string, id: string): string {
  return `${prefix}job:cancelled:${id}`;
}

export function cancelChannel(prefix: string): string {
  return `${prefix}jobs:cancel`;
}

export class BullJobs implements JobQueue {
  readonly kind = 'redis';
  private readonly queue: Queue<JobSpec, JobOutcome>;

  constructor(
    /** A connection that waits through outages (BullMQ's); closed with the queue. */
    private readonly connection: Redis,
    /** The command connection (fails fast while Redis is away: 503). */
    private readonly commands: Redis,
    private readonly redisPrefix: string,
    queue: QueueSettings,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.queue = new Queue(JOB_QUEUE, { connection, prefix: queue.prefix });
  }

  async submit(spec: JobSpec): Promise<JobView> {
    await storeCall(() => this.commands.ping()); // refuse at once (503) rather than wait for Redis
    await storeCall(() =>
      this.queue.add(spec.operation, spec, {
        jobId: spec.id,
        // An operation's failure is its result, not a reason to run it again; a dead worker's job
        // is taken over by BullMQ's stalled-job check, which does not count as an attempt.
        attempts: 1,
        removeOnComplete: { age: this.ttlSeconds },
        removeOnFail: { age: this.ttlSeconds },
      }),
    );
    return jobView(spec, { status: 'queued', ttlSeconds: this.ttlSeconds });
  }

  async get(id: string, keyId: string): Promise<JobView | undefined> {
    const found = await this.find(id, keyId);
    return found && this.view(found);
  }

  async cancel(id: string, keyId: string): Promise<JobView | undefined> {
    const found = await this.find(id, keyId);
    if (!found) return undefined;
    const view = await this.view(found);
    if (view.status !== 'queued' && view.status !== 'running') return view;
    await storeCall(() =>
      this.commands
        .multi()
        .set(cancelMarker(this.redisPrefix, id), '1', 'EX', this.ttlSeconds)
        .publish(cancelChannel(this.redisPrefix), id)
        .exec(),
    );
    return { ...view, status: 'cancelled' };
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }

  /**
   * The job's state, then its record. In this order a job that finishes between the two reads
   * shows its result: a record read first could be the running job's, without the result that a
   * state read after it already calls completed.
   */
  private async find(id: string, keyId: string): Promise<Found | undefined> {
    if (!/^job_[0-9a-f]{24}$/.test(id)) return undefined;
    await storeCall(() => this.commands.ping());
    const state = await storeCall(() => this.queue.getJobState(id));
    const job = await storeCall(() => this.queue.getJob(id));
    if (state === 'unknown' || !job || job.data.key_id !== keyId) return undefined;
    if (job.finishedOn && job.finishedOn + this.ttlSeconds * 1000 < this.now()) return undefined;
    return { job, state };
  }

  private async view({ job, state }: Found): Promise<JobView> {
    const cancelled = await storeCall(() =>
      this.commands.exists(cancelMarker(this.redisPrefix, job.data.id)),
    );
    let status: JobStatus;
    let outcome: JobOutcome | undefined;
    if (state === 'completed') {
      outcome = job.returnvalue;
      status = outcome.ok ? 'succeeded' : 'failed';
    } else if (cancelled || (state === 'failed' && job.failedReason === CANCELLED_REASON)) {
      status = 'cancelled';
    } else if (state === 'failed') {
      // Not the operation's failure (that completes with its envelope): workers kept dying.
      const error = new CodewrightError('ANALYSIS_LIMIT', `The job could not finish: ${job.failedReason}`, {
        job_id: job.data.id,
      });
      outcome = { ok: false, status: error.status, error: envelope(error) };
      status = 'failed';
    } else {
      status = state === 'active' ? 'running' : 'queued';
    }
    return jobView(job.data, {
      status,
      outcome,
      progress: isProgress(job.progress) ? job.progress : null,
      startedAt: job.processedOn ?? null,
      finishedAt: job.finishedOn ?? null,
      ttlSeconds: this.ttlSeconds,
    });
  }
}

interface Found {
  job: Job<JobSpec, JobOutcome>;
  /** Read before the record, so never ahead of it. */
  state: JobState | 'unknown';
}

function isProgress(value: unknown): value is JobProgress {
  return typeof value === 'object' && value !== null && typeof (value as JobProgress).message === 'string';
}
