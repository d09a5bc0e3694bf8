// The functions, methods and classes of a document, from the explain engine's own extractors
// (TypeScript compiler API for JS/TS, tree-sitter otherwise), remembered per document version: code
// lenses and "explain at the cursor" both ask for them.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { extractFacts, MAX_CODE_BYTES } from '../engine/explain/index';
import type { Unit, UnitKind } from '../engine/explain/model';
import { resolveLanguage } from '../engine/languages';

/** The unit kinds that get an "Explain" lens (named lambdas are functions bound to a name). */
const LENS_KINDS: ReadonlySet<UnitKind> = new Set([
  'function',
  'method',
  'constructor',
  'lambda',
  'component',
  'class',
  'struct',
  'interface',
  'trait',
  'enum',
  'impl',
]);

export interface DocumentUnit {
  name: string;
  kind: UnitKind;
  /** 1-based first and last lines. */
  line: number;
  endLine: number;
}

export class DocumentUnits {
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
    const code = document.getText();
    if (!language || Buffer.byteLength(code, 'utf8') > MAX_CODE_BYTES) return [];
    try {
      const facts = await extractFacts(code, language);
      return facts.units
        .filter(isLensUnit)
        .map(({ name, kind, line, endLine }) => ({ name, kind, line, endLine }));
    } catch {
      return [];
    }
  }
}

function isLensUnit(unit: Unit): boolean {
  return unit.name !== '<anonymous>' && LENS_KINDS.has(unit.kind);
}
