// Recursion inside a loop over a node's children: a tree walk (each node entered once from its
// parent) or, when a choice is undone after the call, backtracking. Split from recursiveCost.ts.
import type { CallFlow, Flow, LoopFlow, Statement, Unit } from '../model';
import { isSelfCall } from './recursion';
import { enclosingLoopEnd, statementsIn } from './traversal';
import { declaredName } from './declaredName';
import type { Estimator } from './walk';
import { escape } from '../extract/boundText';

/** The loops of `flows` (through branches) whose body holds a recursive call of `unit`, with that call. */
export function loopsAroundSelfCalls(
  flows: Flow[],
  unit: Unit,
  out: { loop: LoopFlow; call: CallFlow }[] = [],
) {
  const callsIn = (fs: Flow[]): CallFlow[] =>
    fs.flatMap((f) =>
      f.kind === 'call' && isSelfCall(f, unit)
        ? [f]
        : f.kind === 'branch'
          ? f.arms.flatMap(callsIn)
          : f.kind === 'loop'
            ? callsIn(f.body)
            : [],
    );
  for (const f of flows) {
    if (f.kind === 'loop') for (const call of callsIn(f.body)) out.push({ loop: f, call });
    else if (f.kind === 'branch') f.arms.forEach((arm) => loopsAroundSelfCalls(arm, unit, out));
  }
  return out;
}

/**
 * Every recursive call sits in a loop over a child list (`children[u]`, `node.children`,
 * `adj[u]` of a tree) and passes the loop's item: the list owner (`children`, `node`) is returned.
 * Calls with an undo step after them (backtracking) are excluded by the caller's order of checks.
 */
export function childListWalk(
  est: Estimator,
  unit: Unit,
): { list: string; owner: string; guarded: boolean } | undefined {
  const around = loopsAroundSelfCalls(unit.body, unit);
  if (around.length === 0) return undefined;
  // A walk that skips the node it came from (`if j != fa { dfs(j, i) }`) enters each node of a
  // tree once from its parent, whatever it changes and restores around the call (rerooting).
  const guarded = parentGuarded(est, unit, around);
  if (
    !guarded &&
    undoesAfterCall(
      est,
      unit,
      around.map((a) => a.call.line),
    )
  )
    return undefined;
  let found: { list: string; owner: string; guarded: boolean } | undefined;
  for (const { loop, call } of around) {
    if (loop.bound.kind !== 'linear' || loop.counting) return undefined;
    const list = loop.bound.key.replace(/^\(\s*\*\s*([\w$.]+)\s*\)/, '$1');
    const owner =
      /^([\w$.]+)\[[^\]]+\](?:(?:\.|->)[\w$]+)?$/.exec(list)?.[1] ??
      /^\(?\*?([\w$]+)\)?(?:\.|->)(?:children|child|kids|subordinates|neighbors|neighbours|leaves|next)\b/.exec(
        list,
      )?.[1];
    // Go's `for _, v := range g[u]` names the index first: the item is the last name.
    const item = boundNode(loop.variable)
      ?.replace(/^[&*\s]+|^(?:const\s+)?auto\s*&?\s*/g, '')
      .replace(/^_\s*,\s*/, '')
      .trim();
    if (!owner || !item || !/^[\w$]+$/.test(item)) return undefined;
    const passes = call.args.some((a) => new RegExp(`(^|[^\\w$.])${escape(item)}\\b`).test(a));
    if (!passes) return undefined;
    found ??= { list, owner, guarded };
  }
  return found;
}

/**
 * The loop's item, or the first name of a C++ structured binding over an adjacency list of pairs
 * (`for (auto& [b, c] : g[a])`, the neighbour and the edge's weight): the node the walk enters.
 */
function boundNode(variable: string | undefined): string | undefined {
  return (
    /^\s*(?:const\s+)?(?:auto\s*)?&{0,2}\s*\[\s*([\w$]+)\s*,[^\]]*\]\s*$/.exec(variable ?? '')?.[1] ??
    variable
  );
}

/** `name` is declared or assigned whole in the unit's own statements (not in nested functions). */
export function createdPerCall(est: Estimator, unit: Unit, name: string): boolean {
  const nested = est.facts.units.filter((u) => u.parent === unit.id);
  return statementsIn(est.facts, unit).some(
    (s) =>
      !nested.some((u) => s.line >= u.line && s.line <= u.endLine) &&
      (s.kind === 'declaration' || (s.kind === 'assignment' && s.operator === '=')) &&
      (declaredName(s) ?? '').replace(/^.*\s/, '') === name,
  );
}

/**
 * Every recursive call passes the current node as the callee's parent (`dfs(j, i)` in
 * `dfs(i, fa)`), and a condition of the unit compares the loop item with that parent (`j != fa`).
 */
