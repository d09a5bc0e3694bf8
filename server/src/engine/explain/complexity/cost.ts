// A small algebra of asymptotic costs: a sum of terms, each a product of powers of input sizes,
// logarithms and possibly an exponential, with the reasons that produced it. Sums keep only the
// terms no other term dominates, so `O(n² + n)` prints as `O(n²)` but `O(n + m)` stays.

export interface Term {
  /** Input size key → power. */
  powers: Record<string, number>;
  /** Input size key → number of log factors. */
  logs: Record<string, number>;
  /** Exponential growth in a key (branching recursion). */
  exponential?: string;
  /** With `exponential`: the growth is `key!`, not 2^key (every level chooses among the remaining items). */
  factorial?: boolean;
  /** Why this term exists, outermost first. */
  why: string[];
  /**
   * Readings behind this term that the code does not confirm (an assumed list where a set would
   * be O(1), an assumed constant shrink): when such a term survives as part of the estimate, the
   * claim is withheld as unknown with these reasons (see `withheld`), since a class resting on a
   * guess is more often wrong than right.
   */
  doubt?: string[];
}

export interface Cost {
  terms: Term[];
  /** Reasons the cost could not be determined; non-empty means "unknown". */
  unknown: string[];
}

export const CONSTANT: Cost = { terms: [{ powers: {}, logs: {}, why: [] }], unknown: [] };

export function constant(): Cost {
  return { terms: [{ powers: {}, logs: {}, why: [] }], unknown: [] };
}

/** A size's key as collectionKey writes it: a PHP name without its `$` (`$grid` and `grid` are one size). */
const bare = (key: string) => key.replace(/^\$/, '');

export function linear(key: string, why: string): Cost {
  return { terms: [{ powers: { [bare(key)]: 1 }, logs: {}, why: [why] }], unknown: [] };
}

export function logarithmic(key: string, why: string): Cost {
  return { terms: [{ powers: {}, logs: { [bare(key)]: 1 }, why: [why] }], unknown: [] };
}

export function linearithmic(key: string, why: string): Cost {
  return { terms: [{ powers: { [bare(key)]: 1 }, logs: { [bare(key)]: 1 }, why: [why] }], unknown: [] };
}

/** √key: a counter whose square reaches the bound. */
export function squareRoot(key: string, why: string): Cost {
  return { terms: [{ powers: { [bare(key)]: 0.5 }, logs: {}, why: [why] }], unknown: [] };
}

/** A term with arbitrary powers and logs of one key (a solved recurrence such as n^log2(3)). */
export function power(key: string, degree: number, logs: number, why: string): Cost {
  return {
    terms: [{ powers: degree ? { [key]: degree } : {}, logs: logs ? { [key]: logs } : {}, why: [why] }],
    unknown: [],
  };
}

export function exponential(key: string, why: string): Cost {
  return { terms: [{ powers: {}, logs: {}, exponential: bare(key), why: [why] }], unknown: [] };
}

/** `key!` calls: permutations, each level choosing one of the items not chosen yet. */
export function factorial(key: string, why: string): Cost {
  return {
    terms: [{ powers: {}, logs: {}, exponential: bare(key), factorial: true, why: [why] }],
    unknown: [],
  };
}

export function unknown(reason: string): Cost {
  return { terms: [{ powers: {}, logs: {}, why: [] }], unknown: [reason] };
}

function weight(term: Term, key: string): number {
  return (term.powers[key] ?? 0) + (term.logs[key] ?? 0) * 0.001;
}

function keysOf(term: Term): string[] {
  return [
    ...new Set([
      ...Object.keys(term.powers),
      ...Object.keys(term.logs),
      ...(term.exponential ? [term.exponential] : []),
    ]),
  ];
}

/** True when `a` grows at least as fast as `b` in every input. */
function dominates(a: Term, b: Term): boolean {
  if (b.exponential && a.exponential !== b.exponential) return false;
  if (b.factorial && !a.factorial) return false;
  if (a.exponential && !b.exponential) return true;
  if (a.factorial && !b.factorial) return true;
  return [...new Set([...keysOf(a), ...keysOf(b)])].every((key) => weight(a, key) >= weight(b, key));
}

function degree(term: Term): number {
  return keysOf(term).reduce(
    (sum, key) => sum + weight(term, key),
    term.exponential ? (term.factorial ? 2000 : 1000) : 0,
  );
}

