// The events a webhook receives: one kind per operation (and config updates), emitted once the
// response is decided, for failures too. Payload `{event, timestamp, data}`; `data.request_id` (the
// request's x-request-id) and `data.success` are always there. Fields that only a success can know
// are null on failure, and a failure adds `data.error: {code, message}`. docs/webhooks.md lists them.
import type { EventKind } from '../../../server/src/engine/contracts/webhooks';
import type { OperationName, OperationOutput } from '../../../server/src/engine/contracts';
import { CodewrightError } from '../../../server/src/engine/errors';

export interface WebhookEvent {
  event: EventKind;
  /** When the response was decided, ISO 8601 UTC. */
  timestamp: string;
  data: { request_id: string; success: boolean; [field: string]: unknown };
}

export const OPERATION_EVENTS: Record<OperationName, EventKind> = {
  generate: 'code.generated',
  review: 'review.completed',
  explain: 'code.explained',
  refactor: 'code.refactored',
  generateTests: 'tests.generated',
  generateDocs: 'docs.generated',
  initProject: 'project.initialized',
  analyzeProject: 'project.analyzed',
};

/** An operation's result, or the error its request ended with. */
export type Outcome<T> = { output: T } | { error: unknown };

type Body = Record<string, unknown>;

/** The data fields of each operation's event, from the request body and, on success, the output. */
const OPERATION_DATA: { [K in OperationName]: (body: Body, output?: OperationOutput<K>) => Body } = {
  generate: (body, output) => ({
    language: text(body.language),
    lines_generated: output ? lineCount(output.code) : null,
  }),
  review: (body, output) => ({
    language: text(body.language),
    score: output?.score ?? null,
    issues_count: output?.issues.length ?? null,
  }),
  explain: (body, output) => ({
    language: text(body.language),
    concepts_count: output?.explanation.concepts.length ?? null,
  }),
  refactor: (body, output) => ({
    language: text(body.language),
    refactor_type: text(body.refactor_type),
    changes_count: output?.changes.length ?? null,
  }),
  generateTests: (body, output) => ({
    language: text(body.language),
    test_framework: text(body.test_framework),
    test_cases: output?.coverage_info.test_cases ?? null,
    estimated_coverage: output?.coverage_info.estimated_coverage ?? null,
  }),
  generateDocs: (body, output) => ({
    doc_type: text(body.doc_type),
    files_processed: output?.files_processed ?? null,
    total_functions: output?.total_functions ?? null,
  }),
  initProject: (body, output) => ({
    template: text(body.template),
    project_path: output?.project_path ?? null,
    files_count: output?.files.length ?? null,
  }),
  analyzeProject: (body, output) => ({
    project_path: text(body.project_path),
    analysis_type: text(body.analysis_type),
    quality_score: output?.code_quality?.score ?? null,
    files: output?.project_info.size.files ?? null,
  }),
};

export function operationEvent<K extends OperationName>(
  name: K,
  requestId: string,
  body: unknown,
  outcome: Outcome<OperationOutput<K>>,
  now: number,
): WebhookEvent {
  const output = 'output' in outcome ? outcome.output : undefined;
  const fields = (OPERATION_DATA[name] as (b: Body, o?: OperationOutput<K>) => Body)(asBody(body), output);
  return build(OPERATION_EVENTS[name], requestId, fields, outcome, now);
}

/** `config.updated`: which fields the update named (`changed`), and on success their new values. */
export function configEvent(
  requestId: string,
  body: unknown,
  outcome: Outcome<Record<string, unknown>>,
  now: number,
): WebhookEvent {
  const known = ['temperature', 'max_tokens', 'tools'];
  const changed = Object.keys(asBody(body)).filter((key) => known.includes(key));
  const values =
    'output' in outcome ? Object.fromEntries(changed.map((key) => [key, outcome.output[key]])) : null;
  return build('config.updated', requestId, { changed, values }, outcome, now);
}

function build(
  event: EventKind,
  requestId: string,
  fields: Body,
  outcome: Outcome<unknown>,
  now: number,
): WebhookEvent {
  const success = 'output' in outcome;
  return {
    event,
    timestamp: new Date(now).toISOString(),
    data: {
      request_id: requestId,
      success,
      ...fields,
      ...(success ? {} : { error: errorSummary((outcome as { error: unknown }).error) }),
    },
  };
}

/** What the caller was told: the code and message of a CodewrightError, else INTERNAL_ERROR. */
function errorSummary(error: unknown): { code: string; message: string } {
  if (error instanceof CodewrightError) return { code: error.code, message: error.message };
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status < 500) return { code: 'VALIDATION_ERROR', message: 'The request was refused' };
  return { code: 'INTERNAL_ERROR', message: 'Internal server error' };
}

function asBody(body: unknown): Body {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};
}

/** A short string field of the request as sent (it may be invalid: failures report it too). */
function text(value: unknown): string | null {
  return typeof value === 'string' ? value.slice(0, 100) : null;
}

function lineCount(code: string): number {
  if (code === '') return 0;
  return code.replace(/\r?\n$/, '').split(/\r?\n/).length;
}
