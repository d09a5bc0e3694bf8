// The project-level commands: Analyze Project (a report view), New Project from Template (quick picks
// for the template and options, then an offer to open the new folder) and Generate Docs (Markdown
// for the workspace's sources, saved where the user picks). Each shows a cancellable notification.
import * as vscode from 'vscode';
import { AnalyzeProjectRequest, GenerateDocsRequest, InitProjectRequest } from '../../server/src/protocol';
import type { CommandHandler } from './commandTable';
import type { Ctx } from './ctx';
import { projectReportHtml } from './projectReportHtml';

const TEMPLATES: { id: string; detail: string }[] = [
  { id: 'node-typescript', detail: 'A TypeScript library for Node' },
  { id: 'express-api', detail: 'An HTTP API on Express' },
  { id: 'fastify-api', detail: 'An HTTP API on Fastify' },
  { id: 'react-vite', detail: 'A React app built with Vite' },
  { id: 'vscode-extension', detail: 'A VS Code extension' },
  { id: 'cli', detail: 'A command-line tool for Node' },
  { id: 'python-package', detail: 'A Python package' },
];

const OPTIONS = [
  { key: 'include_tests', label: 'Tests', detail: 'A test setup and a first test' },
  { key: 'include_docs', label: 'Docs', detail: 'A README and a docs folder' },
  { key: 'use_eslint', label: 'ESLint', detail: 'A flat config and a lint script (Ruff for Python)' },
  { key: 'use_prettier', label: 'Prettier', detail: 'A config and a format script (Ruff for Python)' },
] as const;

/** Runs a server request under a cancellable notification; undefined when cancelled or failed. */
async function withServer<T>(
  ctx: Ctx,
  title: string,
  send: (
    token: vscode.CancellationToken,
    progress: vscode.Progress<{ message?: string; increment?: number }>,
  ) => Promise<T>,
): Promise<T | undefined> {
  if (!ctx.client) return undefined;
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Codewright: ${title}…`, cancellable: true },
      (progress, token) => send(token, progress),
    );
  } catch (error) {
    if (error instanceof Error && /cancel/i.test(error.message)) return undefined;
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error(`${title} failed: ${message}`);
    void vscode.window.showErrorMessage(`Codewright: ${title} failed: ${message}`);
    return undefined;
  }
}

export function analyzeProject(ctx: Ctx): CommandHandler {
  return async () => {
    const folder = await pickFolder('Analyze which folder?');
    if (!folder) return;
    const client = ctx.client!;
    const progressToken = `codewright-analyze-${Date.now()}`;
    const report = await withServer(ctx, 'analyzing the project', (token, progress) => {
      let done = 0;
      const listener = ctx.onWorkDoneProgress(progressToken, (value) => {
        if (value.kind === 'end') return;
        const percentage = value.percentage ?? done;
        progress.report({ message: value.message, increment: percentage - done });
        done = percentage;
      });
      return client
        .sendRequest<AnalyzeProjectRequest.Result>(
          AnalyzeProjectRequest.method,
          { folder: folder.fsPath, workDoneToken: progressToken } satisfies AnalyzeProjectRequest.Params,
          token,
        )
        .finally(() => listener?.dispose());
    });
    if (!report) return;
    const media = vscode.Uri.joinPath(ctx.extension.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel(
      'codewright.projectReport',
      `Codewright: ${report.project_info.name}`,
      vscode.ViewColumn.Active,
      { enableScripts: false, localResourceRoots: [media] },
    );
    panel.webview.html = projectReportHtml(report, {
      cspSource: panel.webview.cspSource,
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(media, 'projectReport.css')).toString(),
    });
  };
}

export function newProject(ctx: Ctx): CommandHandler {
  return async () => {
    const template = await vscode.window.showQuickPick(
      TEMPLATES.map((t) => ({ label: t.id, detail: t.detail })),
      { title: 'New project: template', placeHolder: 'Choose a template' },
    );
    if (!template) return;
    const chosen = await vscode.window.showQuickPick(
      OPTIONS.map((o) => ({ label: o.label, detail: o.detail, key: o.key, picked: true })),
      { title: 'New project: options', canPickMany: true },
    );
    if (!chosen) return;
    const name = await vscode.window.showInputBox({
      title: 'New project: name',
      prompt: 'A package name: lowercase letters, digits, ".", "_" and "-"',
      validateInput: (value) =>
        /^[a-z0-9][a-z0-9._-]*$/.test(value) ? undefined : 'Use lowercase letters, digits, ".", "_" and "-"',
    });
    if (!name) return;
    const parent = await pickFolder('Create it in which folder?');
    if (!parent) return;
    const picked = new Set(chosen.map((option) => option.key));
    const params: InitProjectRequest.Params = {
      name,
      template: template.label,
      directory: parent.fsPath,
      options: {
        include_tests: picked.has('include_tests'),
        include_docs: picked.has('include_docs'),
        use_eslint: picked.has('use_eslint'),
        use_prettier: picked.has('use_prettier'),
      },
    };
    const client = ctx.client!;
    const result = await withServer(ctx, 'creating the project', (token) =>
      client.sendRequest<InitProjectRequest.Result>(InitProjectRequest.method, params, token),
    );
    if (!result) return;
    const count = result.files.length === 1 ? '1 file' : `${result.files.length} files`;
    const choice = await vscode.window.showInformationMessage(
      `Codewright created ${name} (${count}). Next: ${result.next_steps.join('; ')}`,
      'Open Folder',
    );
    if (choice === 'Open Folder') {
      await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(result.project_path), {
        forceNewWindow: true,
      });
    }
  };
}

export function generateDocs(ctx: Ctx): CommandHandler {
  return async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!root || !ctx.client) {
      void vscode.window.showInformationMessage('Codewright: open a folder to document its sources.');
      return;
    }
    const target = await vscode.window.showSaveDialog({
      title: 'Save the API documentation as',
      defaultUri: vscode.Uri.joinPath(root, 'docs', 'API.md'),
      filters: { Markdown: ['md'] },
    });
    if (!target) return;
    const client = ctx.client;
    const result = await withServer(ctx, 'documenting the workspace', (token) =>
      client.sendRequest<GenerateDocsRequest.Result>(GenerateDocsRequest.method, {}, token),
    );
    if (!result) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(result.documentation));
    await vscode.window.showTextDocument(target);
    const skipped =
      result.skipped > 0 ? `, ${result.skipped} left out (see the document's last section)` : '';
    void vscode.window.showInformationMessage(
      `Codewright documented ${result.filesProcessed} files: ${result.functions} functions, ${result.components} components${skipped}.`,
    );
  };
}

async function pickFolder(title: string): Promise<vscode.Uri | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 1) return folders[0]!.uri;
  if (folders.length > 1) {
    const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: title });
    return picked?.uri;
  }
  void vscode.window.showInformationMessage('Codewright: open a folder first.');
  return undefined;
}
