// Two pointers and sliding windows, from the loop bounds and the writes inside loops.
// - Two pointers: both ends of a range step toward each other (the loop bound says so), or an
//   index that only moves forward chases the loop's own index over the same sequence
//   (`nums[slow] = nums[fast]; slow += 1`, a window's left end).
// - Sliding window: inside one loop, a running aggregate gains the element at the loop's index
//   and loses the one at a trailing end: an index that only advances (`cnt[s[left]] -= 1;
//   left += 1`) or a fixed distance behind (`total -= xs[i - k]`). A pointer that merely skips a
//   run (`while j < n and s[j] == c: j += 1`) updates no aggregate, so it is no window.
import type { LoopFlow, SourceFacts, Unit, Write } from '../model';
import { loopVariables, loopsOf, mentions, writesIn } from './loops';
import { mergeWalk } from './merging';
import { windowByCalls } from './windowCalls';
import { escape } from '../extract/boundText';

export interface PointerHit {
  concept: 'two pointers' | 'sliding window';
  line: number;
}

const ADD = new Set(['+=', '++', '|=']);
const REMOVE = new Set(['-=', '--']);

/** True when every write of `name` in the loop moves it forward, and one steps it. */
function advancesOnly(name: string, writes: Write[], vars: string[]): boolean {
  const own = writes.filter((w) => !w.index && w.target === name);
  const steps = own.some((w) => w.operator === '++' || w.operator === '+=');
  return (
    steps &&
    own.every(
      (w) =>
        w.operator === '++' ||
        (w.operator === '+=' && !w.names.length) ||
        (w.operator === '=' &&
          (w.calls.includes('max') ||
            vars.some((v) => w.names.includes(v)) ||
            (w.names.includes(name) && w.valueOp === '+'))),
    )
  );
}

/** `xs[...]` element texts a write touches: its target and its reads, and subscripts inside indices. */
function elements(write: Write): { table: string; index: string }[] {
  const out: { table: string; index: string }[] = [];
  const texts = [
    ...(write.index ? [`${write.target}[${write.index.join('][')}]`, ...write.index] : []),
    ...write.reads.map((r) => `${r.table}[${r.index.join('][')}]`),
  ];
  for (const text of texts)
    for (const m of text.matchAll(/([\w$.]+)\[([^[\]]*)\]/g)) out.push({ table: m[1]!, index: m[2]! });
  return out;
}

function touches(write: Write, name: string): boolean {
  return write.names.includes(name) || (write.index ?? []).some((i) => mentions(i, name));
}

/**
 * `total += xs[i]` … `total -= xs[i - k]`: the aggregate gains the element at the loop index `v`
 * and loses one a fixed distance behind it in the same sequence (not in the aggregate itself: an
 * in-place table reading `g[i - 1]` is a prefix sum).
 */
function fixedWindow(add: Write, remove: Write, v: string): boolean {
  const gained = elements(add).filter((e) => e.table !== add.target && mentions(e.index, v));
  return elements(remove).some(
    (e) =>
      e.table !== remove.target &&
      new RegExp(`(^|[^\\w$])${escape(v)}-`).test(e.index) &&
      gained.some((g) => g.table === e.table),
  );
}

/** Statements of the loop's body (after its header line). */
function bodyStatements(facts: SourceFacts, loop: LoopFlow) {
  return facts.statements.filter((s) => s.line > loop.line && s.line <= (loop.endLine ?? loop.line));
}

function windowsOf(unit: Unit, loop: LoopFlow, loopNames: Set<string>, facts: SourceFacts): PointerHit[] {
  const vars = loopVariables(loop);
  if (vars.length === 0) return [];
  const writes = writesIn(unit, loop);
  const declared = new Set(
    bodyStatements(facts, loop)
      .filter((s) => s.kind === 'declaration')
      .map((s) => /^[*&\s]*([\w$]+)/.exec(s.target ?? '')?.[1]),
  );
  // A pointer persists across passes: one declared in the body starts afresh on each pass, and a
  // loop index that jumps to it (`i = j`) makes it a run scan, not a chase.
  const pointers = [...new Set(writes.filter((w) => !w.index).map((w) => w.target))].filter(
    (p) =>
      /^[\w$]+$/.test(p) &&
      !loopNames.has(p) &&
      !declared.has(p) &&
      !writes.some((w) => !w.index && vars.includes(w.target) && w.names.includes(p)) &&
      advancesOnly(p, writes, vars),
  );
  const hits: PointerHit[] = [];
  const sameSequence = (a: string, b: string) => {
    const all = writes.flatMap(elements);
    return all.some(
      (x) => mentions(x.index, a) && all.some((y) => y.table === x.table && mentions(y.index, b)),
    );
  };
  // A loop index that steps back (`--i`) moves away from a pointer that advances: no chase.
  const descending = writes.some((w) => !w.index && vars.includes(w.target) && /^(--|-=)$/.test(w.operator));
  for (const p of pointers) {
    if (!descending && vars.some((v) => sameSequence(p, v)))
      hits.push({ concept: 'two pointers', line: loop.line });
  }
  for (const add of writes.filter((w) => ADD.has(w.operator))) {
    const removes = writes.filter((w) => REMOVE.has(w.operator) && w.target === add.target && w !== add);
    const ends = [...vars, ...pointers];
    // The aggregate gains at one end and loses the element at the other; one end at least is a
    // pointer that only advances (two bound variables of one loop move together: no window), and
    // what is lost is an element there (`cnt[s[left]]`, `xs[left]`), not any amount.
    const window = removes.some(
      (remove) =>
        ends.some((x) =>
          ends.some(
            (y) =>
              x !== y &&
              (pointers.includes(x) || pointers.includes(y)) &&
              touches(add, x) &&
              elements(remove).some((e) => mentions(e.index, y)) &&
              !touches(remove, x),
          ),
        ) || vars.some((v) => fixedWindow(add, remove, v)),
    );
    if (window) {
      hits.push({ concept: 'sliding window', line: loop.line });
      break;
    }
  }
  // The same window kept through calls (`window.add(s[r])` … `window.remove(s[left])`).
  if (!hits.some((h) => h.concept === 'sliding window') && windowByCalls(loop, vars, pointers, facts))
    hits.push({ concept: 'sliding window', line: loop.line });
  return hits;
}

/** True when `name` indexes a sequence somewhere in the loop (`s[i]`, `nums[lo + 1]`). */
function indexes(facts: SourceFacts, loop: LoopFlow, name: string): boolean {
  const pattern = new RegExp(`[\\w$)\\]]\\s*\\[([^\\]]*[^\\w$\\]])?${escape(name)}($|[^\\w$])`);
  return facts.statements
    .filter((s) => s.line >= loop.line && s.line <= (loop.endLine ?? loop.line))
    .some((s) => pattern.test(s.code));
}

/** Two-pointer and sliding-window loops of one unit. */
export function pointerPatterns(unit: Unit, facts: SourceFacts): PointerHit[] {
  const loops = loopsOf(unit.body);
  const loopNames = new Set(loops.flatMap(loopVariables));
  const hits: PointerHit[] = [];
  for (const loop of loops) {
    // Two counters stepping toward each other are pointers only when they index a sequence.
    const b = loop.bound;
    if (b.kind === 'linear' && b.twoPointers && b.pointer && indexes(facts, loop, b.pointer))
      hits.push({ concept: 'two pointers', line: loop.line });
    hits.push(...windowsOf(unit, loop, loopNames, facts));
    const merge = mergeWalk(unit, loop, facts);
    if (merge) hits.push(merge);
  }
  return hits;
}
