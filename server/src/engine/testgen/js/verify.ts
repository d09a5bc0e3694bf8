// Runs the generated suite with the chosen framework, in the sandbox, against the instrumented module,
// and reports which tests passed and the coverage the run reached. mocha, jest and vitest run through
// their own APIs in the sandboxed process (jest in band, vitest on one worker thread), node:test runs
// the file directly with the TAP reporter. The scripts are in suiteRunners.ts.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CoverageMapData } from 'istanbul-lib-coverage';
import ts from 'typescript';
import { nodeBinary, nodePermissionFlags, runSandboxed } from '../sandbox';
import type { JsFramework } from './emit';
import {
  COVERAGE_MARK,
  JEST_RUNNER,
  JEST_SETUP,
  MARK,
  MOCHA_RUNNER,
  NODE_TEST_RUNNER,
  VITEST_PRELOAD,
  VITEST_RUNNER,
  VITEST_SETUP,
} from './suiteRunners';

export interface SuiteRun {
  /** Case ids (from the `#N` title prefix) that passed and that failed. */
  passed: Set<number>;
  failed: Map<number, string>;
  coverage?: CoverageMapData;
  /** Set when the run itself broke (the suite did not load, the process was killed). */
  problem?: string;
}

/** The folder holding a package's node_modules, so the permission model can let the runner read it. */
function packageRoot(name: string): { entry: string; nodeModules: string } | undefined {
  try {
    // From the engine's own install first (node_modules beside the bundle), then the current folder.
    const resolver = createRequire(
      typeof __filename === 'string' ? __filename : join(process.cwd(), 'noop.js'),
    );
    const manifest = resolver.resolve(`${name}/package.json`, {
      paths: [dirname(__filename), process.cwd()],
    });
    const dir = dirname(manifest);
    const nodeModules = dir.slice(
      0,
      dir.lastIndexOf(`${sep}node_modules${sep}`) + `${sep}node_modules`.length,
    );
    return { entry: dir, nodeModules };
  } catch {
    return undefined;
  }
}

export function frameworkAvailable(framework: JsFramework): boolean {
  return framework === 'node:test' || packageRoot(framework) !== undefined;
}

