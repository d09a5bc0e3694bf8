// Gives the editor a working API key for the local api. The client keeps the key in VS Code
// SecretStorage and sends it back on each start: while the data folder's key store still accepts it,
// it is kept; after a revocation or a switch to another data folder, a new key is made.
// Other LSP clients (Neovim...) have no secret store: for them the server keeps the key in the data
// folder (`editor-key`, readable by the owner only), so each start reuses it instead of adding a key.
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  LSPErrorCodes,
  ResponseError,
  type Connection,
  type InitializeParams,
  type ServerCapabilities,
} from 'vscode-languageserver/node';
import { LocalKeyRequest } from '../protocol';
import type { ApiHost } from './apiHost';
import type { EngineSession } from './engineSession';
import type { Feature } from './feature';

/** The key store operations this feature needs (implemented by the api's key store). */
export interface LocalKeyStore {
  isActive(key: string): Promise<boolean>;
  /** Creates a key and returns its secret (stored only hashed). */
  create(name: string): Promise<string>;
}

export type OpenKeyStore = (dataDir: string) => LocalKeyStore;

/** Where the server keeps the key for clients that cannot keep it themselves. */
export const EDITOR_KEY_FILE = 'editor-key';

export class LocalKeyFeature implements Feature {
  private clientName = 'Editor';

  constructor(
    private readonly session: EngineSession,
    private readonly apiHost: ApiHost,
    private readonly openKeyStore: OpenKeyStore,
  ) {}

  initialize(connection: Connection, params?: InitializeParams): ServerCapabilities {
    const name = params?.clientInfo?.name?.trim();
    // VS Code's client reports its application name ("Visual Studio Code", "code-server").
    if (name) this.clientName = /visual studio code/i.test(name) ? 'VS Code' : name.slice(0, 40);
    connection.onRequest(LocalKeyRequest.method, async (params: unknown): Promise<LocalKeyRequest.Result> => {
      try {
        return await this.localKey(knownKeyOf(params), clientKeepsOf(params));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        connection.console.error(`No local API key: ${message}`);
        throw new ResponseError(LSPErrorCodes.RequestFailed, `No local API key: ${message}`);
      }
    });
    return {};
  }

  private async localKey(
    knownKey: string | undefined,
    clientKeeps: boolean,
  ): Promise<LocalKeyRequest.Result> {
    const { dataDir } = await this.session.ready;
    const store = this.apiHost.keyStore() ?? this.openKeyStore(dataDir);
    const keptFile = join(dataDir, EDITOR_KEY_FILE);
    const kept = knownKey ?? (clientKeeps ? undefined : await readKept(keptFile));
    if (kept && (await store.isActive(kept))) return { key: kept, created: false };
    // On a fresh data folder the api has just made a first key: that one becomes the editor's.
    const firstKey = this.apiHost.takeCreatedKey();
    const key =
      firstKey && (await store.isActive(firstKey))
        ? firstKey
        : await store.create(`${this.clientName} on ${hostname()}`);
    if (!clientKeeps) await writeFile(keptFile, `${key}\n`, { mode: 0o600 });
    return { key, created: true };
  }
}

async function readKept(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}

function clientKeepsOf(params: unknown): boolean {
  return (
    typeof params === 'object' && params !== null && (params as LocalKeyRequest.Params).clientKeeps === true
  );
}

function knownKeyOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const knownKey = (params as LocalKeyRequest.Params).knownKey;
  return typeof knownKey === 'string' && knownKey.length > 0 ? knownKey : undefined;
}
