// Maps keyed by the characters of a text: `cnt = collections.Counter(word)` with `word` declared
// `str` (`word: str`, or `:type word: str` in the docstring) has at most one key per letter of the
// alphabet, however long the word — the alphabet size counts as a constant, as the labels and the
// harness take it. A loop over such a map (`for c in cnt`, `for c in cnt.keys()`) or over a set of
// the letters (`set(word)`) runs a fixed number of passes, so two of them nested are not n·m.
// Only Python, where the parameter's declared type says it is text; and only a map that gains no key
// but from the text: an element written with another index (`cnt[x] += 1`) or a method that adds
// (`update`, `add`) keeps the size.
import type { Unit } from '../model';
import { escape } from '../extract/boundText';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** A map or set of a text's letters: `collections.Counter(s)`, `Counter(s.lower())`, `set(s)`. */
const LETTERS =
  /^(?:collections\.)?(?:Counter|set|frozenset)\(\s*([A-Za-z_]\w*)(?:\s*\.\s*(?:lower|upper|strip)\(\s*\))?\s*\)$/;
const READS = /^(?:values|keys|items|itervalues|iterkeys|iteritems|get|most_common|copy)$/;

/** The units `unit` sits in, itself first (a nested helper reads its outer function's parameters). */
function enclosing(est: Estimator, unit: Unit): Unit[] {
  const out: Unit[] = [];
  for (let u: Unit | undefined = unit; u; u = est.facts.units.find((p) => p.id === u!.parent)) out.push(u);
  return out;
}

/**
 * The text parameter whose letters key the local map or set `key` (`collections.Counter(word)`,
 * `Counter(s.lower())`, `set(s)`), when the map is assigned once, in the function or one around it,
 * and gains keys from nothing else; undefined otherwise.
 */
export function letterKeyed(est: Estimator, key: string, walk: Walk): string | undefined {
  if (est.facts.language !== 'python') return undefined;
  const units = enclosing(est, walk.unit);
  // The map written where it is used: `sorted(collections.Counter(s).values())`.
  const direct = LETTERS.exec(key.trim())?.[1];
  if (direct) return units.some((u) => u.textParams?.includes(direct)) ? direct : undefined;
  if (!/^[A-Za-z_]\w*$/.test(key)) return undefined;
  for (const unit of units) {
    const texts = unit.textParams ?? [];
    if (!texts.length) continue;
    const statements = statementsIn(est.facts, unit);
    const k = escape(key);
    const whole = statements.filter(
      (s) => (s.kind === 'assignment' || s.kind === 'declaration') && s.target?.trim() === key,
    );
    if (whole.length !== 1 || whole[0]!.operator !== '=') continue;
    const source = LETTERS.exec(whole[0]!.value?.trim() ?? '')?.[1];
    if (!source || !texts.includes(source)) continue;
    // An element write keeps the keys only when its index is a letter of the text (`cnt[s[i]] -= 1`).
    const letter = new RegExp(`^${k}\\s*\\[\\s*${escape(source)}\\s*\\[[^\\]]+\\]\\s*\\]$`);
    const element = new RegExp(`^${k}\\s*\\[`);
    const method = new RegExp(`(?<![\\w.])${k}\\s*\\.\\s*(\\w+)\\s*\\(`, 'g');
    const grows = statements.some(
      (s) =>
        (s.target && element.test(s.target.trim()) && !letter.test(s.target.trim())) ||
        [...s.code.matchAll(method)].some((m) => !READS.test(m[1]!)),
    );
    return grows ? undefined : source;
  }
  return undefined;
}

/**
 * `s.rstrip('0')`, `s.lower()` on a text parameter `s` (declared `str`): Python strings are
 * immutable, so each of these builds a new string, scanning the whole text (a `strip` stops at the
 * first kept character, but copies what is left). Only a parameter declared text, not a name that
 * may hold one character (`c.lower()` in a loop over a word costs nothing per character).
 */
export function textCopy(est: Estimator, receiver: string | undefined, name: string, walk: Walk): boolean {
  if (est.facts.language !== 'python' || !receiver || !/^[A-Za-z_]\w*$/.test(receiver)) return false;
  if (!/^(?:strip|lstrip|rstrip|lower|upper|swapcase|title|capitalize|casefold)$/.test(name)) return false;
  return enclosing(est, walk.unit).some((u) => u.textParams?.includes(receiver));
}
