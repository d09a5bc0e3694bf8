// Memoization: a cache decorator/wrapper, or a function that returns a keyed read of an object it
// also stores into by key (`if (k in memo) return memo[k]; ... memo[k] = v`).
import type { SourceFacts, Unit } from '../model';
import { recursionShape } from '../complexity/recursion';

const CACHE_DECORATOR = /(^|\.)(lru_cache|cache|cached|memoize|memoized|Memoize|cached_property)\b/;

function cacheRoot(text: string): string {
  return text.replace(/^(this|self|\$this)\./, '').trim();
}

/**
 * A keyed read returned from an object the unit also stores into by key; for a recursive unit a
 * keyed guard (`if n in memo`) is enough, since its cached value may be returned via a local.
 */
export function hasMemoPattern(unit: Unit): boolean {
  const stores = new Set([...unit.cacheStores].map(cacheRoot));
  if ([...unit.cacheLookups].some((lookup) => stores.has(cacheRoot(lookup)))) return true;
  return (
    recursionShape(unit) !== undefined &&
    [...unit.guardLookups].some((lookup) => stores.has(cacheRoot(lookup)))
  );
}

/** True when the unit's results are cached by a decorator, by itself, or by an enclosing function. */
export function isMemoized(unit: Unit, facts: SourceFacts): boolean {
  if (unit.decorators.some((d) => CACHE_DECORATOR.test(d))) return true;
  if (hasMemoPattern(unit)) return true;
  // A memo object kept by a wrapper: memoize(fn) returns a closure that checks and fills the cache.
  const assigned = facts.units.some((u) => u.parent === unit.id && hasMemoPattern(u));
  return assigned;
}
