// A recursive call inside a loop that passes the choice made on this pass as a new value
// (`perms(xs[:i] + xs[i+1:])`, `dfs(mask | 1 << i)`) searches over choices whose state is copied
// rather than undone: backtracking. Split from recursiveCost.ts.
import type { CallFlow, Flow, Unit } from '../model';
import { isSelfCall } from './recursion';
import { statementsIn } from './traversal';
import type { Estimator } from './walk';
import { escape } from '../extract/boundText';

/** A collection or bit set built anew for the call: a slice, a concatenation, a range, `mask | 1 << i`. */
const NEW_CHOICE =
  /\[[^\]]*:[^\]]*\]|\[[^\]]*\.\.\.?[^\]]*\]|\+\s*\[|\]\s*\+|\.concat\(|\.\.\.\s*[\w$]|[|^]\s*\(?\s*1\s*<<|<<\s*[\w$]+\s*\)?\s*[|^]/;

/**
 * A recursive call passes the choice made on this pass as a new value (`perms(xs[:i] + xs[i+1:])`,
 * `rest = items[0...i] + items[(i + 1)..]`, `dfs(mask | 1 << i)`): a search over choices whose
 * state is copied rather than undone — backtracking, exponential.
 */
export function passesNewChoice(est: Pick<Estimator, 'facts'>, unit: Unit): boolean {
  const calls: CallFlow[] = [];
  const collect = (fs: Flow[]): void => {
    for (const f of fs) {
      if (f.kind === 'call') {
        if (isSelfCall(f, unit)) calls.push(f);
        f.callbacks.forEach(collect);
      } else if (f.kind === 'loop') collect(f.body);
      else if (f.kind === 'branch') f.arms.forEach(collect);
    }
  };
  collect(unit.body);
  const built = new Set(
    statementsIn(est.facts, unit)
      .filter(
        (s) =>
          (s.kind === 'assignment' || s.kind === 'declaration') && s.target && NEW_CHOICE.test(s.value ?? ''),
      )
      .map((s) => s.target!.trim().replace(/^.*\s/, '')),
  );
  return calls.some((c) =>
    c.args.some(
      (a) => NEW_CHOICE.test(a) || [...built].some((b) => new RegExp(`(^|[^\\w$.])${escape(b)}\\b`).test(a)),
    ),
  );
}
