// Counting sort over a map's entries: `for x, v := range cnt { for i := abs(v) / 2; i > 0; i-- {…} }`
// (Java `for (var e : cnt.entrySet()) { int v = e.getValue(); for (…; i < Math.abs(v) / 2; …) }`,
// Rust `for (x, v) in cnt { for _ in 0..(v.abs() / 2) }`). When every write to the map's values
// moves one of them by one (`cnt[a]++`, `cnt[b]--`, `cnt.merge(a, 1, Integer::sum)`,
// `*cnt.entry(a).or_insert(0) += 1`), the values' sizes add up to at most the number of those
// writes, so the inner passes over all entries are bounded by the loop that counted — not the
// number of entries times a value.
import type { LoopFlow, Unit } from '../model';
import { escape } from '../extract/boundText';
import type { Estimator } from './walk';

/** `v`, `abs(v) / 2`, `Math.abs(v)`, `v.abs() / 2`: the name whose size bounds the count. */
const COUNT =
  /^\(?\s*(?:(?:Math\.)?abs\(\s*([A-Za-z_$][\w$]*)\s*\)|([A-Za-z_$][\w$]*)\.abs\(\)|([A-Za-z_$][\w$]*))\s*\)?(?:\s*\/\s*\d+)?\s*\)?$/;

/** The inner loop runs a count taken from the map entry the outer loop is on, a map counted by ones. */
export function entryCountLoop(est: Estimator, unit: Unit, inner: LoopFlow, outer: LoopFlow): boolean {
  if (inner.bound.kind !== 'linear' || outer.bound.kind !== 'linear' || outer.counting) return false;
  const looked = keyedCount(est, inner.bound.key, outer, outer.bound.key);
  if (looked) return countedByOnes(est, unit, looked, outer.line);
  const m = COUNT.exec(inner.bound.key.trim());
  const value = m?.[1] ?? m?.[2] ?? m?.[3];
  const map = /^[A-Za-z_$][\w$]*$/.test(outer.bound.key) ? outer.bound.key : undefined;
  if (!value || !map) return false;
  const names = outer.variable?.split(/[\s,()[\]&*]+/).filter(Boolean) ?? [];
  const end = outer.endLine ?? outer.line;
  // The value is the loop's own (`for x, v := range cnt`) or read from its entry in the body
  // (`int v = e.getValue();`, C# `kv.Value`, C++ `p.second`).
  const entry = names.at(-1);
  // (also one declarator of several: `int x = e.getKey(), v = e.getValue();`)
  const read =
    entry &&
    new RegExp(
      `(?<![\\w$.])${escape(value)}\\s*=\\s*${escape(entry)}\\s*(?:\\.|->)\\s*(?:getValue\\(\\)|Value|second|1)\\s*(?:[,;)]|$)`,
    );
  const fromEntry =
    !!read &&
    est.facts.statements.some((s) => s.line > outer.line && s.line < inner.line && read.test(s.code));
  if (!(names.length >= 2 && names.at(-1) === value) && !fromEntry) return false;
  // (the loop's own value, rebound in the body, is no longer the entry's)
  const rebound = est.facts.statements.some(
    (s) => s.line > outer.line && s.line <= end && s.target?.trim() === value,
  );
  if (rebound && !fromEntry) return false;
  return countedByOnes(est, unit, map, outer.line);
}

/**
 * The map whose value the inner loop counts, looked up by the outer loop's item when the outer loop
 * walks that map's keys or a list made of them: `for (char c : cs) for (v = cnt.get(c); v > 0; --v)`
 * with `cs = new ArrayList<>(cnt.keySet())`, `for c in cnt: for _ in range(cnt[c])`.
 */
function keyedCount(est: Estimator, count: string, outer: LoopFlow, list: string): string | undefined {
  const m =
    /^([A-Za-z_$][\w$]*)\s*(?:\.get\(\s*([A-Za-z_$][\w$]*)\s*\)!?|\[\s*([A-Za-z_$][\w$]*)\s*\])$/.exec(
      count.trim(),
    );
  const names = outer.variable?.split(/[\s,()[\]&*:]+/).filter(Boolean) ?? [];
  if (!m || names.length !== 1 || names[0] !== (m[2] ?? m[3])) return undefined;
  const map = m[1]!;
  if (list === map) return map;
  // (a list of the map's keys: `new ArrayList<>(cnt.keySet())`, `[...cnt.keys()]`, `list(cnt)`)
  const keys = new RegExp(
    `^(?:new\\s+\\w+(?:<[^>]*>)?\\(\\s*|\\[\\s*\\.\\.\\.\\s*|Array\\.from\\(\\s*|(?:list|sorted)\\(\\s*)${escape(map)}(?:\\s*\\.\\s*(?:keySet|keys)\\(\\))?\\s*[)\\]]`,
  );
  const made = est.facts.statements.filter(
    (s) => s.target?.trim().split(/\s+/).at(-1) === list && s.line < outer.line,
  );
  return made.length === 1 && keys.test(made[0]!.value?.trim() ?? '') ? map : undefined;
}

/** Every write to `map`'s values in `unit` before `line` moves one value by one, and there is at least one. */
export function countedByOnes(est: Estimator, unit: Unit, map: string, line: number): boolean {
  const k = escape(map);
  const writes = new RegExp(
    `^(?:(?:\\+\\+|--)\\s*${k}\\s*\\[|${k}\\s*\\[[^\\]]*\\]\\s*(?:\\+\\+|--|[-+*/]?=(?!=))|${k}\\.(?:merge|put|set|insert)\\s*\\(|\\*\\s*${k}\\.entry\\s*\\()`,
  );
  const byOne = [
    new RegExp(
      `^(?:\\+\\+|--)\\s*${k}\\s*\\[[^\\]]*\\]$|^${k}\\s*\\[[^\\]]*\\]\\s*(?:\\+\\+|--|[+-]=\\s*1)$`,
    ),
    new RegExp(`^${k}\\.merge\\([^,]+,\\s*-?1\\s*,\\s*Integer::sum\\s*\\)$`),
    new RegExp(`^\\*\\s*${k}\\.entry\\([^)]*\\)\\.or_insert\\(\\s*0\\s*\\)\\s*[+-]=\\s*1$`),
    // (TypeScript `cnt.set(x, (cnt.get(x) || 0) + 1)`, Java `cnt.put(x, cnt.getOrDefault(x, 0) + 1)`)
    new RegExp(
      `^${k}\\.(?:set|put)\\(\\s*([^,()]+?)\\s*,\\s*\\(?\\s*${k}\\.(?:get|getOrDefault)\\(\\s*\\1\\s*(?:,\\s*0\\s*)?\\)\\s*(?:!|(?:\\|\\||\\?\\?)\\s*0)?\\s*\\)?\\s*[+-]\\s*1\\s*\\)$`,
    ),
  ];
  // (Python `cnt = Counter(xs)`: one per item, as the loop `cnt[x] += 1` would; not a map display
  // or keyword counts, `Counter({…})`, `Counter(a=2)`)
  const counted = new RegExp(`^${k}\\s*=\\s*(?:collections\\.)?Counter\\(\\s*[^\\s{)=][^=]*\\)$`);
  let count = 0;
  for (const s of est.facts.statements) {
    if (s.line < unit.line || s.line >= line) continue;
    const code = s.code.trim().replace(/;$/, '').trim();
    if (counted.test(code)) {
      count++;
      continue;
    }
    if (!writes.test(code)) continue;
    if (!byOne.some((re) => re.test(code))) return false;
    count++;
  }
  return count > 0;
}
