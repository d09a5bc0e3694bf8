// When to review each open document. Requests inside the debounce window collapse into one review.
// A request that arrives while a review of an older version runs makes that review useless (its
// result, for a superseded version, would be dropped). How it is treated depends on what stopping
// it costs, which the caller says through the options:
// - where the pool interrupts a running task and its worker stays warm (the default pool on Linux and
//   macOS: `abortAfterMs: 0`, `maxConcurrent: 1`), the older review is aborted at once and the newer
//   one, after its debounce, waits for it to wrap up (milliseconds) and then runs on the worker it
//   freed, instead of on a second worker that may first have to start;
// - where stopping it kills its worker process (Windows), the older one is left to finish, and the
//   newer one starts after the debounce on another worker without waiting, up to `maxConcurrent`
//   reviews of one document at once; one that has run for `abortAfterMs` is aborted all the same.
// Closing a document aborts everything.
export type ReviewRun = (uri: string, signal: AbortSignal) => Promise<void>;

interface Running {
  controller: AbortController;
  startedAt: number;
  /** Callers this review answers when it ends. */
  served: (() => void)[];
}

interface DocumentState {
  timer?: NodeJS.Timeout;
  running: Set<Running>;
  /** A request is waiting for a free slot (every slot was busy when its debounce ended). */
  waitingForSlot: boolean;
  lastDelayMs: number;
  lastRequestAt: number;
  /** Callers waiting for a review that covers their request. */
  waiting: (() => void)[];
}

export interface ReviewSchedulerOptions {
  /** Reviews of one document that may run at once (default 2). */
  maxConcurrent?: number;
  /** A running review superseded after this long is aborted instead of finished (default 1000). */
  abortAfterMs?: number;
  now?: () => number;
}

export class ReviewScheduler {
  private readonly documents = new Map<string, DocumentState>();
  private readonly maxConcurrent: number;
  private readonly abortAfterMs: number;
  private readonly now: () => number;

  constructor(
    private readonly run: ReviewRun,
    options: ReviewSchedulerOptions = {},
  ) {
    this.maxConcurrent = options.maxConcurrent ?? 2;
    this.abortAfterMs = options.abortAfterMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Reviews `uri` after `delayMs`; resolves once a review that started after this call has ended. */
  schedule(uri: string, delayMs: number): Promise<void> {
    let state = this.documents.get(uri);
    if (!state) {
      state = {
        running: new Set(),
        waitingForSlot: false,
        lastDelayMs: delayMs,
        lastRequestAt: 0,
        waiting: [],
      };
      this.documents.set(uri, state);
    }
    const done = new Promise<void>((resolve) => state.waiting.push(resolve));
    state.lastDelayMs = delayMs;
    state.lastRequestAt = this.now();
    for (const running of state.running) {
      if (this.now() - running.startedAt >= this.abortAfterMs) running.controller.abort();
    }
    state.waitingForSlot = false;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => this.startOrWait(uri, state), Math.max(0, delayMs));
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
    for (const running of state.running) running.controller.abort();
    for (const resolve of state.waiting.splice(0)) resolve();
  }

  dispose(): void {
    for (const uri of [...this.documents.keys()]) this.cancel(uri);
  }

  private startOrWait(uri: string, state: DocumentState): void {
    state.timer = undefined;
    if (state.running.size >= this.maxConcurrent) {
      state.waitingForSlot = true;
      return;
    }
    state.waitingForSlot = false;
    const running: Running = {
      controller: new AbortController(),
      startedAt: this.now(),
      served: state.waiting.splice(0),
    };
    state.running.add(running);
    void this.run(uri, running.controller.signal)
      .catch(() => undefined)
      .finally(() => {
        state.running.delete(running);
        const open = this.documents.get(uri) === state;
        // An aborted review answered nobody: its callers wait for the review that superseded it,
        // running already or still to start.
        const successor = [...state.running].find((other) => !other.controller.signal.aborted);
        if (open && running.controller.signal.aborted && successor) successor.served.push(...running.served);
        else if (open && running.controller.signal.aborted && (state.timer || state.waitingForSlot))
          state.waiting.push(...running.served);
        else for (const resolve of running.served) resolve();
        if (!open) return;
        if (state.waitingForSlot) this.startOrWait(uri, state);
        else if (!state.timer && state.running.size === 0 && state.waiting.length === 0)
          this.documents.delete(uri);
      });
  }
}
