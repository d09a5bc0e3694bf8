// `codewright/reviewFile`: the "Review File" command. Reviews an open document at once through the
// same scheduler as on-save reviews (so diagnostics are published the usual way) and answers with
// the number of issues by severity, read from the review it stored for the document's version.
import {
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type Connection,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { resolveLanguage } from '../engine/languages';
import { ReviewFileRequest } from '../protocol';
import type { ReviewDiagnostics } from './diagnostics';
import type { Feature } from './feature';
import type { ReviewStore } from './reviewFindings';

export class ReviewFileFeature implements Feature {
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly diagnostics: ReviewDiagnostics,
    private readonly store: ReviewStore,
  ) {}

  initialize(connection: Connection): Record<string, never> {
    connection.onRequest(ReviewFileRequest.method, (params: ReviewFileRequest.Params) => this.review(params));
    return {};
  }

  private async review(params: ReviewFileRequest.Params): Promise<ReviewFileRequest.Result> {
    const uri = typeof params?.uri === 'string' ? params.uri : '';
    const document = this.documents.get(uri);
    if (!document || !resolveLanguage(document.languageId)) {
      throw new ResponseError(ErrorCodes.InvalidParams, 'Open a file in a language Codewright reviews.');
    }
    await this.diagnostics.reviewNow(uri);
    const current = this.documents.get(uri);
    const review = current && this.store.get(uri, current.version);
    if (!review)
      throw new ResponseError(
        LSPErrorCodes.ContentModified,
        'The file changed during the review; run it again.',
      );
    const bySeverity: Record<string, number> = {};
    for (const finding of review.findings)
      bySeverity[finding.severity] = (bySeverity[finding.severity] ?? 0) + 1;
    return { issues: review.findings.length, bySeverity };
  }
}
