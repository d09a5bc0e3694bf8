// The front process's start, measured in fresh processes (median of several rounds, alternating
// subject and baseline):
// - loading dist/server.js (the language server with the embedded api) until it is ready for
//   `initialize`: time and RSS, against loading `vscode-languageserver/node` alone, the least any
//   Node language server loads (aim: ≤ 150 ms and ≤ 80 MB before the first task);
// - time to first diagnostics: spawn → initialize → didOpen of a 2,000-line JavaScript file →
//   publishDiagnostics, against the smallest ESLint language server with the same rules
//   (bench/baselines/eslintLanguageServer.ts, bundled the same way) (aim ratio ≤ 2).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { EditorClient } from '../test/server/lsp/editorClient';
import { ServerProcess } from '../test/server/lsp/serverProcess';
import { realJavaScript } from './corpus';
import type { BenchResult } from './harness';
import { median } from './load';

const ROUNDS = 7;
const SERVER = join(__dirname, '..', 'dist', 'server.js');

/** Milliseconds and RSS (MB) to require a module in a fresh Node process. */
function loadCost(module: string): { ms: number; rssMb: number } {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(module)});const ms=Number(process.hrtime.bigint()-t)/1e6;process.stderr.write(JSON.stringify({ms,rssMb:process.memoryUsage().rss/1048576}));process.exit(0)`;
  const run = spawnSync(process.execPath, ['-e', script, 'bench', '--stdio'], { input: '' });
  if (run.status !== 0) throw new Error(`loading ${module} failed: ${run.stderr.toString()}`);
  const output = run.stderr;
  return JSON.parse(output.toString()) as { ms: number; rssMb: number };
}

async function firstDiagnosticsMs(script: string | undefined, code: string): Promise<number> {
  const workspace = mkdtempSync(join(tmpdir(), 'codewright-bench-ws-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'codewright-bench-data-'));
  const started = performance.now();
  const server = await ServerProcess.start({
    script,
    settings: { api: { enabled: false }, dataDir },
    workspaceFolder: workspace,
  });
  try {
    const editor = new EditorClient(server);
    const document = await editor.openDocument(
      pathToFileURL(join(workspace, 'large.js')).href,
      'javascript',
      code,
    );
    await editor.diagnosticsFor(document, 60_000);
    return performance.now() - started;
  } finally {
    server.kill();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function startupBench(): Promise<BenchResult[]> {
  const serverRuns: { ms: number; rssMb: number }[] = [];
  const lspRuns: { ms: number; rssMb: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    serverRuns.push(loadCost(SERVER));
    lspRuns.push(loadCost(require.resolve('vscode-languageserver/node')));
  }

  const outdir = mkdtempSync(join(tmpdir(), 'codewright-bench-eslint-ls-'));
  await esbuild.build({
    entryPoints: { server: join(__dirname, 'baselines', 'eslintLanguageServer.ts') },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outdir,
    logLevel: 'error',
    external: ['jiti'],
  });
  const baselineServer = join(outdir, 'server.js');
  const code = realJavaScript(2_000).files.join('\n');
  const ours: number[] = [];
  const eslint: number[] = [];
  try {
    for (let round = 0; round < 5; round++) {
      ours.push(await firstDiagnosticsMs(undefined, code));
      eslint.push(await firstDiagnosticsMs(baselineServer, code));
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
  return [
    {
      name: `load dist/server.js in a fresh process, median of ${ROUNDS}`,
      value: median(serverRuns.map((r) => r.ms)),
      unit: 'ms',
      baseline: { name: 'vscode-languageserver/node alone', value: median(lspRuns.map((r) => r.ms)) },
      aim: 'lower is better; aim ≤ 150 ms',
    },
    {
      name: 'RSS after loading dist/server.js',
      value: median(serverRuns.map((r) => r.rssMb)),
      unit: 'MB',
      baseline: { name: 'vscode-languageserver/node alone', value: median(lspRuns.map((r) => r.rssMb)) },
      aim: 'lower is better; aim ≤ 80 MB',
    },
    {
      name: 'time to first diagnostics (spawn → didOpen 2,000-line JS → publishDiagnostics), median of 5',
      value: median(ours),
      unit: 'ms',
      baseline: { name: 'minimal ESLint language server, same rules', value: median(eslint) },
      aim: 'lower is better; aim ratio ≤ 2',
    },
  ];
}
