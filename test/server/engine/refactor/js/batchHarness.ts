// Runs one batch of conversions through the pipeline, checked like the compiler code fixes, with and
// without the cheaper proof that it adds no error (regionCheck.ts, and asyncProof.ts inside it), so
// tests can require the same decision both ways and count the checks each way made.
import assert from 'node:assert/strict';
import { countChecks } from './checkCount';
import { ChangeLog } from '../../../../../server/src/engine/refactor/changeLog';
import { PositionMap } from '../../../../../server/src/engine/refactor/edits';
import { contextFor } from '../../../../../server/src/engine/refactor/js/index';
import { runTransforms } from '../../../../../server/src/engine/refactor/js/pipeline';
import { unprovenBecause } from '../../../../../server/src/engine/refactor/js/regionCheck';
import type { Candidate, JsTransform } from '../../../../../server/src/engine/refactor/js/transform';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';
import type { PatternName } from '../../../../../server/src/engine/refactor/patterns';

export const PATTERNS = new Set<PatternName>(['async_await', 'classes']);

export interface Step {
  /** The name whose first occurrence is the site (what the compiler's diagnostic points at). */
  site: string;
  from: string;
  to: string;
  pattern?: PatternName;
}

/** Proposes the steps once, as one batch, checked like the compiler code fixes. */
function stepsTransform(
  steps: readonly Step[],
  proof: boolean,
  verdicts: (string | undefined)[],
): JsTransform {
  let proposed = false;
  return {
    name: 'test conversions',
    checkSemantics: true,
    oneAtATime: false,
    propose: ({ file }) => {
      if (proposed) return { candidates: [], kept: [] };
      proposed = true;
      const text = file.text();
      const candidates: Candidate[] = steps.map((step) => {
        const start = text.indexOf(step.from);
        assert.ok(start >= 0, step.from);
        return {
          pattern: step.pattern ?? 'async_await',
          at: text.indexOf(step.site),
          edits: [{ start, end: start + step.from.length, text: step.to }],
          message: `converted ${step.site}`,
        };
      });
      return { candidates, kept: [] };
    },
    addsNoError: proof
      ? (context, programBefore, batch) => {
          const verdict = unprovenBecause(context, programBefore, batch);
          verdicts.push(verdict);
          return verdict === undefined;
        }
      : undefined,
  };
}

export function run(
  code: string,
  steps: readonly Step[],
  proof: boolean,
  extension = 'js',
): {
  code: string;
  changes: string[];
  verdicts: (string | undefined)[];
  fullChecks: number;
  regionChecks: number;
} {
  const file = createVirtualFile(code, extension);
  const verdicts: (string | undefined)[] = [];
  try {
    const log = new ChangeLog();
    const state = {
      context: contextFor(file, extension, PATTERNS),
      map: new PositionMap(code),
      log,
      deadline: Number.POSITIVE_INFINITY,
    };
    const { checks, regions } = countChecks(() =>
      runTransforms(state, [stepsTransform(steps, proof, verdicts)]),
    );
    return {
      code: file.text(),
      changes: log.changes(PATTERNS),
      verdicts,
      fullChecks: checks,
      regionChecks: regions,
    };
  } finally {
    file.dispose();
  }
}

/** Runs the batch both ways; the decisions must agree. Returns the run with the proof. */
export function bothWays(code: string, steps: readonly Step[], extension = 'js'): ReturnType<typeof run> {
  const full = run(code, steps, false, extension);
  const region = run(code, steps, true, extension);
  assert.equal(region.code, full.code);
  assert.deepEqual(region.changes, full.changes);
  return region;
}
