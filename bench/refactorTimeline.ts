// Where one `modernize` request's wall time goes, stage by stage: `node --max-old-space-size=1024
// --initial-old-space-size=512 --expose-gc --import tsx bench/refactorTimeline.ts [lines=10000]
// [rounds=3] [--collect] [--file <path.js>]` (the flags a pool worker runs with) prints, for each round after a
// 200-line warm-up, one line per stage of the pipeline — each transform's proposals per round, its
// batch (apply, parse or syntax check, the proof or full check, the log), the answer and its JSON —
// with the stage's wall time, the main thread's time on a core and waiting for one (Linux's
// per-thread schedstat, in ns), the rest of the wall (the main thread neither running nor runnable:
// waiting for the collector's helpers or the kernel), the process's CPU, and the collector's pauses
// that started in the stage. A round's summary adds the other threads' CPU, the full collections
// since the previous round (a collection between requests throws away optimized code: docs/refactor.md,
// "Seventeenth look"), the answer's size and the output hash (`b102267fd6` at 10,000 lines). `--file`
// times a real file instead of the generated one (`lines` is then ignored).
// `--collect` collects after each round as a pool worker does after a large task; `--collect-always`
// collects after every round whatever the heap. On a busy machine compare the main thread's time
// on a core, not wall times.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { benefitsOf } from '../server/src/engine/refactor/changeLog';
import { refactorJs } from '../server/src/engine/refactor/js/index';
import type { JsTransform, Proposals } from '../server/src/engine/refactor/js/transform';
import { selectPatterns } from '../server/src/engine/refactor/patterns';
import { collectIfLarge, heapUsed, releaseDeadMapsPromptly } from '../server/src/pool/collectGarbage';
import { source } from './refactorSource';

const fileAt = process.argv.indexOf('--file');
const file = fileAt > 0 ? process.argv[fileAt + 1] : undefined;
const args = process.argv
  .slice(2)
  .filter((arg, index, all) => !arg.startsWith('--') && all[index - 1] !== '--file');
const lines = Number(args[0] ?? 10000);
const rounds = Number(args[1] ?? 3);
const collectAlways = process.argv.includes('--collect-always');
const collect = collectAlways || process.argv.includes('--collect');
const patterns = selectPatterns('modernize', 'js', undefined);
if (collect) releaseDeadMapsPromptly();

interface Gc {
  start: number;
  duration: number;
  major: boolean;
}
const collections: Gc[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    collections.push({
      start: entry.startTime,
      duration: entry.duration,
      major: kind === constants.NODE_PERFORMANCE_GC_MAJOR,
    });
  }
}).observe({ entryTypes: ['gc'] });

/** Milliseconds a thread has run on a core and waited for one (Linux; zeros elsewhere). */
function schedOf(tid: number | string): { on: number; waiting: number } {
  try {
    const [on, waiting] = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ');
    return { on: Number(on) / 1e6, waiting: Number(waiting) / 1e6 };
  } catch {
    return { on: 0, waiting: 0 };
  }
}

function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

interface Point {
  at: number;
  on: number;
  waiting: number;
  cpu: number;
}

function now(): Point {
  const { on, waiting } = schedOf(process.pid);
  return { at: performance.now(), on, waiting, cpu: processCpuMs() };
}

interface Stage {
  name: string;
  from: Point;
  to: Point;
}

/** Consecutive stages: each mark ends the open stage and opens the next. */
class Timeline {
  readonly stages: Stage[] = [];
  private open: { name: string; from: Point } | undefined;

  mark(name: string | undefined): void {
    const point = now();
    if (this.open) this.stages.push({ ...this.open, to: point });
    this.open = name === undefined ? undefined : { name, from: point };
  }
}

