// The persisted configuration (GET/PUT /v1/config): validated on every read and write, stored in the
// data folder as config.json with atomic writes. An unreadable file is kept aside, never overwritten
// silently, and the defaults are used.
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { Config, ConfigUpdate, DEFAULT_CONFIG } from '../contracts/config';
import { readJsonFile, removeStaleTempFiles, writeJsonFile } from '../storage/atomicFile';

export class ConfigStore {
  private readonly path: string;
  // Frozen, so every reader can share it: get() is on the hot path of every request.
  private current: Readonly<Config>;

  /** `model` (CODEWRIGHT_MODEL) replaces the stored model for this process; a PUT then persists it. */
  constructor(dataDir: string, overrides: { model?: string } = {}) {
    this.path = join(dataDir, 'config.json');
    removeStaleTempFiles(this.path);
    this.current = this.load();
    if (overrides.model) {
      const model = Config.shape.model.safeParse(overrides.model);
      if (!model.success) throw new Error(`CODEWRIGHT_MODEL='${overrides.model}' is not a model identifier`);
      this.current = deepFreeze({ ...structuredClone(this.current), model: model.data });
    }
  }

  get(): Readonly<Config> {
    return this.current;
  }

  update(update: ConfigUpdate): Readonly<Config> {
    const next = Config.parse({ ...this.current, ...definedOnly(update) });
    writeJsonFile(this.path, next);
    this.current = deepFreeze(next);
    return this.current;
  }

  /**
   * Takes a configuration another instance stored (shared Redis backend): validated, kept in memory
   * only. False (and nothing changed) when it is not a valid configuration.
   */
  adopt(raw: unknown): boolean {
    const parsed = Config.safeParse(raw);
    if (!parsed.success) return false;
    this.current = deepFreeze(parsed.data);
    return true;
  }

  private load(): Readonly<Config> {
    return deepFreeze(this.read());
  }

  private read(): Config {
    let raw: unknown;
    try {
      raw = readJsonFile(this.path);
    } catch {
      raw = null;
    }
    if (raw === undefined) return structuredClone(DEFAULT_CONFIG);
    const parsed = Config.safeParse({ ...DEFAULT_CONFIG, ...(isObject(raw) ? raw : {}) });
    if (parsed.success && isObject(raw)) return parsed.data;
    renameSync(this.path, `${this.path}.invalid-${Date.now()}`);
    return structuredClone(DEFAULT_CONFIG);
  }
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
