// Runs the generated suite with the chosen framework, in the sandbox, against the instrumented module,
// and reports which tests passed and the coverage the run reached. mocha runs through its own API
// (so no extra process is needed under the permission model); node:test runs the file directly with
// the TAP reporter. jest and vitest are run only when the engine can resolve them (see index.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CoverageMapData } from 'istanbul-lib-coverage';
import ts from 'typescript';
import { nodeBinary, nodePermissionFlags, runSandboxed } from '../sandbox';
import { NETWORK_GUARD } from './harnessSource';
import { COVERAGE_VARIABLE } from './instrument';
import type { JsFramework } from './emit';

export interface SuiteRun {
  /** Case ids (from the `#N` title prefix) that passed and that failed. */
  passed: Set<number>;
  failed: Map<number, string>;
  coverage?: CoverageMapData;
  /** Set when the run itself broke (the suite did not load, the process was killed). */
  problem?: string;
}

const MARK = '@@codewright-result@@';

const MOCHA_RUNNER = String.raw`'use strict';
const fs = require('fs');
${NETWORK_GUARD}
const [, , mochaUrl, testFile] = process.argv;
import(mochaUrl).then(({ default: Mocha }) => {
  const results = [];
  const mocha = new Mocha({ timeout: 3000, reporter: function (runner) {
    runner.on('pass', (t) => results.push({ title: t.title, ok: true }));
    runner.on('fail', (t, err) => results.push({ title: t.title, ok: false, error: String(err && err.message).slice(0, 300) }));
  } });
  mocha.addFile(testFile);
  mocha.run(() => {
    fs.writeSync(1, '\n${MARK}' + JSON.stringify({ results, coverage: globalThis.${COVERAGE_VARIABLE} || {} }) + '\n');
  });
}, (e) => { fs.writeSync(1, '\n${MARK}' + JSON.stringify({ problem: String(e && e.stack || e) }) + '\n'); });
`;

const NODE_TEST_RUNNER = String.raw`'use strict';
const fs = require('fs');
${NETWORK_GUARD}
process.on('exit', () => {
  fs.writeSync(1, '\n${MARK}' + JSON.stringify({ coverage: globalThis.${COVERAGE_VARIABLE} || {} }) + '\n');
});
require(process.argv[2]);
`;

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

/** Writes the module and the suite (as CommonJS) into the folder and runs it once. */
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
  const testDir = join(folder, 'suite', ...Array.from({ length: ups }, (_, i) => `d${i}`));
  mkdirSync(testDir, { recursive: true });
  const moduleFile = join(testDir, `${modulePath.replace(/\.(m|c)?[jt]sx?$/, '')}.js`);
  mkdirSync(dirname(moduleFile), { recursive: true });
  writeFileSync(moduleFile, moduleRunnable);
  writeFileSync(join(folder, 'suite', 'package.json'), '{"type":"commonjs"}\n');
  const testFile = join(testDir, 'generated.test.js');
  writeFileSync(
    testFile,
    ts.transpileModule(testCode, {
      fileName: 'generated.test.ts',
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    }).outputText,
  );
  const runner = join(folder, 'suite-runner.cjs');
  const readable = [folder];
  let args: string[];
  if (framework === 'mocha') {
    const mocha = packageRoot('mocha');
    if (!mocha)
      return {
        passed: new Set(),
        failed: new Map(),
        problem: 'mocha is not installed where the engine runs',
      };
    writeFileSync(runner, MOCHA_RUNNER);
    readable.push(mocha.nodeModules);
    args = [runner, pathToFileURL(join(mocha.entry, 'index.js')).href, testFile];
  } else {
    writeFileSync(runner, NODE_TEST_RUNNER);
    args = ['--test-reporter=tap', runner, testFile];
  }
  const result = await runSandboxed({
    command: nodeBinary(),
    args: [...nodePermissionFlags(readable, []), ...args],
    cwd: folder,
    signal,
    idleMs: 10_000,
  });
  return parseRun(result.stdout, framework, result.killed);
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
  run.coverage = parsed.coverage;
  if (parsed.problem) run.problem = parsed.problem.split('\n')[0];
  const idOf = (title: string): number | undefined => {
    const m = /^\\?#(\d+) /.exec(title);
    return m ? Number(m[1]) : undefined;
  };
  if (framework === 'mocha') {
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
