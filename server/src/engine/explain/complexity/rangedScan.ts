// Library work that starts at a position rather than at the start of its collection: inside a
// loop over that collection, charging the whole collection on every pass is not what the code
// shows (callCost.ts withholds such a claim).
import type { Flow } from '../model';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';

/**
 * A search or range operation that starts at a position (`s.find(' ', i)`, `strpos($s, ' ', $i)`, `reverse(begin(s) + i,
 * begin(s) + j)`) inside a loop over the same collection: its work per pass is the stretch it
 * covers, not the collection.
 */
export function fromPosition(call: Extract<Flow, { kind: 'call' }>, walk: Walk, key: string): boolean {
  if (!walk.iterations.some((it) => it.terms.some((t) => (t.powers[key] ?? 0) > 0))) return false;
  const searchFrom =
    /^(find|rfind|find_first_of|find_first_not_of|find_last_of|find_last_not_of|index|rindex|indexOf|lastIndexOf)$/.test(
      call.name,
    ) &&
    !!call.receiver &&
    call.args.length >= 2;
  // PHP's free `strpos($s, ' ', $i)` takes the haystack first and the offset third.
  const phpSearchFrom =
    /^(strpos|stripos|strrpos|strripos|mb_strpos)$/.test(call.name) &&
    !call.receiver &&
    call.args.length >= 3;
  const iteratorRange = /\b(c?begin|rbegin)\s*\([^()]*\)\s*[-+]|\.(c?begin|rbegin)\(\)\s*[-+]/.test(
    call.args[0] ?? '',
  );
  return searchFrom || phpSearchFrom || iteratorRange;
}

/**
 * A copy of the stretch a loop just scanned: `let mut j = i; while j < n && … { j += 1 } …
 * s[i..j].to_vec()` (Rust), `s[i:j]` (Go, Python), `s.slice(i, j)` (JS/TS), `s.substring(i, j)` (Java). The copy is as long as that loop ran, so the
 * loop's passes already pay for it: charging the whole collection again would count it twice.
 * Needs, in the current loop before the call, a statement starting the counter at the slice's
 * start (`j = i`) and a loop testing the counter.
 */
export function scannedStretch(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  walk: Walk,
  text: string,
): boolean {
  // Also a method taking the stretch's ends: JS/TS `s.slice(i, j)`, Java `s.substring(i, j)`; and
  // C/C++ `s.substr(i, j - i)`, which takes its start and the stretch's width.
  const ends =
    call.receiver && /^(slice|substring)$/.test(call.name) && call.args.length === 2
      ? call.args.map((a) => a.trim())
      : (widthEnds(est, call) ??
        /^&?\s*[\w$.]+\s*\[\s*([\w$]+)\s*(?:\.\.=?|:)\s*([\w$]+)\s*\]$/.exec(text.trim())?.slice(1));
  const loopLine = walk.loopLines.at(-1);
  // (An end may sit one off the counter: `s.substring(j, i + 1)` after `while (… s[i + 1] …) i++`.)
  const bare = (e: string) => /^([\w$]+)(?:\s*[-+]\s*\d+)?$/.exec(e.trim())?.[1];
  if (!ends || loopLine === undefined || !ends.every((e) => bare(e))) return false;
  const [start, end] = ends.map((e) => bare(e)!);
  const between = est.facts.statements.filter((s) => s.line > loopLine && s.line <= call.line);
  const setFrom = (name: string, from: string) =>
    between.some(
      (s) =>
        (s.kind === 'declaration' || s.kind === 'assignment') &&
        s.target?.replace(/^(let\s+)?(mut\s+)?/, '').trim() === name &&
        bare(s.value ?? '') === from,
    );
  // The scan moved the end from the start (`j = i; while … j++`), or moved the end on after the
  // start was set to it (`j = i; while … i++; s.substring(j, i + 1)`).
  const startsAt = setFrom(end!, start!) || setFrom(start!, end!);
  const tested = new RegExp(`(^|[^\\w$.])${escape(end!)}\\b`);
  return startsAt && between.some((s) => s.kind === 'loop' && tested.test(s.condition ?? s.code));
}

/** C/C++ `s.substr(i, j - i)` → [`i`, `j`]: the start and the end of the stretch it copies. */
function widthEnds(est: Estimator, call: Extract<Flow, { kind: 'call' }>): string[] | undefined {
  if (!/^(c|cpp)$/.test(est.facts.language) || call.name !== 'substr' || !call.receiver) return undefined;
  if (call.args.length !== 2) return undefined;
  const start = call.args[0]!.trim();
  const width = /^\(?\s*([\w$]+)\s*-\s*([\w$]+)\s*\)?$/.exec(call.args[1]!.trim());
  return width && width[2] === start ? [start, width[1]!] : undefined;
}
