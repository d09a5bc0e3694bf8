// What the second of two large `modernize` requests costs in a real pool worker, by the idle time
// between them: `npx tsx bench/refactorPoolGap.ts [--lines 10000 | --file <path.js>] [--gaps
// 0,500,2000,10000] [--requests 3] [--first-gap 0] [--trace [--trace-file <path>]] [--no-nice]`. For each gap, a fresh pool of one worker (the pool
// the HTTP API uses, with its flags and its collection rule: collectGarbage.ts) serves a 200-line
// `modernize` (a worker that has served a task), then `--requests` large ones, each sent `gap` ms
// after the previous answer (the first `--first-gap` ms after the small one's). Per request, one line: the wall time seen by the caller, the worker's
// process CPU and its main thread's time on a core (Linux /proc), the worker's CPU and full
// collections in the idle gap before it, the output hash (`b102267fd6` at 10,000 lines), its peak
// resident memory so far, and with
// `--trace` the TurboFan compilations during the request and the functions V8 marked for
// deoptimization in the gap before it and during it (`--trace-file` keeps the whole trace, with the
// names of the functions compiled and marked, for the last gap's pool). The worker is started through
// bench/poolWorkerProbe.js, which records its collections (and the traces) in a file; nothing else
// differs from dist/engineWorker.js (with `--no-nice`, the worker keeps its priority: on a loaded
// machine a niced worker's 10,000-line request outlasts the refactor's 20 s budget and answers
// less; a hash other than the in-process one says so). Run `node build.mjs` first.
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../server/src/engine/contracts/config';
import { EnginePool } from '../server/src/pool/enginePool';
import { epochMs } from '../server/src/pool/taskTiming';
import { source } from './refactorSource';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}

const TICK_MS = 10; // /proc's clock ticks (USER_HZ 100)

/** The worker's process CPU (all threads) and its main thread's time on a core, in ms. */
function workerCpu(pid: number): { process: number; main: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const process = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  const main = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  return { process, main };
}

/** The worker's peak resident memory so far, in MB (Linux /proc). */
function workerPeakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The pool's one worker: this process's child. */
function workerPid(): number {
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim();
  return Number(children.split(/\s+/)[0]);
}

/**
 * What the probe file holds between two marks: full collections, TurboFan compilations, and
 * optimized functions marked for deoptimization (V8 marks them for "weak objects" in a full
 * collection: their code embeds objects that died). V8's threads write trace lines in pieces that
 * run into each other, so entries are counted where they occur, not by line.
 */
