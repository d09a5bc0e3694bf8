// "Generate Tests": asks the server for a test suite of the active (or the code lens's) module, with
// a cancellable progress notification, writes it where the server says (asking before replacing a
// file) and opens it. In an untrusted workspace the server writes the tests without running them.
import * as vscode from 'vscode';
import { GenerateTestsRequest } from '../../server/src/protocol';
import { plainText } from '../../server/src/features/plainText';
import type { CommandHandler } from './commandTable';
import type { Ctx } from './ctx';

export function generateTests(ctx: Ctx): CommandHandler {
  return async (uri?: unknown) => {
    const target = typeof uri === 'string' ? uri : vscode.window.activeTextEditor?.document.uri.toString();
    const client = ctx.client;
    if (!target || !client) {
      void vscode.window.showInformationMessage(
        'Codewright: open a JavaScript or TypeScript file to generate its tests.',
      );
      return;
    }
    let result: GenerateTestsRequest.Result;
    try {
      result = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: 'Codewright: generating tests…',
          cancellable: true,
        },
        (_progress, cancellation) =>
          client.sendRequest<GenerateTestsRequest.Result>(
            GenerateTestsRequest.method,
            { uri: target, trusted: vscode.workspace.isTrusted } satisfies GenerateTestsRequest.Params,
            cancellation,
          ),
      );
    } catch (error) {
      if (error instanceof Error && /cancel/i.test(error.message)) return;
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.error(`Generate tests failed: ${message}`);
      void vscode.window.showErrorMessage(`Codewright could not generate tests: ${plainText(message)}`);
      return;
    }
    const testUri = vscode.Uri.parse(result.testUri);
    if (await exists(testUri)) {
      const choice = await vscode.window.showWarningMessage(
        `${vscode.workspace.asRelativePath(testUri)} exists. Replace it with the generated tests?`,
        { modal: true },
        'Replace',
      );
      if (choice !== 'Replace') return;
    }
    await vscode.workspace.fs.writeFile(testUri, new TextEncoder().encode(result.testCode));
    await vscode.window.showTextDocument(testUri);
    const coverage = result.measured
      ? `statement coverage ${result.coverage}% (measured)`
      : `about ${result.coverage}% coverage (a static estimate: the code was not run)`;
    const tests = result.testCases === 1 ? '1 test' : `${result.testCases} tests`;
    const notes = result.notes.length > 0 ? ` ${plainText(result.notes[0]!)}` : '';
    void vscode.window.showInformationMessage(
      `Codewright: ${tests} for ${result.framework}, ${coverage}.${notes}`,
    );
  };
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
