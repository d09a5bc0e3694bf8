// textDocument/codeAction: one LSP handler asking each provider (review fixes, refactors) for its
// actions on the document and range. Every action carries its edit, tied to the document version.
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Connection,
  type ServerCapabilities,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Feature } from './feature';
import { FIX_ALL_KIND, REFACTOR_KIND } from './codeActionKinds';

export interface CodeActionProvider {
  provide(document: TextDocument, params: CodeActionParams): Promise<CodeAction[]>;
}

export class CodeActionsFeature implements Feature {
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly providers: readonly CodeActionProvider[],
  ) {}

  initialize(connection: Connection): ServerCapabilities {
    connection.onCodeAction(async (params, token) => {
      const document = this.documents.get(params.textDocument.uri);
      if (!document) return [];
      const actions: CodeAction[] = [];
      for (const provider of this.providers) {
        if (token.isCancellationRequested) return [];
        try {
          actions.push(...(await provider.provide(document, params)));
        } catch (error) {
          connection.console.warn(`Code actions failed: ${error instanceof Error ? error.message : error}`);
        }
      }
      return actions;
    });
    return {
      codeActionProvider: {
        codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND, REFACTOR_KIND],
      },
    };
  }
}
