// Loops stepping by an enclosing loop's counter: `for j in range(i, n + 1, i)` inside
// `for i in range(1, n + 1)` (sieves, sums over multiples, the Möbius-style `f[i] -= f[j]` over
// multiples of i) run n / i times, and the passes over all i add up to n·(1 + 1/2 + … + 1/n) —
// the harmonic sum, O(n log n) — not n². Read per outer pass, the inner loop averages O(log n).
import type { LoopFlow } from '../model';
import type { Cost } from './cost';
import { escape, splitArgs } from '../extract/boundText';
import { assignedPairs } from './traversal';
import type { Estimator, Walk } from './walk';

/** The header's step when it is a plain name: `range(a, b, i)`, `j += i`, `.step_by(i)`. */
export function stepName(header: string): string | undefined {
  const range = /\bx?range\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*:?\s*$/.exec(header)?.[1];
  if (range) {
    const args = range.split(',').map((a) => a.trim());
    return args.length === 3 && /^[A-Za-z_$][\w$]*$/.test(args[2]!) ? args[2] : undefined;
  }
  return (
    /[\w$\]]\s*\+=\s*([A-Za-z_$][\w$]*)\s*\)?\s*\{?\s*$/.exec(header)?.[1] ??
    /\.step_by\(\s*([A-Za-z_$][\w$]*)\s*\)/.exec(header)?.[1]
  );
}

/**
 * The enclosing counter `flow` steps by, when that counter runs over the same size `key` as
 * `flow` itself (so the passes over all its values form the harmonic sum).
 */
export function harmonicStep(est: Estimator, flow: LoopFlow, key: string, walk: Walk): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.code ?? '';
  // (`for (d = 1; d * y <= mx; ++d)` walks the multiples of `y` as `for (j = y; j <= mx; j += y)` does)
  const step = (flow.bound.kind === 'linear' ? flow.bound.multipleOf : undefined) ?? stepName(header);
  if (!step || !walk.loopKeys.has(step)) return undefined;
  return walk.loopKeys.get(step) === key ? step : undefined;
}

/**
 * An enclosing loop's bound the header strides by: `for j in range(i, n, step)` with `step = 2 *
 * rows - 2` inside `for i in range(rows)` (a zigzag or a slanted read of a string) runs n / step
 * times per pass, and over the rows' passes rows · n / (2 · rows - 2) = O(n) — each position is
 * visited about once, not rows times. The stride is a literal multiple of the bound, plus or minus a
 * literal (`cols + 1`), written in the header or in one assignment of the function.
 */
export function strideByOuterBound(
  est: Estimator,
  flow: LoopFlow,
  key: string,
  walk: Walk,
): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.code ?? '';
  const range = /\bx?range\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*\)?\s*:?\s*$/.exec(header)?.[1];
  const args = range ? splitArgs(range) : [];
  if (args.length !== 3) return undefined;
  let stride = args[2]!.trim();
  if (/^[A-Za-z_$][\w$]*$/.test(stride)) {
    const writes = est.facts.statements.filter(
      (s) =>
        s.line > walk.unit.line &&
        s.line <= walk.unit.endLine &&
        s.kind === 'assignment' &&
        s.target?.split(',').some((t) => t.trim() === stride),
    );
    if (writes.length !== 1) return undefined;
    const paired = assignedPairs(writes[0]!).find(([n]) => n === stride)?.[1];
    if (!paired) return undefined;
    stride = paired;
  }
  const bound = /^(?:\d+\s*\*\s*)?([A-Za-z_$][\w$]*)(?:\s*[-+]\s*\d+)?$/.exec(
    stride.replace(/^\((.*)\)$/, '$1'),
  )?.[1];
  if (!bound) return undefined;
  const outer = est.resolveKey(bound, walk);
  if (outer === key) return undefined;
  return walk.iterations.some((it) => it.terms.some((t) => t.powers[outer] === 1)) ? outer : undefined;
}

/** The passes of a loop striding by an outer bound (strideByOuterBound): n / stride each time. */
export function stridePasses(est: Estimator, flow: LoopFlow, key: string, walk: Walk): Cost | undefined {
  const stride = strideByOuterBound(est, flow, key, walk);
  if (!stride) return undefined;
  const written = flow.bound.kind === 'linear' ? flow.bound.key : key;
  const why = `loop over \`${written}\` striding by a multiple of the outer bound \`${stride}\` (line ${flow.line}): ${written} / ${stride} passes, about one pass over \`${written}\` over all \`${stride}\` passes`;
  return { terms: [{ powers: { [key]: 1, [stride]: -1 }, logs: {}, why: [why] }], unknown: [] };
}