function parentGuarded(est: Estimator, unit: Unit, around: { loop: LoopFlow; call: CallFlow }[]): boolean {
  const params = unit.params.map((p) => /^[&*$]*([\w$]+)/.exec(p.trim())?.[1] ?? '');
  const conditions = statementsIn(est.facts, unit)
    .filter((s) => s.kind === 'if' || s.kind === 'loop')
    .map((s) => s.condition ?? '');
  return around.every(({ loop, call }) => {
    const item = boundNode(loop.variable)
      ?.replace(/^_\s*,\s*/, '')
      .replace(/^(?:final\s+)?[\w$<>]+\s+/, '')
      .trim();
    if (!item || !/^[\w$]+$/.test(item)) return false;
    const from = call.args.findIndex((a, i) => i > 0 && a.trim() === params[0]);
    const parent = from > 0 ? params[from] : undefined;
    if (!parent || call.args[0]?.trim() !== item) return false;
    const test = new RegExp(
      `\\b${escape(item)}\\s*(?:!=|!==|==|===)\\s*${escape(parent)}\\b|\\b${escape(parent)}\\s*(?:!=|!==|==|===)\\s*${escape(item)}\\b`,
    );
    return conditions.some((c) => test.test(c));
  });
}

/**
 * After a recursive call the function undoes a choice: pops or removes from a collection
 * (`path.pop()`, `used.erase(x)`, `seen.remove(x)`), or resets an element (`used[i] = false`).
 */
export function undoesAfterCall(est: Estimator, unit: Unit, callLines: number[]): boolean {
  const first = Math.min(...callLines);
  const loopEnd = enclosingLoopEnd(est.facts, unit, Math.max(...callLines)) ?? Infinity;
  return statementsIn(est.facts, unit).some((s) => s.line >= first && s.line <= loopEnd && undoesChoice(s));
}

/** A statement that takes back a choice: a pop/remove, a mark reset to empty, a swap back, `^=`/`-=`/`del`. */
export function undoesChoice(s: Statement): boolean {
  return (
    (s.kind === 'call' &&
      /(\.|->)(pop|pop_back|popleft|remove|discard|erase|delete|Remove|RemoveAt|splice|deleteCharAt|removeLast|pollLast|setLength|truncate)$/.test(
        s.callee ?? '',
      )) ||
    /(\.|->)(pop|pop_back|remove|discard|erase|delete)\s*\(/.test(s.code) ||
    (s.kind === 'assignment' &&
      /\[/.test(s.target ?? '') &&
      // the last value of a chain (`cols[i] = diag[r + i] = 0`)
      /^(false|False|0|None|null|nullptr|-1|'\.'|"\.")\s*;?$/.test(
        (s.value ?? '')
          .split(/[^=!<>]=(?!=)/)
          .pop()!
          .trim(),
      )) ||
    // PHP's free functions take the choice back too: `array_pop($path)`, `unset($used[$x])`.
    /^(array_pop|array_splice|unset)\s*\(/.test(s.code.trim()) ||
    // `swap(a[i], a[n - 1])` after the call puts the chosen element back.
    (s.kind === 'call' && /^(std::)?swap$/.test(s.callee ?? '')) ||
    // and so does a tuple swap (`xs[first], xs[i] = xs[i], xs[first]`, Python and Go).
    tupleSwap(s) ||
    /\^=|-=|\bdel\b/.test(s.kind === 'assignment' ? `${s.operator ?? ''} ${s.code}` : '') ||
    // a builder shortened by one (`s.Length--` in C#) or a slice cut back to drop its last item (Go)
    /\.\s*Length\s*--/.test(s.code) ||
    cutsLastItem(s)
  );
}

/** `s = s[:len(s)-1]`: a slice assigned itself without its last item (Go's pop). */
function cutsLastItem(s: Statement): boolean {
  const target = s.kind === 'assignment' ? (s.target ?? '').trim() : '';
  if (!/^[A-Za-z_]\w*$/.test(target)) return false;
  const value = (s.value ?? '').replace(/\s+/g, '');
  return value === `${target}[:len(${target})-1]`;
}

/** `a, b = b, a` over two entries or names: a swap written as a tuple assignment. */
function tupleSwap(s: Statement): boolean {
  if (s.kind !== 'assignment' || !s.target || !s.value) return false;
  const split = (t: string) => t.split(/,(?![^[(]*[\])])/).map((x) => x.replace(/\s+/g, ''));
  const target = split(s.target);
  const value = split(s.value);
  return target.length === 2 && value.length === 2 && target[0] === value[1] && target[1] === value[0];
}
