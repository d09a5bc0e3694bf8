// A real redis-server for the tests (Debian package `redis-server`): started on a free loopback port
// with a temporary folder (append-only file on, so a restart keeps the data as in production), and
// stopped by the test. `findRedisServer()` is undefined when the binary is absent: the suites then
// skip with a message saying how to install it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export const REDIS_MISSING =
  'redis-server is not installed (apt-get install redis-server): Redis suites skipped';

export function findRedisServer(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/**
 * A redis-server for the enclosing `describe`: started before its tests (after `prepare`), stopped
 * after them; the suite is skipped, with a message saying how to install it, where the binary is
 * absent. Read the server from the returned holder inside the tests.
 */
export function useRedisServer(options: { password?: string; prepare?: () => void } = {}): {
  readonly server: RedisServer;
} {
  const binary = findRedisServer();
  const holder = {} as { server: RedisServer };
  before(async function () {
    if (!binary) {
      console.warn(`      ${REDIS_MISSING}`);
      return this.skip();
    }
    options.prepare?.();
    holder.server = await RedisServer.start(binary, { password: options.password });
  });
  after(async () => holder.server?.destroy());
  return holder;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export class RedisServer {
  private process?: ChildProcess;
  private constructor(
    private readonly binary: string,
    readonly port: number,
    private readonly dir: string,
    private readonly password?: string,
  ) {}

  static async start(binary: string, options: { password?: string } = {}): Promise<RedisServer> {
    const server = new RedisServer(
      binary,
      await freePort(),
      mkdtempSync(join(tmpdir(), 'codewright-redis-')),
      options.password,
    );
    await server.run();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async run(): Promise<void> {
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--save',
      '',
      '--appendonly',
      'yes',
    ];
    if (this.password) args.push('--requirepass', this.password);
    this.process = spawn(this.binary, args, { stdio: 'ignore' });
    const probe = new Redis(this.port, '127.0.0.1', {
      password: this.password,
      retryStrategy: () => 50,
      lazyConnect: true,
    });
    probe.on('error', () => undefined); // refused until the server listens: expected
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if (probe.status !== 'ready') await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    probe.disconnect();
  }

  /** Stops the server (SIGTERM: it writes its append-only file first). */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
