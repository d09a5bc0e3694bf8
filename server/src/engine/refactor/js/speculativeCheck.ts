// The full type check that verifies a compiler-backed batch (about a fifth of a 10,000-line
// `modernize`) decides only whether the batch lands, and on real code it nearly always does. So on
// a large file, with a second core, the batch lands at once and a helper thread checks it while
// this thread goes on with the next stages; when the request has finished, every verdict is read.
// If all batches verified, the result is the one the checks in line would have given (the same
// decisions in the same order, the helper judging with the same function on the same texts). If
// one did not, the result is thrown away and the request runs again with the checks in line, so a
// rejected batch costs a second run but never a different output.
//
// The helper lives for one request and ends as soon as the last compiler-backed transform has
// been submitted and judged, so its program and its copy of the compiler are not held while the
// request's own peak (ESLint's passes) comes.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ANSWERED, REJECTED, type CheckRequest, type CheckWorkerData } from './checkWorker';

/** Smallest text (characters) worth checking on the side: below it the check is a few hundred ms. */
export const SPECULATE_FROM_CHARS = 64 * 1024;
/** Load average must stay this far below the core count (the request's own core and half another). */
const FREE_CORE_LOAD_MARGIN = 1.5;
/**
 * How long a wait may go without any answer before the helper counts as lost (a thread's exit is
 * an event this blocked thread cannot see); the request then runs again in line.
 */
const STALL_MS = 60_000;
const HELPER_HEAP_MB = 512;

export interface SpeculativeCheck {
  /** Queues the check of a batch that turned `before` into `after` (which parses). */
  submit(before: string, after: string): void;
  /** No more batches will come: the helper ends once it has judged those queued. */
  close(): void;
  /** Waits for every queued check; true when each batch added no error (else run again in line). */
  allVerified(): boolean;
  /** Ends the helper whatever it is doing (the request finished or failed). */
  dispose(): void;
}

/** The helper's entry: the bundle beside this one, or the source file when run from sources. */
function helperEntry(): { file: string; eval: boolean } | undefined {
  if (__filename.endsWith('.ts')) {
    const source = join(__dirname, 'checkWorker.ts');
    const tsx = createRequire(__filename).resolve('tsx/cjs');
    return { file: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, eval: true };
  }
  const bundle = join(__dirname, 'refactorCheck.js');
  return existsSync(bundle) ? { file: bundle, eval: false } : undefined;
}

/**
 * Whether a text is worth checking on a helper thread: large enough, and a core to spare beyond the
 * one this request runs on (the one-minute load average leaves room for at least half of one
 * more). Without a free core the helper's work — loading the compiler, parsing the text again,
 * the check — competes with the request's own and adds to its time instead.
 */
export function worthSpeculating(length: number, cores: number, load: number): boolean {
  return length >= SPECULATE_FROM_CHARS && cores >= 2 && load <= cores - FREE_CORE_LOAD_MARGIN;
}

/**
 * A speculative check for one request on a text of `length` characters, or undefined when the
 * checks should run in line: a small text, a single core, or no helper thread to start.
 */
export function speculativeCheck(
  length: number,
  extension: string,
  isTypeScript: boolean,
  options: { force?: boolean } = {},
): SpeculativeCheck | undefined {
  if (!options.force && !worthSpeculating(length, availableParallelism(), loadavg()[0] ?? 0))
    return undefined;
  const entry = helperEntry();
  if (!entry) return undefined;
  const counts = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const answers = new Int32Array(counts);
  let worker: Worker | undefined;
  let lost = false;
  let closed = false;
  let submitted = 0;
  // Started by the first batch, so a request that submits none never pays for a thread.
  const helper = (): Worker | undefined => {
    if (worker || lost) return worker;
    try {
      worker = new Worker(entry.file, {
        eval: entry.eval,
        workerData: { role: 'codewright-refactor-check', counts } satisfies CheckWorkerData,
        resourceLimits: { maxOldGenerationSizeMb: HELPER_HEAP_MB },
      });
      // It never keeps the process alive: it only answers what this thread waits for.
      worker.unref();
      worker.on('error', () => undefined); // a lost helper shows as missing answers (allVerified)
    } catch {
      lost = true;
    }
    return worker;
  };
  return {
    submit(before, after) {
      submitted++;
      helper()?.postMessage({ before, after, extension, isTypeScript } satisfies CheckRequest);
    },
    close() {
      if (closed) return;
      closed = true;
      worker?.postMessage('close');
    },
    allVerified() {
      if (lost) return false;
      let waitedSince = performance.now();
      for (;;) {
        const answered = Atomics.load(answers, ANSWERED);
        if (answered >= submitted) return Atomics.load(answers, REJECTED) === 0;
        if (Atomics.wait(answers, ANSWERED, answered, 1000) !== 'timed-out') waitedSince = performance.now();
        else if (performance.now() - waitedSince > STALL_MS) return false;
      }
    },
    dispose() {
      void worker?.terminate();
    },
  };
}
