// Review diagnostics for open documents: on open and save (codewright.review.onSave) and as you type
// (codewright.review.onType, debounced by codewright.review.debounceMs). A newer request aborts the
// older review, and a result is published only if the document still has the version reviewed.
import type { Connection, Diagnostic, ServerCapabilities, TextDocuments } from 'vscode-languageserver/node';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CHECK_TYPES } from '../engine/contracts/reviewTerms';
import { CodewrightError } from '../engine/errors';
import { isTemplateLanguage, resolveLanguage } from '../engine/languages';
import { INTERRUPTS_WITHOUT_KILLING } from '../pool/enginePool';
import { DIAGNOSTIC_SOURCE } from '../protocol';
import type { SettingsCache } from '../settings';
import type { EngineSession } from './engineSession';
import type { ProjectContexts } from './projectContext';
import type { Feature } from './feature';
import type { LatencyTrace } from './latencyTrace';
import { toDiagnostic, type ReviewStore } from './reviewFindings';
import { ReviewScheduler } from './reviewScheduler';
import type { RuleDocsLinks } from './ruleDocsLink';

export class ReviewDiagnostics implements Feature {
  private connection?: Connection;
  // A superseded review is stopped at once where that keeps its worker warm (reviewScheduler.ts).
  private readonly scheduler = new ReviewScheduler(
    (uri, signal) => this.review(uri, signal),
    INTERRUPTS_WITHOUT_KILLING ? { maxConcurrent: 1, abortAfterMs: 0 } : {},
  );
  /** The version last handed to the scheduler per document, so open+change do not review twice. */
  private readonly requested = new Map<string, number>();

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly settings: SettingsCache,
    private readonly store: ReviewStore,
    private readonly links: RuleDocsLinks,
    private readonly session: EngineSession,
    private readonly projects: ProjectContexts,
    /** Times each version's way to the editor (benchmarks only; undefined in ordinary runs). */
    private readonly trace?: LatencyTrace,
  ) {}

  initialize(connection: Connection): ServerCapabilities {
    this.connection = connection;
    this.documents.onDidOpen(({ document }) => this.onOpenOrSave(document));
    this.documents.onDidSave(({ document }) => this.onOpenOrSave(document));
    this.documents.onDidChangeContent(({ document }) => this.onChange(document));
    this.documents.onDidClose(({ document }) => this.onClose(document.uri));
    return {};
  }

  shutdown(): void {
    this.scheduler.dispose();
  }

  /** Reviews an open document now and resolves once its diagnostics are published (or dropped). */
  reviewNow(uri: string): Promise<void> {
    const document = this.documents.get(uri);
    if (document) this.requested.set(uri, document.version);
    return this.scheduler.schedule(uri, 0);
  }

  private async onOpenOrSave(document: TextDocument): Promise<void> {
    if (!resolveLanguage(document.languageId)) return;
    // Set before any await: the content-change event that follows an open is not a change.
    this.requested.set(document.uri, document.version);
    if (!(await this.settings.get(document.uri)).review.onSave) return;
    // A save right after an on-type review of the same text has nothing new to say.
    if (this.store.get(document.uri, document.version) && !this.scheduler.isPending(document.uri)) return;
    void this.reviewNow(document.uri);
  }

  private async onChange(document: TextDocument): Promise<void> {
    if (!resolveLanguage(document.languageId)) return;
    if (this.requested.get(document.uri) === document.version) return;
    const { review } = await this.settings.get(document.uri);
    if (!review.onType || this.documents.get(document.uri)?.version !== document.version) return;
    if (this.requested.get(document.uri) === document.version) return;
    this.requested.set(document.uri, document.version);
    this.trace?.step(document.uri, document.version, 'changed');
    void this.scheduler.schedule(document.uri, review.debounceMs);
  }

  private onClose(uri: string): void {
    this.scheduler.cancel(uri);
    this.requested.delete(uri);
    this.store.delete(uri);
    void this.connection?.sendDiagnostics({ uri, diagnostics: [] });
  }

  private async review(uri: string, signal: AbortSignal): Promise<void> {
    const document = this.documents.get(uri);
    const language = document && resolveLanguage(document.languageId);
    if (!document || !language) return;
    const { version } = document;
    const code = document.getText();
    const trace = this.trace;
    trace?.step(uri, version, 'started');
    const dropped = () => {
      const why = signal.aborted ? 'aborted' : this.documents.get(uri)?.version !== version && 'superseded';
      if (why) trace?.end(uri, version, why);
      return why !== false;
    };
    let diagnostics: Diagnostic[];
    try {
      const engine = await this.session.engine();
      const context = await this.projects.forDocument(uri, language);
      trace?.step(uri, version, 'queued');
      const { output, findings } = await engine.task(
        'reviewFindings',
        {
          input: {
            code,
            language,
            check_types: [...CHECK_TYPES],
            ...(context && { context }),
            ...(isTemplateLanguage(document.languageId) && { template: true }),
          },
          fixedCode: false,
        },
        signal,
        trace && ((timing) => trace.worker(uri, version, timing)),
      );
      trace?.step(uri, version, 'answered');
      if (dropped()) return;
      this.store.set(uri, { version, findings });
      diagnostics = findings.map((finding) => toDiagnostic(finding, this.links));
      if (output.skipped) diagnostics.push(...output.skipped.map(skippedStage));
    } catch (error) {
      if (dropped()) return;
      this.store.delete(uri);
      diagnostics = [notReviewed(error)];
      this.connection?.console.warn(`Review of ${uri} failed: ${diagnostics[0]!.message}`);
    }
    await this.connection?.sendDiagnostics({ uri, version, diagnostics });
    if (trace) {
      trace.step(uri, version, 'published');
      trace.end(uri, version);
    }
  }
}

/** A part of the review left out (it ran past its budget) says so, so a clean panel is not taken as proof. */
export function skippedStage({ stage, reason }: { stage: string; reason: string }): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: DIAGNOSTIC_SOURCE,
    message: `Codewright left ${stage} out of this review: it ${reason}.`,
  };
}

/** A review that could not run says so in the Problems panel instead of showing a clean file. */
export function notReviewed(error: unknown): Diagnostic {
  const reason =
    error instanceof CodewrightError ? error.message : error instanceof Error ? error.message : String(error);
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: DIAGNOSTIC_SOURCE,
    message: `Codewright did not review this file: ${reason}`,
  };
}
