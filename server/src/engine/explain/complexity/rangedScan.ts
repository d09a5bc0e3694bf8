// Library work that starts at a position rather than at the start of its collection: inside a
// loop over that collection, charging the whole collection on every pass is not what the code
// shows (callCost.ts withholds such a claim).
import type { Flow } from '../model';
import type { Walk } from './walk';

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
