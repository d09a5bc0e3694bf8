// The settings shared by the BullMQ queues (webhook deliveries and async jobs). A job's lock is
// renewed every half lockMs while its worker lives; a worker that dies (SIGKILL, machine lost)
// stops renewing, and after lockMs another worker's stalled-job check takes the job over.
export const DEFAULT_QUEUE_LOCK_MS = 30_000;

export interface QueueSettings {
  /** BullMQ key prefix: the deployment's Redis prefix + "bull". */
  prefix: string;
  lockMs: number;
}

/** CODEWRIGHT_QUEUE_LOCK_MS (1000..600000): how soon a dead worker's jobs are taken over. */
export function queueLockMsFromEnv(env: NodeJS.ProcessEnv): number {
  const value = Number(env.CODEWRIGHT_QUEUE_LOCK_MS);
  if (!env.CODEWRIGHT_QUEUE_LOCK_MS) return DEFAULT_QUEUE_LOCK_MS;
  if (!Number.isSafeInteger(value) || value < 1000 || value > 600_000)
    throw new Error('CODEWRIGHT_QUEUE_LOCK_MS must be milliseconds between 1000 and 600000');
  return value;
}

export function queueSettings(redisPrefix: string, env: NodeJS.ProcessEnv): QueueSettings {
  return { prefix: `${redisPrefix}bull`, lockMs: queueLockMsFromEnv(env) };
}

/** Worker options for a lock of `lockMs`: checked for stalls as often as the lock lasts. */
export function lockOptions(settings: QueueSettings, maxStalledCount: number) {
  return { lockDuration: settings.lockMs, stalledInterval: settings.lockMs, maxStalledCount };
}
