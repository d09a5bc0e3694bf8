// Errors in how a command was called: printed with the command's help, exit code 2.
export class UsageError extends Error {}

/** The `codewright` exit codes (docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** Findings at or above --fail-on (or a key not found, for `keys`). */
  findings: 1,
  usage: 2,
  /** The engine failed on a file (a crash, not a limit): the result is incomplete. */
  internal: 3,
} as const;
