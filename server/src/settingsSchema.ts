// The `codewright.*` settings' schema: a wrong value in settings.json falls back to its default
// instead of disabling everything. Apart from settings.ts so that zod loads on the first settings
// read, not when the language server starts.
import { z } from 'zod';
import { DEFAULT_API_PORT, DEFAULT_DEBOUNCE_MS } from './settings';

export const SETTINGS = z.object({
  api: z
    .object({
      enabled: z.boolean().catch(true),
      port: z.int().min(0).max(65535).catch(DEFAULT_API_PORT),
      allowInUntrustedWorkspaces: z.boolean().catch(false),
    })
    .catch({ enabled: true, port: DEFAULT_API_PORT, allowInUntrustedWorkspaces: false }),
  dataDir: z
    .string()
    .transform((dir) => dir.trim() || undefined)
    .optional()
    .catch(undefined),
  review: z
    .object({
      onType: z.boolean().catch(true),
      onSave: z.boolean().catch(true),
      debounceMs: z.int().min(0).max(10_000).catch(DEFAULT_DEBOUNCE_MS),
    })
    .catch({ onType: true, onSave: true, debounceMs: DEFAULT_DEBOUNCE_MS }),
  codeLens: z.object({ enabled: z.boolean().catch(true) }).catch({ enabled: true }),
  // Development only: webhooks may target loopback receivers (read when the api starts).
  webhooks: z.object({ allowLocal: z.boolean().catch(false) }).catch({ allowLocal: false }),
  // Worker pool (read when the server starts); undefined: the pool's documented defaults.
  engine: z
    .object({
      workers: z.int().min(1).max(16).optional().catch(undefined),
      memoryMb: z.int().min(128).max(16384).optional().catch(undefined),
      timeLimitSeconds: z.int().min(1).max(3600).optional().catch(undefined),
    })
    .catch({}),
});
