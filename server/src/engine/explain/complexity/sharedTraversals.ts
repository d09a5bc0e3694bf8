// Calls to a visited-guarded traversal inside a loop whose mark outlives each call
// (`for i, j in cells: if grid[i][j]: dfs(i, j)` where `dfs` marks `grid`): together they enter
// each item once, so the loop adds their cost once instead of multiplying it by its passes.
import type { Flow, SourceFacts, Unit } from '../model';
import { blockEnd, statementsIn } from './traversal';
import { localCallee } from './callCost';
import type { Estimator, UnitComplexity, Walk } from './walk';
import { escape } from '../extract/boundText';

/**
 * Separates, from a loop body, the calls to a visited-guarded traversal whose mark outlives the call
 * (`for i, j in cells: if grid[i][j]: dfs(i, j)` where `dfs` marks `grid`): together they enter each
 * item once, so their cost is added once rather than multiplied by the loop's passes.
 */
export function splitSharedTraversals(
  est: Estimator,
  flows: Flow[],
  walk: Walk,
  loopLine: number,
): { rest: Flow[]; once: Flow[] } {
  const rest: Flow[] = [];
  const once: Flow[] = [];
  for (const f of flows) {
    if (f.kind === 'call') {
      const callee = localCallee(est, f, walk.unit);
      if (callee && callee.id !== walk.unit.id && sharesMark(est, est.of(callee), f, loopLine)) {
        once.push(f);
        continue;
      }
    } else if (f.kind === 'branch') {
      const arms = f.arms.map((arm) => splitSharedTraversals(est, arm, walk, loopLine));
      rest.push({ ...f, arms: arms.map((a) => a.rest) });
      once.push(...arms.flatMap((a) => a.once));
      continue;
    }
    rest.push(f);
  }
  return { rest, once };
}

/**
 * The callee's visited mark outlives this call: it is not created in the callee, and when it is a
 * parameter, the caller's argument is not created anew after the loop starts (`seen = set()` in
 * the loop would give every call a fresh mark).
 */
function sharesMark(
  est: Estimator,
  callee: UnitComplexity,
  call: Extract<Flow, { kind: 'call' }>,
  loopLine: number,
): boolean {
  if (!callee.recursion?.includes('shared mark') || !callee.mark) return false;
  const params = callee.unit.params.map((p) =>
    p
      .replace(/^[.*&$]+/, '')
      .replace(/[:=].*$/, '')
      .trim(),
  );
  const index = params.indexOf(callee.mark);
  if (index < 0) return true;
  // `&lookup` (C++ pointer argument) and Rust `&mut vis` pass the caller's collection itself.
  const arg = call.args[index]?.trim().replace(/^&\s*(?:mut\s+)?/, '');
  if (!arg || !/^[\w$.]+$/.test(arg)) return false;
  return !est.facts.statements.some(
    (s) =>
      s.line >= loopLine &&
      s.line < call.line &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.target?.trim() === arg,
  );
}

/**
 * The unit resets the whole of `mark` on every call (`Arrays.fill(dist, INF)`, `memset(vis, 0,
 * sizeof vis)`, `fill(dist.begin(), dist.end(), INF)`, `seen.clear()`, `dist[:] = …`): each call
 * starts from a fresh mark, so calls made one after another (a Dijkstra from every source) do not
 * share it — each may enter every item again.
 */
export function resetsMark(facts: SourceFacts, unit: Unit, mark: string): boolean {
  const name = escape(mark.replace(/^(this|self)(\.|->)/, ''));
  const own = `(?:(?:this|self)(?:\\.|->))?${name}`;
  const reset = new RegExp(
    `(?:\\bArrays\\.fill|\\bfill|\\bfill_n|\\bmemset)\\s*\\(\\s*&?\\s*${own}\\b|(?:^|[^\\w$.])${own}\\s*(?:\\.|->)\\s*(?:fill|assign|clear|Clear)\\s*\\(|(?:^|[^\\w$.])${own}\\s*\\[\\s*:\\s*\\]\\s*=(?!=)`,
  );
  const statements = statementsIn(facts, unit);
  if (statements.some((s) => reset.test(s.code))) return true;
  // ... or a loop over it writing every element (`for i := range dist { dist[i] = inf }`, `for
  // (int i = 0; i < dist.length; ++i) dist[i] = INF;`).
  const over = new RegExp(
    `\\brange\\s+${own}\\b|\\blen\\(\\s*${own}\\s*\\)|(?:^|[^\\w$.])${own}\\s*(?:\\.|->)\\s*(?:length|size\\(\\)|Length|Count|len\\(\\))`,
  );
  return statements.some((loop) => {
    if (loop.kind !== 'loop' || !over.test(loop.code)) return false;
    const counter =
      /^for\s+([A-Za-z_]\w*)\s*(?:,\s*\w+\s*)?:=\s*range\b/.exec(loop.code.trim())?.[1] ??
      /^for\s*\(\s*(?:(?:int|long|let|var|auto|size_t)\s+)?([A-Za-z_$][\w$]*)\s*=/.exec(
        loop.code.trim(),
      )?.[1] ??
      /^for\s+([A-Za-z_]\w*)\s+in\s+range\(/.exec(loop.code.trim())?.[1];
    if (!counter) return false;
    const element = new RegExp(`^${own}\\s*\\[\\s*${counter}\\s*\\]$`);
    const end = blockEnd(statements, loop);
    return statements.some(
      (s) =>
        s.line > loop.line &&
        s.line <= end &&
        s.kind === 'assignment' &&
        element.test(s.target?.trim() ?? ''),
    );
  });
}
