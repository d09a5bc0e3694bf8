// The editor commands: Explain Selection (and the code lens's explainRange), which ask the server for
// an explanation and show it in the explanation view, and Review Workspace, which runs the server's
// workspace review with a cancellable progress notification fed by LSP work-done progress.
import * as vscode from 'vscode';
import {
  ExplainRequest,
  ServerCommands,
  type LineRange,
  type ReviewWorkspaceResult,
} from '../../server/src/protocol';
import { plainText } from '../../server/src/features/plainText';
import type { CommandHandler } from './commandTable';
import type { Ctx } from './ctx';
import { ExplanationPanel } from './explanationPanel';

export function explainSelection(ctx: Ctx): CommandHandler {
  return async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('Codewright: open a file and select the code to explain.');
      return;
    }
    const { start, end } = editor.selection;
    const range: LineRange = {
      start: { line: start.line, character: start.character },
      end: { line: end.line, character: end.character },
    };
    await explain(ctx, editor.document.uri.toString(), range);
  };
}

/** Run by the "Explain" code lens with the unit's document URI and range. */
export function explainRange(ctx: Ctx): CommandHandler {
  return async (uri: unknown, range: unknown) => {
    if (typeof uri !== 'string' || !isLineRange(range)) return;
    await explain(ctx, uri, range);
  };
}

/** Re-explaining a restored explanation: the same document lines, at another detail level. */
export function reexplainFor(ctx: Ctx) {
  return (result: ExplainRequest.Result) => (detailLevel: ExplainRequest.Params['detailLevel']) =>
    requestExplanation(ctx, {
      uri: result.uri,
      range: {
        start: { line: result.startLine - 1, character: 0 },
        end: { line: result.endLine, character: 0 },
      },
      detailLevel,
    });
}

async function explain(ctx: Ctx, uri: string, range: LineRange): Promise<void> {
  const request = (detailLevel: ExplainRequest.Params['detailLevel']) =>
    requestExplanation(ctx, { uri, range, detailLevel });
  const result = await request('standard');
  if (result) ExplanationPanel.show(ctx.extension.extensionUri, result, request);
}

async function requestExplanation(
  ctx: Ctx,
  params: ExplainRequest.Params,
): Promise<ExplainRequest.Result | undefined> {
  const client = ctx.client;
  if (!client || !ctx.isRunning) return undefined;
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Codewright: explaining…' },
      () => client.sendRequest<ExplainRequest.Result>(ExplainRequest.method, params),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error(`Explain failed: ${message}`);
    void vscode.window.showErrorMessage(`Codewright could not explain this code: ${plainText(message)}`);
    return undefined;
  }
}

export function reviewWorkspace(ctx: Ctx): CommandHandler {
  return async () => {
    const client = ctx.client;
    if (!client) return;
    const token = `codewright-review-workspace-${Date.now()}`;
    const options = {
      location: vscode.ProgressLocation.Notification,
      title: 'Codewright: reviewing the workspace',
      cancellable: true,
    };
    try {
      const result = await vscode.window.withProgress(options, async (progress, cancellation) => {
        let done = 0;
        const listener = ctx.onWorkDoneProgress(token, (value) => {
          if (value.kind === 'end') return;
          const percentage = value.percentage ?? done;
          progress.report({ message: value.message, increment: percentage - done });
          done = percentage;
        });
        try {
          return await client.sendRequest<ReviewWorkspaceResult>(
            'workspace/executeCommand',
            { command: ServerCommands.reviewWorkspace, workDoneToken: token },
            cancellation,
          );
        } finally {
          listener?.dispose();
        }
      });
      void vscode.window.showInformationMessage(reviewSummary(result));
    } catch (error) {
      if (error instanceof Error && /cancel/i.test(error.message)) return;
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.error(`Review workspace failed: ${message}`);
      void vscode.window.showErrorMessage(`Codewright: the workspace review failed (${plainText(message)}).`);
    }
  };
}

/** What a finished (or stopped) workspace review says, with proper plurals. */
export function reviewSummary(result: ReviewWorkspaceResult): string {
  const skipped =
    result.skipped > 0 ? ` ${result.skipped} skipped (too large, unreadable or over the cap).` : '';
  const how = result.cancelled ? 'Stopped after' : 'Reviewed';
  return `Codewright: ${how} ${count(result.files, 'file')}: ${count(result.issues, 'issue')} in the Problems panel.${skipped}`;
}

/** "1 file", "3 files". */
export function count(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

function isLineRange(value: unknown): value is LineRange {
  const range = value as LineRange | undefined;
  return (
    typeof range?.start?.line === 'number' &&
    typeof range.start.character === 'number' &&
    typeof range.end?.line === 'number' &&
    typeof range.end.character === 'number'
  );
}
