// `codewright review` over a large real tree against the `eslint` command with the same security
// rules over the same files, both as child processes the way CI runs them: wall time and peak
// memory (resident set of the whole process tree: the CLI and its engine workers), as ratios.
// The tree is a copy of a package from node_modules (default eslint/lib; CODEWRIGHT_BENCH_TREE=path
// for another), outside the repository so no ignore file applies.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { BenchResult } from './harness';
import { median } from './load';

const REPO = resolve(__dirname, '..');
const ROUNDS = Number(process.env.CODEWRIGHT_BENCH_ROUNDS ?? 3);

/** Sum of the resident set sizes (KB) of a process and all its descendants, from `ps`. */
function treeRssKb(root: number): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const rss = new Map(rows.map(([pid, , kb]) => [pid, kb]));
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

interface Measured {
  ms: number;
  peakMb: number;
}

function measure(args: string[], cwd: string): Promise<Measured> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let peak = 0;
    let stderr = '';
    const timer = setInterval(() => {
      try {
        peak = Math.max(peak, treeRssKb(child.pid!));
      } catch {
        // ps raced with the exit: keep the peak so far
      }
    }, 50);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      clearInterval(timer);
      // ESLint exits 1 on findings; codewright runs with --fail-on none.
      if (code !== 0 && code !== 1)
        fail(new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`));
      else done({ ms: performance.now() - started, peakMb: peak / 1024 });
    });
  });
}

export default async function cliBench(): Promise<BenchResult[]> {
  const source = resolve(REPO, process.env.CODEWRIGHT_BENCH_TREE ?? 'node_modules/eslint/lib');
  const work = mkdtempSync(join(tmpdir(), 'codewright-cli-bench-'));
  const tree = join(work, 'tree');
  cpSync(source, tree, { recursive: true });
  // ESLint gets the engine's own ESLint configuration for security checks (same plugins and rules).
  const config = join(work, 'eslint.config.cjs');
  writeFileSync(
    config,
    [
      `require(${JSON.stringify(require.resolve('tsx/cjs'))});`,
      `const { eslintConfig } = require(${JSON.stringify(join(REPO, 'server/src/engine/review/javascript/analyser.ts'))});`,
      `module.exports = eslintConfig('javascript', { checkTypes: ['security'] });`,
    ].join('\n'),
  );
  const eslintArgs = [
    join(REPO, 'node_modules/eslint/bin/eslint.js'),
    '--config',
    config,
    '--no-ignore',
    '--format',
    'json',
    '--output-file',
    join(work, 'eslint.json'),
    'tree',
  ];
  const cliArgs = [
    join(REPO, 'dist/cli.js'),
    'review',
    'tree',
    '--check-types',
    'security',
    '--fail-on',
    'none',
    '--output',
    join(work, 'codewright.txt'),
  ];
  try {
    const runs = { eslint: [] as Measured[], cli: [] as Measured[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.eslint.push(await measure(eslintArgs, work));
      runs.cli.push(await measure(cliArgs, work));
    }
    const files = execFileSync('find', [tree, '-name', '*.js'], { encoding: 'utf8' })
      .trim()
      .split('\n').length;
    const label = `${files} .js files of ${source.replace(`${REPO}/`, '')}`;
    return [
      {
        name: `codewright review --check-types security, ${label}, wall time, median of ${ROUNDS}`,
        value: median(runs.cli.map((r) => r.ms)) / 1000,
        unit: 's',
        baseline: {
          name: 'eslint CLI, same security rules',
          value: median(runs.eslint.map((r) => r.ms)) / 1000,
        },
        aim: 'lower is better',
      },
      {
        name: 'codewright review, peak resident memory of the process tree (CLI + workers)',
        value: Math.max(...runs.cli.map((r) => r.peakMb)),
        unit: 'MB',
        baseline: { name: 'eslint CLI', value: Math.max(...runs.eslint.map((r) => r.peakMb)) },
        aim: 'lower is better',
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
