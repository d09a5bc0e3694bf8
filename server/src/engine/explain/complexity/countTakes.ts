// An inner loop each of whose passes takes one from a count: `for y := x; y < x+k; y++ { if cnt[y]
// == 0 { return false }; cnt[y]-- }` (Java `if (cnt.merge(y, -1, Integer::sum) < 0) return false;`,
// TypeScript `if (!cnt.get(y)) return false; cnt.set(y, cnt.get(y)! - 1);`), where the map was
// counted by ones before (`cnt[x]++` per item) and nothing raises it again. A pass either leaves
// the loop (the count is spent) or lowers a count that is still positive, so over every pass of
// the outer loop the passes add up to at most the counts' total — the number of items counted —
// plus one per exit: the inner loop is shared out, not repeated (Hand of Straights, Divide Array in
// Sets of K Consecutive Numbers).
import type { LoopFlow, Statement, Unit } from '../model';
import { escape } from '../extract/boundText';
import { countedByOnes } from './entryCounts';
import { blockEnd, statementsIn } from './traversal';
import type { Estimator } from './walk';

/** The entry `key` of `map` lowered by one in `code` (`cnt[y]--`, `--cnt[y]`, `cnt[y] -= 1`, `merge(y, -1, …)`, `set(y, get(y) - 1)`). */
function lowered(code: string, map: string): string | undefined {
  const m = escape(map);
  const c = code.replace(/\s+/g, '').replace(/;$/, '');
  return (
    new RegExp(`(?:^|[(!])--${m}\\[([^\\]]+)\\]`).exec(c)?.[1] ??
    new RegExp(`^${m}\\[([^\\]]+)\\](?:--|-=1)$`).exec(c)?.[1] ??
    new RegExp(`${m}\\.merge\\(([^,()]+),-1,Integer::sum\\)`).exec(c)?.[1] ??
    (() => {
      const set = new RegExp(
        `^${m}\\.(?:set|put)\\(([^,()]+),\\(?${m}\\.(?:get|getOrDefault)\\(([^,()]+)(?:,0)?\\)(?:!|\\|\\|0)?\\)?-1\\)$`,
      ).exec(c);
      return set && set[1] === set[2] ? set[1] : undefined;
    })()
  );
}

