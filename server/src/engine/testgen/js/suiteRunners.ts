// The scripts that run a generated suite inside the sandbox, one per framework. Each ends by printing
// one `MARK` line with the per-test results; the coverage of the instrumented module is printed by the
// script itself (mocha, node:test) or, for jest and vitest (whose tests run in a vm context or a worker
// thread with a global of their own), by a setup file that runs after all tests, on a `COVERAGE_MARK`
// line. The network guard runs where the tests run for the same reason.
import { NETWORK_GUARD } from './harnessSource';
import { COVERAGE_VARIABLE } from './instrument';

export const MARK = '@@codewright-result@@';
export const COVERAGE_MARK = '@@codewright-coverage@@';

const PRINT_COVERAGE = `require('fs').writeSync(1, '\\n${COVERAGE_MARK}' + JSON.stringify(globalThis.${COVERAGE_VARIABLE} || {}) + '\\n')`;

export const MOCHA_RUNNER = String.raw`'use strict';
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

export const NODE_TEST_RUNNER = String.raw`'use strict';
const fs = require('fs');
${NETWORK_GUARD}
process.on('exit', () => {
  fs.writeSync(1, '\n${MARK}' + JSON.stringify({ coverage: globalThis.${COVERAGE_VARIABLE} || {} }) + '\n');
});
require(process.argv[2]);
`;

/** jest setup file (CommonJS, runs inside the test environment's vm context). */
export const JEST_SETUP = `'use strict';
${NETWORK_GUARD}
afterAll(() => { ${PRINT_COVERAGE}; });
`;

/**
 * jest through its own `runCLI`, in band (no worker processes: the permission model refuses child
 * processes and workers, and the heap cap must hold for the tests). jest 30 resolves modules with a
 * native addon (unrs-resolver), which the permission model refuses too; its small interface is served
 * here by Node's own resolution, so no addon is loaded. jest writes its haste map into `cacheDir`,
 * the one writable folder.
 */
export const JEST_RUNNER = String.raw`'use strict';
const fs = require('fs');
const Module = require('module');
const path = require('path');
${NETWORK_GUARD}
const [, , jestEntry, suiteDir, setupFile, cacheDir] = process.argv;
const print = (o) => fs.writeSync(1, '\n${MARK}' + JSON.stringify(o) + '\n');
const plain = (s) => String(s || '').replace(/\u001b\[[0-9;]*m/g, '').slice(0, 300);
class ResolverFactory {
  constructor(options) { this.options = options || {}; }
  cloneWithOptions(options) { return new ResolverFactory(options); }
  clearCache() {}
  sync(basedir, request) {
    try { return { path: Module.createRequire(path.join(basedir, 'noop.js')).resolve(request) }; }
    catch (e) { return { error: String(e && e.message) }; }
  }
  async(basedir, request) { return Promise.resolve(this.sync(basedir, request)); }
}
try {
  const resolveDir = path.dirname(require.resolve('jest-resolve/package.json', { paths: [path.dirname(jestEntry)] }));
  const addon = require.resolve('unrs-resolver', { paths: [resolveDir] });
  const shim = new Module(addon);
  shim.filename = addon;
  shim.loaded = true;
  shim.exports = { ResolverFactory };
  require.cache[addon] = shim;
} catch (e) { /* a jest without unrs-resolver resolves in JavaScript already */ }
const config = {
  rootDir: suiteDir,
  testMatch: ['**/generated.test.js'],
  transform: {},
  setupFilesAfterEnv: [setupFile],
  testEnvironment: 'node',
  testTimeout: 3000,
  cacheDirectory: cacheDir,
  haste: { forceNodeFilesystemAPI: true },
};
require(jestEntry)
  .runCLI({ _: [], $0: 'jest', runInBand: true, cache: false, watchman: false, ci: true, silent: true, config: JSON.stringify(config) }, [suiteDir])
  .then(({ results }) => {
    const out = { results: [] };
    for (const file of results.testResults) {
      if (file.testExecError) out.problem = plain(file.testExecError.message);
      for (const t of file.testResults)
        out.results.push({ title: t.title, ok: t.status === 'passed', error: plain((t.failureMessages || []).join(' ')) });
    }
    print(out);
  }, (e) => print({ problem: String(e && e.stack || e) }));
`;

/** vitest setup file (ES module, runs in the worker thread that runs the tests, after the preload). */
export const VITEST_SETUP = `import { afterAll } from 'vitest';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
afterAll(() => { ${PRINT_COVERAGE}; });
`;

/**
 * Loaded with `--require` before vitest, in the main thread and (because a worker started without
 * its own `execArgv` inherits the process's) in every worker thread, before any test code.
 * - A worker started WITH its own `execArgv` does not inherit the permission model (Node's documented
 *   rule, nodejs/node#62222), and vitest passes one; so `execArgv` is dropped from every `Worker`,
 *   vitest's and the tested code's alike, and each worker keeps the model, this preload and the heap
 *   cap. This is an in-process guard, like the network guard.
 * - Vite probes paths outside the readable folders (workspace markers in parent folders, WSL files);
 *   on Node 20 a refused `existsSync` throws, so here it answers `false`, which is what the probe
 *   means: not visible. The refusal itself still holds.
 */
export const VITEST_PRELOAD = String.raw`'use strict';
${NETWORK_GUARD}
{
  const fs = require('fs');
  const { syncBuiltinESMExports } = require('module');
  const existsSync = fs.existsSync;
  fs.existsSync = function (p) {
    try { return existsSync.call(fs, p); } catch (e) { if (e && e.code === 'ERR_ACCESS_DENIED') return false; throw e; }
  };
  const threads = require('worker_threads');
  const Original = threads.Worker;
  const Guarded = new Proxy(Original, {
    construct(target, [file, options]) {
      return Reflect.construct(target, [file, options && { ...options, execArgv: undefined }]);
    },
  });
  Original.prototype.constructor = Guarded;
  threads.Worker = Guarded;
  syncBuiltinESMExports();
}
`;

/**
 * vitest through its own `startVitest`, with one worker thread and no isolation: vitest has no
 * in-process pool, and one worker keeps the process to two heaps under the cap.
 */
export const VITEST_RUNNER = String.raw`import fs from 'node:fs';
const [, , vitestNode, vitestIndex, suiteDir, setupFile] = process.argv;
const print = (o) => fs.writeSync(1, '\n${MARK}' + JSON.stringify(o) + '\n');
const plain = (s) => String(s || '').replace(/\u001b\[[0-9;]*m/g, '').slice(0, 300);
try {
  const { startVitest } = await import(vitestNode);
  const vitest = await startVitest(
    'test',
    [],
    {
      root: suiteDir, config: false, watch: false, include: ['**/generated.test.js'], setupFiles: [setupFile],
      pool: 'threads', maxWorkers: 1, isolate: false, fileParallelism: false, testTimeout: 3000,
      reporters: [{}], globals: false,
    },
    { resolve: { alias: { vitest: vitestIndex } }, logLevel: 'silent', cacheDir: suiteDir + '/.vite' },
  );
  const out = { results: [] };
  const walk = (task) => {
    if (task.type === 'test')
      out.results.push({ title: task.name, ok: task.result?.state === 'pass', error: plain(task.result?.errors?.[0]?.message) });
    for (const child of task.tasks || []) walk(child);
  };
  for (const file of vitest.state.getFiles()) {
    if (file.result?.errors?.length) out.problem = plain(file.result.errors[0].message);
    walk(file);
  }
  print(out);
  await vitest.close();
} catch (e) {
  print({ problem: String(e && e.stack || e) });
}
process.exit(0);
`;
