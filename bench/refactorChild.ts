// One size of the refactor benchmark in a process of its own, so its peak memory is its own:
// `tsx bench/refactorChild.ts <lines> <rounds>` prints one JSON line with the per-round durations
// of the baseline and of `modernize`, and the process's peak RSS after each.
import { refactorCode } from '../server/src/engine/refactor/index';
import { createVirtualFile } from '../server/src/engine/refactor/js/virtualFile';
import { source } from './refactorSource';

export interface ChildResult {
  lines: number;
  changes: number;
  baselineMs: number[];
  modernizeMs: number[];
  /** Peak RSS (MB) after the warm-up and the baseline rounds, before any `modernize` of this size. */
  baselineRssMb: number;
  /** Peak RSS (MB) of the whole process, `modernize` rounds included. */
  peakRssMb: number;
}

const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

async function main(): Promise<void> {
  const lines = Number(process.argv[2]);
  const rounds = Number(process.argv[3] ?? 3);
  const code = source(lines);
  // A pool worker that has served one task: modules loaded, the standard library's .d.ts parsed.
  await refactorCode({ code: source(200), language: 'javascript', refactor_type: 'modernize' }, {});
  // The least any service-based refactor must do: create the language service and parse the file.
  const baselineMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const file = createVirtualFile(code, 'js');
    file.service.getSyntacticDiagnostics(file.fileName);
    file.dispose();
    baselineMs.push(performance.now() - start);
  }
  const baselineRssMb = peakRssMb();
  const modernizeMs: number[] = [];
  let changes = 0;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const result = await refactorCode({ code, language: 'javascript', refactor_type: 'modernize' }, {});
    modernizeMs.push(performance.now() - start);
    changes = result.changes.length;
  }
  const result: ChildResult = {
    lines,
    changes,
    baselineMs,
    modernizeMs,
    baselineRssMb,
    peakRssMb: peakRssMb(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
