// Runs one job's operation on the engine pool, whichever queue holds the job: progress reported as
// it comes, the operation's webhook event emitted as for a synchronous call (with the job id), and
// the result or the error envelope the synchronous call would have answered. A cancelled job throws
// JobCancelled instead (no event: nobody's request ended).
import type { OperationName } from '../../../server/src/engine/contracts';
import { CodewrightError } from '../../../server/src/engine/errors';
import type { Engine } from '../../../server/src/pool/pooledEngine';
import { envelope, internalError } from '../errors';
import { OPERATION_EVENTS, operationEvent, type Outcome } from '../webhooks/events';
import type { WebhookService } from '../webhooks/service';
import type { JobOutcome, JobProgress, JobSpec } from './contract';

export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface JobRunner {
  engine: Engine;
  webhooks?: WebhookService;
  contextTokens?: number;
  now: () => number;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export async function runJob(
  runner: JobRunner,
  spec: JobSpec,
  signal: AbortSignal,
  onProgress: (progress: JobProgress) => void,
): Promise<JobOutcome> {
  let outcome: Outcome<never>;
  let result: JobOutcome;
  try {
    const output = await runner.engine.run(spec.operation, spec.input as never, {
      signal,
      contextTokens: runner.contextTokens,
      onProgress: (update) => onProgress({ message: update.message, percentage: update.percentage }),
    });
    outcome = { output: output as never };
    result = { ok: true, output };
  } catch (error) {
    if (signal.aborted) throw new JobCancelled();
    const known = error instanceof CodewrightError ? error : internalError(spec.request_id);
    if (!(error instanceof CodewrightError))
      runner.log?.('job failed unexpectedly', { job_id: spec.id, error: (error as Error).message });
    outcome = { error: known };
    result = { ok: false, status: known.status, error: envelope(known) };
  }
  await emitJobEvent(runner, spec, outcome);
  return result;
}

async function emitJobEvent(runner: JobRunner, spec: JobSpec, outcome: Outcome<never>): Promise<void> {
  const kind = OPERATION_EVENTS[spec.operation as OperationName];
  if (!runner.webhooks?.wants(kind)) return;
  const event = operationEvent(spec.operation, spec.request_id, spec.input, outcome, runner.now());
  try {
    await runner.webhooks.emit({ ...event, data: { ...event.data, job_id: spec.id } });
  } catch (error) {
    runner.log?.('webhook event of a job could not be queued', {
      job_id: spec.id,
      error: (error as Error).message,
    });
  }
}
