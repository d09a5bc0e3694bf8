// The review contract's plain constants, apart from its zod schemas (review.ts re-exports them): the
// language server needs them at start (which checks to run, the largest file), while zod and the
// schemas load only when an operation is first validated (docs/benchmarks.md, "front process load").

/** Largest source reviewed (UTF-16 code units); larger input is FILE_TOO_LARGE, as for HTTP bodies. */
export const MAX_REVIEW_SIZE = 1024 * 1024;

export const CHECK_TYPES = ['security', 'performance', 'best_practices'] as const;
export const ISSUE_TYPES = [...CHECK_TYPES, 'syntax'] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export type CheckType = (typeof CHECK_TYPES)[number];
export type Severity = (typeof SEVERITIES)[number];
