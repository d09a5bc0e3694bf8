// The durable outbox of the embedded backend: webhooks/outbox.log, JSON lines appended and
// fdatasync'ed before `enqueue`/`record` resolve. Writers share one flush (group commit), so many
// events in the same moment cost one fsync. On open the log is replayed (a torn last line from a
// crash is ignored) and rewritten compacted through atomicFile; it is compacted again whenever it
// grows well past what it must keep: pending deliveries and the last HISTORY_PER_WEBHOOK per webhook.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isProcessAlive,
  removeStaleTempFiles,
  writeFileAtomic,
} from '../../../server/src/engine/storage/atomicFile';
import type { AttemptRecord, DeliveryOutbox, DeliveryState, OutboxMessage } from './store';

export const HISTORY_PER_WEBHOOK = 100;
const COMPACT_MIN_LINES = 2000;

type LogLine =
  | { type: 'queued'; message: OutboxMessage }
  | ({ type: 'attempt' } & AttemptRecord)
  | { type: 'cancelled'; message_id: string; reason: string };

interface PendingWrite {
  lines: string;
  count: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class WebhooksLockedError extends Error {}

export class FileOutbox implements DeliveryOutbox {
  private readonly states = new Map<string, DeliveryState>();
  private handle?: FileHandle;
  private lines = 0;
  private queue: PendingWrite[] = [];
  private flushing?: Promise<void>;
  private closed = false;

  private constructor(
    private readonly path: string,
    private readonly lockPath: string,
  ) {}

  /** Opens (and locks) the outbox of a webhooks folder. Throws WebhooksLockedError when another live process holds it. */
  static async open(dir: string): Promise<FileOutbox> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const outbox = new FileOutbox(join(dir, 'outbox.log'), join(dir, 'outbox.lock'));
    acquireLock(outbox.lockPath);
    try {
      removeStaleTempFiles(outbox.path);
      outbox.replay();
      outbox.compactNow();
      outbox.handle = await open(outbox.path, 'a', 0o600);
    } catch (error) {
      rmSync(outbox.lockPath, { force: true });
      throw error;
    }
    return outbox;
  }

  async enqueue(messages: OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    for (const message of messages) this.apply({ type: 'queued', message });
    await this.append(messages.map((message) => ({ type: 'queued', message })));
  }

  async record(attempt: AttemptRecord): Promise<void> {
    const line: LogLine = { type: 'attempt', ...attempt };
    this.apply(line);
    await this.append([line]);
  }

  async cancel(webhookId: string, reason: string): Promise<void> {
    const lines: LogLine[] = [];
    for (const state of this.states.values()) {
      if (state.message.webhook_id !== webhookId || state.status !== 'pending') continue;
      lines.push({ type: 'cancelled', message_id: state.message.id, reason });
    }
    for (const line of lines) this.apply(line);
    await this.append(lines);
  }

  pending(): DeliveryState[] {
    return [...this.states.values()].filter((state) => state.status === 'pending');
  }

  history(webhookId: string): DeliveryState[] {
    return [...this.states.values()]
      .filter((state) => state.message.webhook_id === webhookId)
      .reverse()
      .slice(0, HISTORY_PER_WEBHOOK);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flushing;
    await this.handle?.close();
    rmSync(this.lockPath, { force: true });
  }

  /** Applies one line to the in-memory states (replay and live writes share this). */
  private apply(line: LogLine): void {
    if (line.type === 'queued') {
      this.states.set(line.message.id, {
        message: line.message,
        attempts: [],
        status: 'pending',
        next_at: Date.parse(line.message.created_at),
      });
      return;
    }
    const state = this.states.get(line.message_id);
    if (!state) return;
    if (line.type === 'cancelled') {
      state.status = 'cancelled';
      state.reason = line.reason;
    } else {
      const { type: _type, ...attempt } = line;
      state.attempts.push(attempt);
      if (attempt.outcome === 'succeeded') state.status = 'succeeded';
      else if (attempt.outcome === 'retrying') state.next_at = Date.parse(attempt.next_attempt_at!);
      else state.status = attempt.outcome === 'failed' ? 'failed' : 'cancelled';
    }
    if (state.status !== 'pending') this.forgetOldHistory(state.message.webhook_id);
  }

  /** Keeps memory bounded: a webhook's oldest finished deliveries beyond the history size go. */
  private forgetOldHistory(webhookId: string): void {
    let seen = 0;
    const ids = [...this.states.values()].filter((s) => s.message.webhook_id === webhookId).reverse();
    for (const state of ids) {
      if (++seen > HISTORY_PER_WEBHOOK && state.status !== 'pending') this.states.delete(state.message.id);
    }
  }

  private replay(): void {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      let line: LogLine;
      try {
        line = JSON.parse(raw) as LogLine;
      } catch {
        continue; // the torn tail of a write interrupted by a crash: never acknowledged, so never counted
      }
      this.apply(line);
    }
  }

  /** Rewrites the log with only what must be kept (atomically: a crash leaves the old or the new). */
  private compactNow(): void {
    const out: string[] = [];
    for (const state of this.states.values()) {
      out.push(JSON.stringify({ type: 'queued', message: state.message }));
      for (const attempt of state.attempts) out.push(JSON.stringify({ type: 'attempt', ...attempt }));
      if (state.status === 'cancelled' && state.reason)
        out.push(JSON.stringify({ type: 'cancelled', message_id: state.message.id, reason: state.reason }));
    }
    writeFileAtomic(this.path, out.length ? `${out.join('\n')}\n` : '');
    this.lines = out.length;
  }

  private append(lines: LogLine[]): Promise<void> {
    if (lines.length === 0) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('the webhook outbox is closed'));
    return new Promise((resolve, reject) => {
      const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
      this.queue.push({ lines: text, count: lines.length, resolve, reject });
      this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
    });
  }

  /** Writes everything queued so far in one write and one fdatasync, until the queue is empty. */
  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        await this.handle!.write(batch.map((write) => write.lines).join(''));
        await this.handle!.datasync();
        this.lines += batch.reduce((sum, write) => sum + write.count, 0);
        for (const write of batch) write.resolve();
      } catch (error) {
        for (const write of batch) write.reject(error as Error);
      }
      if (this.lines > Math.max(COMPACT_MIN_LINES, 4 * this.keptLines())) await this.compactLive();
    }
  }

  private keptLines(): number {
    let count = 0;
    for (const state of this.states.values()) count += 1 + state.attempts.length;
    return count;
  }

  private async compactLive(): Promise<void> {
    await this.handle!.close();
    try {
      this.compactNow();
    } finally {
      this.handle = await open(this.path, 'a', 0o600);
    }
  }
}

/**
 * One process per data folder delivers: a lock file holding its pid. A lock left by a process that
 * no longer runs (killed) is taken over.
 */
function acquireLock(path: string): void {
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(path, 'utf8').trim());
    if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && isProcessAlive(holder)) {
      throw new WebhooksLockedError(
        `webhooks of this data folder are served by process ${holder}; stop it or use another data folder`,
      );
    }
    rmSync(path, { force: true });
  }
  throw new WebhooksLockedError(`could not take the webhook outbox lock ${path}`);
}
