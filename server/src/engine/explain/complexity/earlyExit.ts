// Branches of a loop body that end the whole call: an arm holding a `return` at its own top level
// is entered at most once per call of the function (entering it always returns), so its work —
// `return num.substr(0, i + 1)`, a final check loop before `return` — is paid once, not once per
// pass of the loops around it. Work guarded by a return deeper down (inside a nested branch or
// loop of the arm) is not moved: that arm may be entered many times without returning.
import type { Flow, Statement } from '../model';

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

/**
 * Arms that end the loop whose body `flows` is: an `if` directly in that body, without an `else`,
 * whose block has a plain `break` at its own top level and no `continue` anywhere (`if (s > mid) {
 * for (var t : arr) ans += …; break; }`). Entering the arm always leaves the loop, so its work is
 * paid at most once per run of the loop, not once per pass. Statements are read from `statements`
 * (the unit's), by the extractor's depths: a `break` inside a nested loop or `switch` is deeper and
 * does not count.
 */
export function splitBreakArms(
  flows: Flow[],
  statements: Statement[],
  loopLine: number,
): { rest: Flow[]; exits: ExitArm[] } {
  const header = statements.find((s) => s.kind === 'loop' && s.line === loopLine);
  if (!header) return { rest: flows, exits: [] };
  const rest: Flow[] = [];
  const exits: ExitArm[] = [];
  for (const f of flows) {
    const at =
      f.kind === 'branch' && f.arms.length === 1 ? statements.findIndex((s) => s.line === f.line) : -1;
    const branch = at < 0 ? undefined : statements[at]!;
    if (f.kind !== 'branch' || !branch || branch.kind !== 'if' || branch.depth !== header.depth + 1) {
      rest.push(f);
      continue;
    }
    const block: Statement[] = [];
    for (let i = at + 1; i < statements.length && statements[i]!.depth > branch.depth; i++)
      block.push(statements[i]!);
    const jump = (s: Statement, word: string) =>
      s.kind === 'jump' && new RegExp(`^${word}\\s*;?$`).test(s.code.trim());
    const breaks = block.some((s) => s.depth === branch.depth + 1 && jump(s, 'break'));
    if (breaks && !block.some((s) => s.kind === 'jump' && /^continue\b/.test(s.code.trim()))) {
      exits.push({ line: f.line, flows: f.arms[0]! });
      rest.push({ ...f, arms: [[]] });
    } else rest.push(f);
  }
  return { rest, exits };
}
