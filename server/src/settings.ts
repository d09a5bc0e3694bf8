// The `codewright.*` VS Code settings, mapped once into one typed object. The server pulls them per
// resource with workspace/configuration (scopeUri) and caches each scope until the client says the
// configuration changed; features ask for settings when they need them instead of keeping globals.
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { z } from 'zod';

export const SETTINGS_SECTION = 'codewright';
export const DEFAULT_API_PORT = 8787;
// Short: a review is cheap to start and a running one is never killed for a newer version (see
// ReviewScheduler), so a longer pause would only add to the time from the last keystroke to fresh
// diagnostics.
export const DEFAULT_DEBOUNCE_MS = 100;

// A wrong value in settings.json falls back to its default (settingsSchema.ts). The schema is
// required on the first read (once the client is initialized), so that zod is not loaded before the
// server can answer `initialize`.
type SettingsSchema = (typeof import('./settingsSchema'))['SETTINGS'];
let schema: SettingsSchema | undefined;

export type CodewrightSettings = z.output<SettingsSchema>;

/** Maps whatever the client returned for the `codewright` section to settings with defaults. */
export function toSettings(raw: unknown): CodewrightSettings {
  const object = typeof raw === 'object' && raw !== null ? raw : {};
  const withSections = { api: {}, review: {}, codeLens: {}, engine: {}, webhooks: {}, ...object };
  schema ??= (require('./settingsSchema') as typeof import('./settingsSchema')).SETTINGS;
  return schema.parse(withSections);
}

/**
 * The data folder: the `codewright.dataDir` setting, else CODEWRIGHT_HOME, else ~/.codewright — the
 * same folder `codewright serve` and `codewright keys` use, so the editor and the CLI share keys
 * and config. A relative setting is taken from the first workspace root.
 */
export function resolveDataDir(
  settings: CodewrightSettings,
  env: NodeJS.ProcessEnv = process.env,
  roots: readonly string[] = [],
): string {
  const chosen = settings.dataDir ?? (env.CODEWRIGHT_HOME?.trim() || undefined);
  if (!chosen) return join(homedir(), '.codewright');
  const expanded = chosen.startsWith('~') ? join(homedir(), chosen.slice(1)) : chosen;
  return isAbsolute(expanded) ? expanded : resolve(roots[0] ?? process.cwd(), expanded);
}

/** The part of the LSP connection settings are pulled through (a narrow seam for tests). */
export interface ConfigurationSource {
  getConfiguration(item: { scopeUri?: string; section: string }): Promise<unknown>;
}

/** The `codewright` section of a pushed settings object (`{ codewright: {...} }`), if it has one. */
export function pushedSection(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const section = (raw as Record<string, unknown>)[SETTINGS_SECTION];
  return typeof section === 'object' && section !== null ? section : undefined;
}

/**
 * Pulls and caches settings per scope; `invalidate()` when workspace/didChangeConfiguration arrives.
 * Clients without workspace/configuration (Neovim 0.7, some others) push instead: the
 * initializationOptions and each didChangeConfiguration's `settings`, both `{ codewright: {...} }`,
 * are kept as the fallback, newest first.
 */
export class SettingsCache {
  private readonly byScope = new Map<string, Promise<CodewrightSettings>>();
  private pushed: unknown;

  constructor(
    private readonly source: ConfigurationSource,
    /** False until the client has said it answers workspace/configuration. */
    private readonly canPull: () => boolean,
  ) {}

  /** Settings for a resource (a document URI), or the window-level settings when omitted. */
  get(scopeUri?: string): Promise<CodewrightSettings> {
    const key = scopeUri ?? '';
    let settings = this.byScope.get(key);
    if (!settings) {
      settings = this.pull(scopeUri);
      this.byScope.set(key, settings);
    }
    return settings;
  }

  invalidate(): void {
    this.byScope.clear();
  }

  /** Keeps settings the client pushed (initializationOptions, didChangeConfiguration) as the fallback. */
  push(raw: unknown): void {
    const section = pushedSection(raw);
    if (section !== undefined) this.pushed = section;
  }

  private async pull(scopeUri?: string): Promise<CodewrightSettings> {
    const fallback = () => toSettings(this.pushed ?? {});
    if (!this.canPull()) return fallback();
    try {
      const pulled = await this.source.getConfiguration({ scopeUri, section: SETTINGS_SECTION });
      // A client that answers null (it knows no such section) may still have pushed settings.
      return pulled === null || pulled === undefined ? fallback() : toSettings(pulled);
    } catch {
      // A client that fails the request still gets a working server, on what it pushed or defaults.
      return fallback();
    }
  }
}
