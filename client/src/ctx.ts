// The extension's running state, handed to every command: the language client (when started), the
// log and the status bar. It owns the client's lifecycle (start, restart, stop).
import * as vscode from 'vscode';
import {
  LanguageClient,
  State,
  TransportKind,
  WorkDoneProgress,
  type Disposable,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { LANGUAGES } from '../../server/src/engine/languages';
import { ServerStatusNotification, type ServerStatus } from '../../server/src/protocol';
import { provideLocalKey } from './localKey';
import { modelEnvironment } from './modelSettings';
import type { StatusBar } from './statusBar';
import type { TraceChannel } from './traceChannel';

export class Ctx {
  private languageClient?: LanguageClient;
  private lastStatus?: ServerStatus;

  constructor(
    readonly extension: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
    readonly statusBar: StatusBar,
    /** Where `codewright.trace.server` sends the LSP messages (see traceChannel.ts). */
    private readonly traceChannel?: TraceChannel,
  ) {}

  get client(): LanguageClient | undefined {
    return this.languageClient;
  }

  get isRunning(): boolean {
    return this.languageClient?.state === State.Running;
  }

  /** The last status the server reported (engine tier, api address). */
  get status(): ServerStatus | undefined {
    return this.lastStatus;
  }

  /** Follows the work-done progress the server reports under a token this client chose. */
  onWorkDoneProgress(
    token: string,
    handler: (value: { kind: string; message?: string; percentage?: number }) => void,
  ): Disposable | undefined {
    return this.languageClient?.onProgress(WorkDoneProgress.type, token, handler);
  }

  async start(): Promise<void> {
    const client = this.createClient(await modelEnvironment(this.extension));
    this.languageClient = client;
    client.onDidChangeState(({ newState }) => {
      this.statusBar.setClientState(
        newState === State.Running ? 'running' : newState === State.Starting ? 'starting' : 'stopped',
      );
    });
    client.onNotification(ServerStatusNotification.method, (status: ServerStatusNotification.Params) => {
      this.lastStatus = status;
      this.statusBar.setStatus(status);
    });
    try {
      await client.start();
    } catch (error) {
      this.statusBar.setClientState('stopped');
      this.log.error(
        `The Codewright server did not start: ${error instanceof Error ? error.message : error}`,
      );
      void vscode.window
        .showErrorMessage('Codewright: the server did not start. See the log for details.', 'Show Log')
        .then((choice) => choice && this.log.show());
      return;
    }
    // Makes (or checks) the editor's local API key early, so copying it later is instant.
    provideLocalKey(this).catch((error) =>
      this.log.warn(`Local API key not ready: ${error instanceof Error ? error.message : error}`),
    );
  }

  async stop(): Promise<void> {
    const client = this.languageClient;
    this.languageClient = undefined;
    this.lastStatus = undefined;
    if (client?.needsStop()) await client.stop();
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** `modelEnv` (modelSettings.ts) goes into the server's environment only, never into a message. */
  private createClient(modelEnv: Record<string, string>): LanguageClient {
    const module = this.extension.asAbsolutePath('dist/server.js');
    const env = { ...process.env, ...modelEnv };
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc, options: { env } },
      debug: {
        module,
        transport: TransportKind.ipc,
        options: { env, execArgv: ['--nolazy', '--inspect=6009'] },
      },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: LANGUAGES.flatMap((language) => [
        { scheme: 'file', language },
        { scheme: 'untitled', language },
      ]),
      // Only `codewright.*` changes reach the server, which then pulls what it needs.
      synchronize: { configurationSection: 'codewright' },
      // The server keeps the api off and runs no workspace code while this is false; granting trust
      // restarts the server (extension.ts).
      initializationOptions: { workspaceTrusted: vscode.workspace.isTrusted },
      outputChannel: this.log,
      traceOutputChannel: this.traceChannel?.asLogOutputChannel(),
    };
    return new LanguageClient('codewright', 'Codewright', serverOptions, clientOptions);
  }
}
