// Entry of dist/server.js: the language server over stdio, Node IPC or a socket (chosen by the
// command line, e.g. `--stdio`), wired to the real api and key store. The api (Fastify and its
// schema compilers) and the key store load only when first needed, from their own bundle
// (./apiBundle, built as dist/api.js), so the editor gets its first answers sooner.
import { hostname } from 'node:os';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import type { KeyBackend } from '../../api/src/auth/keyStore';
import type * as ApiBundle from './apiBundle';
import { apiLogger } from './features/apiLog';
import type { LocalKeyStore } from './features/localKey';
import { startServer } from './server';

// The editor's own key: the user on their own machine, so the most generous plan.
const LOCAL_KEY_PLAN = 'enterprise';
const localKeyName = `VS Code on ${hostname()}`;

function asLocalKeyStore(keys: KeyBackend): LocalKeyStore {
  return {
    isActive: async (key) => (await keys.verify(key)) !== undefined,
    create: async (name) => (await keys.create(name, LOCAL_KEY_PLAN)).key,
  };
}

// build.mjs turns this require into dist/api.js's, beside dist/server.js.
const apiBundle = () => require('./apiBundle') as typeof ApiBundle;

const connection = createConnection(ProposedFeatures.all);
startServer(connection, {
  startApi: async (engine, options) => {
    const api = await apiBundle().startApi(engine, {
      ...options,
      logger: apiLogger(connection.console),
      firstKey: { name: localKeyName, plan: LOCAL_KEY_PLAN },
    });
    return { ...api, keys: asLocalKeyStore(api.keys) };
  },
  openKeyStore: (dataDir) => {
    return asLocalKeyStore(new (apiBundle().KeyStore)(dataDir));
  },
});
