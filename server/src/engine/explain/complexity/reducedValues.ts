// A value reduced modulo a constant before a loop that divides it: `a %= MOD, b %= MOD; while (b >
// 0) { …; b /= 2; }` (the doubling `mulmod` of modular arithmetic) runs at most log2(MOD) times,
// a fixed count, whatever the caller passes — not O(log b) in an input. The reduction must be
// written in the function before the loop (`b %= MOD`, `b = b % MOD`, also one part of a comma
// expression), with a modulus the code fixes (a number, or a name the file sets to a number), and
// nothing may write the value between the reduction and the loop but a swap with another value
// reduced the same way.
import type { Statement, Unit } from '../model';
import { escape } from '../extract/boundText';
import { statementsIn } from './traversal';
import type { Estimator } from './walk';

/** `1e9 + 7`, `1000000007`, `998'244'353`, `(1 << 30)`: a number the text fixes. */
const NUMBER = /^[\s\d'.eE+\-*()<>xXa-fA-FLlUu]+$/;

/** Whether `text` is a number, or a name the file only declares as a number (`static const int MOD = 1e9 + 7`). */
export function fixedNumber(est: Estimator, text: string): boolean {
  const t = text.trim();
  if (/\d/.test(t) && NUMBER.test(t)) return true;
  if (!/^[A-Za-z_]\w*$/.test(t)) return false;
  const sets = est.facts.statements.filter(
    (s) => (s.kind === 'declaration' || s.kind === 'assignment') && s.target?.trim() === t,
  );
  // (each class of the file may declare its own: `static const int L = 1;` in two solutions)
  return (
    sets.length > 0 &&
    sets.every((s) => s.kind === 'declaration' && /\d/.test(s.value ?? '') && NUMBER.test(s.value ?? ''))
  );
}

/** The modulus `name` is reduced by in `text` (`b %= MOD`, `b = b % MOD`), or undefined. */
function reductionIn(text: string, name: string): string | undefined {
  const n = escape(name);
  for (const part of text.replace(/;\s*$/, '').split(/,(?![^()]*\))/)) {
    const p = part.trim();
    const compound = new RegExp(`^${n}\\s*%=\\s*(.+)$`).exec(p)?.[1];
    if (compound) return compound;
    const plain = new RegExp(`^${n}\\s*=\\s*${n}\\s*%\\s*(.+)$`).exec(p)?.[1];
    if (plain) return plain;
  }
  return undefined;
}

/** Whether `s` writes `name` (an assignment to it, `++`/`--`, or a call handing it over by name). */
function writes(s: Statement, name: string): boolean {
  const n = escape(name);
  if ((s.kind === 'assignment' || s.kind === 'declaration') && s.target?.trim() === name) return true;
  // (the test of an `if` or a loop is no call: `if (a < b)`)
  const code = s.kind === 'if' || s.kind === 'loop' ? (s.condition ?? '') : s.code;
  return new RegExp(
    `(?<![\\w$.])${n}\\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|(?:\\+\\+|--)\\s*${n}\\b|\\b${n}\\s*(?:\\+\\+|--)|[\\w$>]\\s*\\([^()]*(?<![\\w$.])&?${n}\\s*[,)]`,
  ).test(code);
}

/**
 * For a loop at `line` halving `name` (`while (b > 0) { …; b /= 2; }`): the reduction of `name`
 * modulo a fixed constant that bounds it, as `[modulus, line]`, or undefined.
 */
export function reducedModulo(
  est: Estimator,
  unit: Unit,
  name: string,
  line: number,
): [string, number] | undefined {
  if (!/^(c|cpp|java|csharp|go|rust|javascript|typescript)$/.test(est.facts.language)) return undefined;
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const before = statementsIn(est.facts, unit).filter((s) => s.line < line);
  for (let i = before.length - 1; i >= 0; i--) {
    const s = before[i]!;
    const modulus = reductionIn(s.code, name);
    if (modulus !== undefined) {
      if (!fixedNumber(est, modulus)) return undefined;
      // Only at the function's top level, so every call reduces the value before the loop.
      if (s.depth !== before[0]!.depth) return undefined;
      return [modulus.trim(), s.line];
    }
    if (!writes(s, name)) continue;
    // `swap(a, b)` with `a` reduced by the same modulus keeps `b` below it.
    const swapped = /^\s*(?:std::)?swap\s*\(\s*([\w$]+)\s*,\s*([\w$]+)\s*\)\s*;?\s*$/.exec(s.code);
    const other =
      swapped && (swapped[1] === name ? swapped[2] : swapped[2] === name ? swapped[1] : undefined);
    if (!other) return undefined;
    const rest = before.slice(0, i);
    const reduced = rest.findLast((r) => reductionIn(r.code, other) !== undefined);
    if (!reduced || !fixedNumber(est, reductionIn(reduced.code, other)!)) return undefined;
  }
  return undefined;
}
