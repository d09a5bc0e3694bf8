// V8's retention of dead maps, switched per process and per task. The pool's workers release dead
// maps promptly (server/src/pool/collectGarbage.ts says why: a map kept for optimized code held a
// finished lint's whole SourceCode past its task); a long task keeps V8's default while it runs.
import { setFlagsFromString } from 'node:v8';

/**
 * Stops V8 from keeping dead maps alive for later optimized code (collectGarbage.ts), so that what a task
 * built is collectable once the task has answered. For a worker process (and the benches that
 * stand for one); the flag is read at each collection, so setting it at start-up is enough.
 */
export function releaseDeadMapsPromptly(): void {
  setFlagsFromString('--retain-maps-for-n-gc=0');
  releasing = true;
}

let releasing = false;
let retaining = 0;

/**
 * Runs `work` with V8's default retention of dead maps (two full collections) in a process that
 * releases them promptly, and releases them again once it returns. A long task collects several
 * times while it runs (a 10,000-line `modernize`: about four full collections), and with no map
 * kept V8 threw away, at each of them, the optimized code of every function compiled against a
 * shape no live object had at that moment (TypeScript's checker, acorn's parser, ESLint's traversal
 * and rules), and compiled it again later in the task: about a quarter more optimizing-compiler work per
 * round and slower code on the task's own thread meanwhile (docs/refactor.md, "Thirteenth look").
 * The first full collection after `work` (the worker's collection after a large task) runs without
 * retention again, so what the task built still does not outlive it.
 */
export function retainingMapsDuring<T>(work: () => T): T {
  if (!releasing) return work();
  if (retaining++ === 0) setFlagsFromString('--retain-maps-for-n-gc=2');
  try {
    return work();
  } finally {
    if (--retaining === 0) setFlagsFromString('--retain-maps-for-n-gc=0');
  }
}
