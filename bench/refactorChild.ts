// One size of the refactor benchmark in a process of its own, so its peak memory is its own:
// `tsx bench/refactorChild.ts <lines> <rounds>` prints one JSON line with the per-round durations
// of the baseline and of `modernize`, and the process's peak RSS after each.
import { refactorCode } from '../server/src/engine/refactor/index';
import { createVirtualFile } from '../server/src/engine/refactor/js/virtualFile';
import { source } from './refactorSource';
import { collectIfLarge, heapUsed, releaseDeadMapsPromptly } from '../server/src/pool/collectGarbage';

export interface ChildResult {
  lines: number;
  changes: number;
  baselineMs: number[];
  modernizeMs: number[];
  /** CPU time (user + system) of each `modernize` round: steadier than wall time on a busy machine. */
  modernizeCpuMs: number[];
  /** CPU time of each baseline round. */
  baselineCpuMs: number[];
  /** Peak RSS (MB) after the warm-up and the baseline rounds, before any `modernize` of this size. */
  baselineRssMb: number;
  /** Peak RSS (MB) of the whole process, `modernize` rounds included. */
  peakRssMb: number;
  /**
   * Whether the worker's collection ran after the round before each `modernize` round (false for the
   * first): a round after a full collection costs about half as much CPU again, its optimized code
   * thrown away (docs/refactor.md, "Seventeenth look at 10,000 lines").
   */
  collectedBefore: boolean[];
}

const cpuMs = (usage: NodeJS.CpuUsage): number => Math.round((usage.user + usage.system) / 1000);
const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

async function main(): Promise<void> {
  // A pool worker's V8 settings (server/src/pool/worker.ts).
  releaseDeadMapsPromptly();
  const lines = Number(process.argv[2]);
  const rounds = Number(process.argv[3] ?? 3);
  const code = source(lines);
  // A pool worker that has served one task: modules loaded, the standard library's .d.ts parsed.
  await refactorCode({ code: source(200), language: 'javascript', refactor_type: 'modernize' }, {});
  // The least any service-based refactor must do: create the language service and parse the file.
  const baselineMs: number[] = [];
  const baselineCpuMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const file = createVirtualFile(code, 'js');
    file.service.getSyntacticDiagnostics(file.fileName);
    file.dispose();
    baselineCpuMs.push(cpuMs(process.cpuUsage(cpu)));
    baselineMs.push(performance.now() - start);
  }
  const baselineRssMb = peakRssMb();
  const modernizeMs: number[] = [];
  const modernizeCpuMs: number[] = [];
  const collectedBefore: boolean[] = [];
  let collected = false;
  let changes = 0;
  for (let round = 0; round < rounds; round++) {
    collectedBefore.push(collected);
    const start = performance.now();
    const cpu = process.cpuUsage();
    const heapAtStart = heapUsed();
    const result = await refactorCode({ code, language: 'javascript', refactor_type: 'modernize' }, {});
    modernizeCpuMs.push(cpuMs(process.cpuUsage(cpu)));
    modernizeMs.push(performance.now() - start);
    // What a pool worker does once a task has answered (run with --expose-gc, as the pool's are).
    collected = collectIfLarge(heapAtStart);
    changes = result.changes.length;
  }
  const result: ChildResult = {
    lines,
    changes,
    baselineMs,
    modernizeMs,
    modernizeCpuMs,
    baselineCpuMs,
    baselineRssMb,
    peakRssMb: peakRssMb(),
    collectedBefore,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
