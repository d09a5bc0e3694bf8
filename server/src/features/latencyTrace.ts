// The path from a keystroke to published diagnostics, timed per document version, for
// `npm run bench -- diagnostics`: set CODEWRIGHT_LATENCY_TRACE to a file and the language server
// appends one JSON line per version it reviewed or dropped, with the epoch time of each step
// (`LatencyRecord`) and the worker's own timing. Off unless the variable is set: the diagnostics
// feature then holds no trace and pays nothing.
import { appendFileSync } from 'node:fs';
import { epochMs, LATENCY_TRACE_ENV, type TaskTiming } from '../pool/taskTiming';

export type LatencyStep =
  /** didChange arrived (the document has this version). */
  | 'changed'
  /** The scheduler started its review (the debounce ended and a slot was free). */
  | 'started'
  /** Handed to the pool. */
  | 'queued'
  /** The pool's answer arrived. */
  | 'answered'
  /** The diagnostics were written to the client. */
  | 'published';

export interface LatencyRecord {
  uri: string;
  version: number;
  steps: Partial<Record<LatencyStep, number>>;
  worker?: TaskTiming;
  /**
   * Why nothing was published: a newer version came inside the debounce (collapsed, never reviewed)
   * or while it was reviewed (superseded), or the review was aborted.
   */
  dropped?: 'collapsed' | 'superseded' | 'aborted';
}

export class LatencyTrace {
  private readonly open = new Map<string, LatencyRecord>();

  constructor(private readonly file: string) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): LatencyTrace | undefined {
    const file = env[LATENCY_TRACE_ENV];
    return file ? new LatencyTrace(file) : undefined;
  }

  step(uri: string, version: number, step: LatencyStep): void {
    if (step === 'changed') {
      for (const record of [...this.open.values()]) {
        if (record.uri === uri && record.version < version && !record.steps.started)
          this.end(uri, record.version, 'collapsed');
      }
    }
    this.record(uri, version).steps[step] = epochMs();
  }

  worker(uri: string, version: number, timing: TaskTiming): void {
    this.record(uri, version).worker = timing;
  }

  /** Writes the version's line: after it was published, or when it will not be. */
  end(uri: string, version: number, dropped?: LatencyRecord['dropped']): void {
    const record = this.record(uri, version);
    this.open.delete(key(uri, version));
    appendFileSync(this.file, `${JSON.stringify(dropped ? { ...record, dropped } : record)}\n`);
  }

  private record(uri: string, version: number): LatencyRecord {
    let record = this.open.get(key(uri, version));
    if (!record) {
      record = { uri, version, steps: {} };
      this.open.set(key(uri, version), record);
    }
    return record;
  }
}

function key(uri: string, version: number): string {
  return `${version} ${uri}`;
}
