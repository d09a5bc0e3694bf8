// Builds the bundles with esbuild and copies the tree-sitter wasm files beside them (the tree-sitter
// runtime looks for its .wasm next to the running script):
// - client.js: the VS Code extension;
// - server.js and cli.js: the front processes (language server, HTTP api, CLI). They load no
//   analyser; the build fails if one of them would bundle TypeScript, ESLint or tree-sitter;
// - api.js: the part of the language server it requires only when the embedded api starts or the
//   editor's key is read (server/src/apiBundle.ts), kept out of server.js so that starting the
//   language server does not parse it;
// - engineWorker.js: the engine, run by the worker pool's child processes.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const outdir = 'dist';
const entries = {
  client: 'client/src/extension.ts',
  server: 'server/src/main.ts',
  cli: 'api/src/cli.ts',
  api: 'server/src/apiBundle.ts',
  engineWorker: 'server/src/pool/worker.ts',
};
// What only the engine worker may contain (the front bundles stay small and quick to load).
const ENGINE_ONLY =
  /node_modules\/(typescript|eslint|@eslint|typescript-eslint|@typescript-eslint|eslint-plugin-[^/]+|web-tree-sitter|@vscode\/tree-sitter-wasm|js-tiktoken)\//;

// Modules both server.js and api.js hold run twice in the language server, as two copies: fine for
// constants, schemas and functions, wrong for a class whose instances cross from one bundle to the
// other (instanceof) or for state the two must share. These were judged safe (errors.ts: its class
// is recognised by a brand); the build stops at any other, to be judged the same way.
const SAFE_TWICE =
  /^(package\.json|node_modules\/zod\/.*|server\/src\/engine\/(errors|languages|storage\/atomicFile|contracts\/\w+)\.ts)$/;

// server.js's `require('./apiBundle')` (server/src/main.ts) stays a require, of api.js beside it.
const apiBundleApart = {
  name: 'api-bundle-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/apiBundle$/ }, () => ({ path: './api.js', external: true }));
  },
};

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function upToDate() {
  const outputs = Object.keys(entries).map((name) => join(outdir, `${name}.js`));
  if (!outputs.every(existsSync)) return false;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(
    ...['client/src', 'server/src', 'api/src'].map(newestSource),
    statSync('package.json').mtimeMs,
  );
  return built >= sources;
}

if (args.has('--if-needed') && upToDate()) process.exit(0);

mkdirSync(outdir, { recursive: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
};
const [, server, api, cli] = await Promise.all([
  esbuild.build({ ...common, entryPoints: { client: entries.client }, outdir, external: ['vscode'] }),
  esbuild.build({
    ...common,
    entryPoints: { server: entries.server },
    outdir,
    metafile: true,
    plugins: [apiBundleApart],
  }),
  esbuild.build({ ...common, entryPoints: { api: entries.api }, outdir, metafile: true }),
  esbuild.build({
    ...common,
    entryPoints: { cli: entries.cli },
    outdir,
    metafile: true,
    banner: { js: '#!/usr/bin/env node' },
  }),
  // ESLint imports jiti only to load TypeScript config files, which the review engine never does;
  // @babel/core (under istanbul) reads @babel/preset-typescript only for .cts Babel configs, likewise.
  esbuild.build({
    ...common,
    entryPoints: { engineWorker: entries.engineWorker },
    outdir,
    external: ['jiti', '@babel/preset-typescript'],
  }),
]);
for (const [name, result] of [
  ['server', server],
  ['api', api],
  ['cli', cli],
]) {
  const leaked = Object.keys(result.metafile.inputs).filter((input) => ENGINE_ONLY.test(input));
  if (leaked.length > 0) {
    console.error(
      `dist/${name}.js must not bundle the engine's analysers, but imports:\n  ${leaked.slice(0, 10).join('\n  ')}`,
    );
    process.exit(1);
  }
}

const twice = Object.keys(server.metafile.inputs).filter(
  (input) => input in api.metafile.inputs && !SAFE_TWICE.test(input),
);
if (twice.length > 0) {
  console.error(`dist/server.js and dist/api.js would both hold:\n  ${twice.join('\n  ')}`);
  process.exit(1);
}

// TypeScript looks for its standard library's declaration files beside the script that runs it
// (`ts.getDefaultLibFilePath`: in a bundle, dist/), so without these copies the engine worker's
// refactor programs had no standard library: no `Promise` (no promise chain was converted to
// async/await through the api, the editor or the CLI), no types of built-ins for the checks.
const typescriptLib = 'node_modules/typescript/lib';
for (const file of readdirSync(typescriptLib).filter((name) => /^lib\..*\.d\.ts$/.test(name))) {
  cpSync(join(typescriptLib, file), join(outdir, file));
}

const wasmDir = 'node_modules/@vscode/tree-sitter-wasm/wasm';
for (const file of readdirSync(wasmDir).filter((name) => name.endsWith('.wasm'))) {
  cpSync(join(wasmDir, file), join(outdir, file));
}
// Grammars newer than VS Code's, from their own packages, replace the shipped ones under the same
// name (the list is server/src/engine/parsing/treeSitter.ts NEWER_GRAMMARS).
const newerGrammars = { 'c-sharp': 'node_modules/tree-sitter-c-sharp/tree-sitter-c_sharp.wasm' };
for (const [grammar, file] of Object.entries(newerGrammars)) {
  cpSync(file, join(outdir, `tree-sitter-${grammar}.wasm`));
}
