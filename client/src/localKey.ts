// The editor's local API key. It lives in VS Code SecretStorage (never in settings or files), one per
// data folder; the server checks it against the data folder's key store and makes a new one when
// it is missing or no longer valid.
import { LocalKeyRequest, ServerStatusRequest } from '../../server/src/protocol';
import type { Ctx } from './ctx';

export function secretName(dataDir: string): string {
  return `codewright.apiKey:${dataDir}`;
}

/** A working key for the local api, provisioned through the server and kept in SecretStorage. */
export async function provideLocalKey(ctx: Ctx): Promise<string> {
  const client = ctx.client;
  if (!client || !ctx.isRunning) throw new Error('the Codewright server is not running');
  const status = await client.sendRequest<ServerStatusRequest.Result>(ServerStatusRequest.method);
  if (status.engine.state !== 'ready') throw new Error('the engine is not ready');
  const secrets = ctx.extension.secrets;
  const name = secretName(status.engine.dataDir);
  const knownKey = await secrets.get(name);
  const params: LocalKeyRequest.Params = { knownKey, clientKeeps: true };
  const result = await client.sendRequest<LocalKeyRequest.Result>(LocalKeyRequest.method, params);
  if (result.key !== knownKey) await secrets.store(name, result.key);
  if (result.created) ctx.log.info('Created a local API key (kept in VS Code SecretStorage)');
  return result.key;
}
