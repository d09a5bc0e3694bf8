// Builds the three bundles (client, server, cli) with esbuild and copies the tree-sitter wasm files
// beside them: the tree-sitter runtime looks for its .wasm next to the running script.
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
await Promise.all([
  esbuild.build({ ...common, entryPoints: { client: entries.client }, outdir, external: ['vscode'] }),
  // ESLint imports jiti only to load TypeScript config files, which the review engine never does;
  // @babel/core (under istanbul) reads @babel/preset-typescript only for .cts Babel configs, likewise.
  esbuild.build({
    ...common,
    entryPoints: { server: entries.server },
    outdir,
    external: ['jiti', '@babel/preset-typescript'],
  }),
  esbuild.build({
    ...common,
    entryPoints: { cli: entries.cli },
    outdir,
    external: ['jiti', '@babel/preset-typescript'],
    banner: { js: '#!/usr/bin/env node' },
  }),
]);

const wasmDir = 'node_modules/@vscode/tree-sitter-wasm/wasm';
for (const file of readdirSync(wasmDir).filter((name) => name.endsWith('.wasm'))) {
  cpSync(join(wasmDir, file), join(outdir, file));
}
