// Plays VS Code's editor side on top of ServerProcess: keeps the open documents as TextDocuments,
// sends didOpen/didChange/didSave/didClose, applies workspace edits the server returns, and collects
// publishDiagnostics so a test can wait for the diagnostics of a given document version.
import {
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  PublishDiagnosticsNotification,
  type Diagnostic,
  type PublishDiagnosticsParams,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ServerProcess } from './serverProcess';

interface Waiter {
  test: (params: PublishDiagnosticsParams) => boolean;
  resolve: (params: PublishDiagnosticsParams) => void;
}

export class EditorClient {
  readonly published: PublishDiagnosticsParams[] = [];
  private readonly open = new Map<string, TextDocument>();
  private waiters: Waiter[] = [];

  constructor(readonly server: ServerProcess) {
    server.connection.onNotification(
      PublishDiagnosticsNotification.method,
      (params: PublishDiagnosticsParams) => {
        this.published.push(params);
        this.waiters = this.waiters.filter(
          (waiter) => !(waiter.test(params) && (waiter.resolve(params), true)),
        );
      },
    );
  }

  document(uri: string): TextDocument {
    const document = this.open.get(uri);
    if (!document) throw new Error(`${uri} is not open`);
    return document;
  }

  async openDocument(uri: string, languageId: string, text: string): Promise<TextDocument> {
    const document = TextDocument.create(uri, languageId, 1, text);
    this.open.set(uri, document);
    await this.server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version: 1, text },
    });
    return document;
  }

  /** Replaces the whole text (a full-content change) and returns the new version. */
  async changeDocument(uri: string, text: string): Promise<TextDocument> {
    const previous = this.document(uri);
    const next = TextDocument.create(uri, previous.languageId, previous.version + 1, text);
    this.open.set(uri, next);
    await this.server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: next.version },
      contentChanges: [{ text }],
    });
    return next;
  }

  async saveDocument(uri: string): Promise<void> {
    await this.server.connection.sendNotification(DidSaveTextDocumentNotification.type, {
      textDocument: { uri },
    });
  }

  async closeDocument(uri: string): Promise<void> {
    this.open.delete(uri);
    await this.server.connection.sendNotification(DidCloseTextDocumentNotification.type, {
      textDocument: { uri },
    });
  }

  /** Applies a workspace edit to the open documents (as VS Code would) and sends the changes. */
  async applyEdit(edit: WorkspaceEdit): Promise<void> {
    const byUri = new Map<string, TextEdit[]>();
    for (const change of edit.documentChanges ?? []) {
      if (!('textDocument' in change)) throw new Error('only text edits are expected');
      const document = this.document(change.textDocument.uri);
      if (change.textDocument.version !== null && change.textDocument.version !== document.version) {
        throw new Error(
          `edit for version ${change.textDocument.version}, document is at ${document.version}`,
        );
      }
      byUri.set(change.textDocument.uri, change.edits as TextEdit[]);
    }
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) byUri.set(uri, edits);
    for (const [uri, edits] of byUri) {
      await this.changeDocument(uri, TextDocument.applyEdits(this.document(uri), edits));
    }
  }

  /** The first diagnostics (already received or upcoming) for `uri` that pass `test`. */
  waitForDiagnostics(
    uri: string,
    test: (params: PublishDiagnosticsParams) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<PublishDiagnosticsParams> {
    const matches = (params: PublishDiagnosticsParams) => params.uri === uri && test(params);
    const seen = this.published.find(matches);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching diagnostics for ${uri}; got ${JSON.stringify(this.published)}`)),
        timeoutMs,
      );
      this.waiters.push({ test: matches, resolve: (params) => (clearTimeout(timer), resolve(params)) });
    });
  }

  /** Diagnostics published for exactly this version of the document. */
  diagnosticsFor(document: TextDocument, timeoutMs?: number): Promise<Diagnostic[]> {
    return this.waitForDiagnostics(document.uri, (p) => p.version === document.version, timeoutMs).then(
      (p) => p.diagnostics,
    );
  }
}
