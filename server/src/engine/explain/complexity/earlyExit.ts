// Branches of a loop body that end the whole call: an arm holding a `return` at its own top level
// is entered at most once per call of the function (entering it always returns), so its work —
// `return num.substr(0, i + 1)`, a final check loop before `return` — is paid once, not once per
// pass of the loops around it. Work guarded by a return deeper down (inside a nested branch or
// loop of the arm) is not moved: that arm may be entered many times without returning.
import type { Flow } from '../model';

export interface ExitArm {
  /** Line of the branch the arm belongs to. */
  line: number;
  flows: Flow[];
  /** Why the arm runs at most once, when it is not a `return` at its top level. */
  why?: string;
}

/** An arm that runs at most once per call for another reason (hashHits.ts), rewritten, and why. */
export type OnceArm = (
  branch: Extract<Flow, { kind: 'branch' }>,
  arm: Flow[],
) => { flows: Flow[]; why: string } | undefined;

/** Splits `flows` (a loop body) into what runs on every pass and the arms that return. */
export function splitExitArms(flows: Flow[], onceArm?: OnceArm): { rest: Flow[]; exits: ExitArm[] } {
  const rest: Flow[] = [];
  const exits: ExitArm[] = [];
  for (const f of flows) {
    if (f.kind !== 'branch') {
      rest.push(f);
      continue;
    }
    const arms: Flow[][] = [];
    for (const arm of f.arms) {
      const once = onceArm?.(f, arm);
      if (arm.some((a) => a.kind === 'return')) {
        exits.push({ line: f.line, flows: arm });
        arms.push([]);
      } else if (once) {
        exits.push({ line: f.line, flows: once.flows, why: once.why });
        arms.push([]);
      } else {
        const inner = splitExitArms(arm, onceArm);
        exits.push(...inner.exits);
        arms.push(inner.rest);
      }
    }
    rest.push({ ...f, arms });
  }
  return { rest, exits };
}
