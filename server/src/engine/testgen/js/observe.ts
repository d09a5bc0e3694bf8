// Runs candidate calls in the sandbox and records what each did and which statements and branch arms
// it reached. A call that never returns is caught by the idle limit: the process is killed, that
// case is recorded as a timeout, and a new process goes on with the cases after it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseSpec } from '../model';
import { LIMITS, nodeBinary, nodePermissionFlags, runSandboxed } from '../sandbox';
import type { ObservedCase } from './emit';
import { HARNESS_SOURCE } from './harnessSource';
import { COVERAGE_VARIABLE } from './instrument';

export interface Observation {
  /** Set when the module itself throws while loading: nothing can be called. */
  loadError?: { name: string; message: string };
  /** Statements reached while loading the module (top-level code). */
  loadHits: string[];
  /** Functions the loaded module exposes, with their arity; `arity` >= 0 when the module is one. */
  exported?: { functions: [string, number][]; arity: number };
  results: Map<number, { outcome: ObservedCase['outcome']; hits: string[] }>;
  /** Cases killed by the time limit. */
  timedOut: number[];
  /** Why a process ended early (memory, a crash), when it did. */
  crashes: string[];
}

const MAX_RESTARTS = 5;

interface HarnessLine {
  load?: 'ok' | 'throw';
  functions?: [string, number][];
  arity?: number;
  error?: { name: string; message: string };
  start?: number;
  id?: number;
  outcome?: ObservedCase['outcome'];
  hits?: string[];
  done?: boolean;
  fatal?: string;
}

export async function observe(
  folder: string,
  moduleFile: string,
  moduleKey: string,
  cases: CaseSpec[],
  signal?: AbortSignal,
): Promise<Observation> {
  const harness = join(folder, 'harness.cjs');
  writeFileSync(harness, HARNESS_SOURCE);
  const observation: Observation = { loadHits: [], results: new Map(), timedOut: [], crashes: [] };
  const skip = new Set<number>();
  for (let attempt = 0; attempt <= MAX_RESTARTS; attempt++) {
    const specFile = join(folder, 'cases.json');
    writeFileSync(
      specFile,
      JSON.stringify({
        modulePath: moduleFile,
        moduleFile: moduleKey,
        coverageVar: COVERAGE_VARIABLE,
        asyncMs: LIMITS.idleMs - 500,
        skip: [...skip, ...observation.results.keys()],
        cases: cases.map((c) => ({
          id: c.id,
          args: c.args,
          ctorArgs: c.ctorArgs,
          access: c.target.access,
          kind: c.target.kind,
          isStatic: c.target.isStatic ?? false,
        })),
      }),
    );
    let running: number | undefined;
    let done = false;
    const result = await runSandboxed({
      command: nodeBinary(),
      args: [...nodePermissionFlags([folder], []), harness, specFile],
      cwd: folder,
      signal,
      onLine: (text) => {
        let line: HarnessLine;
        try {
          line = JSON.parse(text) as HarnessLine;
        } catch {
          return; // the module printed something of its own
        }
        if (line.load === 'throw') observation.loadError = line.error;
        else if (line.load === 'ok') {
          observation.loadHits = line.hits ?? [];
          observation.exported = { functions: line.functions ?? [], arity: line.arity ?? -1 };
        } else if (line.start !== undefined) running = line.start;
        else if (line.id !== undefined && line.outcome) {
          observation.results.set(line.id, { outcome: line.outcome, hits: line.hits ?? [] });
          running = undefined;
        } else if (line.done) done = true;
        else if (line.fatal) observation.crashes.push(line.fatal);
      },
    });
    if (done || observation.loadError || result.killed === 'cancelled') break;
    if (running === undefined) {
      // Ended without a case in flight and without finishing: the module exited or crashed the process.
      observation.crashes.push(describeExit(result.exitCode, result.killed, result.stderr));
      break;
    }
    if (result.killed) observation.timedOut.push(running);
    else
      observation.crashes.push(
        `case #${running}: ${describeExit(result.exitCode, result.killed, result.stderr)}`,
      );
    skip.add(running);
  }
  return observation;
}

function describeExit(code: number | null, killed: string | undefined, stderr: string): string {
  if (killed) return `killed by the ${killed}`;
  const last = stderr.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
  if (/heap out of memory|Allocation failed/i.test(stderr)) return 'ran out of memory (heap limit)';
  return `process exited with code ${code}${last ? `: ${last.slice(0, 200)}` : ''}`;
}
