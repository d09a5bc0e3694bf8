// Test harness: runs the language server bundle as a child process and talks LSP to it over stdio,
// playing the part of VS Code (answering workspace/configuration from a settings object and
// recording what the server sends).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  ConfigurationRequest,
  DidChangeConfigurationNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  RegistrationRequest,
  ShutdownRequest,
  type ConfigurationItem,
  type LogMessageParams,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol';
import {
  createProtocolConnection,
  IPCMessageReader,
  IPCMessageWriter,
} from 'vscode-languageserver-protocol/node';
import type { ServerStatus } from '../../../server/src/protocol';
import { serverBundle } from './serverBundle';

export interface ClientOptions {
  /** The `codewright` section the fake VS Code answers with (undefined: no configuration support). */
  settings?: Record<string, unknown>;
  workspaceFolder: string;
  /** CODEWRIGHT_HOME for the child; unset when omitted (the tests never touch ~/.codewright). */
  home?: string;
  transport?: Transport;
  /** Lets the server create work-done progress itself (window/workDoneProgress/create). */
  workDoneProgress?: boolean;
  /** Sent as initializationOptions (what clients without workspace/configuration push). */
  initializationOptions?: unknown;
  /** Another language server script to run instead of Codewright's (benchmarks' baselines). */
  script?: string;
  /** Variables added to the child's environment (e.g. the benchmarks' latency trace). */
  env?: Record<string, string>;
}

export type Transport = 'stdio' | 'ipc';

export class ServerProcess {
  readonly configurationRequests: ConfigurationItem[] = [];
  readonly statuses: ServerStatus[] = [];
  readonly logs: string[] = [];
  readonly connection: ProtocolConnection;
  private readonly exited: Promise<number | null>;
  private statusWaiters: {
    test: (status: ServerStatus) => boolean;
    resolve: (status: ServerStatus) => void;
  }[] = [];

  private constructor(
    readonly child: ChildProcess,
    private settings: Record<string, unknown> | undefined,
    transport: Transport,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    this.connection =
      transport === 'ipc'
        ? createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
        : createProtocolConnection(child.stdout!, child.stdin!);
    this.connection.onRequest(ConfigurationRequest.type, (params) => {
      this.configurationRequests.push(...params.items);
      return params.items.map((item) => (item.section === 'codewright' ? (this.settings ?? null) : null));
    });
    this.connection.onRequest(RegistrationRequest.type, () => undefined);
    this.connection.onNotification(LogMessageNotification.method, (params: LogMessageParams) => {
      this.logs.push(params.message);
    });
    this.connection.onNotification('codewright/status', (status: ServerStatus) => {
      this.statuses.push(status);
      this.statusWaiters = this.statusWaiters.filter(
        (waiter) => !(waiter.test(status) && (waiter.resolve(status), true)),
      );
    });
    this.connection.listen();
  }

  /** Spawns the server and completes initialize/initialized. */
  static async start(options: ClientOptions): Promise<ServerProcess> {
    const script = options.script ?? (await serverBundle());
    const env = { ...process.env, ...options.env };
    delete env.CODEWRIGHT_HOME;
    if (options.home) env.CODEWRIGHT_HOME = options.home;
    const transport = options.transport ?? 'stdio';
    // Node IPC is how the extension starts the server (TransportKind.ipc); stdio is the default here.
    const child =
      transport === 'ipc'
        ? fork(script, ['--node-ipc'], { env, silent: true })
        : spawn(process.execPath, [script, '--stdio'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr!.resume();
    if (transport === 'ipc') child.stdout!.resume();
    const server = new ServerProcess(child, options.settings, transport);
    const folderUri = pathToFileURL(options.workspaceFolder).href;
    const result = await server.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: folderUri,
      workspaceFolders: [{ uri: folderUri, name: 'workspace' }],
      initializationOptions: options.initializationOptions,
      capabilities: {
        workspace: { configuration: options.settings !== undefined, workspaceFolders: true },
        ...(options.workDoneProgress ? { window: { workDoneProgress: true } } : {}),
      },
    });
    server.initializeResult = result;
    await server.connection.sendNotification(InitializedNotification.type, {});
    return server;
  }

  initializeResult: unknown;

  /** Resolves with the first status (already received or upcoming) that passes `test`. */
  waitForStatus(test: (status: ServerStatus) => boolean, timeoutMs = 15_000): Promise<ServerStatus> {
    const seen = this.statuses.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no matching status; got ${JSON.stringify(this.statuses)}; log ${this.logs.join(' | ')}`,
            ),
          ),
        timeoutMs,
      );
      this.statusWaiters.push({ test, resolve: (status) => (clearTimeout(timer), resolve(status)) });
    });
  }

  /** Changes the settings and tells the server, as VS Code does. */
  async changeSettings(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    this.statuses.length = 0;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  }

  /** Pushes settings in didChangeConfiguration, as clients without workspace/configuration do. */
  async pushSettings(settings: Record<string, unknown>): Promise<void> {
    this.statuses.length = 0;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { codewright: settings },
    });
  }

  /** shutdown + exit; resolves with the process exit code. */
  async stop(): Promise<number | null> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    return this.exitCode();
  }

  exitCode(timeoutMs = 10_000): Promise<number | null> {
    return Promise.race([
      this.exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the server did not exit')), timeoutMs).unref(),
      ),
    ]);
  }

  kill(): void {
    this.connection.dispose();
    if (this.child.exitCode === null) this.child.kill();
  }
}

export type ListeningApi = Extract<ServerStatus['api'], { state: 'listening' }>;

/** The api part of a status, which must be listening. */
export function listeningApi(status: ServerStatus): ListeningApi {
  if (status.api.state !== 'listening') throw new Error(`api is ${JSON.stringify(status.api)}`);
  return status.api;
}