/** The transform with each of its pipeline-facing calls marking the stage it starts. */
function observed(timeline: Timeline, transform: JsTransform): JsTransform {
  let round = -1;
  const stage = (what: string): string => `${transform.name} r${round}: ${what}`;
  const during = <A extends unknown[], R>(what: string, call: (...a: A) => R) => {
    return (...a: A): R => {
      timeline.mark(stage(what));
      try {
        return call(...a);
      } finally {
        timeline.mark(stage('batch (rest)'));
      }
    };
  };
  const { parseError, parseErrorAlone, addsNoError } = transform;
  return {
    ...transform,
    propose: (context): Proposals => {
      round++;
      timeline.mark(stage('propose'));
      const proposals = transform.propose(context);
      timeline.mark(stage('batch (apply, checks, log)'));
      return proposals;
    },
    ...(parseError && { parseError: during('parse check', parseError) }),
    ...(parseErrorAlone && { parseErrorAlone: during('parse check (last)', parseErrorAlone) }),
    ...(addsNoError && {
      addsNoError: during('proof', addsNoError.bind(transform)),
    }),
  };
}

function threadCpu(): Map<string, number> {
  const cpu = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) cpu.set(tid, schedOf(tid).on);
  return cpu;
}

const pad = (value: number, width = 6): string => value.toFixed(0).padStart(width);

function report(round: number, timeline: Timeline, extra: Record<string, unknown>): void {
  const gcIn = (from: number, to: number) => collections.filter((gc) => gc.start >= from && gc.start < to);
  process.stdout.write(
    `\nround ${round} (load ${loadavg()[0]!.toFixed(1)}): ms      wall  main-on  main-wait  other  proc-cpu  gc-pause (n)\n`,
  );
  for (const { name, from, to } of timeline.stages) {
    const wall = to.at - from.at;
    const on = to.on - from.on;
    const waiting = to.waiting - from.waiting;
    const gcs = gcIn(from.at, to.at);
    const pause = gcs.reduce((sum, gc) => sum + gc.duration, 0);
    process.stdout.write(
      `  ${name.slice(0, 58).padEnd(58)} ${pad(wall)} ${pad(on)} ${pad(waiting, 9)} ${pad(wall - on - waiting)} ${pad(to.cpu - from.cpu, 8)} ${pad(pause, 8)} (${gcs.length}${gcs.some((gc) => gc.major) ? ', full' : ''})\n`,
    );
  }
  process.stdout.write(`  ${JSON.stringify(extra)}\n`);
}

async function main(): Promise<void> {
  const run = (code: string, timeline?: Timeline) =>
    refactorJs({
      code,
      extension: 'js',
      patterns,
      deadline: Number.POSITIVE_INFINITY,
      ...(timeline && { observe: (transform: JsTransform) => observed(timeline, transform) }),
    });
  run(source(200));
  const code = file === undefined ? source(lines) : readFileSync(file, 'utf8');
  let previousEnd = performance.now();
  for (let round = 0; round < rounds; round++) {
    const timeline = new Timeline();
    const threadsBefore = threadCpu();
    const heapAtStart = heapUsed();
    const start = now();
    timeline.mark('open, parse check');
    const result = run(code, timeline);
    timeline.mark('answer: changes, benefits');
    const answer = {
      refactored_code: result.code,
      changes: result.log.changes(patterns),
      benefits: benefitsOf(result.log),
    };
    timeline.mark('answer: JSON.stringify');
    const json = JSON.stringify({ ok: true, result: answer });
    timeline.mark(undefined);
    const end = now();
    const threadsAfter = threadCpu();
    // Collection entries arrive on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    let otherThreadsMs = 0;
    for (const [tid, on] of threadsAfter)
      if (tid !== String(process.pid)) otherThreadsMs += on - (threadsBefore.get(tid) ?? 0);
    const fullBefore = collections.filter((gc) => gc.major && gc.start >= previousEnd && gc.start < start.at);
    report(round, timeline, {
      wallMs: Math.round(end.at - start.at),
      mainOnCpuMs: Math.round(end.on - start.on),
      mainWaitingMs: Math.round(end.waiting - start.waiting),
      processCpuMs: Math.round(end.cpu - start.cpu),
      otherThreadsMs: Math.round(otherThreadsMs),
      fullCollectionsSincePreviousRound: fullBefore.length,
      answerChars: json.length,
      changes: answer.changes.length,
      hash: createHash('sha1')
        .update(answer.refactored_code + JSON.stringify(answer.changes))
        .digest('hex')
        .slice(0, 10),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    });
    previousEnd = performance.now();
    if (collectAlways) (globalThis as { gc?: () => void }).gc?.();
    else if (collect) collectIfLarge(heapAtStart);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
