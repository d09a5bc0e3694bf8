// The extension as a user meets it in a real editor: code-server with the built .vsix installed,
// the fixture workspace (test/e2e/fixtures/workspace, copied), Chromium driving the workbench.
// The tests run in order and share one window, as a user's session would.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCodeServer, type RunningCodeServer } from '../codeServer';
import { LONG, until, Workbench } from '../workbench';

describe('Codewright in code-server (trusted workspace)', function () {
  this.timeout(10 * 60_000);
  let server: RunningCodeServer;
  let editor: Workbench;
  const read = (relative: string) => readFileSync(join(server.workspace, relative), 'utf8');

  before(async () => {
    server = await startCodeServer({ trusted: true });
    editor = await Workbench.open(server.url);
  });

  after(async () => {
    await editor?.screenshot('last-state').catch(() => undefined);
    await editor?.close();
    await server?.stop();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      const name = this.currentTest.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await editor?.screenshot(`failed-${name}`).catch(() => undefined);
    }
  });

  it('activates: the status bar shows the engine and the local api address', async () => {
    await editor.openFile('src/app.js');
    const label = await editor.waitForStatus(new RegExp(`127\\.0\\.0\\.1:${server.apiPort}`));
    assert.match(label, /^Codewright: /);
  });

  it('reviews a vulnerable file into diagnostics', async () => {
    const rows = await editor.waitForProblems(
      (all) =>
        all.some((r) => r.includes('codewright/code-injection')) &&
        all.some((r) => r.includes('prefer-const')),
      'code-injection and prefer-const',
    );
    assert.ok(
      rows.some((r) => r.includes('codewright/command-injection')),
      rows.join('\n'),
    );
  });

  it('applies a quick fix and the diagnostic goes away', async () => {
    await editor.goToLine(4, 7);
    await editor.applyCodeAction('Fix this prefer-const problem');
    await editor.waitForProblems(
      (all) => !all.some((r) => r.includes('prefer-const')) && all.some((r) => r.includes('code-injection')),
      'prefer-const gone, code-injection kept',
    );
    await editor.save();
    assert.match(read('src/app.js'), /const greeting = "hello";/);
  });

  it('Review File says how many issues the file has', async () => {
    await editor.runCommand('Codewright: Review File');
    const text = await editor.waitForNotification(/2 issues|critical/);
    assert.match(text, /critical/);
    await editor.clearNotifications();
  });

  it('explains the function at the cursor in the explanation view, which survives a reload', async () => {
    await editor.openFile('src/math.js');
    await editor.goToLine(2, 3);
    await editor.runCommand('Codewright: Explain Selection');
    await editor.waitForTab(/Explain: .*clamp/);
    const body = editor.webview().locator('body');
    await body.filter({ hasText: /clamp/ }).waitFor({ timeout: LONG });
    await editor.screenshot('explanation-dark');

    await editor.reload();
    await editor.waitForTab(/Explain: .*clamp/);
    // The restored tab must be the active one for its webview to render.
    await editor.page
      .locator('.tab', { hasText: /Explain: / })
      .first()
      .click();
    await editor.webview().locator('body').filter({ hasText: /clamp/ }).waitFor({ timeout: LONG });
  });

  it('follows the light theme (screenshot)', async () => {
    await editor.setTheme('Light Modern', 'vs');
    await editor.webview().locator('body').filter({ hasText: /clamp/ }).waitFor({ timeout: LONG });
    await editor.screenshot('explanation-light');
    await editor.setTheme('Dark Modern', 'vs-dark');
  });

  it('Refactor Selection offers refactorings and applies the chosen one', async () => {
    await editor.openFile('src/legacy.js');
    await editor.selectLines(1, 7);
    await editor.runCommand('Codewright: Refactor Selection');
    await editor.pick(/modernize/i);
    // The command applies the edit after the pick returns: wait for the editor to hold it.
    await editor.waitForDirty();
    await editor.save();
    const code = read('src/legacy.js');
    assert.doesNotMatch(code, /\bvar\b/, code);
  });

  it('Generate Tests writes a test file for the module and opens it', async () => {
    await editor.openFile('src/math.js');
    await editor.runCommand('Codewright: Generate Tests');
    const testFile = await until(
      () => ['test/math.test.js', 'src/math.test.js'].find((f) => existsSync(join(server.workspace, f))),
      'a generated test file',
    );
    const code = read(testFile);
    assert.match(code, /clamp/);
    await editor.waitForTab(/math\.test\.js/);
    await editor.waitForNotification(/tests? for/);
    await editor.clearNotifications();
  });

  it('Analyze Project shows the report view', async () => {
    await editor.runCommand('Codewright: Analyze Project');
    await editor.waitForTab(/Codewright: e2e-fixture/);
    await editor
      .webview()
      .locator('body')
      .filter({ hasText: /JavaScript/ })
      .waitFor({ timeout: LONG });
    await editor.screenshot('project-report-dark');
  });

  it('Copy Local API Key copies a key the local api accepts', async () => {
    await editor.runCommand('Codewright: Copy Local API Key');
    await editor.waitForNotification(/API key copied/);
    const key = await until(
      async () => (await editor.readClipboard()) || undefined,
      'a key on the clipboard',
    );
    const url = `http://127.0.0.1:${server.apiPort}/v1/config`;
    const withKey = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(withKey.status, 200, await withKey.text());
    const without = await fetch(url);
    assert.equal(without.status, 401);
    await editor.clearNotifications();
  });

  it('Show Server Log opens the Codewright output', async () => {
    await editor.runCommand('Codewright: Show Server Log');
    // The output channel is a read-only editor in the panel; its rendered lines hold the log, with
    // non-breaking spaces between words (\s matches them).
    await editor.page
      .locator('.part.panel .monaco-editor .view-lines', { hasText: /API\s+listening\s+on/ })
      .first()
      .waitFor({ timeout: LONG });
  });

  it('Restart Server brings the server and the api back', async () => {
    await editor.runCommand('Codewright: Restart Server');
    await editor.waitForStatus(new RegExp(`127\\.0\\.0\\.1:${server.apiPort}`));
    const health = await until(async () => {
      const response = await fetch(`http://127.0.0.1:${server.apiPort}/v1/health`).catch(() => undefined);
      return response?.ok ? response : undefined;
    }, 'the api answering after the restart');
    assert.equal(health.status, 200);
    // And reviews still arrive: edit the file and see the problem come back.
    await editor.openFile('src/app.js');
    await editor.waitForProblems(
      (all) => all.some((r) => r.includes('code-injection')),
      'code-injection after restart',
    );
  });
});
