// Diagnostic latency in the editor: the time from sending `didChange` for a ~2,000-line JavaScript
// file to receiving its `publishDiagnostics`, through a real language-server process over stdio
// (the protocol tests' harness). `codewright.review.debounceMs` is set to 0 for the measurement, so
// the figure is the server's own cost (LSP + review), not the typing pause a user configures. The
// baseline is the engine's `reviewCode` called directly on the same text in the same run.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHECK_TYPES } from '../server/src/engine/contracts/review';
import { reviewCode } from '../server/src/engine/review/index';
import { EditorClient } from '../test/server/lsp/editorClient';
import { ServerProcess } from '../test/server/lsp/serverProcess';
import { type BenchResult, percentile } from './harness';

const LINES = 2_000;
const EDITS = 40;

/**
 * Whole ESLint rule files up to ~2,000 lines, each wrapped in its own function scope so their
 * top-level `const`s do not collide: real code that parses, not one syntax error.
 */
function realCode(): string {
  const rules = join(dirname(require.resolve('eslint/package.json')), 'lib', 'rules');
  const parts: string[] = [];
  let count = 0;
  for (const file of readdirSync(rules)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const text = readFileSync(join(rules, file), 'utf8');
    const size = text.split('\n').length + 2;
    if (count + size > LINES) continue;
    parts.push(`(function () {\n${text}\n})();`);
    count += size;
    if (count >= LINES * 0.97) break;
  }
  return parts.join('\n');
}

/** The text after edit `i`: a statement in the middle of the file changes, as when typing. */
function edited(code: string, i: number): string {
  const lines = code.split('\n');
  const middle = Math.floor(lines.length / 2);
  lines.splice(middle, 0, `let edit${i} = ${i};`);
  return lines.join('\n');
}

export default async function diagnosticsBench(): Promise<BenchResult[]> {
  const code = realCode();
  const lineCount = code.split('\n').length;
  const workspace = mkdtempSync(join(tmpdir(), 'codewright-bench-ws-'));
  const server = await ServerProcess.start({
    settings: {
      api: { enabled: false },
      dataDir: mkdtempSync(join(tmpdir(), 'codewright-bench-data-')),
      review: { debounceMs: 0 },
    },
    workspaceFolder: workspace,
  });
  try {
    const editor = new EditorClient(server);
    const uri = pathToFileURL(join(workspace, 'large.js')).href;
    const opened = await editor.openDocument(uri, 'javascript', code);
    const first = await editor.diagnosticsFor(opened, 60_000);
    if (first.some((d) => d.code === 'codewright/syntax-error'))
      throw new Error('the bench text does not parse');

    const lspMs: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const start = performance.now();
      const document = await editor.changeDocument(uri, edited(code, i));
      await editor.diagnosticsFor(document, 60_000);
      lspMs.push(performance.now() - start);
    }
    const engineMs: number[] = [];
    await reviewCode({ code, language: 'javascript', check_types: [...CHECK_TYPES] });
    for (let i = 0; i < EDITS; i++) {
      const start = performance.now();
      await reviewCode({ code: edited(code, i), language: 'javascript', check_types: [...CHECK_TYPES] });
      engineMs.push(performance.now() - start);
    }
    const name = `didChange → publishDiagnostics, ${lineCount}-line JS (${first.length} diagnostics, debounce 0)`;
    return [
      {
        name: `${name} p50`,
        value: percentile(lspMs, 50),
        unit: 'ms',
        baseline: { name: 'reviewCode in-process p50', value: percentile(engineMs, 50) },
        aim: 'lower is better; the ratio is the cost of the LSP round trip and diagnostics mapping',
      },
      {
        name: `${name} p95`,
        value: percentile(lspMs, 95),
        unit: 'ms',
        baseline: { name: 'reviewCode in-process p95', value: percentile(engineMs, 95) },
        aim: 'aim p95 < 150 ms',
      },
    ];
  } finally {
    server.kill();
  }
}
