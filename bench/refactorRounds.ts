// `modernize` rounds on the refactor bench's generated file with the 20 s budget lifted, for
// before/after comparisons on a busy machine, where the budget would cut a run short and wall time
// means little: `node --max-old-space-size=1024 --expose-gc --import tsx bench/refactorRounds.ts
// [lines=10000] [rounds=3] [--collect]` prints one JSON line per round (CPU time, wall time, number
// of changes, a hash of the output, peak RSS so far). `--collect` collects after each round as a pool
// worker does after a large task. Run it from a `git archive` of another commit to compare.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { benefitsOf } from '../server/src/engine/refactor/changeLog';
import { refactorJs } from '../server/src/engine/refactor/js/index';
import { selectPatterns } from '../server/src/engine/refactor/patterns';
import { collectIfLarge } from '../server/src/pool/collectGarbage';
import { source } from './refactorSource';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const lines = Number(args[0] ?? 10000);
const rounds = Number(args[1] ?? 3);
const collect = process.argv.includes('--collect');
const patterns = selectPatterns('modernize', 'js', undefined);

function modernize(code: string): { code: string; changes: string[]; benefits: string[] } {
  const result = refactorJs({ code, extension: 'js', patterns, deadline: Number.POSITIVE_INFINITY });
  return { code: result.code, changes: result.log.changes(patterns), benefits: benefitsOf(result.log) };
}

// A worker that has served one task: modules loaded, the standard library parsed.
modernize(source(200));
const code = source(lines);
for (let round = 0; round < rounds; round++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = modernize(code);
  const wallMs = Math.round(performance.now() - start);
  const used = process.cpuUsage(cpu);
  if (collect) collectIfLarge();
  const hash = createHash('sha1')
    .update(result.code + JSON.stringify(result.changes))
    .digest('hex')
    .slice(0, 10);
  const line = {
    lines,
    round,
    cpuMs: Math.round((used.user + used.system) / 1000),
    wallMs,
    changes: result.changes.length,
    hash,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    load: Number(loadavg()[0]!.toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
