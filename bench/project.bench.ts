// Project analysis: (1) the size analysis on a large tree — all of node_modules treated as one
// project — against cloc counting the same folders in the same run (aim: at least 5x faster);
// (2) the full analysis (size, quality through the review engine, architecture, manifests) on this
// repository, cold (empty review cache) and warm, each in a fresh process so its peak memory
// (maxRSS) is its own. The tree can be chosen: `npm run bench -- project` with CODEWRIGHT_BENCH_TREE.
// CODEWRIGHT_BENCH_BASELINE_CHECKOUT names an older checkout of this repository (e.g. made with
// `git archive <commit> | tar -x -C <folder>`, node_modules linked in): its size analysis is then
// timed in the same rounds, so a change is measured against the code before it under the same load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCloc } from './cloc';
import type { BenchResult } from './harness';

const REPO = join(__dirname, '..');

/** Rounds of the size comparison (each side alternates, the median of each is reported). */
const ROUNDS = Number(process.env.CODEWRIGHT_BENCH_ROUNDS ?? 3);

/** One size analysis in a fresh process, so every round starts as cold as a new pool worker. */
function sizeRound(tree: string, checkout = REPO): { ms: number; files: number; lines: number } {
  const script = `
    const { scanProject } = require('./server/src/engine/project/size/scan');
    const started = performance.now();
    scanProject(${JSON.stringify(tree)}).then((r) =>
      console.log(JSON.stringify({ ms: performance.now() - started, files: r.files, lines: r.lines })));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: checkout,
    encoding: 'utf8',
  });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !line.startsWith('{'))
    throw new Error(`size analysis in ${checkout} failed: ${result.stderr.slice(-2000)}`);
  return JSON.parse(line) as { ms: number; files: number; lines: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function sizeVersusCloc(tree: string): Promise<BenchResult[]> {
  // cloc's --exclude-dir also matches the root's own name (node_modules), so it gets the children.
  const children = readdirSync(tree).map((name) => join(tree, name));
  const ours: number[] = [];
  const theirs: number[] = [];
  const older: number[] = [];
  const baselineCheckout = process.env.CODEWRIGHT_BENCH_BASELINE_CHECKOUT;
  let counted = { files: 0, lines: 0 };
  for (let round = 0; round < Math.max(1, ROUNDS); round++) {
    if (baselineCheckout) older.push(sizeRound(tree, baselineCheckout).ms);
    const run = sizeRound(tree);
    ours.push(run.ms);
    counted = run;
    const clocStarted = performance.now();
    runCloc(children);
    theirs.push(performance.now() - clocStarted);
  }
  return [
    {
      name: `size analysis of ${tree} (${counted.files} files, ${counted.lines} lines), median of ${ours.length}`,
      value: median(ours) / 1000,
      unit: 's',
      baseline: { name: 'cloc on the same folders', value: median(theirs) / 1000 },
      aim: 'lower is better; aim <= 0.2 (5x faster)',
    },
    ...(baselineCheckout
      ? [
          {
            name: `size analysis of the same tree by ${baselineCheckout}, median of ${older.length}`,
            value: median(older) / 1000,
            unit: 's',
            baseline: { name: 'cloc on the same folders', value: median(theirs) / 1000 },
            aim: 'the code before the change, for comparison',
          },
        ]
      : []),
  ];
}

function fullAnalysis(cacheDir: string): { ms: number; rssMb: number; reviewed: number; cached: number } {
  const script = `
    const { analyzeProject } = require('./server/src/engine/project/analysis/index');
    const { DEFAULT_CONFIG } = require('./server/src/engine/contracts/config');
    const started = performance.now();
    analyzeProject({ project_path: '.', analysis_type: 'full', include_dependencies: true },
      { config: DEFAULT_CONFIG, roots: [process.cwd()] }).then((out) => {
      const ms = performance.now() - started;
      console.log(JSON.stringify({ ms, rssMb: process.resourceUsage().maxRSS / 1024,
        reviewed: out.code_quality.reviewed_files, cached: out.code_quality.cached_files }));
    });`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, CODEWRIGHT_CACHE_DIR: cacheDir },
    maxBuffer: 1 << 24,
  });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !line.startsWith('{'))
    throw new Error(`full analysis failed: ${result.stderr.slice(-2000)}`);
  return JSON.parse(line) as { ms: number; rssMb: number; reviewed: number; cached: number };
}

export default async function projectBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  if (spawnSync('cloc', ['--version']).status === 0)
    results.push(...(await sizeVersusCloc(process.env.CODEWRIGHT_BENCH_TREE ?? join(REPO, 'node_modules'))));
  else console.error('cloc is not installed (apt-get install cloc): size comparison skipped');
  const cacheDir = mkdtempSync(join(tmpdir(), 'cw-bench-cache-'));
  try {
    const cold = fullAnalysis(cacheDir);
    const warm = fullAnalysis(cacheDir);
    results.push(
      {
        name: `full analysis of this repository, cold cache (${cold.reviewed} files reviewed)`,
        value: cold.ms / 1000,
        unit: 's',
      },
      { name: 'full analysis, cold cache: peak memory (maxRSS)', value: cold.rssMb, unit: 'MB' },
      {
        name: `full analysis, warm cache (${warm.cached} of ${warm.reviewed} reviews from the cache)`,
        value: warm.ms / 1000,
        unit: 's',
        baseline: { name: 'cold cache', value: cold.ms / 1000 },
        aim: 'lower is better',
      },
      { name: 'full analysis, warm cache: peak memory (maxRSS)', value: warm.rssMb, unit: 'MB' },
    );
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return results;
}
