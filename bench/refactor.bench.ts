// Refactor latency and memory: `modernize` on 1,000-, 5,000- and 10,000-line ES5-style JS files
// (bench/refactorSource.ts), each size in a child process of its own (bench/refactorChild.ts) so
// its peak RSS is its own, under the same heap cap as a pool worker. Baseline, measured in the same
// child: creating the TypeScript language service and one getSyntacticDiagnostics on the same file
// (the least any service-based refactor must do). Issue 8's aim for 10,000 lines: ≤ 2 s and ≤ 600 MB peak on a quiet machine.
// At 10,000 lines the same request also goes through a pool worker (bench/refactorPoolGap.ts), as
// the HTTP API sends it: three requests 2 s apart (a user's pace) and three back to back.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { percentile, type BenchResult } from './harness';
import { poolRequests } from './refactorPoolGap';
import type { ChildResult } from './refactorChild';
import { DEFAULT_POOL_SETTINGS, taskTimeLimit, workerExecArgv } from '../server/src/pool/poolSettings';
import { source } from './refactorSource';

const SIZES: { lines: number; rounds: number }[] = [
  { lines: 1000, rounds: 5 },
  { lines: 5000, rounds: 3 },
  { lines: 10000, rounds: 3 },
];

function runChild(lines: number, rounds: number): ChildResult {
  const output = execFileSync(
    process.execPath,
    // The heap cap and flags a pool worker runs with: V8 sizes its heap (and so the peak RSS) by that
    // cap, and a worker collects after a large task (server/src/pool/collectGarbage.ts).
    [
      ...workerExecArgv(DEFAULT_POOL_SETTINGS.memoryMb),
      '--import',
      'tsx',
      join(__dirname, 'refactorChild.ts'),
      String(lines),
      String(rounds),
    ],
    { encoding: 'utf8', maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as ChildResult;
}

export default async function bench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const { lines, rounds } of SIZES) {
    const child = runChild(lines, rounds);
    const largest = lines === 10000;
    results.push({
      name: `refactor modernize ${lines}-line JS (${child.changes} changes listed), median of ${rounds}`,
      value: percentile(child.modernizeMs, 50),
      unit: 'ms',
      baseline: { name: 'language service + syntactic diagnostics', value: percentile(child.baselineMs, 50) },
      aim: largest ? 'lower is better; aim ≤ 2 s on a quiet machine (issue 8)' : 'lower is better',
    });
    results.push({
      name: `refactor modernize ${lines}-line JS, CPU time (user + system), median of ${rounds}`,
      value: percentile(child.modernizeCpuMs, 50),
      unit: 'ms',
      baseline: { name: 'same baseline, CPU time', value: percentile(child.baselineCpuMs, 50) },
      aim: 'lower is better; on a busy machine compare CPU time, not wall time',
    });
    results.push({
      name: `refactor modernize ${lines}-line JS, peak RSS of its process`,
      value: child.peakRssMb,
      unit: 'MB',
      baseline: { name: 'same process before modernize', value: child.baselineRssMb },
      aim: largest ? 'aim ≤ 600 MB (issue 8)' : 'lower is better',
    });
  }
  results.push(...(await throughPool(results)));
  return results;
}

/**
 * The 10,000-line request as a caller of the HTTP API sees it: through a worker of the pool (its
 * priority, the answer's trip between processes, the collection it runs after a large task), on a
 * fresh worker that has served one small task, with the pool's own time limit. Spaced requests are
 * what a user sends (the first large one as far from the small one as the next from it: the worker's
 * idle time after its first refactor builds its shape anchor, shapeAnchor.ts); back to back, each
 * request may wait for what the worker does after the last, the first large one included.
 * The spaced run goes on for two more requests, whose median with the third is a row of its own: a
 * worker's first large request and the one after its first collection cost more than its later ones
 * (docs/refactor.md, "Twentieth look at 10,000 lines"), and the median of three is made of those.
 */
async function throughPool(inProcess: BenchResult[]): Promise<BenchResult[]> {
  const wall = inProcess.find((result) => result.name.startsWith('refactor modernize 10000-line JS ('));
  const results: BenchResult[] = [];
  for (const [gap, pace] of [
    [2000, 'requests 2 s apart'],
    [0, 'back to back'],
  ] as const) {
    const name = `refactor modernize 10000-line JS through a pool worker, ${pace}, wall seen by the caller, median of 3`;
    const aim = 'lower is better; what the aim of ≤ 2 s means for a user of the API';
    try {
      const later = gap > 0 ? 2 : 0;
      const requests = await poolRequests(source(10000), gap, 3 + later, {
        timeLimitMs: taskTimeLimit(DEFAULT_POOL_SETTINGS, 'refactor'),
        firstGap: gap,
      });
      const row = (rowName: string, part: typeof requests) => ({
        name: `${rowName} (answers ${[...new Set(part.map(({ hash }) => hash))].join(', ')})`,
        value: percentile(
          part.map(({ wallMs }) => wallMs),
          50,
        ),
        unit: 'ms',
        baseline: wall && { name: 'the same in process (above)', value: wall.value },
        aim,
      });
      results.push(row(name, requests.slice(0, 3)));
      if (later > 0) {
        const steady = `refactor modernize 10000-line JS through a pool worker, ${pace}, requests 3–5 (a worker's later requests), wall seen by the caller, median of 3`;
        results.push(row(steady, requests.slice(2)));
      }
    } catch (error) {
      // A request past the pool's time limit (a loaded machine) fails as it would for a user.
      results.push({ name: `${name}: failed, ${(error as Error).message}`, value: NaN, unit: 'ms', aim });
    }
  }
  return results;
}
