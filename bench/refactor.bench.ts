// Refactor latency and memory: `modernize` on 1,000-, 5,000- and 10,000-line ES5-style JS files
// (bench/refactorSource.ts), each size in a child process of its own (bench/refactorChild.ts) so
// its peak RSS is its own, under the same heap cap as a pool worker. Baseline, measured in the same
// child: creating the TypeScript language service and one getSyntacticDiagnostics on the same file
// (the least any service-based refactor must do). Issue 8's aim for 10,000 lines: ≤ 2 s and ≤ 600 MB peak on a quiet machine.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { percentile, type BenchResult } from './harness';
import type { ChildResult } from './refactorChild';
import { DEFAULT_POOL_SETTINGS, workerExecArgv } from '../server/src/pool/poolSettings';

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
  return results;
}
