// Collections that compound over the passes of an outer loop: an inner loop walks a list the
// function carries from pass to pass while adding to it items per item walked —
// `for (x : nums) { size = result.size(); for (j < size) result.push_back(…) }` (subsets),
// `for (c : s) { next = {}; for (x : curr) for (d : choices) next.push_back(…); curr = move(next) }`
// (letter combinations), `for (x : nums) { new_dp = dp; for ([k, v] : dp) new_dp[k | x] += v; dp =
// move(new_dp) }`. The walked collection is no input: its size after k passes depends on its size
// before, up to a product over the passes (2^n for subsets), and the code does not bound it. Reading
// it as one more input size (`O(n·m)`) is a guess, so the inner loop's term carries a doubt
// (cost.ts: `doubted`) and a claim it dominates is withheld with the reason. A level-by-level
// work list (`while (!empty(q)) { for (u : q) …; q = move(next) }`) is drained by its outer loop
// and is left to the amortised rules; a list replaced by one pushed at most once per item walked
// (`next.push_back(f(x))`) keeps its size and is left alone.
import type { Flow, LoopFlow, Statement, Unit } from '../model';
import { containerKind } from './elementKind';
import { escape } from '../extract/boundText';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

const GROW =
  '(?:push_back|emplace_back|push|emplace|insert|push_front|emplace_front|append|add|addLast|offer|Add|AddLast|Insert|Push|Enqueue)';

/** The loop flow at `line` in `flows` (searched through bodies and branch arms). */
export function loopAt(flows: Flow[], line: number): LoopFlow | undefined {
  for (const f of flows) {
    if (f.kind === 'loop') {
      if (f.line === line) return f;
      const inner = loopAt(f.body, line);
      if (inner) return inner;
    } else if (f.kind === 'branch')
      for (const arm of f.arms) {
        const inner = loopAt(arm, line);
        if (inner) return inner;
      }
  }
  return undefined;
}

/** The declared name of a statement (`tmp` of `auto tmp(dp);`), and the value it copies or reads. */
function declared(s: Statement): { name: string; value: string } | undefined {
  if (s.kind !== 'declaration' && s.kind !== 'assignment') return undefined;
  // (PHP names lose their `$`, as in every key: `$t = $ans;` declares `t` from `ans`.)
  const target = (s.target?.trim() ?? '').replace(/^\$/, '');
  const ctor = /^([A-Za-z_]\w*)\s*[({](.*)[)}]$/.exec(target);
  if (ctor) return { name: ctor[1]!, value: ctor[2]!.trim() };
  if (!/^[A-Za-z_]\w*$/.test(target)) return undefined;
  return {
    name: target,
    value: (s.value ?? '')
      .trim()
      .replace(/;$/, '')
      .replace(/^\$(?=[A-Za-z_]\w*$)/, ''),
  };
}

/** Statements of `within` that add an item to `list` (a push, or a new key of a hashed table). */
function growths(est: Estimator, unit: Unit, within: Statement[], list: string): Statement[] {
  const l = escape(list);
  const push = new RegExp(`(?<![\\w$.>])${l}\\s*\\.\\s*${GROW}\\s*\\(`);
  // Go grows a slice by assigning it its own `append` (`t = append(t, a+string(b))`).
  const appended = new RegExp(`^${l}\\s*=\\s*append\\s*\\(\\s*${l}\\s*,`);
  const keyed = new RegExp(`^${l}\\s*\\[`);
  // PHP appends with `$t[] = …` or `array_push($t, …)`.
  const phpPush = new RegExp(`(?:^\\$${l}\\s*\\[\\s*\\]\\s*=|\\barray_push\\s*\\(\\s*\\$${l}\\s*,)`);
  return within.filter(
    (s) =>
      push.test(s.code) ||
      phpPush.test(s.code.trim()) ||
      appended.test(s.code.trim()) ||
      (s.kind === 'assignment' &&
        keyed.test(s.target?.trim() ?? '') &&
        containerKind(est, unit, list) !== undefined),
  );
}

/** Every loop nested in `flows`. */
function loopsIn(flows: Flow[]): LoopFlow[] {
  return flows.flatMap((f) =>
    f.kind === 'loop' ? [f, ...loopsIn(f.body)] : f.kind === 'branch' ? f.arms.flatMap(loopsIn) : [],
  );
}

/**
 * The list `inner` walks inside `outer`: its bound's name, or the list a snapshot taken in the
 * outer loop before it stands for (`size = result.size()`, `auto tmp(dp)`).
 */
function walkedList(
  all: Statement[],
  outer: LoopFlow,
  inner: LoopFlow,
): { list: string; snapshot: boolean } | undefined {
  const bound = inner.bound;
  if (bound.kind !== 'linear' || bound.amortised || bound.alsoKeys?.length) return undefined;
  const key = bound.key.trim();
  if (!/^[A-Za-z_]\w*$/.test(key)) return undefined;
  let found = { list: key, snapshot: false };
  for (const s of all) {
    if (s.line <= outer.line || s.line >= inner.line) continue;
    const d = declared(s);
    if (d?.name !== key) continue;
    // (`result.size()`, `size(result)`, JS/TS `result.length`)
    // (PHP `count($ans)`.)
    const sized =
      /^(?:([A-Za-z_]\w*)\s*\.\s*(?:size\s*\(\s*\)|length)|(?:s?size|count)\s*\(\s*\$?([A-Za-z_]\w*)\s*\))$/.exec(
        d.value,
      );
    const copied = /^\(?\s*([A-Za-z_]\w*)\s*\)?$/.exec(d.value);
    const source = sized?.[1] ?? sized?.[2] ?? copied?.[1];
    if (source) found = { list: source, snapshot: true };
  }
  return found;
}

