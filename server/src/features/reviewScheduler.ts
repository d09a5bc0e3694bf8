// One pending review per document: a new request for the same document replaces the previous one,
// clearing its debounce timer and aborting its signal, so a superseded review never publishes.
export type ReviewRun = (uri: string, signal: AbortSignal) => Promise<void>;

interface Pending {
  controller: AbortController;
  timer?: NodeJS.Timeout;
  done: Promise<void>;
  finish: () => void;
}

export class ReviewScheduler {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly run: ReviewRun) {}

  /** Runs a review of `uri` after `delayMs`, superseding any pending or running one. */
  schedule(uri: string, delayMs: number): Promise<void> {
    this.cancel(uri);
    const controller = new AbortController();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const entry: Pending = { controller, done, finish };
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      this.run(uri, controller.signal)
        .catch(() => undefined)
        .finally(() => {
          if (this.pending.get(uri) === entry) this.pending.delete(uri);
          finish();
        });
    }, delayMs);
    this.pending.set(uri, entry);
    return entry.done;
  }

  isPending(uri: string): boolean {
    return this.pending.has(uri);
  }

  cancel(uri: string): void {
    const entry = this.pending.get(uri);
    if (!entry) return;
    this.pending.delete(uri);
    entry.controller.abort();
    if (entry.timer) {
      clearTimeout(entry.timer);
      // Never started: whoever awaits it is released at once.
      entry.finish();
    }
  }

  dispose(): void {
    for (const uri of [...this.pending.keys()]) this.cancel(uri);
  }
}
