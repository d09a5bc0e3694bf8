// Stretches that abut: inside a loop over a counter, an inner loop (or a call of a function of the
// file) covers the positions from a kept start `p` to an end set by the counter, and later in the
// same pass `p` is moved to that end: `for j in xrange(max(i - k, prev + 1), min(i + k + 1, n)):
// …; prev = min(i + k, n - 1)`, `reverse(s, i, j); i = j + 1`, `count(j, i); j = i + 2`,
// `connect(words, begin, i); begin = i`. Each stretch starts where the previous one ended, and the
// end only moves forward with the counter, so over all passes the stretches cover the counter's
// range once: their work adds up to one pass, not a pass per pass. amortised.ts shares the inner
// loop out; callCost.ts adds the callee's work over the stretch once.
import type { Flow, LoopFlow, Statement, Unit } from '../model';
import { balanced, escape, splitArgs } from '../extract/boundText';
import { blockEnd, loopAround } from './traversal';
import type { Estimator } from './walk';

const NAME = /^[A-Za-z_$][\w$]*$/;

/** `text` without blanks, a trailing `± literal` and brackets around it; `min`/`max` arguments normalised and sorted. */
function normal(text: string): string {
  let t = text.replace(/\s+/g, '').replace(/;$/, '');
  for (;;) {
    const inner = /^\((.*)\)$/.exec(t)?.[1];
    if (inner !== undefined && balanced(inner)) t = inner;
    else break;
  }
  const call = /^((?:std::)?(?:min|max))\((.*)\)$/.exec(t);
  if (call && balanced(call[2]!))
    return `${call[1]!.replace(/^std::/, '')}(${splitArgs(call[2]!).map(normal).sort().join(',')})`;
  return t.replace(/[-+]\d+$/, '');
}

/** Whether `text` uses one of `names` outside any subscript (`i + k`, not `spaces[i]`). */
function mentions(text: string, names: string[]): boolean {
  let flat = text;
  for (let prev = ''; prev !== flat;) {
    prev = flat;
    flat = flat.replace(/\[[^[\]]*\]/g, '');
  }
  return names.some((n) => new RegExp(`(?<![\\w$.])${escape(n)}(?![\\w$])`).test(flat));
}

