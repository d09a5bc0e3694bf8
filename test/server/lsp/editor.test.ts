// The editor experience over real LSP: review diagnostics, quick fixes, fix-all, disable-for-line,
// refactor actions, code lenses, the explain request and the workspace review, against the server
// bundle in a child process.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CancellationTokenSource,
  CodeActionRequest,
  CodeActionTriggerKind,
  CodeLensRequest,
  ExecuteCommandRequest,
  LSPErrorCodes,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
  type CodeAction,
  type Diagnostic,
  type WorkDoneProgressReport,
} from 'vscode-languageserver-protocol';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  AnalyzeProjectRequest,
  ExplainRequest,
  GenerateDocsRequest,
  GenerateTestsRequest,
  InitProjectRequest,
  LineRange,
  ReviewWorkspaceResult,
} from '../../../server/src/protocol';
import { EditorClient } from './editorClient';
import { serverBundle } from './serverBundle';
import { ServerProcess } from './serverProcess';

const VULNERABLE = [
  "const app = require('express')();",
  "app.get('/run', (req, res) => {",
  '  let greeting = "hello";',
  '  eval(req.query.code);',
  '  if (!!req.query.verbose) console.log(greeting);',
  "  res.send('ok');",
  '});',
  '',
].join('\n');

const LEGACY = [
  'var total = 0;',
  'function add(items) {',
  '  for (var i = 0; i < items.length; i++) {',
  '    total = total + items[i];',
  '  }',
  '  return "Total: " + total;',
  '}',
  'module.exports = add;',
  '',
].join('\n');

const rules = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.code as string);

