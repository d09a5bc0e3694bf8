// Runs candidate Python calls in the sandbox (python/harnessSource.ts) and records what each did and
// which lines and line-to-line arcs of the module it reached. A call that never returns is caught by
// the idle limit: the process is killed, the case recorded as a timeout, and a new process goes on
// with the cases after it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseSpec } from '../model';
import { LIMITS, runSandboxed, type SandboxResult } from '../sandbox';
import type { PyOutcome } from './emit';
import { GUARD_SOURCE } from './guardSource';
import { HARNESS_SOURCE } from './harnessSource';

export interface PyObservation {
  loadError?: { name: string; message: string };
  /** Set when loading the module was killed by a limit (it never finished importing). */
  loadKilled?: string;
  loadHits: string[];
  /** Lines holding code, from the compiled module. */
  executable: number[];
  results: Map<number, { outcome: PyOutcome; hits: string[] }>;
  timedOut: number[];
  crashes: string[];
}

interface HarnessLine {
  executable?: number[];
  load?: 'ok' | 'throw';
  error?: { name: string; message: string };
  start?: number;
  id?: number;
  outcome?: PyOutcome;
  hits?: string[];
  done?: boolean;
}

const MAX_RESTARTS = 5;
export const MARK = '@@CW ';

/** Writes the guard and a script into the work folder and runs it with the interpreter, sandboxed. */
export function runPython(
  python: string,
  folder: string,
  script: string,
  source: string,
  args: string[],
  options: { signal?: AbortSignal; onLine?: (line: string) => void; timeoutMs?: number; idleMs?: number },
): Promise<SandboxResult> {
  writeFileSync(join(folder, 'cw_guard.py'), GUARD_SOURCE);
  writeFileSync(join(folder, script), source);
  // -B: no bytecode files; -I: isolated (no PYTHON* variables, no user site-packages, and the script's
  // folder is not on sys.path, so a module under test named like a standard module shadows nothing).
  return runSandboxed({ command: python, args: ['-B', '-I', script, ...args], cwd: folder, ...options });
}

export async function observePython(
  python: string,
  folder: string,
  moduleName: string,
  cases: CaseSpec[],
  signal?: AbortSignal,
): Promise<PyObservation> {
  const observation: PyObservation = {
    loadHits: [],
    executable: [],
    results: new Map(),
    timedOut: [],
    crashes: [],
  };
  const skip = new Set<number>();
  for (let attempt = 0; attempt <= MAX_RESTARTS; attempt++) {
    writeFileSync(
      join(folder, 'cases.json'),
      JSON.stringify({
        module: moduleName,
        addressSpaceMb: LIMITS.pythonAddressSpaceMb,
        skip: [...skip, ...observation.results.keys()],
        cases: cases.map((c) => ({
          id: c.id,
          args: c.args.join(', '),
          ctorArgs: c.ctorArgs === undefined ? null : c.ctorArgs.join(', '),
          access: c.target.access,
        })),
      }),
    );
    let running: number | undefined;
    let loaded = false;
    let done = false;
    const result = await runPython(python, folder, 'cw_harness.py', HARNESS_SOURCE, ['cases.json'], {
      signal,
      onLine: (text) => {
        if (!text.startsWith(MARK)) return; // the module printed something of its own
        let line: HarnessLine;
        try {
          line = JSON.parse(text.slice(MARK.length)) as HarnessLine;
        } catch {
          return;
        }
        if (line.executable) observation.executable = line.executable;
        else if (line.load === 'throw') observation.loadError = line.error;
        else if (line.load === 'ok') {
          loaded = true;
          observation.loadHits = line.hits ?? [];
        } else if (line.start !== undefined) running = line.start;
        else if (line.id !== undefined && line.outcome) {
          observation.results.set(line.id, { outcome: line.outcome, hits: line.hits ?? [] });
          running = undefined;
        } else if (line.done) done = true;
      },
    });
    if (done || observation.loadError || result.killed === 'cancelled') break;
    if (!loaded) {
      observation.loadKilled = describeExit(result);
      break;
    }
    if (running === undefined) {
      observation.crashes.push(describeExit(result));
      break;
    }
    if (result.killed) observation.timedOut.push(running);
    else observation.crashes.push(`case #${running}: ${describeExit(result)}`);
    skip.add(running);
  }
  return observation;
}

export function describeExit(result: SandboxResult): string {
  if (result.killed) return `killed by the ${result.killed}`;
  const last =
    result.stderr
      .trim()
      .split('\n')
      .filter((l) => l.trim())
      .slice(-1)[0] ?? '';
  if (/MemoryError/.test(result.stderr)) return 'ran out of memory (address-space limit)';
  return `process exited with code ${result.exitCode}${last ? `: ${last.trim().slice(0, 200)}` : ''}`;
}
