// A warm-up unit (warmUp.ts) runs while its worker is idle, and a task that arrives meanwhile cannot
// be read until the unit ends: the worker's one thread is in the unit's lint. So the front, when it
// hands a task to a worker that said it is warming up, also writes a byte to that worker's stdin
// (enginePool.ts), and a small thread of the worker, blocked reading stdin, stops the unit: the unit's
// stages break on SIGINT (`breakOnSigint`, as a task's do), and the thread sends the process SIGINT.
//
// Only while a stage is surely running, though. A stage that breaks on SIGINT takes the process's
// SIGINT listeners away while it starts and ends, and a SIGINT in those instants ends the process.
// Both threads therefore share a word: the stage marks it INSIDE as its first step and back as its
// last, both inside the watchdog's life; the thread signals only if it turns INSIDE into COMMITTED,
// and a stage that finds COMMITTED when it would end waits there to be broken. A byte that comes
// while no stage runs marks NUDGED instead, and the next unit does not start its stage (the task is
// read first). A stopped unit is run again later (warmUp.ts).
import { Worker } from 'node:worker_threads';
import { StageBudget, TaskInterrupted } from '../engine/stageBudget';

const STATE = 0;
const NUDGED = 1;
/** A unit's time limit: far beyond any unit's time (15–60 ms cold at load 13–17, s34-h8w). */
const SAFETY_MS = 2000;
/** Always 0: what the thread waits on to sleep. */
const SLEEP = 2;
const OUTSIDE = 0;
const INSIDE = 1;
const COMMITTED = 2;

// The thread's code (eval'd: the worker is one bundle). A read error or end of input (the front is
// gone) ends it.
const READER = `
const { workerData } = require('node:worker_threads');
const { readSync } = require('node:fs');
const flags = new Int32Array(workerData);
const bytes = Buffer.alloc(64);
for (;;) {
  let read;
  try {
    read = readSync(0, bytes, 0, bytes.length, null);
  } catch (error) {
    if (error.code !== 'EAGAIN') break;
    Atomics.wait(flags, ${SLEEP}, 0, 5);
    continue;
  }
  if (read === 0) break;
  Atomics.store(flags, ${NUDGED}, 1);
  if (Atomics.compareExchange(flags, ${STATE}, ${INSIDE}, ${COMMITTED}) === ${INSIDE}) {
    process.kill(process.pid, 'SIGINT');
  }
}
`;

export class WarmUpPreemption {
  private readonly flags = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  // Never aborted: it only makes the units' stages break on SIGINT.
  private readonly breaks = new AbortController().signal;
  private reader?: Worker;

  /** Starts the thread that reads the front's nudges (once; it does not keep the process alive). */
  start(): void {
    if (this.reader) return;
    this.reader = new Worker(READER, { eval: true, workerData: this.flags.buffer });
    this.reader.unref();
    this.reader.on('error', () => undefined);
  }

  /**
   * A unit's budget: its stages break when the front hands the worker a task. Their time limit is a
   * safety net only (SAFETY_MS): a stage whose thread has committed to a SIGINT must not end before
   * the SIGINT has broken it, and a time limit would end it.
   */
  budget(): StageBudget {
    return new PreemptibleBudget(this.flags, {
      deadline: Date.now() + SAFETY_MS,
      stageShare: 1,
      interrupt: this.breaks,
    });
  }

  /** A task has started: the nudge that announced it is spent. */
  taskStarted(): void {
    Atomics.store(this.flags, NUDGED, 0);
  }
}

class PreemptibleBudget extends StageBudget {
  private inStage = false;

  constructor(
    private readonly flags: Int32Array,
    options: ConstructorParameters<typeof StageBudget>[0],
  ) {
    super(options);
  }

  override run<T>(stage: string | (() => string), fn: () => T): T | typeof StageBudget.TIMED_OUT {
    if (this.inStage) return super.run(stage, fn);
    try {
      return super.run(stage, () => this.marked(fn));
    } finally {
      // Broken by the thread's SIGINT: that was the nudge's answer, which is spent.
      if (Atomics.exchange(this.flags, STATE, OUTSIDE) === COMMITTED) Atomics.store(this.flags, NUDGED, 0);
    }
  }

  /** Runs inside the stage (its SIGINT watchdog running), marked so for the reading thread. */
  private marked<T>(fn: () => T): T {
    this.inStage = true;
    Atomics.store(this.flags, STATE, INSIDE);
    try {
      // A task was announced before this stage: do not start it (the task is read first).
      if (Atomics.exchange(this.flags, NUDGED, 0) === 1) throw new TaskInterrupted();
      return fn();
    } finally {
      this.inStage = false;
      // The thread has committed to a SIGINT: wait here, inside the stage, to be broken by it.
      if (Atomics.compareExchange(this.flags, STATE, INSIDE, OUTSIDE) === COMMITTED) for (;;);
    }
  }
}
