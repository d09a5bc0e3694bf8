// "Explain" code lenses above each named function, method and class; the lens runs the client's
// explainRange command, which opens the explanation view for that unit's lines.
import type { CodeLens, Connection, ServerCapabilities, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ClientCommands, type LineRange } from '../protocol';
import type { DocumentUnits } from './documentUnits';
import type { Feature } from './feature';

export class ExplainCodeLens implements Feature {
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly units: DocumentUnits,
  ) {}

  initialize(connection: Connection): ServerCapabilities {
    connection.onCodeLens(async ({ textDocument }) => {
      const document = this.documents.get(textDocument.uri);
      return document ? this.lenses(document) : [];
    });
    return { codeLensProvider: { resolveProvider: false } };
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
