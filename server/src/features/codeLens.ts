// Code lenses above each named function, method and class: "Explain" runs the client's explainRange
// command (the explanation view for that unit's lines); above exported ones in languages test
// generation supports, "Generate tests" runs the client's generateTests command for the module.
import type {
  CodeLens,
  Connection,
  InitializeParams,
  ServerCapabilities,
  TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { resolveLanguage } from '../engine/languages';
import { ClientCommands, type LineRange } from '../protocol';
import type { SettingsCache } from '../settings';
import type { DocumentUnits } from './documentUnits';
import type { Feature } from './feature';
import { canGenerateTests } from './testGeneration';

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
    const language = resolveLanguage(document.languageId);
    const testable = language !== undefined && canGenerateTests(language) && document.uri.startsWith('file:');
    return units.flatMap((unit) => {
      const range: LineRange = {
        start: { line: unit.line - 1, character: 0 },
        end: { line: unit.endLine - 1, character: lineLength(document, unit.endLine - 1) },
      };
      const at = { start: range.start, end: range.start };
      const explain: CodeLens = {
        range: at,
        command: {
          title: 'Explain',
          tooltip: `Explain ${unit.kind} ${unit.name} (lines ${unit.line}–${unit.endLine})`,
          command: ClientCommands.explainRange,
          arguments: [document.uri, range],
        },
      };
      if (!testable || !unit.exported) return [explain];
      const tests: CodeLens = {
        range: at,
        command: {
          title: 'Generate tests',
          tooltip: `Generate unit tests for this module's exports (${unit.name} among them)`,
          command: ClientCommands.generateTests,
          arguments: [document.uri],
        },
      };
      return [explain, tests];
    });
  }
}

function lineLength(document: TextDocument, line: number): number {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return text.replace(/\r?\n$/, '').length;
}
