// Runs the built `codewright` command (dist/cli.js with dist/engineWorker.js beside it) as a user
// would: a child process in a given folder, its stdout, stderr and exit code.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(__dirname, '../../..');
export const CLI = join(REPO, 'dist', 'cli.js');

/** Builds the bundles when a source is newer than them (once per test run). */
export function buildCli(): void {
  execFileSync(process.execPath, ['build.mjs', '--if-needed'], { cwd: REPO, stdio: 'inherit' });
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runBuiltCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CODEWRIGHT_HOME: join(cwd, '.codewright-home'),
        CODEWRIGHT_WORKERS: '2',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A fresh folder (its real path: git reports real paths). */
export function tempFolder(prefix = 'codewright-cli-'): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  });
}
