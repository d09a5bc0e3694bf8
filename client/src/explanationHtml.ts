// The explanation view's HTML shell. Everything it shows is rendered by media/explanation.js from
// the data posted to it (as text, never as HTML); the page may load only its own stylesheet and the
// one script carrying this page's nonce. Free of the vscode module for unit tests.
import { randomBytes } from 'node:crypto';

export interface ExplanationHtmlOptions {
  /** The webview's `cspSource` (which origins its resources come from). */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  nonce?: string;
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export function explanationHtml(options: ExplanationHtmlOptions): string {
  const nonce = options.nonce ?? newNonce();
  const csp = [
    "default-src 'none'",
    `style-src ${options.cspSource}`,
    `font-src ${options.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="${escapeAttribute(options.styleUri)}">
  <title>Codewright: Explanation</title>
</head>
<body>
  <main id="root" aria-live="polite"><p class="muted">Explaining…</p></main>
  <script nonce="${nonce}" src="${escapeAttribute(options.scriptUri)}"></script>
</body>
</html>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
