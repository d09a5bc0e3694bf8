// Restricted Mode: workspace trust on and the folder not trusted. Review and explanation work; the
// local api opens no port (codewright.api.allowInUntrustedWorkspaces is off by default).
import assert from 'node:assert/strict';
import { startCodeServer, type RunningCodeServer } from '../codeServer';
import { LONG, Workbench } from '../workbench';

describe('Codewright in code-server (untrusted workspace)', function () {
  this.timeout(10 * 60_000);
  let server: RunningCodeServer;
  let editor: Workbench;

  before(async () => {
    server = await startCodeServer({ trusted: false });
    editor = await Workbench.open(server.url);
  });

  after(async () => {
    await editor?.close();
    await server?.stop();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed')
      await editor?.screenshot('failed-untrusted').catch(() => undefined);
  });

  it('keeps the api closed and says why in the status bar', async () => {
    await editor.openFile('src/app.js');
    const label = await editor.waitForStatus(/Codewright: \$?\(?.*builtin/);
    assert.doesNotMatch(label, /127\.0\.0\.1/);
    const tooltip = await editor.statusItem().getAttribute('aria-label');
    assert.ok(tooltip);
    const reachable = await fetch(`http://127.0.0.1:${server.apiPort}/v1/health`).then(
      () => true,
      () => false,
    );
    assert.equal(reachable, false, 'nothing listens on the api port');
  });

  it('still reviews the file into diagnostics', async () => {
    await editor.waitForProblems(
      (all) => all.some((r) => r.includes('codewright/code-injection')),
      'code-injection',
    );
  });

  it('still explains code', async () => {
    await editor.openFile('src/math.js');
    await editor.goToLine(2, 3);
    await editor.runCommand('Codewright: Explain Selection');
    await editor.waitForTab(/Explain: .*clamp/);
    await editor.webview().locator('body').filter({ hasText: /clamp/ }).waitFor({ timeout: LONG });
    await editor.screenshot('untrusted-explanation');
  });
});
