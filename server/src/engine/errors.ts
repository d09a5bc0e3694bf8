// Every error code of the spec with its HTTP status, and the one error class the engine throws.
// The doors (HTTP, LSP, CLI) turn a CodewrightError into their own shape; nothing else is thrown
// on purpose, so anything else is an INTERNAL_ERROR.

export const ERROR_CODES = {
  INVALID_API_KEY: { status: 401, type: 'AuthenticationError' },
  RATE_LIMIT_EXCEEDED: { status: 429, type: 'RateLimitError' },
  INVALID_LANGUAGE: { status: 400, type: 'ValidationError' },
  FILE_TOO_LARGE: { status: 413, type: 'RequestTooLargeError' },
  CONTEXT_TOO_LONG: { status: 400, type: 'RequestTooLargeError' },
  INTERNAL_ERROR: { status: 500, type: 'InternalError' },
  // Codes the spec leaves open, decided in DESIGN.md.
  VALIDATION_ERROR: { status: 400, type: 'ValidationError' },
  NOT_FOUND: { status: 404, type: 'NotFoundError' },
  METHOD_NOT_ALLOWED: { status: 405, type: 'MethodNotAllowedError' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, type: 'ValidationError' },
  FORBIDDEN: { status: 403, type: 'ForbiddenError' },
  TOOL_DISABLED: { status: 403, type: 'ForbiddenError' },
  UNPROCESSABLE: { status: 422, type: 'UnprocessableError' },
  // The engine's limits (docs/configuration.md): a task over its time limit or memory cap, a worker
  // that crashed, input nested beyond what the parsers handle.
  ANALYSIS_LIMIT: { status: 422, type: 'AnalysisLimitError' },
  // Load shedding: the queue in front of the worker pool is full; Retry-After says when to come back.
  SERVER_BUSY: { status: 503, type: 'ServiceUnavailableError' },
  // Requests Node's HTTP parser refuses, answered in the envelope too.
  HEADERS_TOO_LARGE: { status: 431, type: 'RequestTooLargeError' },
  REQUEST_TIMEOUT: { status: 408, type: 'TimeoutError' },
} as const satisfies Record<string, { status: number; type: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorDetails {
  field?: string;
  issue?: string;
  [key: string]: unknown;
}

// The language server holds two copies of this module: its own bundle's and the lazily loaded api's
// (dist/api.js, see server/src/apiBundle.ts), and the pool's errors reach the api's handlers. So
// `instanceof CodewrightError` asks for a brand both copies share rather than for one copy's class.
const BRAND = Symbol.for('codewright.CodewrightError');

export class CodewrightError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  static override [Symbol.hasInstance](value: unknown): boolean {
    // A subclass, if one is ever declared, keeps the ordinary prototype check.
    if (this !== CodewrightError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && BRAND in value;
  }

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message);
    Object.defineProperty(this, BRAND, { value: true });
    this.name = 'CodewrightError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  get type(): string {
    return ERROR_CODES[this.code].type;
  }
}

/** A ValidationError about one field. */
export function invalidField(field: string, issue: string, message?: string): CodewrightError {
  return new CodewrightError('VALIDATION_ERROR', message ?? `Invalid value for '${field}': ${issue}`, {
    field,
    issue,
  });
}
