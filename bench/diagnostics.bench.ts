// Diagnostics in the editor, through a real language-server process over stdio (the protocol
// tests' harness), reviews running in the server's worker pool:
// - while typing: bursts of keystrokes 60 ms apart into a ~2,000-line JavaScript file with the
//   default settings (100 ms debounce); the figure is the time from the burst's last keystroke to
//   the diagnostics of that last version (aim p95 ≤ 300 ms), first on a fresh worker (its first
//   21 reviews: its code not yet optimized, the figure a user sees in the first seconds), then on
//   the same worker kept typing into (60 more bursts: the steady state of a minute of typing, long
//   enough to take in the worker's periodic full collections);
// - one change with debounce 0: the server's own cost per review (LSP, pool, mapping).
// The baseline is the engine's review called directly in this process on the same text.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHECK_TYPES } from '../server/src/engine/contracts/review';
import { reviewDetailed } from '../server/src/engine/review/index';
import { epochMs, LATENCY_TRACE_ENV } from '../server/src/pool/taskTiming';
import { EditorClient } from '../test/server/lsp/editorClient';
import { ServerProcess } from '../test/server/lsp/serverProcess';
import { realJavaScript } from './corpus';
import { type BenchResult, percentile } from './harness';
import { type Burst, latencyLegs } from './latencyLegs';

const LINES = 2_000;
const BURSTS = 20;
const WARM_BURSTS = 60;
const KEYSTROKES = 6;
const KEYSTROKE_MS = 60;

