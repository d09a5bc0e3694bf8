// One capability of the language server. server.ts creates the features, hands each its
// dependencies, and calls these hooks in order; a feature registers its own LSP handlers.
import type { Connection, InitializeParams, ServerCapabilities } from 'vscode-languageserver/node';

export interface Feature {
  /** Registers handlers and returns the capabilities this feature adds to the initialize result. */
  initialize(connection: Connection, params: InitializeParams): ServerCapabilities | void;
  /** After the client's `initialized`: settings can be pulled from here on. */
  initialized?(): Promise<void> | void;
  /** After workspace/didChangeConfiguration; the settings cache is already cleared. */
  settingsChanged?(): Promise<void> | void;
  /** On the client's `shutdown` request: release ports, files and timers. */
  shutdown?(): Promise<void> | void;
}