/**
 * The map or set an enclosing loop walks when `flow` steps by that loop's key: `for (auto& [x, v] :
 * cnt) for (y = x; y <= mx; y += x)` (also `i * x < n`, `++i`). Its keys are distinct, so the
 * passes over all of them add up to at most mx·(1 + 1/2 + … + 1/m) = O(mx log m) for m keys — the
 * harmonic sum again, not m·mx. Only a collection the function declares as a map or a set
 * (`unordered_map<…>`, `set<…>`, Java `HashMap`/`TreeSet`, Python `Counter(…)`/`set(…)`) has keys
 * known to differ; a list may repeat a value.
 */
export function distinctStep(est: Estimator, flow: LoopFlow, key: string, walk: Walk): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.code ?? '';
  const step = (flow.bound.kind === 'linear' ? flow.bound.multipleOf : undefined) ?? stepName(header);
  if (!step) return undefined;
  // (the enclosing for-each that binds the step: `for (auto& [x, v] : cnt)`, `for x, c in cnt.items():`)
  const binds = new RegExp(`(?:^|[^\\w$])${escape(step)}(?:[^\\w$]|$)`);
  // (the key, first of a pair: Go `for x, v := range cnt`, TS `for (const [x, v] of cnt)`)
  const first = new RegExp(`^\\s*\\[?\\s*${escape(step)}\\s*(?:[,\\]]|$)`);
  const walked = walk.loopLines
    .map((line) => est.facts.statements.find((s) => s.kind === 'loop' && s.line === line))
    .map((loop) => {
      const code = loop?.code ?? '';
      const each =
        /^\s*for\s*\((.+?)\s:\s*([A-Za-z_$][\w$]*)\s*\)\s*\{?\s*$/.exec(code) ??
        /^\s*for\s+(.+?)\s+in\s+([A-Za-z_$][\w$]*)(?:\.(?:items|keys)\(\))?\s*:\s*$/.exec(code);
      if (each && binds.test(each[1]!)) return each[2];
      const keyed =
        /^\s*for\s+([\w$]+(?:\s*,\s*[\w$]+)?)\s*:=\s*range\s+([A-Za-z_$][\w$]*)\s*\{?\s*$/.exec(code) ??
        /^\s*for\s*\(\s*(?:const|let|var)\s+(.+?)\s+of\s+([A-Za-z_$][\w$]*)(?:\.(?:keys|entries)\(\))?\s*\)\s*\{?\s*$/.exec(
          code,
        );
      if (keyed && first.test(keyed[1]!)) return keyed[2];
      // Java `for (var e : cnt.entrySet()) { int x = e.getKey(); … }` (also `keySet()` binding the key)
      const java =
        /^\s*for\s*\((?:final\s+)?[\w$<>,.\s]+?\s([\w$]+)\s*:\s*([A-Za-z_$][\w$]*)\.(keySet|entrySet)\(\)\s*\)\s*\{?\s*$/.exec(
          code,
        );
      if (!java || !loop) return undefined;
      if (java[3] === 'keySet') return java[1] === step ? java[2] : undefined;
      const key = new RegExp(`^${escape(java[1]!)}\\.getKey\\(\\)$`);
      return est.facts.statements.some(
        (s) =>
          s.line > loop.line &&
          s.line < flow.line &&
          s.kind === 'declaration' &&
          assignedPairs(s).some(([t, v]) => t.trim().split(/\s+/).at(-1) === step && key.test(v.trim())),
      )
        ? java[2]
        : undefined;
    })
    .filter((name): name is string => !!name);
  const name = walked.at(-1);
  const outer = name ? est.resolveKey(name, walk) : undefined;
  if (!name || !outer || outer === key) return undefined;
  const declared = est.facts.statements.filter(
    (s) =>
      s.line >= walk.unit.line &&
      s.line < flow.line &&
      (s.kind === 'declaration' || s.kind === 'assignment') &&
      s.target?.trim().split(/\s+/).at(-1) === name,
  );
  // (Go `map[int]int{}` / `make(map[int]int)`, JS/TS `new Map()` / `new Set(…)`)
  const DISTINCT =
    /\b(?:unordered_map|unordered_set|map|set|HashMap|TreeMap|HashSet|TreeSet|LinkedHashMap|LinkedHashSet)\b\s*<|^\s*(?:Counter|set|dict|defaultdict)\s*\(|^\s*(?:make\(\s*)?map\[|^\s*new\s+(?:Map|Set)\b/;
  return declared.length === 1 &&
    (DISTINCT.test(declared[0]!.code) || DISTINCT.test(declared[0]!.value ?? ''))
    ? outer
    : undefined;
}

/**
 * The list whose values a stride steps by when a value seen before is skipped: `for (j …) { int x =
 * elements[j]; if (x > mx || d[x] != -1) continue; for (int y = x; y <= mx; y += x) if (d[y] == -1)
 * d[y] = j; }` (also `y += elements[i]` and `d[x - 1]`). A list may repeat a value, but the
 * stride's first pass marks the entry at the value itself (`d[y]` at `y = x`), which the guard
 * tests before the stride can run again, so only distinct values stride: the harmonic sum, as for
 * the keys of a map. Undefined unless the stride starts at its step, the guard `continue`s on that
 * entry and the stride writes the same table at its counter, with the same offset.
 */
function skippedRepeats(est: Estimator, flow: LoopFlow, key: string, walk: Walk): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.code ?? '';
  const stride =
    /^\s*for\s*\(\s*(?:[\w:]+\s+)?([A-Za-z_]\w*)\s*=\s*([^;]+?)\s*;[^;]*;\s*\1\s*\+=\s*([^;]+?)\s*\)\s*\{?\s*$/.exec(
      header,
    );
  if (!stride || stride[2] !== stride[3]) return undefined;
  const [, counter, , step] = stride as unknown as [string, string, string, string];
  const since = Math.max(walk.unit.line, ...walk.loopLines.filter((l) => l < flow.line));
  const between = est.facts.statements.filter((s) => s.line > since && s.line < flow.line);
  // (the value read from the list directly, `elements[i]`, or through a local bound to it once)
  const bound = between.filter(
    (s) => (s.kind === 'declaration' || s.kind === 'assignment') && s.target === step,
  );
  const element = /^[A-Za-z_]\w*$/.test(step) ? (bound.length === 1 ? bound[0]!.value : undefined) : step;
  const list = /^([A-Za-z_]\w*)\s*\[\s*[A-Za-z_]\w*\s*\]$/.exec(element?.trim() ?? '')?.[1];
  if (!list) return undefined;
  const entry = (at: string) => String.raw`([A-Za-z_]\w*)\s*\[\s*${escape(at)}\s*(-\s*1\s*)?\]`;
  const guard = between
    .filter((s) => s.kind === 'if')
    .map((s) => ({ line: s.line, test: new RegExp(`(?:^|[^\\w.])${entry(step)}\\s*!=`).exec(s.code) }))
    .find((g) => g.test);
  const skips =
    guard &&
    between.some((s) => s.kind === 'jump' && /^continue\b/.test(s.code.trim()) && s.line > guard.line);
  const marked = new RegExp(`^${entry(counter)}$`);
  const marks = est.facts.statements.some((s) => {
    const m =
      s.kind === 'assignment' && s.line > flow.line && s.line <= (flow.endLine ?? flow.line)
        ? marked.exec(s.target?.trim() ?? '')
        : null;
    return !!m && m[1] === guard?.test?.[1] && !!m[2] === !!guard?.test?.[2];
  });
  if (!skips || !marks) return undefined;
  const outer = est.resolveKey(list, walk);
  if (outer === key) return undefined;
  return walk.iterations.some((it) => it.terms.some((t) => t.powers[outer] === 1)) ? outer : undefined;
}

/** The passes of a loop stepping by the distinct keys of `outer` (distinctStep): key / outer · log outer each time. */
export function distinctStepPasses(
  est: Estimator,
  flow: LoopFlow,
  key: string,
  walk: Walk,
): Cost | undefined {
  const keyed = distinctStep(est, flow, key, walk);
  const seen = keyed ? undefined : skippedRepeats(est, flow, key, walk);
  const outer = keyed ?? seen;
  if (!outer) return undefined;
  const written = flow.bound.kind === 'linear' ? flow.bound.key : key;
  const why = keyed
    ? `loop over \`${written}\` stepping by a key of \`${outer}\` (line ${flow.line}): the keys differ, so over all m of them the passes add up to ${written} · (1 + 1/2 + … + 1/m), O(${written} log m) (harmonic sum)`
    : `loop over \`${written}\` stepping by a value of \`${outer}\` (line ${flow.line}), after a test that skips a value whose entry the stride already marked: only distinct values stride, so over all m of them the passes add up to ${written} · (1 + 1/2 + … + 1/m), O(${written} log m) (harmonic sum)`;
  return { terms: [{ powers: { [key]: 1, [outer]: -1 }, logs: { [outer]: 1 }, why: [why] }], unknown: [] };
}
