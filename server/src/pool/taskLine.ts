// The worker's side of one task ahead (taskAhead.ts): workerpool calls the worker's method for each
// request as it arrives, so a task handed over while another runs would start at once beside it.
// The line starts each task once every task handed over before it has answered; and since
// workerpool's own `workerEmit` tags a message with the request it heard last (which is then the
// task waiting, not the one running), each task's messages go out under its own request's id.
// Each task has its own interrupt, reached by that id (INTERRUPT_TASK): cancelling a task never
// touches the task beside it, whichever of the two is running when the cancel arrives.
import workerpool from 'workerpool';

/** Runs tasks one after another, in the order they were handed over. */
export class TaskLine {
  private last: Promise<unknown> = Promise.resolve();
  /** Tasks handed over and not yet answered. */
  private running = 0;
  /** The interrupt of each task handed over under a request id and not yet answered. */
  private readonly interrupts = new Map<number, AbortController>();

  /**
   * Runs `task` once every task handed over before it has answered, with its own interrupt; a task
   * interrupted (`interrupt(id)`) before its turn never starts: `dropped` answers for it.
   */
  run<T>(task: (interrupt: AbortController) => Promise<T>, id?: number, dropped?: () => T): Promise<T> {
    const interrupt = new AbortController();
    if (id !== undefined) this.interrupts.set(id, interrupt);
    // Handed over while another task runs: it starts once the messages that came meanwhile have been
    // read (below), so an interrupt sent for it while that task kept the thread busy drops it.
    const waited = this.running > 0;
    this.running++;
    const run = this.last.then(async () => {
      if (waited) await ioTurns();
      try {
        return interrupt.signal.aborted && dropped ? dropped() : await task(interrupt);
      } finally {
        this.running--;
        if (id !== undefined) this.interrupts.delete(id);
      }
    });
    // The next task starts a turn after what its caller chained on this one (workerpool sends the
    // answer then): a synchronous start of the next must not hold this one's answer back.
    this.last = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Interrupts the task handed over under `id`: one waiting is dropped, one running stops at its next stage. */
  interrupt(id: number): void {
    this.interrupts.get(id)?.abort();
  }
}

/**
 * Two turns of the event loop: messages that arrived while the thread was busy (a synchronous task
 * ahead) are read in the poll phase of the next turn, which comes between the first immediate and
 * the second. The task ahead answered from within a poll or check phase, so one immediate alone can
 * run before the next poll.
 */
function ioTurns(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

interface MessageSource {
  prependListener(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * The id of the request being handed to the worker's method: workerpool's message listener calls
 * the method synchronously, right after this listener (put first) saw the request.
 */
export function requestIds(source: MessageSource): () => number | undefined {
  let last: number | undefined;
  source.prependListener('message', (message) => {
    const id = (message as { id?: unknown } | null)?.id;
    last = typeof id === 'number' ? id : undefined;
  });
  return () => last;
}

export type Emit = (payload: unknown) => void;

/**
 * Sends a task's messages to the front under its request's id, as workerpool's events (workerpool 10's
 * wire format: `{ id, isEvent, payload }`); without an id (another workerpool), through `workerEmit`.
 */
export function emitFor(
  id: number | undefined,
  send: ((message: unknown) => unknown) | undefined = process.send?.bind(process),
): Emit {
  if (id === undefined || !send) return (payload) => workerpool.workerEmit(payload);
  return (payload) => void send({ id, isEvent: true, payload });
}
