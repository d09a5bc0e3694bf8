// Review throughput through the worker pool over many small real files (lodash's ~630 modules),
// against plain ESLint `Linter` with the same parser and rules in this process (one core):
// - one worker process: the pool's own cost (IPC, isolation, stage budgets), aim ratio ≥ 0.6;
// - the default number of workers: aim ratio > 1 (the pool uses the cores ESLint alone does not).
import { Linter } from 'eslint/universal';
import { DEFAULT_CONFIG } from '../server/src/engine/contracts/config';
import { CHECK_TYPES } from '../server/src/engine/contracts/review';
import { eslintConfig } from '../server/src/engine/review/javascript/analyser';
import { EnginePool } from '../server/src/pool/enginePool';
import { defaultWorkers } from '../server/src/pool/poolSettings';
import { lodashModules } from './corpus';
import type { BenchResult } from './harness';
import { median } from './load';

const ROUNDS = 3;

async function throughPool(pool: EnginePool, files: string[]): Promise<number> {
  const queue = [...files];
  const started = performance.now();
  // Keep every worker fed: a few tasks in flight per worker.
  const feeders = Array.from({ length: pool.settings.workers * 2 }, async () => {
    for (let code = queue.shift(); code !== undefined; code = queue.shift()) {
      await pool.run(
        'reviewFindings',
        { input: { code, language: 'javascript', check_types: [...CHECK_TYPES] }, fixedCode: false },
        { config: DEFAULT_CONFIG, roots: [] },
      );
    }
  });
  await Promise.all(feeders);
  return (files.length / (performance.now() - started)) * 1000;
}

export async function poolThroughput(): Promise<BenchResult[]> {
  const files = lodashModules().map(([, code]) => code);
  const config = eslintConfig('javascript', { checkTypes: [...CHECK_TYPES] });
  const linter = new Linter({ configType: 'flat' });
  const eslint = (): number => {
    const started = performance.now();
    for (const code of files) linter.verify(code, config, 'input.js');
    return (files.length / (performance.now() - started)) * 1000;
  };
  const workers = defaultWorkers();
  const one = new EnginePool({ settings: { workers: 1 } });
  const all = new EnginePool({ settings: { workers } });
  try {
    eslint();
    await throughPool(one, files.slice(0, 50));
    await throughPool(all, files.slice(0, 50 * workers));
    const runs = { eslint: [] as number[], one: [] as number[], all: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.eslint.push(eslint());
      runs.one.push(await throughPool(one, files));
      runs.all.push(await throughPool(all, files));
    }
    const baseline = { name: 'ESLint Linter in one process, same rules', value: median(runs.eslint) };
    return [
      {
        name: `review through the pool, 1 worker, ${files.length} lodash modules, median of ${ROUNDS}`,
        value: median(runs.one),
        unit: 'files/s',
        baseline,
        aim: 'higher is better; aim ratio ≥ 0.6',
      },
      {
        name: `review through the pool, ${workers} workers (the default here)`,
        value: median(runs.all),
        unit: 'files/s',
        baseline,
        aim: 'higher is better; aim ratio > 1',
      },
    ];
  } finally {
    await one.close();
    await all.close();
  }
}
