// The messages Codewright adds to LSP, written once and used by the client and the server.
// Each namespace holds the method name and its parameter/result types. There are deliberately no
// `NotificationType` objects here: the client and the server bundle different copies of
// vscode-jsonrpc, whose parameter-structure singletons are compared by identity, so a type object
// made by one copy is rejected by the other. Both sides send and receive by method name instead.

/* eslint-disable @typescript-eslint/no-namespace -- one namespace per message keeps its method and types together */

export type EngineTierName = 'builtin' | 'model';

/** Where the embedded /v1 api stands. */
export type ApiState =
  | { state: 'starting' }
  | { state: 'disabled' }
  | {
      state: 'listening';
      url: string;
      port: number;
      /** The port the settings asked for; differs from `port` when it was busy. */
      requestedPort: number;
      /** True when the requested port was busy and another one was taken. */
      fellBack: boolean;
    }
  | { state: 'failed'; message: string };

/** Whether the engine exists yet, and which tier it runs. */
export type EngineState =
  | { state: 'starting' }
  | { state: 'ready'; tier: EngineTierName; dataDir: string }
  | { state: 'failed'; message: string };

export interface ServerStatus {
  /** The extension's version (package.json). */
  version: string;
  engine: EngineState;
  api: ApiState;
}

/** Sent by the server to the client whenever the engine is ready or the api starts, moves or stops. */
export namespace ServerStatusNotification {
  export const method = 'codewright/status';
  export type Params = ServerStatus;
}

/** Sent by the client to the server to read the current status (e.g. after a missed notification). */
export namespace ServerStatusRequest {
  export const method = 'codewright/getStatus';
  export type Result = ServerStatus;
}

/**
 * Sent by the client to the server to get a working local API key. The client passes the key it has
 * kept (if any); the server returns it unchanged while it is still valid in the data folder's key
 * store, and otherwise creates a new key (shown only this once) for the client to keep.
 */
export namespace LocalKeyRequest {
  export const method = 'codewright/localKey';
  export interface Params {
    knownKey?: string;
  }
  export interface Result {
    key: string;
    /** True when a new key was made by this request. */
    created: boolean;
  }
}