/** Writes the module and the suite into the folder and runs it once. */
export async function runSuite(
  folder: string,
  framework: JsFramework,
  testCode: string,
  modulePath: string,
  moduleRunnable: string,
  signal?: AbortSignal,
): Promise<SuiteRun> {
  // Lay the files out so the test's own relative import resolves: the test sits deep enough that
  // every `..` of the module path stays inside the work folder.
  const ups = modulePath.split('/').filter((part) => part === '..').length;
  const suiteDir = join(folder, 'suite');
  const testDir = join(suiteDir, ...Array.from({ length: ups }, (_, i) => `d${i}`));
  mkdirSync(testDir, { recursive: true });
  const moduleFile = join(testDir, `${modulePath.replace(/\.(m|c)?[jt]sx?$/, '')}.js`);
  mkdirSync(dirname(moduleFile), { recursive: true });
  writeFileSync(moduleFile, moduleRunnable);
  writeFileSync(join(suiteDir, 'package.json'), '{"type":"commonjs"}\n');
  const testFile = join(testDir, 'generated.test.js');
  writeFileSync(
    testFile,
    ts.transpileModule(testCode, {
      fileName: 'generated.test.ts',
      compilerOptions: {
        // vitest imports its API as an ES module (vite transforms the file); the others load CommonJS.
        module: framework === 'vitest' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    }).outputText,
  );
  const launch = launchFor(framework, folder, suiteDir, testFile);
  if (typeof launch === 'string') return { passed: new Set(), failed: new Map(), problem: launch };
  const result = await runSandboxed({
    command: nodeBinary(),
    args: [
      ...nodePermissionFlags([folder, ...launch.readable], launch.writable ?? [], launch.allow),
      ...launch.args,
    ],
    cwd: folder,
    signal,
    idleMs: 10_000,
  });
  return parseRun(result.stdout, framework, result.killed);
}

interface Launch {
  args: string[];
  readable: string[];
  writable?: string[];
  allow?: { addons?: boolean; workers?: boolean };
}

/** The runner script and the permissions one framework needs, or why it cannot run. */
function launchFor(
  framework: JsFramework,
  folder: string,
  suiteDir: string,
  testFile: string,
): Launch | string {
  if (framework === 'node:test') {
    const runner = join(folder, 'suite-runner.cjs');
    writeFileSync(runner, NODE_TEST_RUNNER);
    return { args: ['--test-reporter=tap', runner, testFile], readable: [] };
  }
  const pkg = packageRoot(framework);
  if (!pkg) return `${framework} is not installed where the engine runs`;
  if (framework === 'mocha') {
    const runner = join(folder, 'suite-runner.cjs');
    writeFileSync(runner, MOCHA_RUNNER);
    return {
      args: [runner, pathToFileURL(join(pkg.entry, 'index.js')).href, testFile],
      readable: [pkg.nodeModules],
    };
  }
  if (framework === 'jest') {
    const runner = join(folder, 'suite-runner.cjs');
    const setup = join(folder, 'jest-setup.cjs');
    writeFileSync(runner, JEST_RUNNER);
    writeFileSync(setup, JEST_SETUP);
    // A fresh cache per run: jest must write its haste map somewhere, and a stale one could list
    // a test file from an earlier attempt.
    const cache = mkdtempSync(join(folder, 'jest-cache-'));
    return {
      args: [runner, exportTarget(pkg.entry, '.'), suiteDir, setup, cache],
      readable: [pkg.nodeModules],
      writable: [cache],
    };
  }
  const runner = join(folder, 'suite-runner.mjs');
  const setup = join(folder, 'vitest-setup.mjs');
  const preload = join(folder, 'vitest-preload.cjs');
  writeFileSync(runner, VITEST_RUNNER);
  writeFileSync(setup, VITEST_SETUP);
  writeFileSync(preload, VITEST_PRELOAD);
  return {
    args: [
      '--require',
      preload,
      runner,
      pathToFileURL(exportTarget(pkg.entry, './node')).href,
      exportTarget(pkg.entry, '.'),
      suiteDir,
      setup,
    ],
    readable: [pkg.nodeModules],
    // Vite's bundler (rolldown) is a native addon, and vitest runs tests in a worker thread.
    allow: { addons: true, workers: true },
  };
}

/** The file a package exports for `subpath` when imported (its `exports` map, else `main`). */
function exportTarget(packageDir: string, subpath: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    main?: string;
    exports?: Record<string, unknown>;
  };
  let target: unknown = manifest.exports?.[subpath];
  while (target && typeof target === 'object') {
    const conditions = target as Record<string, unknown>;
    target = conditions.import ?? conditions.node ?? conditions.default ?? conditions.require;
  }
  if (typeof target === 'string') return join(packageDir, target);
  return join(packageDir, subpath === '.' ? (manifest.main ?? 'index.js') : `${subpath}.js`);
}

function parseRun(stdout: string, framework: JsFramework, killed: string | undefined): SuiteRun {
  const run: SuiteRun = { passed: new Set(), failed: new Map() };
  const at = stdout.lastIndexOf(MARK);
  const payload = at >= 0 ? stdout.slice(at + MARK.length).split('\n')[0]! : '';
  let parsed: {
    results?: { title: string; ok: boolean; error?: string }[];
    coverage?: CoverageMapData;
    problem?: string;
  } = {};
  try {
    parsed = payload ? (JSON.parse(payload) as typeof parsed) : {};
  } catch {
    parsed = {};
  }
  run.coverage = parsed.coverage ?? lastCoverageLine(stdout);
  if (parsed.problem) run.problem = parsed.problem.split('\n')[0];
  const idOf = (title: string): number | undefined => {
    const m = /^\\?#(\d+) /.exec(title);
    return m ? Number(m[1]) : undefined;
  };
  if (framework !== 'node:test') {
    for (const r of parsed.results ?? []) {
      const id = idOf(r.title);
      if (id === undefined) continue;
      if (r.ok) run.passed.add(id);
      else run.failed.set(id, r.error ?? 'failed');
    }
  } else {
    for (const line of stdout.split('\n')) {
      const m = /^\s*(not )?ok \d+ - (.*)$/.exec(line);
      const id = m ? idOf(m[2]!) : undefined;
      if (id === undefined) continue;
      if (m![1]) run.failed.set(id, 'failed');
      else run.passed.add(id);
    }
  }
  if (killed) run.problem = `the suite was killed by the ${killed}`;
  else if (at < 0) run.problem = 'the suite did not finish';
  return run;
}

/** The coverage a jest or vitest setup file printed after the last test (their globals are their own). */
function lastCoverageLine(stdout: string): CoverageMapData | undefined {
  const at = stdout.lastIndexOf(COVERAGE_MARK);
  if (at < 0) return undefined;
  try {
    return JSON.parse(stdout.slice(at + COVERAGE_MARK.length).split('\n')[0]!) as CoverageMapData;
  } catch {
    return undefined;
  }
}
