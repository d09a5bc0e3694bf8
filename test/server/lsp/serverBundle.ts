// Which dist/server.js the protocol test runs: the one given in CODEWRIGHT_LSP_SERVER (e.g. unpacked
// from the .vsix); else dist/server.js when it is newer than every source (as after `npm test`'s
// build); else server/src/main.ts and the engine worker it starts built alone into a temp folder
// with build.mjs's options, since other bundles may be half-written while several people work in
// the checkout.
import { existsSync, mkdtempSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const repoRoot = join(__dirname, '../../..');
let bundle: Promise<string> | undefined;

export function serverBundle(): Promise<string> {
  const given = process.env.CODEWRIGHT_LSP_SERVER;
  if (given) return Promise.resolve(resolve(given));
  bundle ??= freshDist() ? Promise.resolve(join(repoRoot, 'dist/server.js')) : buildAlone();
  return bundle;
}

function freshDist(): boolean {
  const built = join(repoRoot, 'dist/server.js');
  if (!existsSync(built)) return false;
  const sources = ['server/src', 'api/src'].map((dir) => newestIn(join(repoRoot, dir)));
  return statSync(built).mtimeMs >= Math.max(...sources, statSync(join(repoRoot, 'package.json')).mtimeMs);
}

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

async function buildAlone(): Promise<string> {
  // dist/ inside the temp folder with docs/ beside it, as in the extension (rule links need docs/rules.md).
  const home = mkdtempSync(join(tmpdir(), 'codewright-lsp-build-'));
  const outdir = join(home, 'dist');
  symlinkSync(join(repoRoot, 'docs'), join(home, 'docs'));
  await esbuild.build({
    entryPoints: {
      server: join(repoRoot, 'server/src/main.ts'),
      api: join(repoRoot, 'server/src/apiBundle.ts'),
      engineWorker: join(repoRoot, 'server/src/pool/worker.ts'),
    },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outdir,
    logLevel: 'error',
    // As in build.mjs: optional config-file loaders (ESLint's jiti, Babel's .cts support), never used here.
    external: ['jiti', '@babel/preset-typescript'],
    // As in build.mjs: server.js requires the api from api.js beside it instead of holding it.
    plugins: [
      {
        name: 'api-bundle-apart',
        setup(build) {
          build.onResolve({ filter: /^\.\/apiBundle$/ }, () => ({ path: './api.js', external: true }));
        },
      },
    ],
  });
  // The tree-sitter runtime looks for its wasm files beside the running script.
  const wasmDir = join(repoRoot, 'node_modules/@vscode/tree-sitter-wasm/wasm');
  for (const file of readdirSync(wasmDir).filter((name) => name.endsWith('.wasm'))) {
    symlinkSync(join(wasmDir, file), join(outdir, file));
  }
  return join(outdir, 'server.js');
}
