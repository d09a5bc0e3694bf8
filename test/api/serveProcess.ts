// `codewright serve` (and `codewright worker`) as real child processes of the built CLI, for the
// tests that kill an instance with SIGKILL. The caller chooses the environment (data folder, Redis).
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const CLI = join(__dirname, '../../dist/cli.js');

export interface Served {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** The first key, when this start created it. */
  key?: string;
  exited: Promise<number | null>;
  output(): string;
}

export function buildCliIfMissing(): void {
  if (!existsSync(CLI)) execFileSync(process.execPath, ['build.mjs'], { cwd: join(__dirname, '../..') });
}

/**
 * Starts `codewright <command>` and resolves once it prints `ready` (for serve: its URL, and with
 * `waitForKey` the first key too).
 */
export function startCli(
  env: NodeJS.ProcessEnv,
  options: { command?: 'serve' | 'worker'; waitForKey?: boolean } = {},
): Promise<Served> {
  const command = options.command ?? 'serve';
  const child = spawn(process.execPath, [CLI, command], {
    env: { ...process.env, CODEWRIGHT_PORT: '0', CODEWRIGHT_LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const key = /^API key: (cw_\S+)$/m.exec(stdout)?.[1];
      if (command === 'worker') {
        if (/^Worker ready/m.test(stdout)) resolve({ child, url: '', exited, output: () => stdout + stderr });
        return;
      }
      const url = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1];
      if (url && (!options.waitForKey || key))
        resolve({ child, url, key, exited, output: () => stdout + stderr });
    });
    void exited.then((code) => reject(new Error(`${command} exited ${code}: ${stderr}`)));
  });
}
