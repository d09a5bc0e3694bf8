// Drives the code-server workbench in Chromium (playwright-core) the way a user does: the Command
// Palette, Quick Open, Go to Line, the Problems panel, the quick-fix menu, notifications and
// webviews. Every wait is on a real condition with a generous limit (the CI machine has two shared
// cores); nothing sleeps in place of checking.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { REPO } from './codeServer';

/** Slow steps (extension start, first review, the engine's first parse) get this long. */
export const LONG = 120_000;
export const OUTPUT_DIR = join(REPO, 'test-results', 'e2e');

export class Workbench {
  private constructor(
    private readonly browser: Browser,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(url: string): Promise<Workbench> {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const origin = new URL(url).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const page = await context.newPage();
    page.setDefaultTimeout(LONG);
    await page.goto(url);
    const workbench = new Workbench(browser, context, page);
    await workbench.waitForWorkbench();
    return workbench;
  }

  async waitForWorkbench(): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ timeout: LONG });
    await this.page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: LONG });
  }

  async close(): Promise<void> {
    await this.browser.close();
  }

  /**
   * Reloads the window as a user does, with "Developer: Reload Window": the workbench then writes
   * its state (open editors, webview state) to storage before the page goes. A browser reload
   * (`page.reload()`) does not wait for that write, so what comes back is whatever the workbench
   * last saved on its own, often from before the newest editor was opened.
   */
  async reload(): Promise<void> {
    const navigated = this.page.waitForEvent('framenavigated', {
      predicate: (frame) => frame === this.page.mainFrame(),
      timeout: LONG,
    });
    await this.runCommand('Developer: Reload Window');
    await navigated;
    await this.page.waitForLoadState('domcontentloaded');
    await this.waitForWorkbench();
  }

  /** The status bar item of the extension (its accessible label starts with "Codewright"). */
  statusItem() {
    return this.page
      .locator('.statusbar-item[aria-label^="Codewright"], .statusbar-item [aria-label^="Codewright"]')
      .first();
  }

  async statusLabel(): Promise<string> {
    return (await this.statusItem().getAttribute('aria-label')) ?? '';
  }

  /** Waits until the status bar item's label matches (e.g. the api address once it listens). */
  async waitForStatus(pattern: RegExp, timeout = LONG): Promise<string> {
    const deadline = Date.now() + timeout;
    let label = '';
    while (Date.now() < deadline) {
      label = await this.statusItem()
        .getAttribute('aria-label', { timeout: 5_000 })
        .then((value) => value ?? '')
        .catch(() => '');
      if (label && pattern.test(label)) return label;
      await this.page.waitForTimeout(500);
    }
    throw new Error(`status bar never matched ${pattern}; last label: ${label}`);
  }

  private quickInput() {
    return this.page.locator('.quick-input-widget');
  }

  /**
   * Runs a command from the Command Palette by its full title ("Codewright: Review File"). The
   * palette closes when it loses focus, and focus can still be moving from what the previous step
   * started (a notification, an editor being revealed): when the palette is seen to close before
   * its row could be clicked, it is opened again. A missing command still fails, after LONG.
   */
  async runCommand(title: string): Promise<void> {
    const deadline = Date.now() + LONG;
    const widget = this.quickInput();
    const input = widget.locator('input');
    const row = widget.locator('.monaco-list-row', { hasText: title }).first();
    while (Date.now() < deadline) {
      await this.closeQuickInput();
      await this.page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: Math.max(1, deadline - Date.now()) });
      const filled = await succeeds(input.fill(`>${title}`, { timeout: 10_000 }));
      while (filled && Date.now() < deadline) {
        if ((await row.isVisible()) && (await succeeds(row.click({ timeout: 10_000 })))) return;
        if (!(await widget.isVisible())) break; // closed under us: open it again
        await row.waitFor({ state: 'visible', timeout: 1_000 }).catch(() => undefined);
      }
    }
    throw new Error(`Command Palette: "${title}" could not be run within ${LONG} ms`);
  }

  async closeQuickInput(): Promise<void> {
    if (await this.quickInput().isVisible()) await this.page.keyboard.press('Escape');
  }

  /** Picks an item of an open quick pick by its label. */
  async pick(label: string | RegExp): Promise<void> {
    const row = this.quickInput().locator('.monaco-list-row', { hasText: label }).first();
    await row.waitFor({ state: 'visible' });
    await row.click();
  }

  /**
   * Opens a workspace file with Quick Open and waits for its editor tab to be active. Quick Open
   * closes when something else takes focus (CI saw it close right after a server restart, leaving
   * `fill` waiting 120 s on a hidden input), so each step is bounded and the whole is tried again
   * from the start until the file's tab is active.
   */
  async openFile(relative: string): Promise<void> {
    const name = relative.split('/').pop()!;
    const deadline = Date.now() + LONG;
    const widget = this.quickInput();
    const input = widget.locator('input');
    const tab = this.page.locator(`.tab.active[aria-label*="${name}"]`).first();
    // Enter opens the focused row. The list first shows the editor history and filters it a moment
    // later, so wait until the focused row is the file (its label holds the typed path's name).
    const fileRow = widget.locator('.monaco-list-row.focused', { hasText: name }).first();
    while (Date.now() < deadline) {
      await this.closeQuickInput();
      await this.page.keyboard.press('Control+P');
      if (!(await succeeds(input.waitFor({ state: 'visible', timeout: 10_000 })))) continue;
      if (!(await succeeds(input.fill(relative, { timeout: 10_000 })))) continue;
      if (!(await succeeds(fileRow.waitFor({ state: 'visible', timeout: 10_000 })))) continue;
      await this.page.keyboard.press('Enter');
      if (!(await succeeds(tab.waitFor({ timeout: 10_000 })))) continue;
      await this.page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor();
      return;
    }
    throw new Error(`Quick Open: "${relative}" could not be opened within ${LONG} ms`);
  }

  /**
   * Moves the cursor to a 1-based line (Go to Line) and focuses the editor. Enter only takes effect
   * once the picker has read the typed position; pressed sooner (two busy cores), it is swallowed and
   * the picker stays open. So the step is judged by its outcome, the picker closed and the status
   * bar's cursor position on the line, and tried again from the start while that has not happened.
   */
  async goToLine(line: number, column = 1): Promise<void> {
    const deadline = Date.now() + LONG;
    const widget = this.quickInput();
    const input = widget.locator('input');
    const position = this.page.locator('[id="status.editor.selection"]').first();
    while (Date.now() < deadline) {
      await this.closeQuickInput();
      await this.page.keyboard.press('Control+G');
      if (!(await succeeds(input.waitFor({ state: 'visible', timeout: 10_000 })))) continue;
      if (!(await succeeds(input.fill(`:${line}:${column}`, { timeout: 10_000 })))) continue;
      await this.page.keyboard.press('Enter');
      if (!(await succeeds(widget.waitFor({ state: 'hidden', timeout: 5_000 })))) continue;
      if (!(await position.isVisible())) return; // no cursor item to check against: the picker closed
      const text = (await position.textContent()) ?? '';
      if (new RegExp(`\\bLn ${line}\\b`).test(text)) return;
    }
    throw new Error(`Go to Line: line ${line} not reached within ${LONG} ms`);
  }

  /** Selects whole lines `from`..`to` (1-based) of the active editor. */
  async selectLines(from: number, to: number): Promise<void> {
    await this.goToLine(from);
    await this.page.keyboard.press('Home');
    for (let line = from; line <= to; line++) await this.page.keyboard.press('Shift+ArrowDown');
  }

  /** Waits until the active editor has unsaved changes (an edit a command applies arrived). */
  async waitForDirty(timeout = LONG): Promise<void> {
    await this.page.locator('.editor-group-container.active .tab.active.dirty').waitFor({ timeout });
  }

  async save(): Promise<void> {
    await this.page.keyboard.press('Control+S');
    await this.page.locator('.tab.active.dirty').waitFor({ state: 'detached' });
  }

  /** The rows of the Problems panel (opened if needed) as their accessible labels. */
  async problems(): Promise<string[]> {
    const panel = this.page.locator('.markers-panel');
    if (!(await panel.isVisible())) {
      await this.runCommand('Problems: Focus on Problems View');
      await panel.waitFor({ state: 'visible' });
    }
    return panel
      .locator('.monaco-list-row')
      .evaluateAll((rows) =>
        rows.map((row) => `${row.getAttribute('aria-label') ?? ''} ${row.textContent ?? ''}`),
      );
  }

  /** Waits until the Problems panel satisfies `check` (it fills as reviews finish). */
  async waitForProblems(check: (rows: string[]) => boolean, what: string, timeout = LONG): Promise<string[]> {
    const deadline = Date.now() + timeout;
    let rows: string[] = [];
    while (Date.now() < deadline) {
      rows = await this.problems();
      if (check(rows)) return rows;
      await this.page.waitForTimeout(500);
    }
    throw new Error(`Problems panel: ${what} not seen within ${timeout} ms; rows:\n${rows.join('\n')}`);
  }

  /** Opens the quick-fix menu at the cursor and runs the action with this title. */
  async applyCodeAction(title: string): Promise<void> {
    // Ctrl+. does not reach the workbench in headless Chromium; the palette command is the same action.
    await this.runCommand('Quick Fix...');
    const item = this.page.locator('.action-widget .monaco-list-row', { hasText: title }).first();
    await item.waitFor({ state: 'visible' });
    await item.click();
    await item.waitFor({ state: 'hidden' });
  }

  /** Notification toasts currently shown, as text. */
  async notifications(): Promise<string[]> {
    return this.page
      .locator('.notification-toast')
      .evaluateAll((toasts) => toasts.map((t) => t.textContent ?? ''));
  }

  async waitForNotification(pattern: RegExp, timeout = LONG): Promise<string> {
    const toast = this.page.locator('.notification-toast', { hasText: pattern }).first();
    await toast.waitFor({ state: 'visible', timeout });
    return (await toast.textContent()) ?? '';
  }

  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  /** The active webview's document (VS Code nests it in two iframes). */
  webview(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
  }

  /** Waits for an editor tab whose title matches. */
  async waitForTab(pattern: RegExp, timeout = LONG): Promise<void> {
    await this.page.locator('.tab', { hasText: pattern }).first().waitFor({ state: 'visible', timeout });
  }

  async readClipboard(): Promise<string> {
    // A string expression: this project type-checks without the DOM library.
    return String(await this.page.evaluate('navigator.clipboard.readText()'));
  }

  /** Writes a screenshot into test-results/e2e/ (gitignored). */
  async screenshot(name: string): Promise<string> {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const path = join(OUTPUT_DIR, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }

  /** Picks a colour theme with "Preferences: Color Theme" and waits for the workbench to show it. */
  async setTheme(name: string, kind: 'vs' | 'vs-dark'): Promise<void> {
    await this.runCommand('Preferences: Color Theme');
    const input = this.quickInput().locator('input');
    await input.fill(name);
    await this.pick(name);
    await this.waitForTheme(kind);
  }

  async waitForTheme(kind: 'vs' | 'vs-dark'): Promise<void> {
    await this.page.locator(`.monaco-workbench.${kind}`).waitFor({ timeout: LONG });
  }
}

/** Whether a browser action went through (false: it failed, e.g. its element went away). */
function succeeds(action: Promise<unknown>): Promise<boolean> {
  return action.then(
    () => true,
    () => false,
  );
}

/** Polls a condition outside the browser (files on disk, HTTP) until it holds. */
export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeout = LONG,
): Promise<T> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${what}: not within ${timeout} ms`);
}
