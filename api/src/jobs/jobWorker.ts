// The worker side of the Redis job queue, run by every API instance (CODEWRIGHT_JOB_CONCURRENCY,
// 0 for none) and by `codewright worker` processes that add capacity without HTTP. Each job runs
// on this process's engine pool; BullMQ renews its lock while it runs, and if this process dies the
// lock expires and another worker's stalled-job check runs the job again from the start.
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { lockOptions, type QueueSettings } from '../store/queueSettings';
import { CANCELLED_REASON, cancelChannel, cancelMarker, JOB_QUEUE } from './bullJobs';
import type { JobOutcome, JobSpec } from './contract';
import { JobCancelled, runJob, type JobRunner } from './runJob';

export interface JobWorker {
  close(): Promise<void>;
}

export interface JobWorkerOptions {
  /** Connection for the BullMQ worker (disconnected on close). */
  connection: Redis;
  /** Subscriber for cancellations (disconnected on close). */
  subscriber: Redis;
  /** Command connection for the cancel markers (the caller's). */
  commands: Redis;
  redisPrefix: string;
  queue: QueueSettings;
  concurrency: number;
}

export async function startJobWorker(runner: JobRunner, options: JobWorkerOptions): Promise<JobWorker> {
  const { commands, redisPrefix } = options;
  const worker = new Worker<JobSpec, JobOutcome>(
    JOB_QUEUE,
    async (job, _token, signal) => {
      if (await commands.exists(cancelMarker(redisPrefix, job.data.id)))
        throw new UnrecoverableError(CANCELLED_REASON);
      try {
        return await runJob(runner, job.data, signal ?? new AbortController().signal, (progress) => {
          job.updateProgress(progress).catch(() => undefined); // progress is best effort
        });
      } catch (error) {
        if (error instanceof JobCancelled) throw new UnrecoverableError(CANCELLED_REASON);
        throw error;
      }
    },
    {
      connection: options.connection,
      prefix: options.queue.prefix,
      concurrency: options.concurrency,
      ...lockOptions(options.queue, 2),
    },
  );
  worker.on('error', (error) => runner.log?.('job worker error', { error: error.message }));
  const channel = cancelChannel(redisPrefix);
  options.subscriber.on('message', (from: string, id: string) => {
    if (from === channel) worker.cancelJob(id, 'cancelled through DELETE /v1/jobs');
  });
  await options.subscriber.subscribe(channel);
  await worker.waitUntilReady();
  return {
    close: async () => {
      await worker.close();
      options.subscriber.disconnect();
      options.connection.disconnect();
    },
  };
}
