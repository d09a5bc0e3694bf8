// A walk that marks the entry it tests: `while (!seen[u]) { seen[u] = true; …; u = next[u]; }`.
// Each pass sets the mark the condition reads, and a set mark ends the loop, so the passes are at
// most the entries of the mark — and, inside a loop that keeps the mark, at most that many over
// all its passes (a functional graph's cycles found from every node, a circular game's visits).
import type { LoopBound } from '../model';
import { escape } from './boundText';
import { splitConjuncts } from './loopSteps';

/** Values that leave a mark unset (`seen[u] = false`, `= 0`, `= -1`). */
const UNSET = /^(?:false|0|-1|nullptr|NULL|null)$/;

/** A numeric cast inside a subscript (Rust `vis[j as usize]`, TS `seen[u as number]`). */
const CAST = /\s+as\s+(?:[iu](?:size|8|16|32|64|128)|number)\b/g;

export function markedWalk(rawCondition: string, rawBody: string): LoopBound | undefined {
  const condition = rawCondition.replace(CAST, '');
  const body = rawBody.replace(CAST, '');
  // (one conjunct of several is enough: `while j != -1 and not vis[j]` ends no later than the mark
  // alone would; Python tests the mark with `not`)
  const found = splitConjuncts(condition.replace(/\band\b/g, '&&'))
    .map((part) => /^(?:!|not\s)\s*([A-Za-z_$][\w$]*)\s*\[\s*([A-Za-z_$][\w$]*)\s*\]$/.exec(part.trim()))
    .find((m) => m);
  if (!found) return undefined;
  const [, mark, index] = found as unknown as [string, string, string];
  const m = escape(mark);
  const i = escape(index);
  // The body sets the tested entry to a value that reads as set, and moves the index on.
  const sets = new RegExp(`(?:^|[^\\w$.])${m}\\s*\\[\\s*${i}\\s*\\]\\s*=(?!=)\\s*([^;\\n]+)`, 'g');
  const values = [...body.matchAll(sets)].map((s) => s[1]!.trim().replace(/^\+\+/, ''));
  if (values.length === 0 || values.some((v) => UNSET.test(v))) return undefined;
  if (!new RegExp(`(?:^|[^\\w$.])${i}\\s*=(?!=)`).test(body)) return undefined;
  // A mark written unset anywhere in the body (`seen[v] = false`) may let the walk revisit entries.
  const unsets = new RegExp(
    `(?:^|[^\\w$.])${m}\\s*\\[(?:[^[\\]]|\\[[^[\\]]*\\])*\\]\\s*=\\s*(?:false|0|-1)(?![\\w.([])`,
  );
  if (unsets.test(body)) return undefined;
  return { kind: 'linear', key: mark, amortised: 'marks', pointer: mark };
}
