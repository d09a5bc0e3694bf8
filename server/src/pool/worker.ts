// Entry of dist/engineWorker.js: one engine worker process of the pool. It runs one task at a time
// (the pool may hand it the next while it runs one: that one starts once this one has answered,
// taskLine.ts) and never writes to stdout, which in the editor is the parent's LSP stream (the pool
// pipes this process's output into its log instead).
import { setPriority } from 'node:os';
import workerpool from 'workerpool';
import { OPERATIONS } from '../engine/contracts';
import { CodewrightError } from '../engine/errors';
import { assertWithinContextWindow } from '../engine/limits';
import { isJsFamily, resolveLanguage } from '../engine/languages';
import { assertNestingWithinLimit } from '../engine/nesting';
import { StageBudget, TaskInterrupted } from '../engine/stageBudget';
import type { OperationEvent, ProgressUpdate } from '../engine/engine';
import {
  INTERRUPT_BETWEEN_STAGES,
  INTERRUPT_TASK,
  RUN_TASK,
  stageInterrupt,
  type TaskEventMessage,
  type TaskRequest,
  type TaskResponse,
  type TaskStartedMessage,
} from './protocol';
import {
  AfterTaskCollector,
  IdleCollector,
  collectIfLarge,
  heapUsed,
  leftLargeHeap,
  releaseDeadMapsPromptly,
  startsOnCollectedHeap,
  trackSentMessages,
} from './collectGarbage';
import { ShapeAnchor } from './shapeAnchor';
import { SHAPE_ANCHOR_SAMPLES } from './shapeAnchorSamples';
import { TaskLine, emitFor, requestIds, type Emit } from './taskLine';
import { startTaskTiming } from './taskTiming';
import { WARM_UP_UNIT_MS, WarmUp } from './warmUp';
import { TASKS } from './workerTasks';

// Leave room after the stage budgets for the rest of the task and the answer, so a task that had to
// skip a stage still answers before the front's hard limit kills it.
const BUDGET_SHARE = 0.8;
const WORKER_NICENESS = 5;

console.log = console.info = console.debug = console.error;

// What a task built must not outlive it through maps V8 keeps for optimized code (collectGarbage.ts).
releaseDeadMapsPromptly();

// Analysis yields the CPU to the process that holds the editor connection and the HTTP server, so
// those stay responsive while every worker is busy (a lower priority needs no privilege).
try {
  setPriority(WORKER_NICENESS);
} catch {
  // Some platforms refuse; the worker then runs at normal priority.
}

// Reviews small samples while idle after a first JavaScript-family review (warmUp.ts), through the
// same task as the editor's reviews, nothing sent anywhere. The stage budget bounds each unit: a
// task that arrives while one runs waits at most WARM_UP_UNIT_MS for it (a cut unit has still fed V8).
const warmUp = new WarmUp((input, request) =>
  TASKS.reviewFindings(
    { input, fixedCode: false },
    {
      config: request.config,
      roots: request.roots,
      budget: new StageBudget({ deadline: Date.now() + WARM_UP_UNIT_MS, stageShare: 1 }),
    },
  ),
);

// A worker left idle after a spell of reviews gives its heap back (collectGarbage.ts).
const idleCollector = new IdleCollector();

// Structures of small samples kept so that a large refactor's optimized code survives the
// collection after it (shapeAnchor.ts), built when idle after the first JavaScript-family refactor
// of any size and refreshed after each large one. A sample cut by this limit anchors what it built
// so far.
const ANCHOR_UNIT_LIMIT_MS = 1_000;
const shapeAnchor = new ShapeAnchor((code, keep) => {
  const { refactorJs } =
    require('../engine/refactor/js/index') as typeof import('../engine/refactor/js/index');
  const { selectPatterns } =
    require('../engine/refactor/patterns') as typeof import('../engine/refactor/patterns');
  refactorJs({
    code,
    extension: 'js',
    patterns: selectPatterns('modernize', 'js', undefined),
    deadline: performance.now() + ANCHOR_UNIT_LIMIT_MS,
    keep,
  });
}, SHAPE_ANCHOR_SAMPLES);

// The collection after a task waits until its answer is written (collectGarbage.ts); the anchor's
// units, while it is armed and incomplete, run before it (a refresh's only after a large task).
const afterTask = new AfterTaskCollector(
  trackSentMessages(process as { send?: (message: unknown, ...rest: unknown[]) => boolean }),
  collectIfLarge,
  setImmediate,
  (usedAtStart) => shapeAnchor.stepWhenIdle(() => leftLargeHeap(heapUsed(), usedAtStart)),
);

// Tasks handed over while one runs wait for it (the pool's one task ahead, taskAhead.ts).
const line = new TaskLine();
const requestId = requestIds(process as unknown as Parameters<typeof requestIds>[0]);

function runTask(request: TaskRequest): Promise<TaskResponse> {
  const id = requestId();
  // Without the request's id its messages could go out under the next one's: one task at a time.
  const emit: TaskEmit = Object.assign(emitFor(id), { takesNextTask: id !== undefined });
  // A task interrupted while it waited behind another answers "interrupted" without starting.
  return line.run(
    (taskInterrupt) => runNow(request, emit, taskInterrupt),
    id,
    () => failure(new TaskInterrupted()),
  );
}

