// Extension entry: creates the log and the status bar, registers the command table, starts the
// language server, and offers a restart when a setting the running server cannot follow changes.
import * as vscode from 'vscode';
import { createCommands, registerCommands } from './commands';
import { offerRestart } from './config';
import { Ctx } from './ctx';
import { reexplainFor } from './editorCommands';
import { ExplanationPanel } from './explanationPanel';
import { followModelSettings } from './modelSettings';
import { StatusBar } from './statusBar';
import { TraceChannel } from './traceChannel';

let ctx: Ctx | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Codewright', { log: true });
  const statusBar = new StatusBar();
  const trace = new TraceChannel();
  const current = new Ctx(context, log, statusBar, trace);
  ctx = current;
  context.subscriptions.push(
    log,
    trace,
    statusBar,
    ...registerCommands(current, createCommands()),
    followModelSettings(current),
    ExplanationPanel.register(context.extensionUri, reexplainFor(current)),
    // Trust, once granted, lasts for the window: the server restarts to start the api.
    vscode.workspace.onDidGrantWorkspaceTrust(() => current.restart()),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (await offerRestart(event)) await current.restart();
    }),
  );
  await current.start();
}

export async function deactivate(): Promise<void> {
  await ctx?.stop();
  ctx = undefined;
}
