// Asynchronous jobs (docs/api.md "Jobs"): a long operation asked for with `Prefer: respond-async`
// answers 202 with a job; GET /v1/jobs/{id} reads it, DELETE cancels it. What a job looks like on
// the wire, and which operations may run as one.
import { z } from 'zod';
import type { OperationName } from '../../../server/src/engine/contracts';
import { ErrorEnvelope } from '../errors';

/** The long operations: project analysis, multi-file review, test and docs generation. */
export const ASYNC_OPERATIONS: readonly OperationName[] = [
  'analyzeProject',
  'review',
  'generateTests',
  'generateDocs',
];

/** How long a finished job's result stays readable (CODEWRIGHT_JOB_TTL_SECONDS). */
export const DEFAULT_JOB_TTL_SECONDS = 3600;

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JobProgress = z.object({
  message: z.string(),
  percentage: z.number().min(0).max(100).optional(),
});
export type JobProgress = z.output<typeof JobProgress>;

export const JobView = z
  .object({
    id: z.string(),
    operation: z.string(),
    status: z.enum(JOB_STATUSES),
    progress: JobProgress.nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    expires_at: z
      .string()
      .nullable()
      .meta({ description: 'When a finished job and its result are forgotten (404 afterwards).' }),
    result: z
      .unknown()
      .optional()
      .meta({ description: "On success: the operation's own response, as the synchronous call returns it." }),
    error: ErrorEnvelope.shape.error.optional().meta({
      description: 'On failure or cancellation: the error the synchronous call would have answered.',
    }),
    http_status: z
      .int()
      .optional()
      .meta({ description: 'The status the synchronous call would have answered (finished jobs).' }),
  })
  .meta({ description: 'An asynchronous job and, once finished, its result or error.' });
export type JobView = z.output<typeof JobView>;

/** What a submitted job carries (stored in the queue: plain JSON). */
export interface JobSpec {
  id: string;
  operation: OperationName;
  input: unknown;
  /** The request that submitted it: its webhook event carries this request_id. */
  request_id: string;
  /** Only this API key reads or cancels the job. */
  key_id: string;
  created_at: string;
}

/** How a job ended: the operation's output, or its error envelope with the HTTP status. */
export type JobOutcome = { ok: true; output: unknown } | { ok: false; status: number; error: ErrorEnvelope };

/** Where jobs run: in this process (embedded) or on a BullMQ queue (Redis). */
export interface JobQueue {
  readonly kind: 'in-process' | 'redis';
  submit(spec: JobSpec): Promise<JobView>;
  /** undefined when unknown, expired or another key's. */
  get(id: string, keyId: string): Promise<JobView | undefined>;
  cancel(id: string, keyId: string): Promise<JobView | undefined>;
  close(): Promise<void>;
}

/** A job's view from its parts, shared by both queues. */
export function jobView(
  spec: JobSpec,
  parts: {
    status: JobStatus;
    progress?: JobProgress | null;
    startedAt?: number | null;
    finishedAt?: number | null;
    outcome?: JobOutcome;
    ttlSeconds: number;
  },
): JobView {
  const iso = (ms?: number | null) => (ms ? new Date(ms).toISOString() : null);
  const view: JobView = {
    id: spec.id,
    operation: spec.operation,
    status: parts.status,
    progress: parts.progress ?? null,
    created_at: spec.created_at,
    started_at: iso(parts.startedAt),
    finished_at: iso(parts.finishedAt),
    expires_at: parts.finishedAt ? iso(parts.finishedAt + parts.ttlSeconds * 1000) : null,
  };
  if (parts.outcome?.ok) view.result = parts.outcome.output;
  else if (parts.outcome) {
    view.error = parts.outcome.error.error;
    view.http_status = parts.outcome.status;
  }
  return view;
}

/** CODEWRIGHT_JOB_TTL_SECONDS (60..604800), else one hour. */
export function jobTtlFromEnv(env: NodeJS.ProcessEnv): number {
  if (!env.CODEWRIGHT_JOB_TTL_SECONDS) return DEFAULT_JOB_TTL_SECONDS;
  const value = Number(env.CODEWRIGHT_JOB_TTL_SECONDS);
  if (!Number.isSafeInteger(value) || value < 60 || value > 604_800)
    throw new Error('CODEWRIGHT_JOB_TTL_SECONDS must be seconds between 60 and 604800');
  return value;
}
