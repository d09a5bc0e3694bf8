// The model tier's settings in the editor: `codewright.model.name` and `codewright.model.baseUrl`,
// and the API key, kept only in VS Code's SecretStorage ("Codewright: Set Model API Key"). They reach
// the language server (and its engine workers) as environment variables of its process —
// CODEWRIGHT_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY — never as settings or LSP messages, which the
// trace channel and logs may show. Changing any of them restarts the server, after asking.
import * as vscode from 'vscode';
import type { CommandHandler } from './commandTable';
import type { Ctx } from './ctx';

export const MODEL_KEY_SECRET = 'codewright.model.apiKey';
const SECTIONS = ['codewright.model.name', 'codewright.model.baseUrl'];

/** The environment the server starts with for the model tier; empty settings add nothing. */
export async function modelEnvironment(context: vscode.ExtensionContext): Promise<Record<string, string>> {
  const settings = vscode.workspace.getConfiguration('codewright.model');
  const env: Record<string, string> = {};
  const name = settings.get<string>('name')?.trim();
  const baseUrl = settings.get<string>('baseUrl')?.trim();
  const key = await context.secrets.get(MODEL_KEY_SECRET);
  if (name) env.CODEWRIGHT_MODEL = name;
  if (baseUrl) env.OPENAI_BASE_URL = baseUrl;
  if (key) env.OPENAI_API_KEY = key;
  return env;
}

/** "Codewright: Set Model API Key": a password box; an empty answer removes the stored key. */
export function setModelApiKey(ctx: Ctx): CommandHandler {
  return async () => {
    const key = await vscode.window.showInputBox({
      title: 'Codewright: model API key',
      prompt:
        'The key of the OpenAI-compatible endpoint (stored in VS Code SecretStorage). Leave empty to remove it.',
      password: true,
      ignoreFocusOut: true,
    });
    if (key === undefined) return;
    if (key.trim()) await ctx.extension.secrets.store(MODEL_KEY_SECRET, key.trim());
    else await ctx.extension.secrets.delete(MODEL_KEY_SECRET);
    ctx.log.info(key.trim() ? 'Model API key stored.' : 'Model API key removed.');
    await offerModelRestart(
      ctx,
      key.trim() ? 'The model API key was stored.' : 'The model API key was removed.',
    );
  };
}

/** Restarts the server (after asking) when a model setting changes: its environment carries them. */
export function followModelSettings(ctx: Ctx): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration(async (event) => {
    if (SECTIONS.some((section) => event.affectsConfiguration(section)))
      await offerModelRestart(ctx, 'The Codewright model settings changed.');
  });
}

async function offerModelRestart(ctx: Ctx, what: string): Promise<void> {
  if (!ctx.isRunning) return;
  const choice = await vscode.window.showInformationMessage(
    `${what} Restart the Codewright server to use them?`,
    'Restart Server',
  );
  if (choice === 'Restart Server') await ctx.restart();
}
