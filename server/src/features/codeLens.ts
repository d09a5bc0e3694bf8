// "Explain" code lenses above each named function, method and class; the lens runs the client's
// explainRange command, which opens the explanation view for that unit's lines.
import type {
  CodeLens,
  Connection,
  InitializeParams,
  ServerCapabilities,
  TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ClientCommands, type LineRange } from '../protocol';
import type { SettingsCache } from '../settings';
import type { DocumentUnits } from './documentUnits';
import type { Feature } from './feature';

export class ExplainCodeLens implements Feature {
  private connection?: Connection;
  private canRefresh = false;

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly units: DocumentUnits,
    private readonly settings: SettingsCache,
  ) {}

  initialize(connection: Connection, params: InitializeParams): ServerCapabilities {
    this.connection = connection;
    this.canRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    connection.onCodeLens(async ({ textDocument }) => {
      const document = this.documents.get(textDocument.uri);
      if (!document || !(await this.settings.get(document.uri)).codeLens.enabled) return [];
      return this.lenses(document);
    });
    return { codeLensProvider: { resolveProvider: false } };
  }

  /** `codewright.codeLens.enabled` may have changed: the editor asks for lenses again. */
  async settingsChanged(): Promise<void> {
    if (this.canRefresh)
      await this.connection?.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }

  async lenses(document: TextDocument): Promise<CodeLens[]> {
    const units = await this.units.get(document);
    return units.map((unit) => {
      const range: LineRange = {
        start: { line: unit.line - 1, character: 0 },
        end: { line: unit.endLine - 1, character: lineLength(document, unit.endLine - 1) },
      };
      return {
        range: { start: range.start, end: range.start },
        command: {
          title: 'Explain',
          tooltip: `Explain ${unit.kind} ${unit.name} (lines ${unit.line}–${unit.endLine})`,
          command: ClientCommands.explainRange,
          arguments: [document.uri, range],
        },
      };
    });
  }
}

function lineLength(document: TextDocument, line: number): number {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return text.replace(/\r?\n$/, '').length;
}
