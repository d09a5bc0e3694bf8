// `npm run test:vscode`: the editor suite in a downloaded VS Code (Electron) with
// @vscode/test-electron, for machines that can download VS Code. It runs the same checks as the
// code-server suite (test/e2e/suite/editor.e2e.ts) through the extension API instead of the UI, on
// the same fixture workspace. Offline it stops with a clear message; the offline route is
// `npm run test:e2e` (code-server).
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import * as esbuild from 'esbuild';

async function main(): Promise<void> {
  const repo = resolve(__dirname, '..', '..');
  let vscodeExecutablePath: string;
  try {
    vscodeExecutablePath = await downloadAndUnzipVSCode({ version: 'stable', timeout: 60_000 });
  } catch (error) {
    console.error(
      `test:vscode: VS Code could not be downloaded (${error instanceof Error ? error.message : error}).\n` +
        'This runner needs https://update.code.visualstudio.com. Offline, run the same suite in code-server: npm run test:e2e',
    );
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'codewright-vscode-'));
  const workspace = join(work, 'workspace');
  cpSync(join(repo, 'test', 'e2e', 'fixtures', 'workspace'), workspace, { recursive: true });
  // The suite runs inside the extension host, which loads plain JavaScript.
  await esbuild.build({
    entryPoints: [join(__dirname, 'suite', 'index.ts')],
    outfile: join(work, 'suite', 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
  });
  await runTests({
    vscodeExecutablePath,
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(work, 'suite', 'index.js'),
    launchArgs: [workspace, '--disable-workspace-trust', '--disable-extensions'],
    extensionTestsEnv: { CODEWRIGHT_HOME: join(work, 'codewright-home') },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
