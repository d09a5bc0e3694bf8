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

/** True when a decorator caches the unit's results (`@cache`, `@lru_cache`): one entry per distinct argument tuple. */
export function cachedByDecorator(unit: Unit): boolean {
  return unit.decorators.some((d) => CACHE_DECORATOR.test(d));
}

/** True when the unit's results are cached by a decorator, by itself, or by an enclosing function. */
export function isMemoized(unit: Unit, facts: SourceFacts): boolean {
  if (unit.decorators.some((d) => CACHE_DECORATOR.test(d))) return true;
  if (hasMemoPattern(unit)) return true;
  // A memo object kept by a wrapper: memoize(fn) returns a closure that checks and fills the cache.
  const assigned = facts.units.some((u) => u.parent === unit.id && hasMemoPattern(u));
  return assigned;
}

/**
 * The memoization concept, stricter than `isMemoized` (which the estimator uses to bound
 * recursion): a cache decorator, or a cache the unit tests for the key (`if k in memo`), stores
 * into and returns from. A table that is only filled and read (a DP table, a counter), and a
 * visited mark that is tested and set but never returned, cache nothing. A non-recursive unit must
 * also keep the cache beyond the call (a field, a global, an enclosing function's local): one
 * created on each call (a distance array) cannot save a later call any work.
 */
/** True when `name` is declared or assigned whole in the unit's own statements (not nested units'). */
function createdIn(facts: SourceFacts, unit: Unit, name: string): boolean {
  const nested = facts.units.filter((u) => u.parent === unit.id);
  return facts.statements.some(
    (s) =>
      s.line >= unit.line &&
      s.line <= unit.endLine &&
      !nested.some((u) => s.line >= u.line && s.line <= u.endLine) &&
      ((s.kind === 'declaration' && /^[*&\s]*([\w$]+)/.exec(s.target ?? '')?.[1] === name) ||
        (s.kind === 'assignment' && s.target === name)),
  );
}

export function memoizes(unit: Unit, recursive: boolean, facts: SourceFacts): boolean {
  if (unit.decorators.some((d) => CACHE_DECORATOR.test(d))) return true;
  const returned = new Set([...unit.cacheLookups].map(cacheRoot));
  const guarded = new Set([...unit.guardLookups].map(cacheRoot));
  return [...unit.cacheStores].some((store) => {
    const root = cacheRoot(store);
    if (!returned.has(root) || !guarded.has(root)) return false;
    return recursive || root !== store || !createdIn(facts, unit, store);
  });
}
