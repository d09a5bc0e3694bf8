// The functions, methods and classes of a document, from the explain engine's own extractors
// (TypeScript compiler API for JS/TS, tree-sitter otherwise, run in the worker pool), remembered per
// document version: code lenses and "explain at the cursor" both ask for them.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { OutlineUnit } from '../engine/explain/outline';
import { resolveLanguage } from '../engine/languages';
import type { EngineSession } from './engineSession';

export type DocumentUnit = OutlineUnit;

export class DocumentUnits {
  constructor(private readonly session: EngineSession) {}

  private cached?: { uri: string; version: number; units: Promise<DocumentUnit[]> };

  /** Named units worth a lens, in document order; empty when the language or size is not supported. */
  get(document: TextDocument): Promise<DocumentUnit[]> {
    const { uri, version } = document;
    if (this.cached?.uri !== uri || this.cached.version !== version) {
      this.cached = { uri, version, units: this.extract(document) };
    }
    return this.cached.units;
  }

  /** The innermost unit containing the 1-based line. */
  async at(document: TextDocument, line: number): Promise<DocumentUnit | undefined> {
    const containing = (await this.get(document)).filter((unit) => unit.line <= line && line <= unit.endLine);
    return containing.sort((a, b) => a.endLine - a.line - (b.endLine - b.line))[0];
  }

  private async extract(document: TextDocument): Promise<DocumentUnit[]> {
    const language = resolveLanguage(document.languageId);
    if (!language) return [];
    try {
      const engine = await this.session.engine();
      return await engine.task('outline', { code: document.getText(), language });
    } catch {
      return [];
    }
  }
}
