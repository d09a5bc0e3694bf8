// A loop that cuts a character off a text on each pass and tests that text (`while (strpos($s,
// $prefix) !== 0) $prefix = substr($prefix, 0, -1);`, `while not s.startswith(p): p = p[:-1]`):
// the text gets one character shorter per pass, so the passes are at most its length. Like a
// drained work list, the passes of all runs together are at most what it held plus what was added
// to it (Go's `q = q[1:]` / `stk = stk[:len(stk)-1]` beside appends in an enclosing loop).
import type { LoopBound } from '../model';
import { escape } from './boundText';
import { topLevelLines } from './loopProgress';

/** The ways each language writes "the text without its last (or first) character", for a name `n`. */
function cuts(n: string): RegExp[] {
  const v = `\\$?${n}`;
  return [
    // PHP `substr($p, 0, -1)`, `substr($p, 1)`, `substr($p, 0, strlen($p) - 1)`
    new RegExp(
      `^(?:mb_)?substr\\(\\s*${v}\\s*,\\s*(?:0\\s*,\\s*(?:-1|(?:mb_)?strlen\\(\\s*${v}\\s*\\)\\s*-\\s*1)|1)\\s*\\)$`,
    ),
    // JS/TS `p.slice(0, -1)`, `p.slice(1)`, `p.substring(0, p.length - 1)`, Java `p.substring(0, p.length() - 1)`
    new RegExp(
      `^${v}\\.(?:slice|substring|substr)\\(\\s*(?:0\\s*,\\s*(?:-1|${v}\\.length(?:\\(\\))?\\s*-\\s*1)|1)\\s*\\)$`,
    ),
    // Python `p[:-1]`, `p[1:]`, Go `p[:len(p)-1]`
    new RegExp(`^${v}\\[\\s*(?::\\s*-1|1\\s*:|:\\s*len\\(\\s*${v}\\s*\\)\\s*-\\s*1)\\s*\\]$`),
  ];
}

/**
 * The bound of a loop whose body re-assigns a text it tests to that text less one character, at
 * the top level of the body (not under a branch) — or undefined.
 */
export function shortenedText(cond: string, body: string): LoopBound | undefined {
  for (const line of topLevelLines('', body)) {
    const m = /^\s*(\$?[A-Za-z_][\w$]*)\s*=(?!=)\s*(.+?);?\s*$/.exec(line);
    if (!m) continue;
    const name = m[1]!.replace(/^\$/, '');
    if (!new RegExp(`(^|[^\\w$])\\$?${escape(name)}\\b`).test(cond)) continue;
    if (cuts(escape(name)).some((re) => re.test(m[2]!.trim())))
      return { kind: 'linear', key: name, amortised: 'drains' };
  }
  return undefined;
}