export function add(...costs: Cost[]): Cost {
  const all = costs.flatMap((c) => c.terms);
  const kept: Term[] = [];
  // Among equal terms a confirmed one is kept before a doubtful one, and the one with a reason
  // (an amortised O(1) says why it is O(1)).
  const doubtful = (t: Term) => (t.doubt?.length ? 1 : 0);
  for (const term of all.sort(
    (x, y) => degree(y) - degree(x) || doubtful(x) - doubtful(y) || y.why.length - x.why.length,
  )) {
    if (!kept.some((k) => dominates(k, term))) kept.push(term);
  }
  return { terms: kept, unknown: [...new Set(costs.flatMap((c) => c.unknown))] };
}

function multiplyTerms(a: Term, b: Term): Term {
  const powers = { ...a.powers };
  for (const [k, p] of Object.entries(b.powers)) powers[k] = (powers[k] ?? 0) + p;
  // A stride by an outer bound (`n / rows` passes, harmonic.ts) cancels against that bound.
  for (const [k, p] of Object.entries(powers)) if (p === 0) delete powers[k];
  const logs = { ...a.logs };
  for (const [k, p] of Object.entries(b.logs)) logs[k] = (logs[k] ?? 0) + p;
  const doubt = [...new Set([...(a.doubt ?? []), ...(b.doubt ?? [])])];
  return {
    powers,
    logs,
    exponential: a.exponential ?? b.exponential,
    ...(a.factorial || b.factorial ? { factorial: true } : {}),
    why: [...a.why, ...b.why],
    ...(doubt.length ? { doubt } : {}),
  };
}

/** `cost` with every term marked as resting on `reason`, an unconfirmed reading. */
export function doubted(cost: Cost, reason: string): Cost {
  return {
    terms: cost.terms.map((t) => ({ ...t, doubt: [...new Set([...(t.doubt ?? []), reason])] })),
    unknown: cost.unknown,
  };
}

/**
 * The estimate as claimed: a term of the highest degree that rests on a doubtful reading (no
 * confirmed term dominates it) makes the class unsure, so the claim is "unknown" with that reading as the
 * reason. Callers keep the doubtful cost: their own larger work may still dominate it.
 */
export function withheld(cost: Cost): Cost {
  if (cost.unknown.length) return cost;
  // A doubtful term below a confirmed one of higher degree (`O(n² + m)` with `m` unsure) does not
  // change the claim's growth in the total input size.
  const confirmed = Math.max(-1, ...cost.terms.filter((t) => !t.doubt?.length).map(degree));
  const reasons = [
    ...new Set(cost.terms.filter((t) => degree(t) >= confirmed).flatMap((t) => t.doubt ?? [])),
  ];
  if (!reasons.length) return cost;
  const claim = formatCost({ terms: cost.terms, unknown: [] });
  return {
    terms: cost.terms,
    unknown: reasons.map((r) => `${claim} would rest on a reading the code does not confirm: ${r}`),
  };
}

export function multiply(a: Cost, b: Cost): Cost {
  const terms = a.terms.flatMap((x) => b.terms.map((y) => multiplyTerms(x, y)));
  return add({ terms, unknown: [...a.unknown, ...b.unknown] });
}

/**
 * `cost` with each power of a key that `rewrite` answers for replaced: a power p of the key becomes
 * p times each size in `powers` and p log factors of each size in `logs`, and the reason joins the
 * term's basis (a number's decimal text → log of the number, digits.ts; a local product of sizes →
 * its factors, productLocals.ts). Other powers are kept.
 */
export function rewritePowers(
  cost: Cost,
  rewrite: (key: string) => { powers?: string[]; logs?: string[]; why: string } | undefined,
): Cost {
  const terms = cost.terms.map((term): Term => {
    const powers: Record<string, number> = {};
    const logs = { ...term.logs };
    const why = [...term.why];
    for (const [key, p] of Object.entries(term.powers)) {
      const into = rewrite(key);
      if (!into) {
        powers[key] = (powers[key] ?? 0) + p;
        continue;
      }
      for (const k of into.powers ?? []) powers[k] = (powers[k] ?? 0) + p;
      for (const k of into.logs ?? []) logs[k] = (logs[k] ?? 0) + p;
      why.push(into.why);
    }
    return { ...term, powers, logs, why };
  });
  return add({ terms, unknown: cost.unknown });
}

