// Runs the embedded /v1 api inside the language server while `codewright.api.enabled` is on, on
// 127.0.0.1 and the configured port. Several VS Code windows each run a server, so a busy port is
// normal: the api takes another free port and the status bar shows which. Nothing here throws; a
// failure becomes an api state the client displays.
import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import type { Engine } from '../pool/pooledEngine';
import type { SettingsCache } from '../settings';
import type { EngineSession } from './engineSession';
import type { Feature } from './feature';
import type { LocalKeyStore } from './localKey';
import type { StatusFeature } from './status';
import type { WorkspaceTrust } from './workspaceTrust';

export const API_HOST = '127.0.0.1';

export interface RunningApi {
  url: string;
  port: number;
  close(): Promise<void>;
  /** A first key, created when the data folder had none. */
  createdKey?: string;
  /** The key store the api authenticates with. */
  keys?: LocalKeyStore;
}

export type StartApi = (
  engine: Engine,
  options: {
    host: string;
    port: number;
    dataDir: string;
    portFallback: boolean;
    /** `codewright.webhooks.allowLocal` (read at start). */
    webhooksAllowLocal?: boolean;
  },
) => Promise<RunningApi>;

export class ApiHost implements Feature {
  private connection?: Connection;
  private running?: { api: RunningApi; requestedPort: number };
  private createdKey?: string;
  private shutDown = false;
  // start/stop calls are chained so a settings change during a start cannot run two apis.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly session: EngineSession,
    private readonly settings: SettingsCache,
    private readonly status: StatusFeature,
    private readonly startApi: StartApi,
    /** Absent: trusted (tests that do not care). */
    private readonly trust?: Pick<WorkspaceTrust, 'trusted'>,
  ) {}

  initialize(connection: Connection): ServerCapabilities {
    this.connection = connection;
    return {};
  }

  initialized(): Promise<void> {
    return this.enqueue(() => this.apply());
  }

  settingsChanged(): Promise<void> {
    return this.enqueue(() => this.apply());
  }

  shutdown(): Promise<void> {
    // A configuration change after shutdown must not bring the api back.
    this.shutDown = true;
    return this.enqueue(() => this.stop());
  }

  /** The key the api made on a fresh data folder, handed out once (to become the editor's key). */
  takeCreatedKey(): string | undefined {
    const key = this.createdKey;
    this.createdKey = undefined;
    return key;
  }

  /** The running api's own key store: a key made through it is accepted at once. */
  keyStore(): LocalKeyStore | undefined {
    return this.running?.api.keys;
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step, step);
    return this.queue;
  }

  private async apply(): Promise<void> {
    if (this.shutDown) return;
    const { api } = await this.settings.get();
    if (!api.enabled) {
      await this.stop();
      this.status.setApi({ state: 'disabled' });
      return;
    }
    // An untrusted workspace opens no port unless the user allowed it in their own settings.
    if (this.trust?.trusted === false && !api.allowInUntrustedWorkspaces) {
      await this.stop();
      this.status.setApi({ state: 'disabled', reason: 'untrusted' });
      return;
    }
    if (this.running?.requestedPort === api.port) return;
    await this.stop();
    await this.start(api.port);
  }

  private async start(requestedPort: number): Promise<void> {
    this.status.setApi({ state: 'starting' });
    try {
      const { engine, dataDir } = await this.session.ready;
      const { webhooks } = await this.settings.get();
      const api = await this.startApi(engine, {
        host: API_HOST,
        port: requestedPort,
        dataDir,
        portFallback: true,
        webhooksAllowLocal: webhooks.allowLocal,
      });
      this.running = { api, requestedPort };
      this.createdKey = api.createdKey;
      // Asking for port 0 means "any port", so getting one is not a fallback.
      const fellBack = requestedPort !== 0 && api.port !== requestedPort;
      const note = fellBack ? ` (port ${requestedPort} was busy)` : '';
      this.connection?.console.info(`API listening on ${api.url}${note}`);
      this.status.setApi({ state: 'listening', url: api.url, port: api.port, requestedPort, fellBack });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.connection?.console.error(`The API could not start: ${message}`);
      this.status.setApi({ state: 'failed', message });
    }
  }

  private async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    try {
      await running.api.close();
      this.connection?.console.info(`API on ${running.api.url} stopped`);
    } catch (error) {
      this.connection?.console.warn(
        `Closing the API failed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}
