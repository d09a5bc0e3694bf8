// Union-find climbs whose path is compressed afterwards (`parent[x] = root` for every node passed):
// over all finds they cost amortised near-constant time, so a loop climbing `parent` links, or
// draining the list of nodes such a climb pushed, is not charged the height of the tree per pass.
import type { Flow, LoopFlow } from '../model';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';

/** The function writes into `parent[...]` somewhere (`parent[stk.pop()] = root`, `set_[x] = root`). */
export function compressesAfterClimb(est: Estimator, walk: Walk, parent: string): boolean {
  const p = escape(parent);
  return statementsIn(est.facts, walk.unit).some(
    (s) =>
      s.kind === 'assignment' &&
      new RegExp(`^${p}\\s*\\[`).test(s.target?.trim() ?? '') &&
      (s.operator === '=' || s.operator === undefined),
  );
}

/** The loops of a block, through branches and nested loops. */
function loopsIn(flows: Flow[]): LoopFlow[] {
  return flows.flatMap((f) =>
    f.kind === 'loop' ? [f, ...loopsIn(f.body)] : f.kind === 'branch' ? f.arms.flatMap(loopsIn) : [],
  );
}

/**
 * `stk` in `while stk: parent[stk.pop()] = root` after a compressing climb that pushed each node
 * it passed (`stk.append(x)`): the list holds the climbed path, so draining it costs what the
 * climb cost.
 */
export function filledByCompressedClimb(est: Estimator, walk: Walk, list: string): boolean {
  return loopsIn(walk.unit.body).some(
    (loop) =>
      loop.bound.kind === 'linear' &&
      loop.bound.climb === true &&
      compressesAfterClimb(est, walk, loop.bound.key) &&
      loop.body.some(
        (f) =>
          f.kind === 'call' &&
          f.receiver === list &&
          /^(append|push|push_back|emplace_back|add)$/.test(f.name),
      ),
  );
}
