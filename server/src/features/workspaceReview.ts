// The "Review workspace" command (workspace/executeCommand `codewright.server.reviewWorkspace`):
// reviews every supported file under the workspace roots and publishes its diagnostics, reporting
// work-done progress (the client's token when it sent one, else a server-created one) and stopping
// when the request or the progress is cancelled. Open documents are reviewed from the editor's text.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ErrorCodes,
  ResponseError,
  WorkDoneProgressReporter,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type ServerCapabilities,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CHECK_TYPES, MAX_REVIEW_SIZE } from '../engine/contracts/reviewTerms';
import type { Engine } from '../pool/pooledEngine';
import { ServerCommands, type ReviewWorkspaceResult } from '../protocol';
import { notReviewed, type ReviewDiagnostics } from './diagnostics';
import type { EngineSession } from './engineSession';
import type { Feature } from './feature';
import type { ProjectContexts } from './projectContext';
import { toDiagnostic, type ReviewStore } from './reviewFindings';
import type { RuleDocsLinks } from './ruleDocsLink';
import { listSourceFiles, type SourceFile } from './workspaceFiles';

/** More files than this are counted as skipped: a review of a monorepo belongs in CI. */
export const MAX_WORKSPACE_FILES = 5_000;

export interface WorkspaceReviewDeps {
  documents: TextDocuments<TextDocument>;
  session: EngineSession;
  diagnostics: ReviewDiagnostics;
  store: ReviewStore;
  links: RuleDocsLinks;
  /** The project context a file's review needs (the Rails a Ruby app runs). */
  projects: ProjectContexts;
}

export class WorkspaceReview implements Feature {
  private connection?: Connection;
  private serverProgress = false;

  constructor(private readonly deps: WorkspaceReviewDeps) {}

  initialize(connection: Connection, params: InitializeParams): ServerCapabilities {
    this.connection = connection;
    this.serverProgress = params.capabilities.window?.workDoneProgress === true;
    connection.onExecuteCommand(async (request, token, workDone) => {
      if (request.command !== ServerCommands.reviewWorkspace)
        throw new ResponseError(ErrorCodes.InvalidParams, `Unknown command ${request.command}`);
      return this.run(token, workDone);
    });
    return { executeCommandProvider: { commands: [ServerCommands.reviewWorkspace] } };
  }

  private async run(
    token: CancellationToken,
    given: WorkDoneProgressReporter,
  ): Promise<ReviewWorkspaceResult> {
    let progress = given;
    let progressCancelled = () => false;
    if (WorkDoneProgressReporter.isNullInstance(given) && this.serverProgress && this.connection) {
      const created = await this.connection.window.createWorkDoneProgress();
      progress = created;
      progressCancelled = () => created.token.isCancellationRequested;
    }
    const cancelled = () => token.isCancellationRequested || progressCancelled();
    progress.begin('Codewright: reviewing the workspace', 0, 'Finding files…', true);
    const { engine } = await this.deps.session.ready;
    const roots = [...engine.roots];
    const listing = await listSourceFiles(roots, {
      maxBytes: MAX_REVIEW_SIZE,
      maxFiles: MAX_WORKSPACE_FILES,
      cancelled,
    });
    const result: ReviewWorkspaceResult = {
      files: 0,
      issues: 0,
      skipped: listing.skipped,
      cancelled: cancelled(),
    };
    const total = listing.files.length;
    for (const [index, file] of listing.files.entries()) {
      if (cancelled()) {
        result.cancelled = true;
        break;
      }
      const shown = relative(roots.find((root) => file.path.startsWith(root)) ?? '', file.path);
      progress.report(Math.floor((index / Math.max(total, 1)) * 100), `${index + 1}/${total} ${shown}`);
      const issues = await this.reviewFile(engine, file);
      if (issues === undefined) result.skipped++;
      else {
        result.files++;
        result.issues += issues;
      }
      // Lets cancellation and editor requests in between files.
      await new Promise((resolve) => setImmediate(resolve));
    }
    progress.done();
    return result;
  }

  /** Reviews one file and publishes its diagnostics; the number of issues, or undefined if it failed. */
  private async reviewFile(engine: Engine, file: SourceFile): Promise<number | undefined> {
    const uri = pathToFileURL(file.path).href;
    const open = this.deps.documents.get(uri);
    if (open) {
      await this.deps.diagnostics.reviewNow(uri);
      const current = this.deps.documents.get(uri);
      return current && this.deps.store.get(uri, current.version)?.findings.length;
    }
    try {
      const code = await readFile(file.path, 'utf8');
      const context = await this.deps.projects.forDocument(uri, file.language);
      const { findings } = await engine.task('reviewFindings', {
        input: { code, language: file.language, check_types: [...CHECK_TYPES], ...(context && { context }) },
        fixedCode: false,
      });
      const diagnostics = findings.map((finding) => toDiagnostic(finding, this.deps.links));
      await this.connection?.sendDiagnostics({ uri, diagnostics });
      return findings.length;
    } catch (error) {
      await this.connection?.sendDiagnostics({ uri, diagnostics: [notReviewed(error)] });
      return undefined;
    }
  }
}
