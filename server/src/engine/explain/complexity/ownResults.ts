// A loop over what a memoized recursive call of the same function returns (`for l in
// self.trees(i)`, `for (auto x : ways(s, i))`): it runs once per result, and the number of results
// is the size of the function's output (all trees, all expressions: Catalan numbers), which nothing
// in the text bounds by the input size — so the loop's count is unknown, not linear. Without a memo
// every result comes from a call the recursion's own count already covers (`for p in perms(rest)`),
// so the loop is read as before.
import type { SourceFacts, Unit } from '../model';
import { isMemoized } from '../concepts/memoization';
import { escape } from '../extract/boundText';

/** The recursive call whose results the loop walks, when `key` (the loop's collection) is one. */
export function ownResultsLoop(key: string, unit: Unit, facts: SourceFacts): string | undefined {
  if (unit.name === '<anonymous>' || !isMemoized(unit, facts)) return undefined;
  const name = escape(unit.name);
  const call = new RegExp(`^(?:(?:self|this|\\$this)\\s*(?:\\.|->)\\s*)?${name}\\s*\\(.*\\)$`);
  return call.test(key.trim()) ? key.trim() : undefined;
}
