// Creates the engine once the client is initialized (its data folder and worker pool settings come
// from the settings, which can only be pulled then) and keeps the workspace roots in step with the
// open folders. The engine's analysers run in the pool's worker processes, never in this one.
import { fileURLToPath } from 'node:url';
import type {
  Connection,
  InitializeParams,
  ServerCapabilities,
  WorkspaceFolder,
} from 'vscode-languageserver/node';
import { createEngine, type Engine } from '../pool/pooledEngine';
import { resolveDataDir, type SettingsCache } from '../settings';
import type { Feature } from './feature';
import type { StatusFeature } from './status';

export interface ReadySession {
  engine: Engine;
  dataDir: string;
}

export class EngineSession implements Feature {
  /** Mutated in place: the engine reads its roots per call, so folder changes reach it. */
  private readonly roots: string[] = [];
  private connection?: Connection;
  private followsFolders = false;
  private created?: Engine;
  private resolveReady!: (session: ReadySession) => void;
  private rejectReady!: (error: Error) => void;
  /** Settles once the engine exists (or could not be created). */
  readonly ready: Promise<ReadySession>;

  constructor(
    private readonly settings: SettingsCache,
    private readonly status: StatusFeature,
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // Handlers that await `ready` report the failure themselves; this keeps it from being unhandled.
    this.ready.catch(() => undefined);
  }

  initialize(connection: Connection, params: InitializeParams): ServerCapabilities {
    this.connection = connection;
    const folders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: '' }] : []);
    this.setRoots(folders);
    this.followsFolders = params.capabilities.workspace?.workspaceFolders === true;
    return { workspace: { workspaceFolders: { supported: true, changeNotifications: this.followsFolders } } };
  }

  async initialized(): Promise<void> {
    const connection = this.connection;
    if (this.followsFolders && connection) {
      connection.workspace.onDidChangeWorkspaceFolders(async () => {
        this.setRoots((await connection.workspace.getWorkspaceFolders()) ?? []);
      });
    }
    try {
      const settings = await this.settings.get();
      const dataDir = resolveDataDir(settings, process.env, this.roots);
      const log = this.connection?.console;
      const engine = createEngine({
        dataDir,
        roots: this.roots,
        poolOptions: {
          settings: {
            workers: settings.engine.workers,
            memoryMb: settings.engine.memoryMb,
            timeLimitMs: settings.engine.timeLimitSeconds && settings.engine.timeLimitSeconds * 1000,
          },
          log: {
            info: (message) => log?.info(message),
            warn: (message) => log?.warn(message),
            error: (message) => log?.error(message),
          },
        },
      });
      this.created = engine;
      this.connection?.console.info(`Engine ${engine.tier} ready; data folder ${dataDir}`);
      this.resolveReady({ engine, dataDir });
      this.status.setEngine({ state: 'ready', tier: engine.tier, dataDir });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.connection?.console.error(`The engine could not start: ${message}`);
      this.rejectReady(new Error(`The engine could not start: ${message}`));
      this.status.setEngine({ state: 'failed', message });
    }
  }

  /** The engine, once created (rejects when it could not be). */
  async engine(): Promise<Engine> {
    return (await this.ready).engine;
  }

  /** Stops the engine's worker processes. */
  async shutdown(): Promise<void> {
    await this.created?.close();
  }

  private setRoots(folders: readonly WorkspaceFolder[]): void {
    const paths = folders.filter((folder) => folder.uri.startsWith('file:')).map((f) => fileURLToPath(f.uri));
    this.roots.splice(0, this.roots.length, ...paths);
  }
}
