// Estimates each function's time complexity from the model: loops multiply their body's cost by
// their iteration count (loopCost.ts), known library operations and calls to functions of the same
// file add their own cost (callCost.ts), and recursion is solved from its shape (recursiveCost.ts).
// This module walks the flow and memoizes one result per function.
import { type Flow, type SourceFacts, type Unit, isFunctionUnit } from '../model';
import { type LibraryCosts, libraryCosts } from '../tables/libraryCosts';
import { type Cost, add, constant, unknown } from './cost';
import { callCost, membershipCost } from './callCost';
import { loopCost } from './loopCost';
import { recursiveCost } from './recursiveCost';
import { statementsIn, visitedMark } from './traversal';
import { spaceCost } from './space';
import type { Estimator, UnitComplexity, Walk } from './walk';

export type { UnitComplexity } from './walk';

/**
 * Variables holding an instance of a class defined in the file: `bit = BIT(n)`, `new BIT(n)`,
 * `BIT bit(n);`, `auto p = make_unique<BIT>(n)`, a field `BIT bit_;`. A name bound to two
 * different classes maps to undefined.
 */
function instanceClasses(facts: SourceFacts): Map<string, Unit | undefined> {
  const all = facts.units.filter((u) => /^(class|struct)$/.test(u.kind));
  const classes = new Map(
    all.filter((u) => all.filter((c) => c.name === u.name).length === 1).map((u) => [u.name, u]),
  );
  const found = new Map<string, Unit | undefined>();
  for (const s of facts.statements) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target) continue;
    const name = /^[A-Za-z_$][\w$]*/.exec(s.target.replace(/^(self|this)(\.|->)/, ''))?.[0];
    if (!name) continue;
    const made = /^(?:new\s+)?(?:(?:std::)?make_(?:unique|shared)\s*<\s*)?([A-Za-z_]\w*)\s*>?\s*[({]/.exec(
      s.value?.trim() ?? '',
    )?.[1];
    const typed = new RegExp(`^(?:(?:const|static|mutable)\\s+)*([A-Za-z_]\\w*)\\s*[&*]?\\s+${name}\\b`).exec(
      s.code.trim(),
    )?.[1];
    const cls = classes.get(made ?? '') ?? classes.get(typed ?? '');
    if (!cls) continue;
    found.set(name, found.has(name) && found.get(name) !== cls ? undefined : cls);
  }
  return found;
}

/** The innermost unit whose lines contain `line`. */
function innermostUnit(facts: SourceFacts, line: number): Unit | undefined {
  let best: Unit | undefined;
  for (const u of facts.units)
    if (u.line <= line && line <= u.endLine && (!best || u.line >= best.line)) best = u;
  return best;
}

/** Integers up to this count as small constants (alphabet sizes, bit widths), larger ones as inputs. */
const SMALL = 1024;

