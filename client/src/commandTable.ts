// The shape of the command table (rust-analyzer style): each command has a handler for when the
// server runs and, optionally, one for when it does not. Free of the vscode module for unit tests.

export type CommandHandler = (...args: unknown[]) => unknown;

export interface CommandEntry<C> {
  enabled: (ctx: C) => CommandHandler;
  /** Used while the server is down; without it the command explains that the server is down. */
  disabled?: (ctx: C) => CommandHandler;
}

export type CommandTable<C> = Record<string, CommandEntry<C>>;

export const COMMAND_PREFIX = 'codewright.';

/** The handler to run now: `enabled` while the server runs, else `disabled` or the fallback. */
export function pickHandler<C>(
  entry: CommandEntry<C>,
  ctx: C,
  running: boolean,
  serverDown: (ctx: C) => CommandHandler,
): CommandHandler {
  if (running) return entry.enabled(ctx);
  return (entry.disabled ?? serverDown)(ctx);
}
