// The `codewright/explain` request behind the explanation view: explains a selection (whole lines),
// or with an empty selection the innermost function/class at the cursor, else the whole document.
// Line numbers in the result are the document's, so the view can link each entry to its line.
import {
  ErrorCodes,
  ResponseError,
  type Connection,
  type ServerCapabilities,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CodewrightError } from '../engine/errors';
import { resolveLanguage } from '../engine/languages';
import { ExplainRequest } from '../protocol';
import type { DocumentUnits } from './documentUnits';
import type { EngineSession } from './engineSession';
import { cancellable } from './cancellation';
import type { Feature } from './feature';

interface Excerpt {
  startLine: number;
  endLine: number;
  title: string;
}

export class ExplainFeature implements Feature {
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly units: DocumentUnits,
    private readonly session: EngineSession,
  ) {}

  initialize(connection: Connection): ServerCapabilities {
    connection.onRequest(ExplainRequest.method, (params: ExplainRequest.Params, token) =>
      cancellable(token, (signal) => this.explain(params, signal)),
    );
    return {};
  }

  async explain(params: ExplainRequest.Params, signal?: AbortSignal): Promise<ExplainRequest.Result> {
    const document = this.documents.get(params.uri);
    if (!document)
      throw new ResponseError(ErrorCodes.InvalidParams, `The document ${params.uri} is not open.`);
    const language = resolveLanguage(document.languageId);
    if (!language) {
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `Codewright cannot explain ${document.languageId} files.`,
      );
    }
    const excerpt = await this.excerpt(document, params.range);
    const lines = document
      .getText()
      .split(/\r?\n/)
      .slice(excerpt.startLine - 1, excerpt.endLine);
    const detailLevel = params.detailLevel ?? 'standard';
    try {
      const engine = await this.session.engine();
      const output = await engine.run(
        'explain',
        // first_line makes every line the engine reports (the summary's prose too) a document line.
        {
          code: dedent(lines).join('\n'),
          language,
          detail_level: detailLevel,
          first_line: excerpt.startLine,
        },
        { signal },
      );
      const { explanation, details } = output;
      return {
        uri: document.uri,
        languageId: document.languageId,
        ...excerpt,
        detailLevel,
        explanation,
        units: (details?.units ?? []).map((unit) => ({
          name: unit.name,
          kind: unit.kind,
          line: unit.line,
          complexity: unit.complexity,
          complexity_basis: unit.complexity_basis,
        })),
        sideEffects: details?.side_effects ?? [],
      };
    } catch (error) {
      if (error instanceof CodewrightError) throw new ResponseError(ErrorCodes.InvalidParams, error.message);
      throw error;
    }
  }

  private async excerpt(document: TextDocument, range: ExplainRequest.Params['range']): Promise<Excerpt> {
    if (range && (range.start.line !== range.end.line || range.start.character !== range.end.character)) {
      const startLine = range.start.line + 1;
      // A selection ending at the start of a line does not include that line.
      const endLine = Math.max(startLine, range.end.character === 0 ? range.end.line : range.end.line + 1);
      return { startLine, endLine, title: `lines ${startLine}–${endLine}` };
    }
    const unit = range && (await this.units.at(document, range.start.line + 1));
    if (unit) return { startLine: unit.line, endLine: unit.endLine, title: `${unit.kind} \`${unit.name}\`` };
    const endLine = Math.max(1, document.lineCount);
    return { startLine: 1, endLine, title: 'the whole file' };
  }
}

/** Removes the indentation all non-blank lines share (Python cannot parse an indented excerpt). */
export function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0]);
  if (indents.length === 0) return lines;
  let common = indents[0]!;
  for (const indent of indents) {
    let i = 0;
    while (i < common.length && i < indent.length && common[i] === indent[i]) i++;
    common = common.slice(0, i);
  }
  return common
    ? lines.map((line) => line.slice(Math.min(common.length, /^[ \t]*/.exec(line)![0].length)))
    : lines;
}