/** A test that entry `key` of `map` is spent: zero or below before the take, below zero after it. */
function spentTest(condition: string, map: string, key: string): boolean {
  const c = condition.replace(/\s+/g, '').replace(/^(?:if)?\(?(.*?)\)?\{?:?$/, '$1');
  const m = escape(map);
  const k = escape(key);
  const entry = `(?:${m}\\[${k}\\]|\\(?${m}\\.(?:get|getOrDefault)\\(${k}(?:,0)?\\)(?:!|\\|\\|0)?\\)?)`;
  return (
    new RegExp(`^(?:${entry}(?:===?0|<=0|<1)|!${entry}|${entry}\\.is_none\\(\\))$`).test(c) ||
    new RegExp(`^(?:--${m}\\[${k}\\]|${m}\\.merge\\(${k},-1,Integer::sum\\))<0$`).test(c)
  );
}

/**
 * True when every pass of `inner` takes one from an entry of a map counted by ones before `outer`
 * and leaves the loop when that entry is spent, and nothing inside `outer` raises the map (see above).
 */
export function takesFromCounts(est: Estimator, unit: Unit, inner: LoopFlow, outer: LoopFlow): boolean {
  const statements = statementsIn(est.facts, unit);
  const header = statements.find((s) => s.kind === 'loop' && s.line === inner.line);
  const outerHeader = statements.find((s) => s.kind === 'loop' && s.line === outer.line);
  if (!header || !outerHeader) return false;
  const end = blockEnd(statements, header);
  const body = statements.filter((s) => s.line > header.line && s.line <= end);
  // (a pass that skips ahead may leave without taking)
  if (body.some((s) => s.kind === 'jump' && /continue/.test(s.keyword ?? s.code))) return false;
  const top = body.filter((s) => s.depth === header.depth + 1);
  for (const take of top) {
    const names = [
      ...take.code.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\[|\.(?:merge|set|put)\s*\()/g),
    ].map((m) => m[1]!);
    for (const map of new Set(names)) {
      const by = takenBy(take.code, map, statements, outerHeader, header);
      const key = lowered(take.kind === 'if' ? (take.condition ?? take.code) : take.code, map) ?? by?.key;
      if (!key) continue;
      // The spent test: the take's own condition, an `if` before it on the same entry, or one
      // after it on the count it kept (`int t = tm.merge(y, -1, Integer::sum); if (t < 0) return false;`).
      const kept =
        take.kind === 'declaration' || take.kind === 'assignment' ? take.target?.trim() : undefined;
      const keptSpent = (s: Statement) =>
        !!kept &&
        /^[A-Za-z_$][\w$]*$/.test(kept) &&
        new RegExp(`^(?:if)?\\(?${escape(kept)}<0\\)?\\{?:?$`).test(
          (s.condition ?? s.code).replace(/\s+/g, ''),
        );
      const guard =
        take.kind === 'if'
          ? take
          : top.find(
              (s) =>
                s.kind === 'if' &&
                ((s.line < take.line &&
                  (spentTest(s.condition ?? s.code, map, key) ||
                    (!!by && shortOf(s.condition ?? s.code, map, key, by.amount)))) ||
                  (s.line > take.line && keptSpent(s))),
            );
      if (
        !guard ||
        !(
          spentTest(guard.condition ?? guard.code, map, key) ||
          keptSpent(guard) ||
          (!!by && shortOf(guard.condition ?? guard.code, map, key, by.amount))
        ) ||
        !leaves(body, guard)
      )
        continue;
      if (!countedByOnes(est, unit, map, outer.line)) continue;
      // Inside the outer loop the map is only taken from (or its spent keys dropped).
      const outerEnd = blockEnd(statements, outerHeader);
      const raised = statements.some(
        (s) =>
          s.line > outerHeader.line &&
          s.line <= outerEnd &&
          s !== take &&
          writesMap(s, map) &&
          !lowered(s.code, map) &&
          !new RegExp(
            `${escape(map)}\\s*\\.\\s*(?:remove|erase|delete)\\s*\\(|^delete\\s*\\(\\s*${escape(map)}\\s*,`,
          ).test(s.code.trim()),
      );
      if (!raised) return true;
    }
  }
  return false;
}

/**
 * `count[i] -= c` where `c` was read from the map before the inner loop and a run with `c` zero is
 * skipped (`if not c: continue`, or the loop sits under `if c:`): each pass takes at least one, so
 * the passes still add up to the counts' total (Divide Array in Sets of K Consecutive Numbers).
 */
function takenBy(
  code: string,
  map: string,
  statements: Statement[],
  outer: Statement,
  inner: Statement,
): { key: string; amount: string } | undefined {
  const m = new RegExp(`^${escape(map)}\\[([^\\]]+)\\]-=([A-Za-z_]\\w*)$`).exec(code.replace(/\s+/g, ''));
  if (!m) return undefined;
  const amount = m[2]!;
  const a = escape(amount);
  const between = statements.filter((s) => s.line > outer.line && s.line < inner.line);
  const read = between.some(
    (s) =>
      s.target?.trim() === amount && new RegExp(`^${escape(map)}\\[[^\\]]+\\]$`).test(s.value?.trim() ?? ''),
  );
  const skipped = between.some((s, i) => {
    if (s.kind !== 'if') return false;
    const c = (s.condition ?? s.code)
      .replace(/\s+/g, ' ')
      .replace(/^if\s*/, '')
      .replace(/:$/, '')
      .trim();
    if (new RegExp(`^(?:${a}|${a} > 0|${a} >= 1)$`).test(c)) return inner.depth > s.depth;
    if (!new RegExp(`^(?:not ${a}|${a} == 0|${a} <= 0|${a} < 1)$`).test(c)) return false;
    const next = between[i + 1];
    return (
      /\bcontinue\b/.test(s.code) ||
      (!!next && next.kind === 'jump' && /continue/.test(next.keyword ?? next.code))
    );
  });
  return read && skipped ? { key: m[1]!, amount } : undefined;
}

/** A test that entry `key` of `map` holds less than `amount` (`count[i] < c`), checked before taking it. */
function shortOf(condition: string, map: string, key: string, amount: string): boolean {
  const c = condition.replace(/\s+/g, '').replace(/^(?:if)?\(?(.*?)\)?:?$/, '$1');
  return c === `${map}[${key}]<${amount}`;
}

/** The `if` leaves the loop or the function at once: its first statement is a `return` or `break`. */
function leaves(body: Statement[], guard: Statement): boolean {
  const first = body.find((s) => s.line > guard.line);
  if (first && first.depth === guard.depth + 1)
    return first.kind === 'return' || (first.kind === 'jump' && /break/.test(first.keyword ?? first.code));
  // (the exit on the `if`'s own line: `if cnt[y] == 0 { return false }`)
  return /\b(?:return|break)\b/.test(guard.code);
}

/** The statement stores into `map` (an entry, a merge, a set or put, an insert). */
function writesMap(s: Statement, map: string): boolean {
  const m = escape(map);
  return new RegExp(
    `(?:^|[^\\w$.])(?:\\+\\+|--)?${m}\\s*(?:\\[[^\\]]*\\]\\s*(?:\\+\\+|--|[-+*/|&^]?=(?!=))|\\.\\s*(?:merge|set|put|insert|emplace|compute\\w*)\\s*\\()`,
  ).test(s.code);
}
