// Runs inside VS Code's extension host (see ../run.ts): the checks of the code-server suite through
// the extension API. Exports `run()`, as @vscode/test-electron expects.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

const LONG = 120_000;

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + LONG;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what}: not within ${LONG} ms`);
}

function fileUri(relative: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, relative);
}

const codes = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).map((d) => (typeof d.code === 'object' ? d.code.value : d.code));

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension('codewright.codewright');
  assert.ok(extension, 'the extension is installed');
  const app = fileUri('src/app.js');
  const document = await vscode.workspace.openTextDocument(app);
  await vscode.window.showTextDocument(document);
  await until(() => (extension.isActive ? true : undefined), 'activation');

  // A vulnerable file gets diagnostics.
  await until(() => (codes(app).includes('codewright/code-injection') ? true : undefined), 'diagnostics');

  // A quick fix applies and its diagnostic goes away.
  const target = vscode.languages.getDiagnostics(app).find((d) => d.code === 'prefer-const');
  assert.ok(target);
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    app,
    target.range,
  );
  const fix = actions.find((a) => a.title === 'Fix this prefer-const problem');
  assert.ok(fix?.edit, actions.map((a) => a.title).join());
  await vscode.workspace.applyEdit(fix.edit);
  await until(() => (codes(app).includes('prefer-const') ? undefined : true), 'prefer-const gone');
  assert.match(document.getText(), /const greeting/);

  // The commands do their job.
  await vscode.commands.executeCommand('codewright.reviewFile');
  await vscode.commands.executeCommand('codewright.copyApiKey');
  const clipboard = await vscode.env.clipboard.readText();
  const port = vscode.workspace.getConfiguration('codewright').get<number>('api.port', 8787);
  const response = await fetch(`http://127.0.0.1:${port}/v1/config`, {
    headers: { authorization: `Bearer ${clipboard}` },
  });
  assert.equal(response.status, 200);
  const math = await vscode.workspace.openTextDocument(fileUri('src/math.js'));
  await vscode.window.showTextDocument(math, { selection: new vscode.Range(1, 2, 1, 2) });
  await vscode.commands.executeCommand('codewright.explainSelection');
  await vscode.commands.executeCommand('codewright.restartServer');
  await vscode.commands.executeCommand('codewright.showLog');
}
