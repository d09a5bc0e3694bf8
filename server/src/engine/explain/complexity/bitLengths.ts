// Loops counted by a bit length: `for i in range(max(nums).bit_length())`, `for (int i = 0; i <
// bit_width(mx); ++i)`, a local `l = mx.bit_length()` (when the function never raises two to it;
// also Java's `32 - Integer.numberOfLeadingZeros(mx)`, Go's `bits.Len(uint(mx))`, JavaScript's
// `mx.toString(2).length` and the like, and outside Python with an array of `l` slots beside it),
// or a field `self.__bit_length` that `__init__` copies from a parameter every construction in the
// file passes a bit length (`Trie(max_val.bit_length())`). A bit length is the logarithm of the
// number it measures, so the loop runs O(log r) times for that number r — not once per element of
// one more input, as the bare name read (a trie of bits walked per number: O(n log r), not O(n·m)).
import type { Unit } from '../model';
import { splitArgs, escape } from '../extract/boundText';
import { assignedValues, declares } from './localCounts';
import { statementsIn } from './traversal';
import { loopsAround, loopsOf } from '../concepts/loops';
import type { Estimator, Walk } from './walk';

const NAME = /^[A-Za-z_]\w*$/;
const FIELD = /^(self|this)(?:\.|->)([A-Za-z_]\w*)$/;

/** A name, a field, an element or a call (`mx`, `max(nums)`, `lookup[0]`), not an expression (`1<<mx`). */
const OPERAND = /^[A-Za-z_][\w.]*(?:\[[^[\]]*\]|\((?:[^()]|\([^()]*\))*\))*$/;

/** The number whose bits `text` counts (`max(nums)` of `max(nums).bit_length()`, `mx` of `bit_width(mx)`), or undefined. */
function measured(text: string): string | undefined {
  // (also with a literal added or taken: `bit_width(x) - 1` counting down)
  const t = text
    .trim()
    .replace(/;$/, '')
    .replace(/\s*[-+]\s*\d+$/, '');
  const py = /^(.+)\.bit_length\s*\(\s*\)$/.exec(t)?.[1]?.trim();
  if (py) return OPERAND.test(py) ? py : undefined;
  // The width less the leading zeros: Java `32 - Integer.numberOfLeadingZeros(mx)`, JavaScript
  // `32 - Math.clz32(mx)`, C# `32 - BitOperations.LeadingZeroCount((uint) mx)`, Rust `32 -
  // mx.leading_zeros()` / `u32::BITS - …`, and Go's `bits.Len(uint(mx))`.
  const width =
    /^(?:\d+|[iu](?:8|16|32|64|size)::BITS)\s*-\s*(?:(?:Integer|Long)\.numberOfLeadingZeros|Math\.clz32|BitOperations\.LeadingZeroCount)\s*\(\s*(?:\(\s*\w+\s*\)\s*)?(.+)\)$/.exec(
      t,
    )?.[1] ??
    /^(?:\d+|[iu](?:8|16|32|64|size)::BITS)\s*-\s*\(?(.+?)\)?\.leading_zeros\s*\(\s*\)$/.exec(t)?.[1] ??
    /^bits\.Len(?:8|16|32|64)?\s*\(\s*(?:uint(?:8|16|32|64)?\s*\(\s*(.+)\)|(.+))\s*\)$/
      .exec(t)
      ?.slice(1)
      .find((g) => g !== undefined);
  if (width) return OPERAND.test(width.trim()) ? width.trim() : undefined;
  // The length of the binary text: `mx.toString(2).length`, `Integer.toBinaryString(mx).length()`.
  const binary =
    /^(.+)\.toString\(\s*2\s*\)\.length$/.exec(t)?.[1] ??
    /^(?:Integer|Long)\.toBinaryString\((.+)\)\.length\(\)$/.exec(t)?.[1];
  if (binary) return OPERAND.test(binary.trim()) ? binary.trim() : undefined;
  // (C++'s argument is the whole number: `bit_width(static_cast<uint32_t>(ranges::max(nums) + k))`)
  // (a helper named for what it returns, `bit_length(n)`: kamyu104's C++ lambda over `__lg`)
  return /^(?:std::)?(?:bit_width|__lg|bit_length)\s*\((.+)\)$/
    .exec(t)?.[1]
    ?.trim()
    .replace(/^static_cast<[^>]+>\s*\((.+)\)$/, '$1');
}

