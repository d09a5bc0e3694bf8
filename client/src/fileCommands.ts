// "Review File" (the server reviews the active document now and publishes its diagnostics) and
// "Refactor Selection" (a quick pick of the refactors the server offers for the selection, from its
// `refactor.rewrite.codewright.<type>` code actions; the chosen one's edit is applied).
import * as vscode from 'vscode';
import { plainText } from '../../server/src/features/plainText';
import { ReviewFileRequest } from '../../server/src/protocol';
import type { CommandHandler } from './commandTable';
import type { Ctx } from './ctx';
import { count } from './editorCommands';

export const REFACTOR_KIND = 'refactor.rewrite.codewright';

export function reviewFile(ctx: Ctx): CommandHandler {
  return async () => {
    const document = vscode.window.activeTextEditor?.document;
    const client = ctx.client;
    if (!document || !client) {
      void vscode.window.showInformationMessage('Codewright: open a file to review it.');
      return;
    }
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Codewright: reviewing…' },
        () =>
          client.sendRequest<ReviewFileRequest.Result>(ReviewFileRequest.method, {
            uri: document.uri.toString(),
          } satisfies ReviewFileRequest.Params),
      );
      void vscode.window.showInformationMessage(reviewFileSummary(result));
      if (result.issues > 0) await vscode.commands.executeCommand('workbench.actions.view.problems');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.error(`Review file failed: ${message}`);
      void vscode.window.showErrorMessage(`Codewright could not review this file: ${plainText(message)}`);
    }
  };
}

export function reviewFileSummary(result: ReviewFileRequest.Result): string {
  if (result.issues === 0) return 'Codewright: no issues in this file.';
  // The review contract's severities, most severe first (not imported: the contract pulls zod in).
  const order = ['critical', 'high', 'medium', 'low'];
  const parts = Object.entries(result.bySeverity)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([severity, n]) => `${n} ${severity}`);
  return `Codewright: ${count(result.issues, 'issue')} (${parts.join(', ')}) in the Problems panel.`;
}

export function refactorSelection(_ctx: Ctx): CommandHandler {
  return async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('Codewright: select the code to refactor.');
      return;
    }
    const actions =
      (await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Codewright: finding refactors…' },
        () =>
          vscode.commands.executeCommand<vscode.CodeAction[]>(
            'vscode.executeCodeActionProvider',
            editor.document.uri,
            editor.selection,
            REFACTOR_KIND,
          ),
      )) ?? [];
    const ours = actions.filter((a) => a.kind?.value.startsWith(REFACTOR_KIND) && a.edit);
    if (ours.length === 0) {
      void vscode.window.showInformationMessage('Codewright: no refactoring changes this selection.');
      return;
    }
    const picked = await vscode.window.showQuickPick(
      ours.map((action) => ({ label: action.title.replace(/ \(Codewright\)$/, ''), action })),
      { title: 'Codewright: Refactor Selection', placeHolder: 'Choose a refactoring' },
    );
    if (!picked) return;
    const applied = await vscode.workspace.applyEdit(picked.action.edit!);
    if (!applied)
      void vscode.window.showWarningMessage(
        'Codewright: the refactoring could not be applied (the file changed?).',
      );
  };
}
