// When to review each open document. One review at a time per document; requests inside the
// debounce window collapse into one, and a request that arrives while a review runs is served by
// one more review of the newest text as soon as that one ends. The running review is normally left
// to finish (its result, for a superseded version, is dropped by the caller): cancelling it would
// kill its worker process, which costs more than the ~100 ms left of a typical review. Only a review
// that has already run for `abortAfterMs` is aborted when superseded, and closing a document aborts.
export type ReviewRun = (uri: string, signal: AbortSignal) => Promise<void>;

interface DocumentState {
  timer?: NodeJS.Timeout;
  running?: { controller: AbortController; startedAt: number };
  /** A request came after the running review started: review again when it ends. */
  again: boolean;
  lastDelayMs: number;
  lastRequestAt: number;
  /** Callers waiting for a review that covers their request. */
  waiting: (() => void)[];
}

export interface ReviewSchedulerOptions {
  /** A running review superseded after this long is aborted instead of finished (default 1000). */
  abortAfterMs?: number;
  now?: () => number;
}

export class ReviewScheduler {
  private readonly documents = new Map<string, DocumentState>();
  private readonly abortAfterMs: number;
  private readonly now: () => number;

  constructor(
    private readonly run: ReviewRun,
    options: ReviewSchedulerOptions = {},
  ) {
    this.abortAfterMs = options.abortAfterMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Reviews `uri` after `delayMs`; resolves once a review that started after this call has ended. */
  schedule(uri: string, delayMs: number): Promise<void> {
    let state = this.documents.get(uri);
    if (!state) {
      state = { again: false, lastDelayMs: delayMs, lastRequestAt: 0, waiting: [] };
      this.documents.set(uri, state);
    }
    const done = new Promise<void>((resolve) => state.waiting.push(resolve));
    state.lastDelayMs = delayMs;
    state.lastRequestAt = this.now();
    if (state.running) {
      state.again = true;
      if (this.now() - state.running.startedAt >= this.abortAfterMs) state.running.controller.abort();
    } else {
      this.startAfter(uri, state, delayMs);
    }
    return done;
  }

  isPending(uri: string): boolean {
    return this.documents.has(uri);
  }

  cancel(uri: string): void {
    const state = this.documents.get(uri);
    if (!state) return;
    this.documents.delete(uri);
    clearTimeout(state.timer);
    state.running?.controller.abort();
    for (const resolve of state.waiting.splice(0)) resolve();
  }

  dispose(): void {
    for (const uri of [...this.documents.keys()]) this.cancel(uri);
  }

  private startAfter(uri: string, state: DocumentState, delayMs: number): void {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => this.start(uri, state), Math.max(0, delayMs));
  }

  private start(uri: string, state: DocumentState): void {
    state.timer = undefined;
    state.again = false;
    const served = state.waiting.splice(0);
    const controller = new AbortController();
    state.running = { controller, startedAt: this.now() };
    void this.run(uri, controller.signal)
      .catch(() => undefined)
      .finally(() => {
        state.running = undefined;
        for (const resolve of served) resolve();
        if (this.documents.get(uri) !== state) return;
        if (state.again) {
          // The debounce counts from the last request, part of which the review just used up.
          this.startAfter(uri, state, state.lastDelayMs - (this.now() - state.lastRequestAt));
        } else if (!state.timer) {
          this.documents.delete(uri);
        }
      });
  }
}