/** The text after edit `i`: a statement in the middle of the file changes, as when typing. */
function edited(code: string, i: number): string {
  const lines = code.split('\n');
  // A statement position: right after the opening of the file wrapper nearest the middle, so every
  // version parses and the review does its full work (an edit that breaks the syntax is cheap).
  let at = Math.floor(lines.length / 2);
  while (at > 0 && lines[at - 1] !== '(function () {') at--;
  lines.splice(at, 0, `let edit${i} = ${i};`);
  return lines.join('\n');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(
  debounceMs?: number,
  env?: Record<string, string>,
): Promise<{ server: ServerProcess; editor: EditorClient; uri: string }> {
  const workspace = mkdtempSync(join(tmpdir(), 'codewright-bench-ws-'));
  const server = await ServerProcess.start({
    env,
    settings: {
      api: { enabled: false },
      dataDir: mkdtempSync(join(tmpdir(), 'codewright-bench-data-')),
      ...(debounceMs === undefined ? {} : { review: { debounceMs } }),
    },
    workspaceFolder: workspace,
  });
  return { server, editor: new EditorClient(server), uri: pathToFileURL(join(workspace, 'large.js')).href };
}

export default async function diagnosticsBench(): Promise<BenchResult[]> {
  const code = realJavaScript(LINES).files.join('\n');
  const lineCount = code.split('\n').length;
  const engineMs: number[] = [];
  // What the server runs per version: the findings without fixed_code.
  const review = (text: string) =>
    reviewDetailed(
      { code: text, language: 'javascript', check_types: [...CHECK_TYPES] },
      {},
      { fixedCode: false },
    );
  await review(code);
  // CPU too (this process's, GC threads included), to set beside the worker's CPU per review.
  const engineCpuMs: number[] = [];
  for (let i = 0; i < BURSTS; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await review(edited(code, i));
    engineMs.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    engineCpuMs.push((used.user + used.system) / 1000);
  }

  // The typing server traces each version's way (latencyLegs.ts); the trace costs it a file append
  // per review, nothing measurable next to a review.
  const traceFile = join(mkdtempSync(join(tmpdir(), 'codewright-bench-trace-')), 'latency.jsonl');
  const typing = await startServer(undefined, { [LATENCY_TRACE_ENV]: traceFile });
  const typingMs: number[] = [];
  const warmTypingMs: number[] = [];
  const bursts: Burst[] = [];
  const warmBursts: Burst[] = [];
  try {
    const opened = await typing.editor.openDocument(typing.uri, 'javascript', code);
    const first = await typing.editor.diagnosticsFor(opened, 60_000);
    if (first.some((d) => d.code === 'codewright/syntax-error'))
      throw new Error('the bench text does not parse');
    let edit = 0;
    for (let burst = 0; burst < BURSTS + WARM_BURSTS; burst++) {
      let last = opened;
      let lastAt = 0;
      for (let key = 0; key < KEYSTROKES; key++) {
        lastAt = epochMs();
        last = await typing.editor.changeDocument(typing.uri, edited(code, edit++));
        if (key < KEYSTROKES - 1) await pause(KEYSTROKE_MS);
      }
      await typing.editor.diagnosticsFor(last, 60_000);
      const receivedAt = epochMs();
      const fresh = burst < BURSTS;
      (fresh ? typingMs : warmTypingMs).push(receivedAt - lastAt);
      (fresh ? bursts : warmBursts).push({ version: last.version, sentAt: lastAt, receivedAt });
      await pause(300);
    }
  } finally {
    typing.server.kill();
  }

  console.log(
    `the review in-process: wall p50 ${percentile(engineMs, 50).toFixed(1)} ms, CPU p50 ` +
      `${percentile(engineCpuMs, 50).toFixed(1)} ms, p95 ${percentile(engineCpuMs, 95).toFixed(1)} ms`,
  );
  console.log('typing on a fresh worker, each leg of the way from the last keystroke to its diagnostics:');
  for (const line of latencyLegs(traceFile, bursts)) console.log(line);
  console.log(`typing on the same worker, the ${WARM_BURSTS} bursts after those, each leg:`);
  for (const line of latencyLegs(traceFile, warmBursts)) console.log(line);

  const single = await startServer(0);
  const singleMs: number[] = [];
  try {
    await single.editor.diagnosticsFor(
      await single.editor.openDocument(single.uri, 'javascript', code),
      60_000,
    );
    for (let i = 0; i < BURSTS; i++) {
      const start = performance.now();
      const document = await single.editor.changeDocument(single.uri, edited(code, 1000 + i));
      await single.editor.diagnosticsFor(document, 60_000);
      singleMs.push(performance.now() - start);
    }
  } finally {
    single.server.kill();
  }

  // p50 and p95 of one typing phase, each against the in-process review's same percentile.
  const typingFigures = (p50Name: string, p95Name: string, ms: number[]): BenchResult[] => [
    {
      name: p50Name,
      value: percentile(ms, 50),
      unit: 'ms',
      baseline: { name: 'review in-process p50', value: percentile(engineMs, 50) },
      aim: 'lower is better',
    },
    {
      name: p95Name,
      value: percentile(ms, 95),
      unit: 'ms',
      baseline: { name: 'review in-process p95', value: percentile(engineMs, 95) },
      aim: 'aim p95 ≤ 300 ms',
    },
  ];

  return [
    ...typingFigures(
      `typing into a ${lineCount}-line JS file (${KEYSTROKES} keys ${KEYSTROKE_MS} ms apart, default 100 ms debounce), a fresh worker: last keystroke → its diagnostics, p50`,
      'typing, a fresh worker: last keystroke → its diagnostics, p95',
      typingMs,
    ),
    ...typingFigures(
      `typing, the same worker after those ${BURSTS} bursts (${WARM_BURSTS} more): last keystroke → its diagnostics, p50`,
      'typing, the same worker after those bursts: last keystroke → its diagnostics, p95',
      warmTypingMs,
    ),
    {
      name: 'one didChange → publishDiagnostics with debounce 0 (LSP + worker pool + review), p50',
      value: percentile(singleMs, 50),
      unit: 'ms',
      baseline: { name: 'review in-process p50', value: percentile(engineMs, 50) },
      aim: 'lower is better; the ratio is the cost of the LSP round trip and the pool',
    },
  ];
}