/** The pool cancels the task it handed over under `id`, and only that one (INTERRUPT_TASK). */
function interruptTask(id: number): void {
  line.interrupt(id);
}

/** Sends a task's messages to the front; says whether this worker can take a next task meanwhile. */
type TaskEmit = Emit & { takesNextTask: boolean };

async function runNow(
  request: TaskRequest,
  emit: TaskEmit,
  taskInterrupt: AbortController,
): Promise<TaskResponse> {
  warmUp.taskStarted();
  idleCollector.taskStarted();
  const timed = startTaskTiming();
  const response = await answer(request, emit, taskInterrupt);
  const timing = await timed?.();
  // Units start on a later turn of the event loop, after this answer has been sent.
  warmUp.taskEnded(request, response.ok);
  idleCollector.taskEnded();
  return timing ? { ...response, timing } : response;
}

/**
 * The running task's interrupt. The pool drops a task it no longer wants (a superseded review, a
 * caller gone) by naming it (INTERRUPT_TASK, `interruptTask`), or, to a worker that does not know
 * its tasks' ids, by sending this process INTERRUPT_BETWEEN_STAGES; then SIGINT should it not
 * answer (enginePool.ts): a stage running breaks on SIGINT (StageBudget), one not yet started does
 * not start, and the task answers "interrupted" instead of the process being killed and a cold one
 * started in its place. SIGINT itself aborts nothing: it only breaks the stage running when it
 * lands, so one sent for a task that has just answered leaves the next task's later stages alone
 * (and the process must not take its default action). Outside a task the signals do nothing.
 */
let interrupt: AbortController | undefined;
process.on(INTERRUPT_BETWEEN_STAGES, () => interrupt?.abort());
process.on('SIGINT', () => undefined);

async function answer(
  request: TaskRequest,
  emitMessage: TaskEmit,
  taskInterrupt: AbortController,
): Promise<TaskResponse> {
  // The front's clock for this task starts now, as the stage budgets' below does; the pid is where
  // it signals to interrupt the task.
  interrupt = taskInterrupt;
  const task = afterTask.taskStarted();
  let heapAtStart = heapUsed();
  emitMessage({
    codewrightTaskStarted: true,
    pid: process.pid,
    takesNextTask: emitMessage.takesNextTask,
  } satisfies TaskStartedMessage);
  const run = (TASKS as Record<string, (payload: unknown, context: unknown) => Promise<unknown>>)[
    request.task
  ];
  try {
    if (!run) throw new CodewrightError('NOT_FOUND', `The engine has no task '${request.task}'`);
    const inputChars = precheck(request);
    const language = languageOf(request);
    const jsRefactor = request.task === 'refactor' && language !== undefined && isJsFamily(language);
    if (startsOnCollectedHeap(request.task, request.task in OPERATIONS, inputChars)) {
      collectIfLarge();
      heapAtStart = heapUsed();
      afterTask.collected();
      if (jsRefactor) shapeAnchor.arm();
    } else if (jsRefactor) shapeAnchor.armFirst();
    const budget = new StageBudget({
      deadline: Date.now() + request.timeLimitMs * BUDGET_SHARE,
      interrupt: stageInterrupt(request, interrupt.signal),
    });
    const emit = request.stream
      ? (event: OperationEvent) => emitMessage({ codewrightEvent: event } satisfies TaskEventMessage)
      : undefined;
    const progress = (update: ProgressUpdate) => emitMessage({ progress: update });
    const result = await run(request.payload, {
      config: request.config,
      roots: request.roots,
      budget,
      contextTokens: request.contextTokens,
      emit,
      progress,
    });
    return { ok: true, result };
  } catch (error) {
    return failure(error);
  } finally {
    interrupt = undefined;
    // After the answer has been written to the pool (workerpool sends it when this promise settles).
    afterTask.taskEnded(task, heapAtStart);
  }
}

/** A task's failure as its answer: engine errors as data, anything else as an internal error. */
function failure(error: unknown): TaskResponse {
  if (error instanceof CodewrightError) {
    return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
  }
  const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
  return { ok: false, internal: { message, stack } };
}

/**
 * Checks that hold for every task on code: the context window and the nesting the parsers take.
 * Returns the length of the task's code (0 when it has none).
 */
function precheck(request: TaskRequest): number {
  const isOperation = request.task in OPERATIONS;
  const fields = inputFields(request);
  if (isOperation && request.contextTokens) assertWithinContextWindow(fields, request.contextTokens);
  const field = ['code', 'source_code'].find((name) => typeof fields[name] === 'string');
  const language = languageOf(request);
  if (field && language) assertNestingWithinLimit(fields[field] as string, language, field);
  return field ? (fields[field] as string).length : 0;
}

/** A task's input: operations get their contract input; editor tasks carry it as `input`, or code and language. */
function inputFields({ task, payload }: TaskRequest): Record<string, unknown> {
  const wrapped = (payload as { input?: unknown } | undefined)?.input;
  return ((task in OPERATIONS ? payload : (wrapped ?? payload)) ?? {}) as Record<string, unknown>;
}

function languageOf(request: TaskRequest) {
  return resolveLanguage(String(inputFields(request).language ?? ''));
}

workerpool.worker({ [RUN_TASK]: runTask, [INTERRUPT_TASK]: interruptTask });
