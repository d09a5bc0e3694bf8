// Runs untrusted code (the module under test and its generated tests) in a child process of its own,
// never in the engine's process: a temporary working folder, a wall-clock limit, an idle limit (no
// output for too long means a call that never returns), a heap cap, Node's permission model for
// file access, and on Linux a fresh network namespace (`unshare -rn`) so no socket reaches anything.
// What each OS enforces is written down in docs/testgen.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LIMITS = {
  /** Wall-clock limit of one sandboxed process. */
  processMs: 30_000,
  /** A process that prints nothing for this long is stuck in one call and is killed. */
  idleMs: 3_000,
  /** V8 heap cap of a sandboxed Node process, and address-space cap of a Python one (MiB). */
  heapMb: 256,
  pythonAddressSpaceMb: 1024,
};

export interface SandboxResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** Why the process was killed, if it was. */
  killed?: 'time limit' | 'idle limit' | 'cancelled';
}

export interface SandboxCommand {
  command: string;
  args: string[];
  cwd: string;
  /** Called with each complete stdout line as it arrives (progress for the idle limit). */
  onLine?: (line: string) => void;
  timeoutMs?: number;
  idleMs?: number;
  signal?: AbortSignal;
}

let networkIsolation: string[] | undefined;

/** `['unshare', '-rn']` where this OS lets an unprivileged process drop the network, else `[]`. */
export function networkPrefix(): string[] {
  if (networkIsolation) return networkIsolation;
  networkIsolation = [];
  if (process.platform === 'linux') {
    const probe = spawnSync('unshare', ['-rn', 'true'], { stdio: 'ignore', timeout: 5_000 });
    if (probe.status === 0) networkIsolation = ['unshare', '-rn'];
  }
  return networkIsolation;
}

/**
 * Node's permission flags: the model is `--experimental-permission` before Node 22. Native addons and
 * worker threads stay refused unless a runner needs them (vitest: its bundler is an addon and its tests
 * run in a worker thread of the same process, under the same permissions and heap cap).
 */
export function nodePermissionFlags(
  readable: string[],
  writable: string[],
  allow: { addons?: boolean; workers?: boolean } = {},
): string[] {
  const major = Number(process.versions.node.split('.')[0]);
  return [
    major >= 22 ? '--permission' : '--experimental-permission',
    ...readable.map((p) => `--allow-fs-read=${p}`),
    ...writable.map((p) => `--allow-fs-write=${p}`),
    ...(allow.addons ? ['--allow-addons'] : []),
    ...(allow.workers ? ['--allow-worker'] : []),
    '--no-warnings',
    `--max-old-space-size=${LIMITS.heapMb}`,
  ];
}

/** The Node binary to run sandboxed code with (CODEWRIGHT_NODE overrides, e.g. inside Electron). */
export function nodeBinary(): string {
  return process.env.CODEWRIGHT_NODE || process.execPath;
}

export function makeWorkFolder(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'codewright-tests-')));
}

export function removeWorkFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** Runs one sandboxed command; never rejects for the child's own failures, only reports them. */
export function runSandboxed(cmd: SandboxCommand): Promise<SandboxResult> {
  const prefix = networkPrefix();
  const [command, ...args] = [...prefix, cmd.command, ...cmd.args];
  return new Promise((resolve) => {
    const child = spawn(command!, args, {
      cwd: cmd.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Only what a runtime needs: no tokens, keys or proxies from the engine's environment.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: cmd.cwd,
        TMPDIR: cmd.cwd,
        LANG: 'C.UTF-8',
        TZ: 'UTC',
      },
      detached: process.platform !== 'win32',
    });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let killed: SandboxResult['killed'];
    const kill = (why: NonNullable<SandboxResult['killed']>): void => {
      if (killed) return;
      killed = why;
      try {
        if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const total = setTimeout(() => kill('time limit'), cmd.timeoutMs ?? LIMITS.processMs);
    let idle = setTimeout(() => kill('idle limit'), cmd.idleMs ?? LIMITS.idleMs);
    const onAbort = (): void => kill('cancelled');
    cmd.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      clearTimeout(idle);
      idle = setTimeout(() => kill('idle limit'), cmd.idleMs ?? LIMITS.idleMs);
      if (stdout.length < 20_000_000) stdout += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) cmd.onLine?.(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 100_000) stderr += chunk;
    });
    child.on('close', (code) => {
      clearTimeout(total);
      clearTimeout(idle);
      cmd.signal?.removeEventListener('abort', onAbort);
      if (pending) cmd.onLine?.(pending);
      resolve({ stdout, stderr, exitCode: code, killed });
    });
    child.on('error', (error) => {
      clearTimeout(total);
      clearTimeout(idle);
      resolve({ stdout, stderr: `${stderr}${error.message}`, exitCode: null, killed });
    });
  });
}