/** Replaces size keys (callee parameter → caller argument) when a callee's cost is used by a caller. */
export function renameKeys(cost: Cost, renameKey: (key: string) => string): Cost {
  // A total over items (`words[*]`) follows its collection's renaming.
  const rename = (key: string): string => {
    const total = /^(.+?)((?:\[\*\])+(?:(?:\.|->)\w+)?)$/.exec(key);
    return total && renameKey(key) === key ? renameKey(total[1]!) + total[2]! : renameKey(key);
  };
  // Two keys renamed to one (`f(xs, xs)`, a local sized from the same argument) multiply.
  const merged = (r: Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const [k, p] of Object.entries(r)) out[rename(k)] = (out[rename(k)] ?? 0) + p;
    return out;
  };
  const terms = cost.terms.map((t) => ({
    powers: merged(t.powers),
    logs: merged(t.logs),
    exponential: t.exponential ? rename(t.exponential) : undefined,
    ...(t.factorial ? { factorial: true } : {}),
    why: t.why,
    ...(t.doubt ? { doubt: t.doubt } : {}),
  }));
  return add({ terms, unknown: cost.unknown });
}

export function isConstant(cost: Cost): boolean {
  return cost.unknown.length === 0 && cost.terms.every((t) => keysOf(t).length === 0);
}

const LETTERS = ['n', 'm', 'k', 'p', 'q', 'r', 's'];
const SUPERSCRIPT: Record<string, string> = { '2': '²', '3': '³', '4': '⁴' };

/**
 * Letters for the size keys of a cost; short identifiers (`n`, `m`) keep their own name. Keys
 * already lettered in `base` (the time estimate, when lettering its space) keep that letter.
 */
export function letterKeys(cost: Cost, base?: Map<string, string>): Map<string, string> {
  const keys = [...new Set(cost.terms.flatMap(keysOf))];
  const letters = new Map<string, string>();
  const used = new Set<string>(base?.values());
  for (const key of keys) if (base?.has(key)) letters.set(key, base.get(key)!);
  for (const key of keys) {
    if (letters.has(key)) continue;
    // The total size of a collection's items (`words[*]`, itemTotals.ts): L, as for "total length".
    const own = key.includes('[*]') ? 'L' : key;
    if (/^[nmkVEL]$/.test(own) && !used.has(own)) {
      letters.set(key, own);
      used.add(own);
    }
  }
  for (const key of keys) {
    if (letters.has(key)) continue;
    if (/^[nmkVE]$/.test(key) && !used.has(key)) {
      letters.set(key, key);
      used.add(key);
    }
  }
  for (const key of keys) {
    if (letters.has(key)) continue;
    const letter = LETTERS.find((l) => !used.has(l)) ?? `n${used.size}`;
    letters.set(key, letter);
    used.add(letter);
  }
  return letters;
}

function formatTerm(term: Term, letters: Map<string, string>): string {
  const parts: string[] = [];
  if (term.exponential && !term.factorial) parts.push(`2^${letters.get(term.exponential)}`);
  for (const [key, power] of Object.entries(term.powers)) {
    if (power === 0.5) parts.push(`√${letters.get(key)!}`);
    else if (power > 0)
      parts.push(
        letters.get(key)! +
          (power === 1
            ? ''
            : (SUPERSCRIPT[String(power)] ?? `^${Number.isInteger(power) ? power : power.toFixed(2)}`)),
      );
  }
  // `n·n!` reads as the labels write it: the factorial last.
  if (term.exponential && term.factorial) parts.push(`${letters.get(term.exponential)}!`);
  const product = parts.join('·');
  const logs = Object.entries(term.logs)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => (n === 1 ? `log ${letters.get(key)}` : `log^${n} ${letters.get(key)}`));
  const all = [product, ...logs].filter(Boolean).join(' ');
  return all || '1';
}

/** `O(n²)`, `O(n + m)`, `O(2^n)`, or `unknown`. */
export function formatCost(cost: Cost, letters = letterKeys(cost)): string {
  if (cost.unknown.length > 0) return 'unknown';
  return `O(${cost.terms.map((t) => formatTerm(t, letters)).join(' + ')})`;
}

/** The same as formatCost but in ASCII (`O(n^2)`), for tests and machine consumers. */
export function asciiCost(cost: Cost, letters = letterKeys(cost)): string {
  return formatCost(cost, letters)
    .replace(/√(\w+)/g, 'sqrt($1)')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/⁴/g, '^4')
    .replace(/·/g, '*');
}

/** The reason allocations.ts gives for making a sized array or list (`makes `n` entries at line 4, …`). */
export const ALLOCATION_WHY = ', each written once';

/**
 * The reasons behind the dominant term. Of terms of the same degree, one that only makes arrays
 * (allocations.ts) explains less than the work done over them, so it comes after the others.
 */
export function dominantReasons(cost: Cost): string[] {
  const allocating = (t: Term) => !!t.why.at(-1)?.endsWith(ALLOCATION_WHY);
  const top = [...cost.terms].sort(
    (a, b) => degree(b) - degree(a) || Number(allocating(a)) - Number(allocating(b)),
  )[0];
  return [...new Set(top?.why ?? [])];
}