/**
 * Whether the unit raises two to `name` (`1 << l`: the bit length is then a size again) or
 * computes other values from it (`m, n = 2*l, l+3`, `cnt = [0]*l`: counts the rule does not follow).
 */
function usedElsewhere(est: Estimator, unit: Unit, name: string): boolean {
  const n = escape(name);
  const power = new RegExp(`(?:\\b1\\s*<<|\\b2\\s*\\*\\*|pow\\s*\\(\\s*2\\s*,)\\s*\\(?\\s*${n}\\b`);
  const word = new RegExp(`(?<![\\w.])${n}(?![\\w(])`);
  // (outside Python, an array allocated with that many entries, `new int[l]`, `make([]int, l)`,
  // `new Array(l).fill(0)`, `vec![0; l]`: one slot per bit, which loops over it read as its own size)
  const sized = new RegExp(
    `^(?:new\\s+\\w+\\s*\\[\\s*${n}\\s*\\]|make\\(\\s*\\[\\]\\w+\\s*,\\s*${n}\\s*\\)|(?:new\\s+)?Array\\(\\s*${n}\\s*\\)\\.fill\\([^()]*\\)|vec!\\[[^;\\]]+;\\s*${n}\\s*\\])$`,
  );
  return statementsIn(est.facts, unit).some(
    (s) =>
      power.test(s.code) ||
      ((s.kind === 'assignment' || s.kind === 'declaration') &&
        word.test(s.value ?? '') &&
        !(est.facts.language !== 'python' && sized.test(s.value?.trim() ?? ''))),
  );
}

/** The number a field set in `__init__` from a parameter measures, when every construction passes a bit length. */
function fieldBits(est: Estimator, field: string): string | undefined {
  const facts = est.facts;
  const init = facts.units.find(
    (u) =>
      u.name === '__init__' &&
      assignedValues(statementsIn(facts, u), `self.${field}`).length === 1 &&
      u.params.some((p) =>
        declares(p, assignedValues(statementsIn(facts, u), `self.${field}`)[0]!.value.trim()),
      ),
  );

  const cls = init?.parent === undefined ? undefined : facts.units[init.parent];
  if (!init || !cls || !NAME.test(cls.name)) return undefined;
  // (nothing else in the file writes the field)
  if (assignedValues(facts.statements, `self.${field}`).length !== 1) return undefined;
  const param = assignedValues(statementsIn(facts, init), `self.${field}`)[0]!.value.trim();
  const at = init.params.filter((p) => !declares(p, 'self')).findIndex((p) => declares(p, param));
  const call = new RegExp(`(?<![\\w.])${cls.name}\\s*\\(`, 'g');
  const numbers: string[] = [];
  for (const s of facts.statements) {
    if (s.kind === 'unit') continue;
    for (const m of s.code.matchAll(call)) {
      const rest = s.code.slice(m.index! + m[0].length);
      let depth = 1;
      let end = 0;
      for (; end < rest.length && depth; end++) depth += rest[end] === '(' ? 1 : rest[end] === ')' ? -1 : 0;
      if (depth) return undefined;
      const arg = splitArgs(rest.slice(0, end - 1))[at];
      const bits = arg === undefined ? undefined : measured(arg);
      if (!bits) return undefined;
      numbers.push(bits);
    }
  }
  return numbers.length ? numbers[0] : undefined;
}

/**
 * A C-style header whose bound the facts cut short (`for (int i = bit_width(static_cast<uint32_t>(
 * ranges::max(nums) + k)) - 1; i >= 0; --i)`): the number whose bits its start (counting down to
 * zero) or its limit (counting up from zero) counts, read from the header's whole text.
 */
