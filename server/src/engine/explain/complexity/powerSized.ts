// Collections and limits sized as a power of two: `vector<int> dp(1 << size(nums))`,
// `int total = 1 << size(target)`, `const auto all = (1 << n) - 1`, `dp = [0] * (1 << n)`. A loop
// over such a table (`mask < size(dp)`, `mask = dp.size() - 1; mask >= 0`) or up to such a limit
// (`subset <= all`) visits every bit mask of `n` bits: 2^n passes, as a loop written
// `mask < 1 << n` does (extract/boundText.ts: powerOfTwoBound). Read as a plain size, the table
// got a letter of its own and a bit-mask DP was claimed polynomial.
import { powerOfTwoBound, splitArgs } from '../extract/boundText';
import type { LoopFlow, SourceFacts, Unit } from '../model';
import { type Cost, constant, exponential } from './cost';
import type { Estimator, Walk } from './walk';

/** `(x)` → `x`, and a trailing `- 1` (the full mask `(1 << n) - 1`) dropped. */
function core(text: string): string {
  let t = text.trim().replace(/;$/, '').trim();
  for (let i = 0; i < 3; i++) {
    const before = t;
    t = t.replace(/\s*-\s*1$/, '').trim();
    if (/^\(.*\)$/s.test(t) && balancedInside(t)) t = t.slice(1, -1).trim();
    if (t === before) break;
  }
  return t;
}

/** True when the outer parentheses of `t` enclose the whole text (`(a) + (b)` does not). */
function balancedInside(t: string): boolean {
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '(') depth++;
    else if (t[i] === ')') depth--;
    if (depth === 0 && i < t.length - 1) return false;
  }
  return true;
}

/**
 * The exponent is a count of items (`size(xs)`, `xs.size()`, `len(cost[0])` — a row's width —, `n`): not a number's bit length
 * (`1 << bit_length(mx)` is about 2·mx, linear in the value, not exponential in a size).
 */
function countedExponent(size: string): boolean {
  const exponent = /^(?:1\s*<<|2\s*\*\*)\s*(.+)$/s
    .exec(size)?.[1]
    ?.trim()
    .replace(/^\((.*)\)$/s, '$1');
  if (exponent === undefined)
    return /^(?:std::)?pow\s*\(\s*2\s*,\s*(?:[\w$.]+|(?:std::)?s?size\([\w$.]+\))\s*\)$/.test(size);
  return (
    /^[A-Za-z_$][\w$]*$/.test(exponent) ||
    /^(?:std::)?s?size\(\s*[\w$.]+(?:\[\d+\])?\s*\)$|^[\w$.]+(?:\[\d+\])?\s*(?:\.|->)\s*(?:size|length)\(\)$|^len\(\s*[\w$.]+(?:\[\d+\])?\s*\)$/.test(
      exponent,
    )
  );
}

/** The count a write gives `name`: a C++ constructor's first argument, a repetition's factor, or the value. */
function sizeWritten(target: string, value: string | undefined): string | undefined {
  const ctor = /^[A-Za-z_$][\w$]*\s*\((.*)\)$/s.exec(target.trim());
  if (ctor) {
    const first = ctor[1]!.split(',')[0]!;
    return first;
  }
  if (value === undefined) return undefined;
  // `[0] * (1 << n)` / `[False] * (1 << n)`: a list repeated 2^n times.
  const repeated = /^\[[^\]]*\]\s*\*\s*(.+)$/s.exec(value.trim());
  if (repeated) return repeated[1];
  // Go's `make([]int, 1<<m)` (the length, not a capacity) and Rust's `vec![0; 1 << m]`.
  const made = /^make\s*\((.*)\)$/s.exec(value.trim());
  if (made) return splitArgs(made[1]!)[1];
  const vec = /^vec!\s*\[[^;\]]*;\s*(.+)\]$/s.exec(value.trim());
  return vec ? vec[1] : value;
}

/**
 * The exponent `n` when every write of `name` in `unit` sizes it `1 << n` (or `2 ** n`,
 * `pow(2, n)`, less one): undefined otherwise — any other write, or none, says nothing.
 */
export function powerOfTwoExponent(facts: SourceFacts, unit: Unit, name: string): string | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  let exponent: string | undefined;
  for (const s of facts.statements) {
    // Statements carry lines, not units: the function's own lines (a nested helper's writes of
    // the same name would have to agree too, which is the safe side).
    if (s.line < unit.line || s.line > unit.endLine) continue;
    if ((s.kind !== 'declaration' && s.kind !== 'assignment') || !s.target) continue;
    const lead = /^[A-Za-z_$][\w$]*/.exec(s.target.trim())?.[0];
    if (lead !== name) continue;
    // An element write (`dp[mask] = …`) or an update leaves the size as it was.
    if (/^[A-Za-z_$][\w$]*\s*\[/.test(s.target.trim())) continue;
    if (s.operator !== undefined && s.operator !== '=' && s.operator !== 'constant') return undefined;
    const size = sizeWritten(s.target, s.value);
    const bound =
      size === undefined || !countedExponent(core(size)) ? undefined : powerOfTwoBound(core(size));
    if (bound?.kind !== 'exponential' || (exponent !== undefined && exponent !== bound.key)) return undefined;
    exponent = bound.key;
  }
  return exponent;
}

/** The passes of a loop over a table or up to a limit sized `1 << n`: 2^n, or a constant when the file fixes n. */
export function bitMaskLoop(
  est: Estimator,
  bound: LoopFlow['bound'],
  walk: Walk,
  line: number,
): { key: string; iterations: Cost } | undefined {
  if (bound.kind !== 'linear' || bound.amortised || bound.alsoKeys?.length) return undefined;
  const power = powerOfTwoExponent(est.facts, walk.unit, bound.key);
  if (!power) return undefined;
  const key = est.resolveKey(power, walk);
  // 2^k for a k the file fixes (`1 << size(PRIMES)`) is a constant count.
  if (est.fixedSize(power) || est.fixedSize(key)) return { key, iterations: constant() };
  return {
    key,
    iterations: exponential(
      key,
      `loop over \`${bound.key}\`, sized \`1 << ${power}\`: every bit mask of \`${power}\` bits, 2^n iterations (line ${line})`,
    ),
  };
}
