// The thread side of the speculative semantic check (speculativeCheck.ts): it type-checks the text
// after each compiler-backed batch, and the text before it when the result has errors, exactly as
// the pipeline's own verification does (pipeline.ts `tryApply`), on programs of its own, and counts
// the batches that would add an error. It runs while the request's thread goes on with the next
// stages; that thread reads the counts once, when the request has finished.
import { parentPort, workerData } from 'node:worker_threads';
import { createVirtualFile } from './virtualFile';
import { errorKeys, newError } from './verify';

/** One batch to judge: the text before and after it. */
export interface CheckRequest {
  before: string;
  after: string;
  extension: string;
  isTypeScript: boolean;
}

export interface CheckWorkerData {
  role: 'codewright-refactor-check';
  /**
   * Int32Array [batches judged, batches that add an error or could not be judged], shared so the
   * requesting thread can wait for them while it blocks (it has no event loop turning then).
   */
  counts: SharedArrayBuffer;
}

export const ANSWERED = 0;
export const REJECTED = 1;

type Keys = Map<string, number>;

/** The error keys of a text, on a program of its own; the last two are kept (a batch's after is the next one's before). */
function keysOf(text: string, extension: string, isTypeScript: boolean, cache: Map<string, Keys>): Keys {
  const cached = cache.get(text);
  if (cached) return cached;
  const file = createVirtualFile(text, extension);
  try {
    const keys = errorKeys(file, isTypeScript);
    if (cache.size >= 2) cache.delete(cache.keys().next().value!);
    cache.set(text, keys);
    return keys;
  } finally {
    file.dispose();
  }
}

/** The error key the batch adds, or undefined: what `tryApply` decides, given that the result parses. */
export function addedError(request: CheckRequest, cache = new Map<string, Keys>()): string | undefined {
  const { extension, isTypeScript } = request;
  const after = keysOf(request.after, extension, isTypeScript, cache);
  if (after.size === 0) return undefined;
  // The text before is checked only when the result has errors, as in `tryApply`.
  return newError(keysOf(request.before, extension, isTypeScript, cache), after);
}

function serve(counts: Int32Array): void {
  const cache = new Map<string, Keys>();
  parentPort!.on('message', (message: CheckRequest | 'close') => {
    if (message === 'close') {
      // Every batch before this message is judged: the thread ends and its memory with it.
      process.exit(0);
    }
    let rejected: boolean;
    try {
      rejected = addedError(message, cache) !== undefined;
    } catch {
      rejected = true; // judged in line instead, by the request's second run
    }
    // The verdict first, then the count: a waiter that sees the count sees the verdict.
    if (rejected) Atomics.add(counts, REJECTED, 1);
    Atomics.add(counts, ANSWERED, 1);
    Atomics.notify(counts, ANSWERED);
  });
}

const data = workerData as Partial<CheckWorkerData> | undefined;
if (parentPort && data?.role === 'codewright-refactor-check') serve(new Int32Array(data.counts!));
