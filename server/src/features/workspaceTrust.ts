// Whether the editor trusts the workspace. VS Code sends `workspaceTrusted` in the
// initializationOptions (and restarts the server when the user grants trust, which cannot be taken
// back without a reload); a client that says nothing (Neovim, other LSP clients, which have no such
// notion) is trusted, as the user started the server on that folder. In an untrusted workspace no
// workspace code is run (test generation goes without `code_execution`) and the local api stays
// off unless `codewright.api.allowInUntrustedWorkspaces` (a user setting) allows it; review and
// explanation work as usual.
import type { Connection, InitializeParams, ServerCapabilities } from 'vscode-languageserver/node';
import type { Feature } from './feature';

/** The initializationOptions field the VS Code client sets (beside the pushed `codewright` settings). */
export const TRUST_OPTION = 'workspaceTrusted';

export class WorkspaceTrust implements Feature {
  private isTrusted = true;

  get trusted(): boolean {
    return this.isTrusted;
  }

  initialize(_connection: Connection, params: InitializeParams): ServerCapabilities {
    this.isTrusted = readTrust(params.initializationOptions);
    return {};
  }
}

/** False only when the client said so explicitly; anything else (absent, malformed) is trusted. */
export function readTrust(initializationOptions: unknown): boolean {
  if (typeof initializationOptions !== 'object' || initializationOptions === null) return true;
  return (initializationOptions as Record<string, unknown>)[TRUST_OPTION] !== false;
}
