// Extension entry: creates the log and the status bar, registers the command table, starts the
// language server, and offers a restart when a setting the running server cannot follow changes.
import * as vscode from 'vscode';
import { createCommands, registerCommands } from './commands';
import { offerRestart } from './config';
import { Ctx } from './ctx';
import { StatusBar } from './statusBar';

let ctx: Ctx | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Codewright', { log: true });
  const statusBar = new StatusBar();
  const current = new Ctx(context, log, statusBar);
  ctx = current;
  context.subscriptions.push(
    log,
    statusBar,
    ...registerCommands(current, createCommands()),
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
