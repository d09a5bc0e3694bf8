// The sizes a search state's parts range over, read from the code (for workListStates.ts): a
// bound's text (`len(grid)`, a size alias, a parameter, `1 << k`, a literal), a name set once to
// such a size (Java/Go `cols = grid[0].length()`), and the shape of a table allocated in the
// function (`[[INF] * (1 << k) for _ in range(n)]`, Java `new boolean[m][n][1 << k]`).
import type { Statement, Unit } from '../model';
import { assignedPairs, statementsIn } from './traversal';
import { asLenText, constructorDims } from './cppStateTables';
import { type Cost, constant, exponential, linear, multiply } from './cost';
import type { Estimator, Walk } from './walk';
import { TYPED_WORK_LISTS, typedSize } from './typedWorkLists';
import { pythonTableDims } from './tableDims';

const NAME = /^[A-Za-z_$][\w$]*$/;

/** A size, from a bound's text: `len(grid)` → `grid`, `C` → `C`, `10**6` / `8` → fixed. */
export function sizeOf(est: Estimator, walk: Walk, text: string, why: string): Cost | undefined {
  const t = (TYPED_WORK_LISTS.has(est.facts.language) ? typedSize(text) : text)
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .trim();
  // A literal limit: small ones are fixed (the fixed-size rule's 1024); a large one (`10**6`, a
  // name holding only it) bounds nothing a reader would count as constant work.
  if (/^\d+$/.test(t)) return Number(t) <= 1024 ? constant() : undefined;
  if (/^\d+\s*\*\*\s*\d+$/.test(t)) return undefined;
  if (NAME.test(t)) {
    const values = est.facts.statements
      .filter((s) => s.kind === 'assignment' || s.kind === 'declaration')
      .flatMap((s) => assignedPairs(s).filter(([n]) => n.trim() === t));
    if (
      values.length &&
      values.every(([, v]) => /^\d+(?:\s*\*\*\s*\d+)?$/.test(v.trim()) && !(Number(v) <= 1024))
    )
      return undefined;
  }
  const len = /^len\(\s*([\w$.]+(?:\[\s*0\s*\])?)\s*\)$/.exec(t);
  const key = len ? len[1]!.replace(/\s+/g, '') : NAME.test(t) || /^[\w$]+\.[\w$]+$/.test(t) ? t : undefined;
  if (!key) {
    const shifted = /^(?:1\s*<<\s*|2\s*\*\*\s*)\(?\s*(len\(\s*[\w$.]+\s*\)|[\w$]+)\s*\)?$/.exec(t);
    if (!shifted) {
      // `k + 1`, `n - 1`: a size moved by a literal.
      const moved = /^(len\(\s*[\w$.]+\s*\)|[\w$]+)\s*[+-]\s*\d+$/.exec(t);
      return moved ? sizeOf(est, walk, moved[1]!, why) : undefined;
    }
    const inner = shifted[1]!.replace(/^len\(\s*([\w$.]+)\s*\)$/, '$1');
    if (est.fixedSize(inner, walk.unit)) return constant();
    return exponential(est.resolveKey(inner, walk), why);
  }
  // (a C++ lambda reads the names and parameters of the functions around it through its captures)
  const around: Unit[] = [];
  for (let u: Unit | undefined = walk.unit; u; u = est.facts.units.find((o) => o.id === u!.parent))
    around.push(u);
  if (around.some((u) => est.fixedSize(key, u) || est.fixedSize(est.resolveKey(key, walk), u)))
    return constant();
  // A name is a size when it is one (`R = len(grid)`, a parameter `n`); a value compared on the
  // way (`left < node.val < right`) bounds a part by another value, not by any size.
  const params = around.flatMap((u) => u.params.map((p) => p.replace(/[:=].*$/, '').trim()));
  if (!len && !(est.resolveKey(key, walk) !== key || params.includes(key))) {
    // Java and Go name a grid's width once (`int cols = grid[0].length()`, `m, n := len(g),
    // len(g[0])`), which is no size alias of a collection: the size it was set to.
    const set =
      TYPED_WORK_LISTS.has(est.facts.language) && NAME.test(key) ? onlyValue(est, walk, key) : undefined;
    return set && /^len\(/.test(typedSize(set)) ? sizeOf(est, walk, set, why) : undefined;
  }
  return linear(est.resolveKey(key, walk), why);
}

/** The one value the function gives `name`, when it is set exactly once (a declaration). */
function onlyValue(est: Estimator, walk: Walk, name: string): string | undefined {
  const values = statementsIn(est.facts, walk.unit)
    .filter((s) => s.kind === 'assignment' || s.kind === 'declaration')
    .flatMap((s) => assignedPairs(s).filter(([n]) => n.trim() === name));
  return values.length === 1 ? values[0]![1].trim() : undefined;
}

/**
 * The dimensions of `table`'s allocation among `statements`, when it has at least `atLeast`:
 * Python's comprehension or repetition, C++'s constructor arguments (cppStateTables.ts).
 */
export function allocationDims(
  est: Estimator,
  statements: Statement[],
  table: string,
  atLeast: number,
): string[] | undefined {
  if (est.facts.language === 'cpp') {
    const dims = constructorDims(statements, table)?.map(asLenText);
    return dims && dims.length >= atLeast ? dims : undefined;
  }
  return statements
    .filter(
      (s) => (s.kind === 'assignment' || s.kind === 'declaration') && s.target?.trim() === table && s.value,
    )
    .map((s) => pythonTableDims(s.value!))
    .find((d): d is string[] => !!d && d.length >= atLeast);
}

/**
 * The states a table allocated in the function holds, from its allocation's shape, when every
 * dimension names a size: `[[INF] * (1 << k) for _ in range(n)]` → n·2^k. Undefined otherwise.
 */
export function allocatedStates(est: Estimator, walk: Walk, table: string, why: string): Cost | undefined {
  if (est.facts.language !== 'python' && est.facts.language !== 'cpp') return undefined;
  const dims = allocationDims(est, statementsIn(est.facts, walk.unit), table, 2);
  const sizes = dims?.map((d) => sizeOf(est, walk, d, why));
  return sizes?.every((c): c is Cost => !!c) ? sizes.reduce((a, b) => multiply(a, b)) : undefined;
}