describe('editor features over LSP', function () {
  this.timeout(120_000);
  let server: ServerProcess;
  let editor: EditorClient;
  let workspace: string;
  let dataDir: string;

  before(async () => {
    await serverBundle();
  });

  beforeEach(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'codewright-editor-ws-'));
    dataDir = mkdtempSync(join(tmpdir(), 'codewright-editor-data-'));
    server = await ServerProcess.start({
      settings: { api: { enabled: false }, dataDir, review: { debounceMs: 0 } },
      workspaceFolder: workspace,
    });
    editor = new EditorClient(server);
  });

  afterEach(() => server.kill());

  const uriOf = (name: string) => pathToFileURL(join(workspace, name)).href;

  function codeActions(
    document: TextDocument,
    range: LineRange,
    diagnostics: Diagnostic[],
    only?: string[],
    triggerKind: CodeActionTriggerKind = CodeActionTriggerKind.Invoked,
  ): Promise<CodeAction[]> {
    return server.connection
      .sendRequest(CodeActionRequest.type, {
        textDocument: { uri: document.uri },
        range,
        context: { diagnostics, only, triggerKind },
      })
      .then((actions) => (actions ?? []) as CodeAction[]);
  }

  async function openVulnerable(): Promise<{ document: TextDocument; diagnostics: Diagnostic[] }> {
    const document = await editor.openDocument(uriOf('app.js'), 'javascript', VULNERABLE);
    return { document, diagnostics: await editor.diagnosticsFor(document) };
  }

  it('publishes review diagnostics with mapped severity, source and a link to the rule', async () => {
    const { diagnostics } = await openVulnerable();
    const injection = diagnostics.find((d) => d.code === 'codewright/code-injection');
    assert.ok(injection, JSON.stringify(diagnostics));
    assert.equal(injection.source, 'codewright');
    assert.equal(injection.severity, 1);
    assert.equal(injection.range.start.line, 3);
    const href = injection.codeDescription?.href ?? '';
    const [file, line] = href.split('#L');
    assert.match(href, /docs\/rules\.md#L\d+$/);
    const heading = readFileSync(fileURLToPath(file!), 'utf8').split('\n')[Number(line) - 1];
    assert.equal(heading, '### `codewright/code-injection`');
    const preferConst = diagnostics.find((d) => d.code === 'prefer-const');
    assert.equal(preferConst?.severity, 3, 'low → Information');
  });

  it('offers a quick fix whose edit removes that diagnostic after the change', async () => {
    const { document, diagnostics } = await openVulnerable();
    const target = diagnostics.find((d) => d.code === 'prefer-const')!;
    const actions = await codeActions(document, target.range, [target]);
    const fix = actions.find((a) => a.title === 'Fix this prefer-const problem');
    assert.ok(fix?.edit, JSON.stringify(actions));
    assert.equal(fix.kind, 'quickfix');
    await editor.applyEdit(fix.edit);
    const after = editor.document(document.uri);
    assert.match(after.getText(), /const greeting = "hello";/);
    const next = rules(await editor.diagnosticsFor(after));
    assert.ok(!next.includes('prefer-const'), next.join());
    assert.ok(next.includes('codewright/code-injection'));
  });

  it('fixes all safe problems with source.fixAll.codewright and adds nothing new', async () => {
    const { document, diagnostics } = await openVulnerable();
    const before = rules(diagnostics);
    const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    // The light bulb's automatic check gets neither fix-all nor refactors: they cost a review or more.
    const target = diagnostics.find((d) => d.code === 'prefer-const')!;
    const automatic = await codeActions(
      document,
      target.range,
      [target],
      undefined,
      CodeActionTriggerKind.Automatic,
    );
    assert.deepEqual(
      automatic.map((a) => a.kind),
      ['quickfix', 'quickfix'],
    );
    const actions = await codeActions(document, whole, [], ['source.fixAll']);
    assert.deepEqual(
      actions.map((a) => a.kind),
      ['source.fixAll.codewright'],
    );
    await editor.applyEdit(actions[0]!.edit!);
    const after = rules(await editor.diagnosticsFor(editor.document(document.uri)));
    assert.ok(!after.includes('prefer-const') && !after.includes('no-extra-boolean-cast'), after.join());
    assert.ok(
      after.every((rule) => before.includes(rule)),
      `new: ${after.join()}`,
    );
    assert.ok(after.includes('codewright/code-injection'));
  });

  it('disables a rule for one line with a comment the engine honours', async () => {
    const { document, diagnostics } = await openVulnerable();
    const target = diagnostics.find((d) => d.code === 'codewright/code-injection')!;
    const actions = await codeActions(document, target.range, [target]);
    const disable = actions.find((a) => a.title === 'Disable codewright/code-injection for this line');
    assert.ok(disable?.edit, JSON.stringify(actions.map((a) => a.title)));
    await editor.applyEdit(disable.edit);
    const text = editor.document(document.uri).getText();
    assert.match(text, /\n {2}\/\/ codewright-disable-next-line codewright\/code-injection\n {2}eval\(/);
    const after = rules(await editor.diagnosticsFor(editor.document(document.uri)));
    assert.ok(!after.includes('codewright/code-injection'), after.join());
    assert.ok(after.includes('prefer-const'));
  });

  it('reviews one file on request (Review File) and counts what it published', async () => {
    const document = await editor.openDocument(uriOf('app.js'), 'javascript', VULNERABLE);
    const result = await server.connection.sendRequest<{
      issues: number;
      bySeverity: Record<string, number>;
    }>('codewright/reviewFile', { uri: document.uri });
    const published = await editor.diagnosticsFor(document);
    assert.equal(result.issues, published.length);
    assert.ok(
      result.issues > 0 && Object.values(result.bySeverity).reduce((a, b) => a + b, 0) === result.issues,
    );
    await assert.rejects(server.connection.sendRequest('codewright/reviewFile', { uri: uriOf('closed.js') }));
  });

  it('reviews an erb document as a template, also without tags; the same text as Ruby is an error', async () => {
    const text = '*.gem\n.bundle\n_site\n';
    const template = await editor.openDocument(uriOf('gitignore.erb'), 'erb', text);
    assert.deepEqual(rules(await editor.diagnosticsFor(template)), []);
    const ruby = await editor.openDocument(uriOf('gitignore.rb'), 'ruby', text);
    assert.deepEqual(rules(await editor.diagnosticsFor(ruby)), ['codewright/syntax-error']);
  });

  it('offers one "Disable" entry per rule and line, however many findings it has there', async () => {
    const document = await editor.openDocument(
      uriOf('vars.js'),
      'javascript',
      'var a = 1; var b = 2;\nmodule.exports = a + b;\n',
    );
    const noVar = (await editor.diagnosticsFor(document)).filter((d) => d.code === 'no-var');
    assert.equal(noVar.length, 2, JSON.stringify(noVar));
    const line = { start: { line: 0, character: 0 }, end: { line: 0, character: 21 } };
    const titles = (await codeActions(document, line, noVar)).map((a) => a.title);
    assert.equal(titles.filter((t) => t === 'Disable no-var for this line').length, 1, titles.join());
  });

  it('publishes only the newest of rapid changes and clears diagnostics on close', async () => {
    await server.changeSettings({ api: { enabled: false }, dataDir, review: { debounceMs: 300 } });
    const { document } = await openVulnerable();
    let latest = document;
    for (let i = 0; i < 5; i++)
      latest = await editor.changeDocument(document.uri, `${VULNERABLE}// edit ${i}\n`);
    await editor.diagnosticsFor(latest);
    const versions = editor.published.filter((p) => p.uri === document.uri).map((p) => p.version);
    assert.deepEqual(versions, [1, latest.version]);
    await editor.closeDocument(document.uri);
    const cleared = await editor.waitForDiagnostics(document.uri, (p) => p.diagnostics.length === 0);
    assert.equal(cleared.version, undefined);
  });

  it('with onType off, reviews on save instead of on change', async () => {
    await server.changeSettings({
      api: { enabled: false },
      dataDir,
      review: { onType: false, debounceMs: 0 },
    });
    const { document } = await openVulnerable();
    const changed = await editor.changeDocument(
      document.uri,
      VULNERABLE.replace('eval(req.query.code);', ''),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.ok(!editor.published.some((p) => p.version === changed.version), 'no review while typing');
    await editor.saveDocument(document.uri);
    const saved = rules(await editor.diagnosticsFor(changed));
    assert.ok(!saved.includes('codewright/code-injection'), saved.join());
  });

  it('explains a Python method from a cursor inside it, dedented, in document lines', async () => {
    const python = [
      'class Cart:',
      '    def total(self, items):',
      '        result = 0',
      '        for item in items:',
      '            result += item.price',
      '        return result',
      '',
    ].join('\n');
    const document = await editor.openDocument(uriOf('cart.py'), 'python', python);
    const lenses = (await server.connection.sendRequest(CodeLensRequest.type, {
      textDocument: { uri: document.uri },
    }))!;
    assert.deepEqual(
      lenses.map((l) => l.range.start.line),
      [0, 1],
    );
    const result = await server.connection.sendRequest<ExplainRequest.Result>('codewright/explain', {
      uri: document.uri,
      range: { start: { line: 4, character: 12 }, end: { line: 4, character: 12 } },
    });
    assert.equal(result.title, 'method `total`');
    assert.deepEqual([result.startLine, result.endLine], [2, 6]);
    assert.doesNotMatch(result.explanation.summary, /Partial explanation/);
    assert.equal(result.explanation.breakdown.find((e) => e.code.startsWith('for'))?.line, 4);
    // The summary's prose cites the same (document) lines as the breakdown.
    assert.match(result.explanation.summary, /lines 2-6/);
    assert.match(result.explanation.summary, /\(5 lines\)/);
    assert.match(result.explanation.summary, /no try\/except/);
  });

  it('offers refactor.rewrite.codewright actions on var code that apply cleanly', async () => {
    const document = await editor.openDocument(uriOf('legacy.js'), 'javascript', LEGACY);
    await editor.diagnosticsFor(document);
    const selection = { start: { line: 0, character: 0 }, end: { line: 7, character: 0 } };
    const actions = await codeActions(document, selection, [], ['refactor']);
    const modernize = actions.find((a) => a.kind === 'refactor.rewrite.codewright.modernize');
    assert.ok(modernize?.edit, JSON.stringify(actions.map((a) => a.kind)));
    await editor.applyEdit(modernize.edit);
    const text = editor.document(document.uri).getText();
    assert.match(text, /let total = 0;|const total/);
    assert.match(text, /`Total: \$\{total\}`/);
    const after = rules(await editor.diagnosticsFor(editor.document(document.uri)));
    assert.ok(!after.includes('codewright/syntax-error') && !after.includes('no-var'), after.join());

    const cursor = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const none = await codeActions(
      editor.document(document.uri),
      cursor,
      [],
      ['refactor.rewrite.codewright'],
    );
    assert.ok(
      !none.some((a) => a.kind === 'refactor.rewrite.codewright.modernize'),
      'nothing left to modernize there',
    );
  });

  it('puts an Explain lens over each function and explains its range on request', async () => {
    const document = await editor.openDocument(uriOf('legacy.js'), 'javascript', LEGACY);
    const lenses = (await server.connection.sendRequest(CodeLensRequest.type, {
      textDocument: { uri: document.uri },
    }))!;
    const lens = lenses.find((l) => l.range.start.line === 1);
    assert.equal(lens?.command?.title, 'Explain');
    assert.equal(lens.command.command, 'codewright.explainRange');
    const [uri, range] = lens.command.arguments as [string, LineRange];
    assert.equal(uri, document.uri);
    assert.deepEqual([range.start.line, range.end.line], [1, 6]);

    const params: ExplainRequest.Params = { uri, range };
    const result = await server.connection.sendRequest<ExplainRequest.Result>('codewright/explain', params);
    assert.deepEqual([result.startLine, result.endLine], [2, 7]);
    assert.match(result.explanation.summary, /add/);
    const lines = result.explanation.breakdown.map((entry) => entry.line);
    assert.ok(lines.length > 0 && lines.every((line) => line >= 2 && line <= 7), lines.join());
    const loop = result.explanation.breakdown.find((entry) => entry.code.startsWith('for'));
    assert.equal(loop?.line, 3, 'breakdown lines are the document lines');
    assert.equal(result.units.find((u) => u.name === 'add')?.complexity, 'O(n)');

    const atCursor = await server.connection.sendRequest<ExplainRequest.Result>('codewright/explain', {
      uri,
      range: { start: { line: 3, character: 4 }, end: { line: 3, character: 4 } },
    });
    assert.equal(atCursor.title, 'function `add`');
    assert.equal(atCursor.detailLevel, 'standard');
    const brief = await server.connection.sendRequest<ExplainRequest.Result>('codewright/explain', {
      ...params,
      detailLevel: 'brief',
    });
    const detailed = await server.connection.sendRequest<ExplainRequest.Result>('codewright/explain', {
      ...params,
      detailLevel: 'detailed',
    });
    assert.equal(detailed.detailLevel, 'detailed');
    assert.ok(brief.explanation.breakdown.length < detailed.explanation.breakdown.length);
    await assert.rejects(
      server.connection.sendRequest('codewright/explain', { uri: uriOf('missing.js') }),
      /not open/,
    );
  });

  it('offers Generate tests above exported functions and writes a suite for the module', async () => {
    mkdirSync(join(workspace, 'test'));
    mkdirSync(join(workspace, 'src'));
    const code = [
      'export function slug(text) {',
      "  if (typeof text !== 'string') throw new TypeError('text must be a string');",
      "  return text.trim().toLowerCase().replace(/\\s+/g, '-');",
      '}',
      'function helper() {',
      '  return 1;',
      '}',
      '',
    ].join('\n');
    const document = await editor.openDocument(uriOf('src/slug.js'), 'javascript', code);
    const lenses = (await server.connection.sendRequest(CodeLensRequest.type, {
      textDocument: { uri: document.uri },
    }))!;
    const titles = (line: number) =>
      lenses.filter((l) => l.range.start.line === line).map((l) => l.command?.title);
    assert.deepEqual(titles(0), ['Explain', 'Generate tests']);
    assert.deepEqual(titles(4), ['Explain'], 'no test lens over a function the module does not export');
    const lens = lenses.find((l) => l.command?.title === 'Generate tests')!;
    assert.equal(lens.command!.command, 'codewright.generateTests');

    const result = await server.connection.sendRequest<GenerateTestsRequest.Result>(
      'codewright/generateTests',
      {
        uri: document.uri,
        trusted: false,
      },
    );
    assert.equal(result.testUri, uriOf('test/slug.test.js'), "in the project's test folder");
    assert.match(result.testCode, /\.\.\/src\/slug\.js/);
    assert.equal(result.framework, 'node:test');
    assert.equal(result.measured, false, 'an untrusted workspace never runs its code');
    assert.match(result.notes[0]!, /not trusted/);
    assert.ok(result.testCases >= 1);
  });

  it('analyzes the workspace, documents its sources and creates a project from a template', async () => {
    writeFileSync(join(workspace, 'index.js'), LEGACY);
    writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'legacy', version: '1.0.0' }));
    const kinds: string[] = [];
    server.connection.onProgress(WorkDoneProgress.type, 'analyze-1', (value) => void kinds.push(value.kind));
    const report = await server.connection.sendRequest<AnalyzeProjectRequest.Result>(
      'codewright/analyzeProject',
      {
        workDoneToken: 'analyze-1',
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds.at(-1), 'end', 'progress reported as work-done progress');
    assert.equal(report.project_info.size.languages?.JavaScript?.files, 1);
    assert.ok(
      report.code_quality &&
        report.code_quality.issues + report.code_quality.warnings + report.code_quality.suggestions > 0,
    );

    const docs = await server.connection.sendRequest<GenerateDocsRequest.Result>(
      'codewright/generateDocs',
      {},
    );
    assert.equal(docs.filesProcessed, 1);
    assert.match(docs.documentation, /add/);

    const created = await server.connection.sendRequest<InitProjectRequest.Result>('codewright/initProject', {
      name: 'fresh-lib',
      template: 'node-typescript',
      directory: workspace,
      options: { include_tests: true, include_docs: false, use_eslint: false, use_prettier: false },
    } satisfies InitProjectRequest.Params);
    assert.equal(created.project_path, join(workspace, 'fresh-lib'));
    assert.ok(created.files.includes('package.json'));
    assert.ok(!created.files.some((file) => file.startsWith('docs/')));
  });

  it('shows no lenses when codewright.codeLens.enabled is off', async () => {
    await server.changeSettings({ api: { enabled: false }, dataDir, codeLens: { enabled: false } });
    const document = await editor.openDocument(uriOf('legacy.js'), 'javascript', LEGACY);
    const lenses = await server.connection.sendRequest(CodeLensRequest.type, {
      textDocument: { uri: document.uri },
    });
    assert.deepEqual(lenses, []);
  });

  it('answers RequestCancelled at once to a request cancelled while it waits in the worker behind another', async () => {
    // One worker: the explain of a long file runs, and the one cancelled waits behind it in that worker.
    server.kill();
    server = await ServerProcess.start({
      settings: {
        api: { enabled: false },
        dataDir,
        review: { onType: false, onSave: false },
        engine: { workers: 1 },
      },
      workspaceFolder: workspace,
    });
    editor = new EditorClient(server);
    const long = Array.from(
      { length: 2000 },
      (_, i) =>
        `function step${i}(items) {\n  let total = ${i};\n  for (const item of items) if (item > ${i}) total += item;\n  return total;\n}`,
    ).join('\n');
    const big = await editor.openDocument(uriOf('long.js'), 'javascript', long);
    const small = await editor.openDocument(uriOf('legacy.js'), 'javascript', LEGACY);
    const explain = (uri: string, source?: CancellationTokenSource) =>
      source
        ? server.connection.sendRequest<ExplainRequest.Result>('codewright/explain', { uri }, source.token)
        : server.connection.sendRequest<ExplainRequest.Result>('codewright/explain', { uri });
    // The worker has run a task, so it has said it takes a next one while it runs one.
    await explain(small.uri);
    const order: string[] = [];
    // The task ahead is cancelled too once the held one is answered, so the test never waits for it
    // to finish; it is long (seconds) so that it is still running when the held one is cancelled.
    const aheadSource = new CancellationTokenSource();
    const ahead = explain(big.uri, aheadSource).then(
      () => order.push('ahead answered'),
      () => order.push('ahead answered'),
    );
    const source = new CancellationTokenSource();
    const cancelled = explain(small.uri, source).then(
      () => order.push('held answered'),
      (error: { code?: number }) => order.push(`held failed ${error.code}`),
    );
    // Long enough for the request to reach the worker behind the task ahead; cancelled sooner, it
    // is answered at once all the same (before it is sent).
    await new Promise((resolve) => setTimeout(resolve, 300));
    source.cancel();
    await cancelled;
    aheadSource.cancel();
    await ahead;
    assert.deepEqual(order, [`held failed ${LSPErrorCodes.RequestCancelled}`, 'ahead answered']);
  });

  it('stops the workspace review when the request is cancelled, and says so', async () => {
    for (let i = 0; i < 40; i++) writeFileSync(join(workspace, `file${i}.js`), VULNERABLE);
    const source = new CancellationTokenSource();
    const token = 'review-workspace-cancel';
    server.connection.onProgress(WorkDoneProgress.type, token, (value) => {
      if (value.kind === 'report') source.cancel();
    });
    const result = (await server.connection.sendRequest(
      ExecuteCommandRequest.type,
      { command: 'codewright.server.reviewWorkspace', workDoneToken: token },
      source.token,
    )) as ReviewWorkspaceResult;
    assert.equal(result.cancelled, true);
    assert.ok(result.files < 40, `reviewed ${result.files}`);
  });

  it('creates its own progress for a workspace review sent without a token', async () => {
    server.kill();
    server = await ServerProcess.start({
      settings: {
        api: { enabled: false },
        dataDir,
        review: { debounceMs: 0 },
      },
      workspaceFolder: workspace,
      workDoneProgress: true,
    });
    writeFileSync(join(workspace, 'app.js'), VULNERABLE);
    const created: string[] = [];
    const kinds: string[] = [];
    server.connection.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
      created.push(String(token));
      server.connection.onProgress(WorkDoneProgress.type, token, (value) => void kinds.push(value.kind));
    });
    const result = (await server.connection.sendRequest(ExecuteCommandRequest.type, {
      command: 'codewright.server.reviewWorkspace',
    })) as ReviewWorkspaceResult;
    assert.equal(result.files, 1);
    assert.equal(created.length, 1);
    assert.deepEqual(kinds, ['begin', 'report', 'end']);
  });

  it('reviews the workspace with progress, skipping node_modules', async () => {
    writeFileSync(join(workspace, 'app.js'), VULNERABLE);
    writeFileSync(join(workspace, 'run.py'), 'import os\ndef run(cmd):\n    os.system(cmd)\n');
    mkdirSync(join(workspace, 'node_modules/dep'), { recursive: true });
    writeFileSync(join(workspace, 'node_modules/dep/index.js'), VULNERABLE);
    const reports: WorkDoneProgressReport[] = [];
    let ended = false;
    const token = 'review-workspace-1';
    server.connection.onProgress(WorkDoneProgress.type, token, (value) => {
      if (value.kind === 'report') reports.push(value);
      if (value.kind === 'end') ended = true;
    });
    const result = (await server.connection.sendRequest(ExecuteCommandRequest.type, {
      command: 'codewright.server.reviewWorkspace',
      workDoneToken: token,
    })) as ReviewWorkspaceResult;
    assert.deepEqual(result, { files: 2, issues: result.issues, skipped: 0, cancelled: false });
    assert.ok(result.issues >= 2);
    assert.ok(ended && reports.length === 2, JSON.stringify(reports));
    const js = await editor.waitForDiagnostics(uriOf('app.js'));
    assert.ok(rules(js.diagnostics).includes('codewright/code-injection'));
    const py = await editor.waitForDiagnostics(uriOf('run.py'));
    assert.ok(rules(py.diagnostics).includes('codewright/command-injection'));
    assert.ok(!editor.published.some((p) => p.uri.includes('node_modules')));
  });
});
