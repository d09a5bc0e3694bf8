// The API keys of this data folder, in keys.json: only SHA-256 hashes, each with an id, a name and a
// plan, written atomically. The file is re-read when it changes (checked at most once a second) so
// keys created or revoked by the CLI take effect in a running server.
import { statSync } from 'node:fs';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import {
  readJsonFile,
  removeStaleTempFiles,
  writeJsonFile,
} from '../../../server/src/engine/storage/atomicFile';
import { generateApiKey, hashApiKey, isWellFormedApiKey } from './apiKey';

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const StoredKey = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.enum(PLANS),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
const KeyFile = z.object({ keys: z.array(StoredKey) });

export type StoredKey = z.output<typeof StoredKey>;
/** What may be shown about a key: everything but its hash. */
export type ApiKeyInfo = Omit<StoredKey, 'hash'>;

const RELOAD_CHECK_MS = 1000;

/**
 * The storage boundary of API keys: this file's KeyStore (embedded default, keys.json) or
 * RedisKeyStore (api/src/store/, shared by every instance). Results may be promises.
 */
export interface KeyBackend {
  create(
    name: string,
    plan: Plan,
  ): { key: string; info: ApiKeyInfo } | Promise<{ key: string; info: ApiKeyInfo }>;
  list(): ApiKeyInfo[] | Promise<ApiKeyInfo[]>;
  revoke(id: string): boolean | Promise<boolean>;
  verify(presented: string): ApiKeyInfo | undefined | Promise<ApiKeyInfo | undefined>;
}

export class KeyStore implements KeyBackend {
  private readonly path: string;
  private keys: StoredKey[] = [];
  private byHash = new Map<string, { stored: StoredKey; hash: Buffer; info: ApiKeyInfo }>();
  private loadedMtimeMs = -1;
  private lastCheck = -Infinity;

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.path = join(dataDir, 'keys.json');
    removeStaleTempFiles(this.path);
    this.reload();
  }

  /** Creates a key; the returned secret is shown once and never stored. */
  create(name: string, plan: Plan): { key: string; info: ApiKeyInfo } {
    this.reload();
    const { key, stored } = newKey(name, plan, this.now());
    this.save([...this.keys, stored]);
    return { key, info: publicInfo(stored) };
  }

  list(): ApiKeyInfo[] {
    this.reload();
    return this.keys.map(publicInfo);
  }

  /** Revokes a key by id; false when there is no such key. */
  revoke(id: string): boolean {
    this.reload();
    const target = this.keys.find((key) => key.id === id);
    if (!target) return false;
    if (target.revoked_at) return true;
    this.save(
      this.keys.map((key) =>
        key === target ? { ...key, revoked_at: new Date(this.now()).toISOString() } : key,
      ),
    );
    return true;
  }

  /** The key's info when the presented secret is a live key, else undefined. */
  verify(presented: string): ApiKeyInfo | undefined {
    if (!isWellFormedApiKey(presented)) return undefined;
    this.reloadIfChanged();
    const hash = hashApiKey(presented);
    // The map lookup is on the hash (it leaks nothing about the secret); the constant-time
    // comparison confirms the match without an early-exit byte compare.
    const entry = this.byHash.get(hash.toString('hex'));
    if (!entry || !timingSafeEqual(entry.hash, hash)) return undefined;
    return entry.stored.revoked_at ? undefined : entry.info;
  }

  private reloadIfChanged(): void {
    const now = this.now();
    if (now - this.lastCheck < RELOAD_CHECK_MS && now >= this.lastCheck) return;
    this.lastCheck = now;
    if (this.mtime() !== this.loadedMtimeMs) this.reload();
  }

  private reload(): void {
    this.loadedMtimeMs = this.mtime();
    let parsed;
    try {
      const raw = readJsonFile(this.path);
      if (raw === undefined) return this.index([]);
      parsed = KeyFile.safeParse(raw);
    } catch (error) {
      throw new Error(`${this.path} is not valid JSON (${(error as Error).message}); fix or remove it`, {
        cause: error,
      });
    }
    // Never guess with credentials: a damaged key file stops the server rather than dropping keys.
    if (!parsed.success) throw new Error(`${this.path} does not hold valid API keys; fix or remove it`);
    this.index(parsed.data.keys);
  }

  private save(keys: StoredKey[]): void {
    writeJsonFile(this.path, { keys });
    this.index(keys);
    this.loadedMtimeMs = this.mtime();
  }

  private index(keys: StoredKey[]): void {
    this.keys = keys;
    this.byHash = new Map(
      keys.map((key) => [
        key.hash,
        { stored: key, hash: Buffer.from(key.hash, 'hex'), info: publicInfo(key) },
      ]),
    );
  }

  private mtime(): number {
    try {
      return statSync(this.path).mtimeMs;
    } catch {
      return -1;
    }
  }
}

/** A new key and the record stored for it (every backend stores the same shape). */
export function newKey(name: string, plan: Plan, now: number): { key: string; stored: StoredKey } {
  const key = generateApiKey();
  const stored: StoredKey = {
    id: `key_${randomBytes(6).toString('hex')}`,
    name,
    plan,
    hash: hashApiKey(key).toString('hex'),
    created_at: new Date(now).toISOString(),
    revoked_at: null,
  };
  return { key, stored };
}

export function publicInfo({ hash: _hash, ...info }: StoredKey): ApiKeyInfo {
  return info;
}