/** The names a loop header binds or tests: a for-each's items, a counter's tested name. */
function loopNames(header: Statement): string[] {
  if (header.loopKind === 'for-each')
    return (header.item ?? '').split(/[\s,()[\]]+/).filter((n) => NAME.test(n));
  const tested = /^\(?\s*([A-Za-z_$][\w$]*)\s*(?:<=|<|>=|>|!=)/.exec(header.condition ?? '')?.[1];
  return tested ? [tested] : [];
}

/** The two ends of a range loop: Python `range(a, b)` (also under `reversed`), C-style `for (j = a; j < b; …)`. */
function rangeEnds(header: Statement): [string, string] | undefined {
  if (header.loopKind === 'for-each') {
    let it = (header.collection ?? '').trim();
    const back = /^reversed\s*\((.*)\)$/s.exec(it)?.[1];
    if (back !== undefined && balanced(back)) it = back.trim();
    const args = /^x?range\s*\((.*)\)$/s.exec(it)?.[1];
    if (args === undefined || !balanced(args)) return undefined;
    const parts = splitArgs(args);
    // (a step, when written, must be one: `range(a, b, -1)` counts down over the same stretch)
    if (parts.length === 3 && !/^-?1$/.test(parts[2]!.trim())) return undefined;
    return parts.length >= 2 ? [parts[0]!.trim(), parts[1]!.trim()] : undefined;
  }
  if (header.loopKind !== 'counter') return undefined;
  const start = /=\s*(.+?);?$/.exec(header.item ?? '')?.[1]?.trim();
  const cond = (header.condition ?? '').split(/&&/)[0]!.trim();
  const limit = /^[A-Za-z_$][\w$]*\s*(?:<=|<|>=|>|!=)\s*(.+)$/.exec(cond)?.[1]?.trim();
  return start && limit ? [start, limit] : undefined;
}

/** The kept name an end reads: `p` itself or a `max`/`min` argument `p ± literal`. */
function keptName(end: string): string | undefined {
  const bare = end.replace(/\s+/g, '').replace(/[-+]\d+$/, '');
  if (NAME.test(bare)) return bare;
  const call = /^(?:std::)?(?:min|max)\((.*)\)$/.exec(bare);
  if (!call || !balanced(call[1]!)) return undefined;
  const names = splitArgs(call[1]!)
    .map((a) => a.trim().replace(/[-+]\d+$/, ''))
    .filter((a) => NAME.test(a));
  return names.length === 1 ? names[0] : undefined;
}

/**
 * True when `kept` is written inside the loop `outer` (header excluded) only once, after line
 * `after`, and to the stretch's other end `end` (± a literal, `min`/`max` arguments alike).
 */
function movedToEnd(
  statements: Statement[],
  outer: Statement,
  outerEnd: number,
  from: Statement,
  after: number,
  kept: string,
  end: string,
): boolean {
  const writes = statements.filter(
    (s) =>
      s.line > outer.line &&
      s.line <= outerEnd &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      (s.target ?? '')
        .replace(/^[([]|[)\]]$/g, '')
        .split(',')
        .some((t) => t.trim() === kept),
  );
  if (writes.length !== 1) return false;
  const w = writes[0]!;
  if (w.line <= after || (w.operator !== undefined && w.operator !== '=')) return false;
  // In the same block as the stretch (not under a branch of its own), so every pass that walks a
  // stretch moves the start.
  if (w.depth !== from.depth) return false;
  if (statements.some((s) => s.line > from.line && s.line < w.line && s.depth < from.depth)) return false;
  const targets = (w.target ?? '')
    .replace(/^[([]|[)\]]$/g, '')
    .split(',')
    .map((t) => t.trim());
  const values =
    targets.length > 1 ? splitArgs((w.value ?? '').replace(/^[([]|[)\]]$/g, '')) : [w.value ?? ''];
  const value = values[targets.indexOf(kept)];
  return value !== undefined && normal(value) === normal(end);
}

/**
 * An inner range loop directly in `outer`'s pass whose one end is a kept start moved, later in the
 * pass, to the other end, which moves with `outer`'s counter.
 */
export function abuttingLoop(est: Estimator, inner: LoopFlow, outer: LoopFlow): boolean {
  const statements = est.facts.statements;
  const header = statements.find((s) => s.kind === 'loop' && s.line === inner.line);
  const outerHeader = statements.find((s) => s.kind === 'loop' && s.line === outer.line);
  const ends = header && rangeEnds(header);
  if (!header || !outerHeader || !ends) return false;
  const counters = loopNames(outerHeader);
  const own = loopNames(header);
  const outerEnd = outer.endLine ?? blockEnd(statements, outerHeader);
  const innerEnd = inner.endLine ?? blockEnd(statements, header);
  return ([0, 1] as const).some((k) => {
    const kept = keptName(ends[k]);
    const other = ends[1 - k]!;
    return (
      !!kept &&
      !counters.includes(kept) &&
      !own.includes(kept) &&
      mentions(other, counters) &&
      !mentions(other, [kept]) &&
      movedToEnd(statements, outerHeader, outerEnd, header, innerEnd, kept, other)
    );
  });
}

/**
 * For a call of a function of the file inside a loop: the callee's parameters that receive a
 * stretch — a kept start moved after the call to the other argument, which moves with the loop's
 * counter (`reverse(s, i, j); i = j + 1`) — or undefined.
 */
export function abuttingCall(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  params: string[],
  unit: Unit,
): [string, string] | undefined {
  const statements = est.facts.statements;
  const at = statements.find((s) => s.line === call.line && s.line > unit.line && s.line <= unit.endLine);
  const outerHeader = at && loopAround(statements, at);
  if (!at || !outerHeader) return undefined;
  const counters = loopNames(outerHeader);
  const outerEnd = blockEnd(statements, outerHeader);
  const args = call.args.map((a) => a.trim());
  for (let a = 0; a < args.length; a++) {
    const kept = args[a]!;
    if (!NAME.test(kept) || counters.includes(kept)) continue;
    for (let b = 0; b < args.length; b++) {
      const other = args[b]!;
      if (
        b !== a &&
        params[a] &&
        params[b] &&
        mentions(other, counters) &&
        !mentions(other, [kept]) &&
        movedToEnd(statements, outerHeader, outerEnd, at, call.line, kept, other)
      )
        return [params[a]!, params[b]!];
    }
  }
  return undefined;
}

/** `s.begin() + i`, `begin(s) + i`, `cbegin(nums) + right + 1` → the offset (`i`, `right + 1`). */
function iteratorOffset(arg: string): string | undefined {
  const m = /^(?:std::)?(?:c?begin\s*\(\s*[\w$.]+\s*\)|[\w$.]+\s*\.\s*c?begin\s*\(\s*\))\s*\+\s*(.+)$/.exec(
    arg.trim(),
  );
  return m?.[1]?.trim();
}

/**
 * A C++ library call over an iterator range inside a loop (`reverse(s.begin() + i, s.begin() +
 * j)`, `*min_element(cbegin(nums) + left, cbegin(nums) + right + 1)`) whose start is a kept name
 * the same pass then moves to the range's end (`i = j + 1`, `left = right + 1`), which moves with
 * the loop's counter: the ranges abut, so over all passes they cover the counter's range once.
 */
export function abuttingRange(est: Estimator, call: Extract<Flow, { kind: 'call' }>, unit: Unit): boolean {
  if (est.facts.language !== 'cpp' || call.args.length < 2) return false;
  const kept = iteratorOffset(call.args[0]!);
  const other = iteratorOffset(call.args[1]!);
  if (!kept || !other || !NAME.test(kept)) return false;
  const statements = est.facts.statements;
  const at = statements.find((s) => s.line === call.line && s.line > unit.line && s.line <= unit.endLine);
  const outerHeader = at && loopAround(statements, at);
  if (!at || !outerHeader) return false;
  const counters = loopNames(outerHeader);
  return (
    !counters.includes(kept) &&
    mentions(other, counters) &&
    !mentions(other, [kept]) &&
    movedToEnd(statements, outerHeader, blockEnd(statements, outerHeader), at, call.line, kept, other)
  );
}
