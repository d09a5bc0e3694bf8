// Routes the embedded api's log into the language server's log (the "Codewright" output channel).
// The api must never write to stdout here: with the stdio transport stdout is the LSP stream.
// Only warnings and errors are kept; per-request info lines would drown the editor's log.
import { format } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';

export interface LogSink {
  error(message: string): void;
  warn(message: string): void;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export function apiLogger(sink: LogSink, bindings: Record<string, unknown> = {}): FastifyBaseLogger {
  const write =
    (level: Level) =>
    (first: unknown, ...rest: unknown[]) => {
      if (level !== 'fatal' && level !== 'error' && level !== 'warn') return;
      const line = `[api] ${describe({ ...bindings, ...(isObject(first) ? first : {}) }, isObject(first) ? rest : [first, ...rest])}`;
      if (level === 'warn') sink.warn(line);
      else sink.error(line);
    };
  const logger = {
    level: 'warn',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    trace: write('trace'),
    silent: () => undefined,
    child: (childBindings: Record<string, unknown>) => apiLogger(sink, { ...bindings, ...childBindings }),
  };
  return logger as unknown as FastifyBaseLogger;
}

function describe(fields: Record<string, unknown>, messageArgs: unknown[]): string {
  const { err, ...rest } = fields;
  const message = messageArgs.length > 0 ? format(...(messageArgs as [unknown, ...unknown[]])) : '';
  const context = Object.entries(rest)
    .filter(([, value]) => value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  const error = err instanceof Error ? `\n${err.stack ?? err.message}` : '';
  return [message, context && `(${context})`].filter(Boolean).join(' ') + error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
