// Loops over a collection that each pass of an enclosing loop starts again: `tmp = []` filled by
// the pops of the same pass and then walked (`for x in reversed(tmp)`), `new_dp = []` filled from
// `dp` and then swapped in (`dp = new_dp`: the distinct gcds of the subarrays ending here), a set
// rebuilt from itself (`curr = {x} | {x | y for y in curr}`: the distinct ORs). The collection
// holds what one pass kept, and that is bounded by how the code fills it (a stack's pops add up to
// one pass in all, distinct gcds or ORs to the bits of a value), not by any size of the input.
// Reading its length as one more input size (`O(n·m)`) is a guess, so the loop's term carries a
// doubt (cost.ts: `doubted`) and a claim it dominates is withheld with the reason. Collections
// built with a size (`[0] * (k + 1)`, `[x for x in range(n)]`) keep their reading, and work lists
// drained level by level are amortised elsewhere (loopCost.ts) and never reach here.
import type { LoopFlow, Statement } from '../model';
import { escape } from '../extract/boundText';
import { statementsIn } from './traversal';
import { assignedValues, declares } from './localCounts';
import type { Estimator, Walk } from './walk';

/** An empty container: `[]`, `{}`, `set()`, `collections.defaultdict(int)`, `Counter()`, `deque()`. */
const EMPTY =
  /^(?:\[\s*\]|\{\s*\}|\(\s*\)|(?:collections\.)?(?:set|list|dict|defaultdict|Counter|OrderedDict|deque)\s*\((?:\s*(?:int|list|set|float|bool|str|lambda\b[^()]*)?\s*)\))$/;

/** A value that starts `name` again with nothing the input sizes (see above). */
function startsAgain(
  statements: Statement[],
  name: string,
  value: string,
  seen = new Set<string>(),
): boolean {
  const v = value.trim();
  if (EMPTY.test(v)) return true;
  // A comprehension over the collection itself (`{i | j for j in curr}`), maybe joined to a literal.
  if (new RegExp(`\\bfor\\b[^]*\\bin\\s+${escape(name)}\\s*[\\]})]`).test(v)) return true;
  // `dp = new_dp`, where `new_dp` itself starts empty in the unit.
  if (/^[A-Za-z_]\w*$/.test(v) && !seen.has(v)) {
    seen.add(v);
    const own = assignedValues(statements, v);
    return own.length > 0 && own.every((w) => startsAgain(statements, v, w.value, seen));
  }
  return false;
}

/** The loop statements enclosing `statements[i]` (by nesting depth), innermost first. */
function enclosingLoops(statements: Statement[], i: number): Statement[] {
  const loops: Statement[] = [];
  let depth = statements[i]!.depth;
  for (let j = i - 1; j >= 0; j--) {
    const s = statements[j]!;
    if (s.depth >= depth) continue;
    if (s.kind === 'loop') loops.push(s);
    depth = s.depth;
  }
  return loops;
}

/**
 * True when one of `names` is filled (`x.append(…)`, `x.add(…)`, `x[k] = …`, `x[k] += 1`) inside
 * `for` loops over other collections only, after the enclosing loop's header at `outer` (no
 * `while`, and no loop over those names, between the two).
 */
function filledByOtherLoop(statements: Statement[], names: Set<string>, outer: number): boolean {
  const fill = new RegExp(
    `(?<![\\w.])(?:${[...names].map(escape).join('|')})\\s*(?:\\[|\\.\\s*(?:append|appendleft|add|update|extend|setdefault)\\b)`,
  );
  const overNames = (loop: Statement) =>
    [...names].some((n) => new RegExp(`(?<![\\w.])${escape(n)}\\b`).test(loop.collection ?? ''));
  return statements.some((s, i) => {
    if (s.line <= outer || s.kind === 'loop' || !fill.test(s.code)) return false;
    const loops = enclosingLoops(statements, i).filter((l) => l.line > outer);
    return loops.length > 0 && loops.every((l) => l.loopKind !== 'while' && !!l.collection && !overNames(l));
  });
}

/**
 * The doubt behind a loop over `bound`'s collection when an enclosing loop starts that collection
 * again on its passes (see above); undefined otherwise.
 */
export function rebuiltListDoubt(est: Estimator, flow: LoopFlow, walk: Walk): string | undefined {
  const bound = flow.bound;
  if (est.facts.language !== 'python' || !walk.loopLines.length) return undefined;
  if (bound.kind !== 'linear' || bound.measure === 'value' || bound.amortised || bound.alsoKeys?.length)
    return undefined;
  const key = bound.key.trim();
  if (!/^[A-Za-z_]\w*$/.test(key) || walk.loopKeys.has(key)) return undefined;
  if (walk.unit.params.some((p) => declares(p, key)) || est.fixedSize(key, walk.unit)) return undefined;
  const statements = statementsIn(est.facts, walk.unit);
  const outer = walk.loopLines[0]!;
  const end = flow.endLine ?? flow.line;
  // Written on the passes of an enclosing loop (after its header), outside this loop — or by the
  // comprehension that is this loop (`curr = {x | y for y in curr}`).
  const again = assignedValues(statements, key).find(
    (w) =>
      w.line > outer &&
      (w.line < flow.line || w.line > end || (w.line === flow.line && !EMPTY.test(w.value.trim()))) &&
      startsAgain(statements, key, w.value),
  );
  if (!again) return undefined;
  // Filled on the pass by a `for` over another collection (`slope_count[s] += 1` for each other
  // point): that loop's count bounds it, and the reading stands.
  const partners = new Set([key, ...(/^[A-Za-z_]\w*$/.test(again.value.trim()) ? [again.value.trim()] : [])]);
  if (filledByOtherLoop(statements, partners, outer)) return undefined;
  return `the loop at line ${flow.line} walks \`${key}\`, which the enclosing loop starts again on its passes (line ${again.line}: \`${key} = ${again.value.trim()}\`): it holds what one pass kept, which the code does not bound by the input's size`;
}