function cutHeader(est: Estimator, line: number): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === line);
  if (header?.loopKind !== 'counter') return undefined;
  const parts = /^for\s*\((.*)\)\s*\{?$/s.exec(header.code.trim())?.[1]?.split(';');
  if (parts?.length !== 3) return undefined;
  const [init, cond] = [parts[0]!.trim(), parts[1]!.trim()];
  const down = /^(?:[\w:<>]+\s+)?([A-Za-z_]\w*)\s*=\s*(.+)$/.exec(init);
  if (down && new RegExp(`^${down[1]}\\s*>=?\\s*0$`).test(cond)) return measured(down[2]!);
  const up = /^[A-Za-z_]\w*\s*<=?\s*(.+)$/.exec(cond);
  return up && /=\s*0$/.test(init) ? measured(up[1]!) : undefined;
}

/**
 * The limit whose bit length the writes `writes` (every write to one name in `scope`) leave in the
 * name: a literal start, raised only by steps inside a loop `while ((1 << H) < N) ++H;` that
 * doubles a shifted one until it passes `N` (a lazy segment tree's height), so `H` ends at about
 * log2 N. Undefined when any write sets another value or steps the name outside such a loop.
 */
function doubledExponent(est: Estimator, scope: Unit, name: string): string | undefined {
  const writes = statementsIn(est.facts, scope).filter(
    (s) => (s.kind === 'assignment' || s.kind === 'declaration') && s.target === name,
  );
  const steps = writes.filter(
    (s) => s.operator === '++' || (s.operator === '+=' && /^1$/.test(s.value?.trim() ?? '')),
  );
  const starts = writes.filter((s) => !steps.includes(s));
  // (a start is a literal, or a declaration with none: `int H_;`; `--H`, `H *= 2`, `H = N / 2` are not)
  const literal = (s: (typeof writes)[number]) =>
    (s.operator === undefined || s.operator === '=') &&
    (s.value === undefined || /^\d+$/.test(s.value.trim()));
  if (!steps.length || !starts.every(literal)) return undefined;
  const loops = est.facts.units
    .filter((u) => u.line >= scope.line && u.endLine <= scope.endLine)
    .flatMap((u) => loopsOf(u.body));
  const shifted = new RegExp(`^\`1 << ${escape(name)}\` doubles`);
  const doubling = (line: number) =>
    loopsAround(loops, line).find((l) => l.bound.kind === 'log' && shifted.test(l.bound.why ?? ''));
  const limits = steps.map((s) => {
    const bound = doubling(s.line)?.bound;
    return bound?.kind === 'log' ? bound.key : undefined;
  });
  return limits.every((l) => l && l === limits[0]) ? limits[0] : undefined;
}

/**
 * The number whose bit length counts a loop over `key` (inline, a local of the function the walk
 * is in or one enclosing it, or a field), or undefined.
 */
export function bitLengthCount(est: Estimator, key: string, walk: Walk, line?: number): string | undefined {
  const k = key.trim();
  const inline = measured(k) ?? (k.endsWith('...') && line !== undefined ? cutHeader(est, line) : undefined);
  if (inline) return inline;
  const field = FIELD.exec(k)?.[2];
  if (field && est.facts.language === 'python') return fieldBits(est, field);
  // (half of it, `l / 2`, `(l + 1) / 2`: still the logarithm's order)
  const half = /^\(?\s*([A-Za-z_]\w*)\s*(?:[-+]\s*\d+\s*)?\)?\s*(?:\/|\/\/|>>)\s*(?:2|1)$/.exec(k)?.[1];
  if (half) return bitLengthCount(est, half, walk, line);
  if (!NAME.test(k) || walk.loopKeys.has(k)) return undefined;
  for (
    let u: Unit | undefined = walk.unit;
    u;
    u = u.parent === undefined ? undefined : est.facts.units[u.parent]
  ) {
    if (u.params.some((p) => declares(p, k))) return undefined;
    const values = assignedValues(statementsIn(est.facts, u), k).map((w) => w.value);
    if (!values.length) continue;
    const doubled = doubledExponent(est, u, k);
    if (doubled) return doubled;
    const bits = values.map(measured);
    if (bits.some((b) => !b) || usedElsewhere(est, u, k)) return undefined;
    return bits[0];
  }
  return undefined;
}
