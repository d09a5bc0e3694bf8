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
  /** Off by `codewright.api.enabled`, or (reason `untrusted`) because the workspace is not trusted. */
  | { state: 'disabled'; reason?: 'untrusted' }
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
    /**
     * True when the client keeps the key itself (VS Code's SecretStorage). Otherwise the server keeps
     * it in the data folder (`editor-key`, owner-only) and hands the same key out on each start.
     */
    clientKeeps?: boolean;
  }
  export interface Result {
    key: string;
    /** True when a new key was made by this request. */
    created: boolean;
  }
}

/** The `source` of every diagnostic Codewright publishes. */
export const DIAGNOSTIC_SOURCE = 'codewright';

/**
 * Command ids in one place. `ServerCommands` run in the server (workspace/executeCommand);
 * `ClientCommands` are VS Code commands of the extension that the server puts into code lenses.
 */
export const ServerCommands = {
  /** Reviews every supported file under the workspace roots; result: `ReviewWorkspaceResult`. */
  reviewWorkspace: 'codewright.server.reviewWorkspace',
} as const;

export const ClientCommands = {
  /** Arguments: the document URI and an LSP `Range`; opens the explanation view for that range. */
  explainRange: 'codewright.explainRange',
  /** Argument: the document URI; generates tests for the module and writes them beside its tests. */
  generateTests: 'codewright.generateTests',
} as const;

/**
 * Sent by the client to generate unit tests for a document's module. The server picks where the
 * test file goes (the project's test folder, else beside the source) and returns its text; the
 * client writes it. `trusted: false` (an untrusted workspace) never runs the code.
 */
export namespace GenerateTestsRequest {
  export const method = 'codewright/generateTests';
  export interface Params {
    uri: string;
    trusted: boolean;
  }
  export interface Result {
    /** Where to write the tests (file URI). */
    testUri: string;
    testCode: string;
    framework: string;
    testCases: number;
    /** Statement coverage in percent, and whether it was measured by running the tests. */
    coverage: number;
    measured: boolean;
    /** What the engine could not do or chose not to (code execution off, calls that never returned…). */
    notes: string[];
  }
}

export interface ReviewWorkspaceResult {
  /** Files reviewed. */
  files: number;
  /** Issues published across those files. */
  issues: number;
  /** Files left out: too large, unreadable, over the file cap, or failed to review. */
  skipped: number;
  cancelled: boolean;
}

export interface LineRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/**
 * Sent by the client to explain part of a document (the explanation view). Without a range, or with
 * an empty one, the innermost function or class at `range.start` is explained, else the document.
 * Line numbers in the result are the document's (1-based), not the excerpt's.
 */
export namespace ExplainRequest {
  export const method = 'codewright/explain';
  export interface Params {
    uri: string;
    range?: LineRange;
    detailLevel?: 'brief' | 'standard' | 'detailed';
  }
  export interface Result {
    uri: string;
    languageId: string;
    /** 1-based first and last document lines that were explained. */
    startLine: number;
    endLine: number;
    /** What was explained, e.g. "function `parse`" or "lines 4–20". */
    title: string;
    detailLevel: 'brief' | 'standard' | 'detailed';
    explanation: {
      summary: string;
      breakdown: { line: number; code: string; explanation: string }[];
      concepts: string[];
      performance_impact: string;
    };
    /** Per-unit complexity and side effects, when the engine gave them. */
    units: { name: string; kind: string; line: number; complexity?: string; complexity_basis?: string }[];
    sideEffects: { kind: string; what: string; line: number }[];
  }
}

/**
 * Sent by the client to review one open document now (whatever `codewright.review.*` says) and
 * publish its diagnostics; the result counts the issues by severity.
 */
export namespace ReviewFileRequest {
  export const method = 'codewright/reviewFile';
  export interface Params {
    uri: string;
  }
  export interface Result {
    issues: number;
    bySeverity: Record<string, number>;
  }
}

/**
 * Sent by the client to analyze a workspace folder (the "Analyze Project" command); the result is
 * the engine's `analyzeProject` output, shown in the project report view.
 */
export namespace AnalyzeProjectRequest {
  export const method = 'codewright/analyzeProject';
  export interface Params {
    /** A folder under the workspace roots (file path); default: the first root. */
    folder?: string;
    /** Work-done progress is reported under this token (LSP WorkDoneProgressParams). */
    workDoneToken?: string;
  }
  export type Result = Record<string, unknown> & {
    project_info: {
      name: string;
      type: string;
      language: string;
      framework: string;
      size: {
        files: number;
        lines: number;
        size_mb: number;
        languages?: Record<string, { files: number; code: number; comment: number; blank: number }>;
        largest?: { path: string; language: string; lines: number }[];
      };
    };
    code_quality?: {
      score: number | null;
      issues: number;
      warnings: number;
      suggestions: number;
      by_folder?: { folder: string; files: number; score: number; issues: number }[];
    };
    dependencies?: { total: number; outdated: number | null; vulnerable: number | null };
    architecture?: { complexity: string; maintainability: string; testability: string };
  };
}

/** Sent by the client to create a project from a template (the "New Project from Template" command). */
export namespace InitProjectRequest {
  export const method = 'codewright/initProject';
  export interface Params {
    name: string;
    template: string;
    /** The folder to create it in (file path, under the workspace roots); default: the first root. */
    directory?: string;
    options: { include_tests: boolean; include_docs: boolean; use_eslint: boolean; use_prettier: boolean };
  }
  export interface Result {
    project_path: string;
    template: string;
    files: string[];
    next_steps: string[];
  }
}

/**
 * Sent by the client to document the workspace's source files (the "Generate Docs" command): the
 * JavaScript, TypeScript and Python files under the roots, as Markdown API documentation.
 */
export namespace GenerateDocsRequest {
  export const method = 'codewright/generateDocs';
  export interface Result {
    documentation: string;
    filesProcessed: number;
    functions: number;
    components: number;
    /** Files found but left out (the engine's skipped files, or past the file cap). */
    skipped: number;
  }
}

/**
 * Client → server: generate code from a prompt (the `generate` operation). While it runs, the
 * server sends `GenerateCodeDeltaNotification`s carrying the client's `id`; the result is the whole
 * answer. A cancelled request cancels the engine task (and the model call).
 */
export namespace GenerateCodeRequest {
  export const method = 'codewright/generateCode';
  export interface Params {
    /** Chosen by the client, repeated in every delta notification of this request. */
    id: string;
    prompt: string;
    /** The VS Code language id of the editor the code goes into. */
    languageId: string;
    framework?: string;
    /** False in an untrusted workspace: generated tests are never run. */
    trusted: boolean;
  }
  export interface Result {
    code: string;
    explanation: string;
    /** `recipe`, `scaffold` or `model`. */
    source?: string;
    /** The model's fallback reason when the builtin tier answered instead. */
    fallback?: string;
    /** Failed verification checks, as `target check: detail`. */
    failedChecks: string[];
  }
}

/** Server → client: a piece of the code being generated, or a reset (drop what was inserted). */
export namespace GenerateCodeDeltaNotification {
  export const method = 'codewright/generateCodeDelta';
  export type Params = { id: string; delta: string } | { id: string; reset: string };
}
