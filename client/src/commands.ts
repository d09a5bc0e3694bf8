// Every command of the extension in one table; each is registered as `codewright.<name>`. Adding a
// command is one entry here plus its `contributes.commands` entry in package.json.
import * as vscode from 'vscode';
import { COMMAND_PREFIX, pickHandler, type CommandHandler, type CommandTable } from './commandTable';
import type { Ctx } from './ctx';
import { explainRange, explainSelection, reviewWorkspace } from './editorCommands';
import { generateCommands } from './generateCommands';
import { refactorSelection, reviewFile } from './fileCommands';
import { provideLocalKey } from './localKey';
import { analyzeProject, generateDocs, newProject } from './projectCommands';
import { generateTests } from './testCommands';

export function createCommands(): CommandTable<Ctx> {
  return {
    copyApiKey: { enabled: copyApiKey },
    showLog: { enabled: showLog, disabled: showLog },
    restartServer: { enabled: restartServer, disabled: restartServer },
    explainSelection: { enabled: explainSelection },
    explainRange: { enabled: explainRange },
    reviewWorkspace: { enabled: reviewWorkspace },
    generateTests: { enabled: generateTests },
    analyzeProject: { enabled: analyzeProject },
    newProject: { enabled: newProject },
    generateDocs: { enabled: generateDocs },
    reviewFile: { enabled: reviewFile },
    refactorSelection: { enabled: refactorSelection },
    ...generateCommands(),
  };
}

export function registerCommands(ctx: Ctx, table: CommandTable<Ctx>): vscode.Disposable[] {
  return Object.entries(table).map(([name, entry]) =>
    vscode.commands.registerCommand(`${COMMAND_PREFIX}${name}`, (...args: unknown[]) =>
      pickHandler(entry, ctx, ctx.isRunning, serverDown)(...args),
    ),
  );
}

function copyApiKey(ctx: Ctx): CommandHandler {
  return async () => {
    try {
      const key = await provideLocalKey(ctx);
      await vscode.env.clipboard.writeText(key);
      const api = ctx.status?.api;
      const where = api?.state === 'listening' ? ` Use it with ${api.url}` : '';
      void vscode.window.showInformationMessage(`Codewright API key copied to the clipboard.${where}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.error(`Copy API key failed: ${message}`);
      void vscode.window.showErrorMessage(`Codewright: could not get the API key (${message}).`);
    }
  };
}

function showLog(ctx: Ctx): CommandHandler {
  return () => ctx.log.show(true);
}

function restartServer(ctx: Ctx): CommandHandler {
  return () => ctx.restart();
}

/** The fallback `disabled` handler: says why nothing happened and offers the way out. */
function serverDown(ctx: Ctx): CommandHandler {
  return async () => {
    const choice = await vscode.window.showWarningMessage(
      'Codewright: the server is not running, so this command is unavailable.',
      'Restart Server',
      'Show Log',
    );
    if (choice === 'Restart Server') await ctx.restart();
    if (choice === 'Show Log') ctx.log.show(true);
  };
}