/**
 * True when walking `list` in `inner` adds items to it for the next pass of `outer`: pushes onto
 * it while a snapshot is walked, or a list filled by the walk replaces it afterwards and starts
 * as a copy of it or gains more than one item per item walked (two pushes, or a push inside a
 * further loop).
 */
function growsByWalk(
  est: Estimator,
  unit: Unit,
  all: Statement[],
  outer: LoopFlow,
  inner: LoopFlow,
  list: string,
  snapshot: boolean,
): boolean {
  const inInner = all.filter((s) => s.line > inner.line && s.line <= inner.endLine!);
  if (growths(est, unit, inInner, list).length) return snapshot;
  const after = all.filter((s) => s.line > inner.endLine! && s.line <= outer.endLine!);
  const l = escape(list);
  const replaced = [
    ...after
      .filter((s) => s.kind === 'assignment' && s.target?.trim().replace(/^\$/, '') === list)
      .map((s) => /^(?:std::)?(?:move\s*\(\s*)?\$?([A-Za-z_]\w*)\s*\)?;?$/.exec((s.value ?? '').trim())?.[1]),
    ...after.map(
      (s) =>
        new RegExp(`\\bswap\\s*\\(\\s*${l}\\s*,\\s*([A-Za-z_]\\w*)\\s*\\)`).exec(s.code)?.[1] ??
        new RegExp(`(?<![\\w.])${l}\\s*\\.\\s*swap\\s*\\(\\s*([A-Za-z_]\\w*)\\s*\\)`).exec(s.code)?.[1] ??
        // JS/TS replace every item in place: `ans.splice(0, ans.length, ...t)`.
        new RegExp(
          `(?<![\\w.$])${l}\\s*\\.\\s*splice\\s*\\(\\s*0\\s*,\\s*${l}\\s*\\.\\s*length\\s*,\\s*\\.\\.\\.\\s*([A-Za-z_$][\\w$]*)\\s*\\)`,
        ).exec(s.code)?.[1],
    ),
  ].filter((n): n is string => !!n && n !== list);
  return [...new Set(replaced)].some((next) => {
    const pushes = growths(est, unit, inInner, next);
    if (!pushes.length) return false;
    const copy = all.some((s) => {
      const d = declared(s);
      return (
        s.line > outer.line &&
        s.line < inner.line &&
        d?.name === next &&
        new RegExp(`^\\(?\\s*${l}\\s*\\)?$`).test(d.value)
      );
    });
    const nested = inInner.some((s) => s.kind === 'loop' && pushes.some((p) => p.line >= s.line));
    return copy || pushes.length > 1 || nested;
  });
}

/**
 * The doubt behind the inner loop `flow`'s count when the collection it walks compounds over the
 * passes of the loop around it (see above); undefined otherwise. C, C++, Go, Java, Rust, C#, JS/TS
 * and PHP (`$ans = $t;` after `foreach ($ans as $a) … $t[] = …`): measured there (not in Python,
 * whose helpers measure its own forms).
 */
export function compoundingDoubt(est: Estimator, flow: LoopFlow, walk: Walk): string | undefined {
  if (
    !/^(c|cpp|go|java|rust|csharp|javascript|typescript|php)$/.test(est.facts.language) ||
    flow.endLine === undefined
  )
    return undefined;
  const outerLine = walk.loopLines[walk.loopLines.length - 1];
  if (outerLine === undefined) return undefined;
  const outer = loopAt(walk.unit.body, outerLine);
  if (!outer || outer.endLine === undefined) return undefined;
  // The outer loop walks the input, not the list (a drained or level-by-level work list).
  if (outer.bound.kind === 'unknown' || outer.bound.kind === 'exponential') return undefined;
  if (outer.bound.kind === 'linear' && (outer.bound.amortised || outer.bound.levels)) return undefined;
  const all = statementsIn(est.facts, walk.unit);
  const walked = walkedList(all, outer, flow);
  if (!walked) return undefined;
  const { list } = walked;
  if (outer.bound.kind !== 'constant' && outer.bound.key.trim() === list) return undefined;
  // Carried across passes: declared in the function before the outer loop.
  if (!all.some((s) => s.line < outer.line && declared(s)?.name === list)) return undefined;
  // Some loop of the outer body (this one or another) grows it by walking it.
  const compounds = loopsIn(outer.body).some((inner) => {
    const w = inner.endLine === undefined ? undefined : walkedList(all, outer, inner);
    return w?.list === list && growsByWalk(est, walk.unit, all, outer, inner, list, w.snapshot);
  });
  if (!compounds) return undefined;
  return `the loop at line ${flow.line} walks \`${list}\`, which grows by items added per item walked on every pass of the loop at line ${outer.line}: its size compounds over those passes (up to exponentially), and the code does not bound it`;
}