function segment(text: string, from: string, to: string) {
  const part = text.slice(text.indexOf(`@@ ${from} `), text.indexOf(`@@ ${to} `));
  const count = (pattern: RegExp) => [...part.matchAll(pattern)].length;
  const startedAt = Number(/^@@ \S+ \d+ ([\d.]+)/.exec(part)?.[1]);
  return {
    // When each full collection started (ms after the first mark) and its pause, in ms.
    fullGcs: [...part.matchAll(/@gc ([\d.]+) ([\d.]+)/g)].map(([, at, pause]) => [
      Math.round(Number(at) - startedAt),
      Math.round(Number(pause)),
    ]),
    turbofan: count(/\[compiling method .{0,200}?\(target TURBOFAN\)/g),
    deoptMarks: count(/\[marking dependent code /g),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function modernize(pool: EnginePool, text: string) {
  return (await pool.run(
    'refactor',
    { code: text, language: 'javascript', refactor_type: 'modernize' },
    { config: DEFAULT_CONFIG, roots: [] },
  )) as { refactored_code: string; changes: unknown[] };
}

export interface PoolRequest {
  gap: number;
  request: number;
  /** From the call to the answer, as the caller (the HTTP front) sees it. */
  wallMs: number;
  /** The worker's main thread on a core, and its process's CPU (all threads). */
  mainMs: number;
  processCpuMs: number;
  /** The worker's CPU in the idle gap before the request. */
  idleCpuMsBefore: number;
  /** Full collections in the gap before and during the request: [ms after its start, pause ms]. */
  fullGcsBefore: number[][];
  fullGcsDuring: number[][];
  turbofanDuring?: number;
  deoptMarksBefore?: number;
  deoptMarksDuring?: number;
  hash: string;
  /** The worker's peak resident memory up to the answer (MB). */
  peakRssMb: number;
  load: number;
}

export interface PoolRequestOptions {
  /** V8's opt/deopt traces in the probe file (slower). */
  trace?: boolean;
  /** Keep the worker's priority (see the probe). */
  noNice?: boolean;
  /** The refactor's own time limits as the pool sets them (default: out of reach, see below). */
  timeLimitMs?: number;
  /** Where to copy the probe file (collections, traces and the bench's marks) before it is removed. */
  traceFile?: string;
  /** Idle time between the small request and the first large one (ms; default 0, at once). */
  firstGap?: number;
}

/**
 * A fresh pool of one worker serves a 200-line `modernize`, then `requests` of `code`, each sent
 * `gap` ms after the previous answer.
 */
export async function poolRequests(
  code: string,
  gap: number,
  requests: number,
  options: PoolRequestOptions = {},
): Promise<PoolRequest[]> {
  const probe = join(tmpdir(), `codewright-pool-gap-${process.pid}.txt`);
  rmSync(probe, { force: true });
  // The worker inherits these when the pool starts it.
  process.env.CODEWRIGHT_PROBE_FILE = probe;
  if (options.trace) process.env.CODEWRIGHT_PROBE_TRACE = '1';
  else delete process.env.CODEWRIGHT_PROBE_TRACE;
  if (options.noNice) process.env.CODEWRIGHT_PROBE_NO_NICE = '1';
  else delete process.env.CODEWRIGHT_PROBE_NO_NICE;
  const pool = new EnginePool({
    // By default no time limit in reach: on a loaded machine the stage budgets (80% of the task's
    // 30 s) cut stages, and the answer (and its cost) would change from one request to the next.
    settings: { workers: 1, timeLimitMs: options.timeLimitMs ?? 600_000 },
    workerScript: join(__dirname, 'poolWorkerProbe.js'),
  });
  const lines: PoolRequest[] = [];
  try {
    await modernize(pool, source(200));
    const pid = workerPid();
    let previous = { at: performance.now(), ...workerCpu(pid) };
    for (let request = 1; request <= requests; request++) {
      if (request > 1) await sleep(gap);
      else if (options.firstGap) await sleep(options.firstGap);
      appendFileSync(probe, `@@ start ${request} ${epochMs()}\n`);
      const start = { at: performance.now(), ...workerCpu(pid) };
      const answer = await modernize(pool, code);
      const end = { at: performance.now(), ...workerCpu(pid) };
      appendFileSync(probe, `@@ end ${request} ${epochMs()}\n`);
      const text = readFileSync(probe, 'utf8');
      const before = segment(text, request > 1 ? `end ${request - 1}` : 'start 1', `start ${request}`);
      const during = segment(text, `start ${request}`, `end ${request}`);
      lines.push({
        gap,
        request,
        wallMs: Math.round(end.at - start.at),
        mainMs: Math.round(end.main - start.main),
        processCpuMs: end.process - start.process,
        idleCpuMsBefore: start.process - previous.process,
        fullGcsBefore: request > 1 ? before.fullGcs : [],
        fullGcsDuring: during.fullGcs,
        ...(options.trace
          ? {
              turbofanDuring: during.turbofan,
              deoptMarksBefore: request > 1 ? before.deoptMarks : 0,
              deoptMarksDuring: during.deoptMarks,
            }
          : {}),
        hash: createHash('sha1')
          .update(answer.refactored_code + JSON.stringify(answer.changes))
          .digest('hex')
          .slice(0, 10),
        peakRssMb: workerPeakRssMb(pid),
        load: Number(loadavg()[0].toFixed(1)),
      });
      previous = end;
    }
  } finally {
    await pool.close();
    if (options.traceFile) copyFileSync(probe, options.traceFile);
    rmSync(probe, { force: true });
  }
  return lines;
}

async function main(): Promise<void> {
  const file = option('file', '');
  const code = file ? readFileSync(file, 'utf8') : source(Number(option('lines', '10000')));
  const gaps = option('gaps', '0,500,2000,10000').split(',').map(Number);
  const requests = Number(option('requests', '3'));
  const trace = process.argv.includes('--trace');
  const noNice = process.argv.includes('--no-nice');
  const traceFile = option('trace-file', '') || undefined;
  const firstGap = Number(option('first-gap', '0'));
  const label = file || `${code.split('\n').length} generated lines`;
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(`# ${label}, load ${load}`);
  for (const gap of gaps) {
    for (const line of await poolRequests(code, gap, requests, { trace, noNice, traceFile, firstGap })) {
      console.log(JSON.stringify(line));
    }
  }
}

if (process.argv[1]?.endsWith('refactorPoolGap.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
