// The client's view of the `codewright.*` settings. The server pulls settings itself; the client
// only needs to know which changes the running server cannot pick up without a restart.
import * as vscode from 'vscode';

/** Settings read once when the server starts (the engine's data folder is fixed for its life). */
export const RESTART_SETTINGS = ['codewright.dataDir'] as const;

export function needsServerRestart(event: vscode.ConfigurationChangeEvent): boolean {
  return RESTART_SETTINGS.some((setting) => event.affectsConfiguration(setting));
}

/** Offers a restart when a restart-only setting changed; resolves true if the user accepted. */
export async function offerRestart(event: vscode.ConfigurationChangeEvent): Promise<boolean> {
  if (!needsServerRestart(event)) return false;
  const choice = await vscode.window.showInformationMessage(
    'Codewright: the data folder changed. Restart the server to use it?',
    'Restart',
  );
  return choice === 'Restart';
}