/** A literal whose size is fixed by the text: a small integer, a string, or brackets of literals (`[0] * 2`). */
function isFixedLiteral(value: string): boolean {
  const text = value.trim().replace(/;$/, '');
  if (/^\d+$/.test(text)) return Number(text) <= SMALL;
  // An empty literal (`[]`, `{}`, `""`) is a container about to be filled, not a fixed one.
  if (/^(\[\s*\]|\{\s*\}|\(\s*\)|''|""|``)$/.test(text)) return false;
  const noStrings = text.replace(/(['"])(?:\\.|(?!\1).)*\1/g, '0');
  if (/^(['"]).*\1$/s.test(text) && !/[{}]/.test(text)) return true;
  // Brackets (or a repetition of them) holding only numbers, strings, signs and booleans.
  return (
    (/^[[({]/.test(noStrings) &&
      !/\b(?!(?:True|False|None|true|false|null)\b)[A-Za-z_$]/.test(noStrings) &&
      !/\*\s*\d{4,}/.test(noStrings)) ||
    isFixedDisplay(noStrings)
  );
}

/**
 * A list, tuple or initializer display whose elements are written out (`[max(a, b), c + 1]`,
 * `(lo, hi)`, `{x, y}`): its length is the number of elements written, whatever they hold. Not a
 * comprehension (`for`), a spread (`*xs`, `...xs`) or a repetition (`[x] * n`), and a parenthesised
 * expression is a tuple only with a comma.
 */
function isFixedDisplay(whole: string): boolean {
  // The model keeps 60 characters of a value (`[max(a, b), max(c, ...`): the visible part must
  // already show a top-level comma, and its opening bracket must still be open where it is cut.
  const cut = whole.endsWith('...');
  const text = cut ? whole.slice(0, -3) : whole;
  const open = text[0];
  const close = open === '[' ? ']' : open === '(' ? ')' : open === '{' ? '}' : undefined;
  if (!close || (!cut && !text.endsWith(close))) return false;
  let depth = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    // The opening bracket closes before the end: `[a] * n`, `(a) + (b)`.
    if (depth === 0 && i < text.length - 1) return false;
    if (depth === 1 && ch === ',') commas++;
  }
  const inner = cut ? text.slice(1) : text.slice(1, -1);
  if (!inner.trim() || /\bfor\b|\.\.\.|(^|,)\s*\*/.test(inner)) return false;
  return cut ? commas > 0 : open !== '(' || commas > 0;
}

/**
 * Names assigned exactly once in the file, to a fixed-size literal, and never grown by a method
 * call (`append`, `push_back`, `add`, ...): `ALPHABET_SIZE = 26`, `static const int MAX_BIT = 31`,
 * `DIRECTIONS = [(0, 1), (1, 0), (0, -1), (-1, 0)]`, `int cnt[26] = {0}`.
 */
function fixedSizeNames(facts: SourceFacts): Set<string> {
  const writes = new Map<string, string[]>();
  for (const s of facts.statements) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target) continue;
    // `lo, hi = 0, n` / `[a, b] = ...` / `i += 1`: every name written is written with a non-literal.
    const plain = s.operator === undefined || s.operator === '=' || s.operator === 'constant';
    // A C++ constructor declaration (`vector<int> curr(SIZE)`) writes only its leading name.
    const bare = s.target.replace(/\{.*$/s, '').replace(/\([^()]*(\([^()]*\)[^()]*)*\)/g, '');
    if (!plain || /[,(]/.test(bare)) {
      for (const n of bare.match(/[A-Za-z_$][\w$]*/g) ?? []) writes.set(n, [...(writes.get(n) ?? []), '']);
      continue;
    }
    if (bare !== s.target.replace(/\{.*$/s, '')) {
      const n = /^[A-Za-z_$][\w$]*/.exec(bare.trim())?.[0];
      if (n) writes.set(n, [...(writes.get(n) ?? []), '']);
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(s.target.replace(/^(self|this)\./, ''))?.[0];
    if (!name) continue;
    // `int cnt[26]` fixes the size; `int dp[n]` or `x[i] = ...` (an element write) does not count here.
    const dims = s.target.slice(name.length).trim();
    if (dims.startsWith('[') && s.kind === 'assignment') continue;
    const fixedDims = /^(\[\s*\d+\s*\])*(\{.*\})?$/s.test(dims);
    const list = writes.get(name) ?? [];
    const value =
      fixedDims && s.value !== undefined ? s.value : fixedDims && dims.startsWith('[') ? '[0]' : '';
    // A literal-filled field of a class (`string[] items = { "a", "b" }`) is sample or default
    // content a caller may replace; only constants (UPPER_CASE) and function locals count as fixed.
    const field = innermostUnit(facts, s.line)?.kind.match(/^(class|struct|module|impl)$/);
    list.push(field && !/^[A-Z][A-Z0-9_]*$/.test(name) && !/^\d+$/.test(value.trim()) ? '' : value);
    writes.set(name, list);
  }
  const grows = (name: string) =>
    new RegExp(
      `\\b${name.replace(/\$/g, '\\$')}\\s*(\\.|->)\\s*(append|push|push_back|emplace_back|emplace|add|insert|extend|unshift|concat|update|resize|setdefault)\\b|\\b(heappush|insort|insort_left|insort_right|push_heap)\\s*\\(\\s*${name.replace(/\$/g, '\\$')}\\b`,
    );
  const fixed = new Set<string>();
  for (const [name, values] of writes) {
    // Every write gives a fixed size (`dp = [1] * 2`, then `dp = [a, b]` on each pass).
    if (!values.length || !values.every(isFixedLiteral)) continue;
    if (facts.statements.some((s) => grows(name).test(s.code))) continue;
    fixed.add(name);
  }
  return fixed;
}

/**
 * An iterative traversal (BFS/DFS over a work list the function drains) whose visited mark it
 * neither creates nor undoes (`grid[r][c] = 0`, `lookup[v] = true` on a grid or array of the
 * caller): like a visited-guarded recursion, calls made one after another share the mark, so
 * together they enter each item once (see loopCost's shared traversals).
 */
function workListTraversal(facts: SourceFacts, unit: Unit): { recursion: string; mark: string } | undefined {
  const drains = (flows: Flow[]): boolean =>
    flows.some(
      (f) =>
        (f.kind === 'loop' &&
          ((f.bound.kind === 'linear' && f.bound.amortised === 'drains') || drains(f.body))) ||
        (f.kind === 'branch' && f.arms.some(drains)),
    );
  if (!drains(unit.body)) return undefined;
  const mark = visitedMark(facts, unit, [unit.endLine]);
  if (!mark) return undefined;
  const created = statementsIn(facts, unit).some(
    (s) =>
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.target?.trim() === mark &&
      (s.operator === undefined || s.operator === '=' || s.operator === 'constant'),
  );
  return created ? undefined : { recursion: 'graph traversal (work list, shared mark)', mark };
}

export class ComplexityEstimator implements Estimator {
  readonly costs: LibraryCosts;
  readonly byName = new Map<string, Unit[]>();
  private readonly done = new Map<number, UnitComplexity>();
  private readonly active = new Set<number>();
  readonly modules: Set<string>;

  constructor(readonly facts: SourceFacts) {
    this.costs = libraryCosts(facts.language);
    for (const unit of facts.units.filter(isFunctionUnit)) {
      const list = this.byName.get(unit.name) ?? [];
      list.push(unit);
      this.byName.set(unit.name, list);
    }
    this.modules = new Set(facts.imports.map((i) => i.module.split(/[/.:\\]/).pop()!));
  }

  /** Complexity of every named function-like unit, in source order. */
  all(): UnitComplexity[] {
    return this.facts.units
      .filter((u) => isFunctionUnit(u) && u.name !== '<anonymous>')
      .map((u) => this.of(u));
  }

  of(unit: Unit): UnitComplexity {
    const known = this.done.get(unit.id);
    if (known) return known;
    if (this.active.has(unit.id)) {
      return {
        unit,
        cost: unknown(`\`${unit.name}\` is part of a mutual recursion`),
        notes: [],
        valueKeys: new Set(),
        patterns: [],
      };
    }
    this.active.add(unit.id);
    const walk: Walk = {
      unit,
      loopKeys: new Map(),
      loopLines: [],
      notes: [],
      valueKeys: new Set(),
      patterns: [],
      once: [],
      persistent: [],
      iterations: [],
      grown: [],
      loopPasses: new Map(),
    };
    const body = add(this.flows(unit.body, walk), ...walk.once);
    const solved = recursiveCost(this, unit, body, walk);
    // A table extended lazily (loopCost.ts) is part of this call's cost, but callers pay it once.
    const persistent = walk.persistent.length ? add(...walk.persistent) : undefined;
    const cost = persistent ? add(solved.cost, persistent) : solved.cost;
    const { recursion, mark } = solved.recursion ? solved : (workListTraversal(this.facts, unit) ?? solved);
    this.active.delete(unit.id);
    const space = spaceCost(this, unit, walk, solved.depth);
    const result: UnitComplexity = {
      space,
      depth: solved.depth,
      unit,
      cost,
      ...(persistent ? { persistent, recurring: solved.cost } : {}),
      notes: [...new Set(walk.notes)],
      recursion,
      mark,
      valueKeys: walk.valueKeys,
      patterns: walk.patterns,
    };
    this.done.set(unit.id, result);
    return result;
  }

  private fixed?: Set<string>;
  private instances?: Map<string, Unit | undefined>;

  instanceClass(name: string): Unit | undefined {
    this.instances ??= instanceClasses(this.facts);
    return this.instances.get(name.trim().replace(/^(this|self|\$this)(\.|->)|^[*&]/, ''));
  }

  fixedSize(key: string): boolean {
    this.fixed ??= fixedSizeNames(this.facts);
    return this.fixed.has(key.replace(/^(this|self|\$this)(\.|->)|^[\w]+::|^@/, ''));
  }

  resolveKey(key: string, walk: Walk): string {
    let resolved = key;
    for (let i = 0; i < 4; i++) {
      const next = walk.loopKeys.get(resolved) ?? this.facts.sizeAliases.get(resolved);
      if (!next || next === resolved) break;
      resolved = next;
    }
    return resolved;
  }

  flows(flows: Flow[], walk: Walk): Cost {
    return add(constant(), ...flows.map((flow) => this.flow(flow, walk)));
  }

  private flow(flow: Flow, walk: Walk): Cost {
    switch (flow.kind) {
      case 'loop':
        return loopCost(this, flow, walk);
      case 'branch':
        return add(...flow.arms.map((arm) => this.flows(arm, walk)));
      case 'return':
        return constant();
      case 'await':
        if (
          walk.loopLines.length > 0 &&
          /^(javascript|typescript|javascriptreact|typescriptreact|python|csharp)$/.test(this.facts.language)
        ) {
          walk.notes.push(
            `awaits inside the loop at line ${walk.loopLines.at(-1)} run one after another (line ${flow.line}); starting them together (Promise.all / asyncio.gather / Task.WhenAll) would overlap them`,
          );
        }
        return constant();
      case 'membership':
        return membershipCost(this, flow.container, flow.line, walk, '`in`');
      case 'call':
        return callCost(this, flow, walk);
    }
  }
}
