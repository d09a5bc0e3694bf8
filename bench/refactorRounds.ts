// `modernize` rounds on the refactor bench's generated file with the 20 s budget lifted, for
// before/after comparisons on a busy machine, where the budget would cut a run short and wall time
// means little: `node --max-old-space-size=1024 --expose-gc --import tsx bench/refactorRounds.ts
// [lines=10000] [rounds=3] [--collect]` prints one JSON line per round (CPU time of the process and
// of its main thread, wall time, number of changes, a hash of the output, peak RSS so far).
// `--collect` collects after each round as a pool worker does after a large task (and, as a worker,
// does not let V8 keep dead maps, which held a finished lint's SourceCode: collectGarbage.ts). The process's CPU
// time includes V8's garbage-collection and compiler threads (about half of it at 10,000 lines); the
// main thread's is the request's own work; `backgroundCpuMs` is the rest (mostly V8's optimizing compiler
// re-tiering code each round, docs/refactor.md "Thirteenth look"). `--keep-maps` collects as `--collect`
// does but leaves V8's default map retention, to measure what the worker's setting costs. Run it
// from a `git archive` of another commit to compare.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benefitsOf } from '../server/src/engine/refactor/changeLog';
import { refactorJs } from '../server/src/engine/refactor/js/index';
import { selectPatterns } from '../server/src/engine/refactor/patterns';
import { collectIfLarge, heapUsed, releaseDeadMapsPromptly } from '../server/src/pool/collectGarbage';
import { source } from './refactorSource';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const lines = Number(args[0] ?? 10000);
const rounds = Number(args[1] ?? 3);
const keepMaps = process.argv.includes('--keep-maps');
const collect = keepMaps || process.argv.includes('--collect');
const patterns = selectPatterns('modernize', 'js', undefined);
// A pool worker's V8 settings (server/src/pool/worker.ts): dead maps are not kept for later code.
if (collect && !keepMaps) releaseDeadMapsPromptly();

function modernize(code: string): { code: string; changes: string[]; benefits: string[] } {
  const result = refactorJs({ code, extension: 'js', patterns, deadline: Number.POSITIVE_INFINITY });
  return { code: result.code, changes: result.log.changes(patterns), benefits: benefitsOf(result.log) };
}

/** CPU time (ms) of the main thread alone, from Linux's per-thread statistics (undefined elsewhere). */
function mainThreadCpuMs(): number | undefined {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

// A worker that has served one task: modules loaded, the standard library parsed.
modernize(source(200));
const code = source(lines);
for (let round = 0; round < rounds; round++) {
  const cpu = process.cpuUsage();
  const mainCpu = mainThreadCpuMs();
  const start = performance.now();
  const heapAtStart = heapUsed();
  const result = modernize(code);
  const wallMs = Math.round(performance.now() - start);
  const used = process.cpuUsage(cpu);
  const mainUsed = mainCpu === undefined ? undefined : mainThreadCpuMs()! - mainCpu;
  if (collect) collectIfLarge(heapAtStart);
  const hash = createHash('sha1')
    .update(result.code + JSON.stringify(result.changes))
    .digest('hex')
    .slice(0, 10);
  const line = {
    lines,
    round,
    cpuMs: Math.round((used.user + used.system) / 1000),
    mainThreadCpuMs: mainUsed,
    backgroundCpuMs:
      mainUsed === undefined ? undefined : Math.round((used.user + used.system) / 1000) - mainUsed,
    wallMs,
    changes: result.changes.length,
    hash,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    load: Number(loadavg()[0]!.toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
