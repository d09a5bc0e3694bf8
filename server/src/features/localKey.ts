// Gives the editor a working API key for the local api. The client keeps the key in VS Code
// SecretStorage and sends it back on each start: while the data folder's key store still accepts it,
// it is kept; after a revocation or a switch to another data folder, a new key is made.
import { hostname } from 'node:os';
import {
  LSPErrorCodes,
  ResponseError,
  type Connection,
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

export class LocalKeyFeature implements Feature {
  constructor(
    private readonly session: EngineSession,
    private readonly apiHost: ApiHost,
    private readonly openKeyStore: OpenKeyStore,
  ) {}

  initialize(connection: Connection): ServerCapabilities {
    connection.onRequest(LocalKeyRequest.method, async (params: unknown): Promise<LocalKeyRequest.Result> => {
      try {
        return await this.localKey(knownKeyOf(params));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        connection.console.error(`No local API key: ${message}`);
        throw new ResponseError(LSPErrorCodes.RequestFailed, `No local API key: ${message}`);
      }
    });
    return {};
  }

  private async localKey(knownKey: string | undefined): Promise<LocalKeyRequest.Result> {
    const { dataDir } = await this.session.ready;
    const store = this.apiHost.keyStore() ?? this.openKeyStore(dataDir);
    if (knownKey && (await store.isActive(knownKey))) return { key: knownKey, created: false };
    // On a fresh data folder the api has just made a first key: that one becomes the editor's.
    const firstKey = this.apiHost.takeCreatedKey();
    if (firstKey && (await store.isActive(firstKey))) return { key: firstKey, created: true };
    return { key: await store.create(`VS Code on ${hostname()}`), created: true };
  }
}

function knownKeyOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const knownKey = (params as LocalKeyRequest.Params).knownKey;
  return typeof knownKey === 'string' && knownKey.length > 0 ? knownKey : undefined;
}
