// Library calls whose cost is set by their arguments rather than by the size of the collection
// they work on (split from callCost.ts).
import type { Flow } from '../model';
import type { Estimator, Walk } from './walk';
import { declaredCppType } from './elementKind';
import { escape } from '../extract/boundText';

/** An index alone or offset by a number (`i`, `i-2`, `i+1`, spaces removed): the index's name. */
const OFFSET = /^([A-Za-z_$][\w$]*)(?:[-+]\d+)?$/;

/**
 * Operations whose cost is set by their arguments rather than the receiver's size: a span of
 * literal width in any language (`substr(i, 2)` / `Substring(i, 2)` take a length, `slice(i, i + 2)`
 * / `substring(0, 3)` two ends a literal apart), and C++ `insert(x)` / `erase(x)` with one argument,
 * which add or remove one key (a set or map; a sequence takes a position too).
 */
export function boundedByArguments(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  walk?: Walk,
): boolean {
  const args = call.args.map((a) => a.replace(/\s+/g, ''));
  // PHP's free `substr($s, $i, 2)` takes the string first, so its length is the third argument.
  if (/^(substr|mb_substr)$/.test(call.name) && !call.receiver)
    return args.length === 3 && /^\d+$/.test(args[2]!);
  // PHP `array_slice($t, -3)` / `array_splice($t, -3)` take or drop the last 3 items, and
  // `array_slice($t, $i, 2)` takes 2: a literal count, whatever the array's size (a splice at a
  // position, `array_splice($t, $i, 1)`, renumbers the rest and is not bounded).
  if (/^(array_slice|array_splice)$/.test(call.name) && !call.receiver)
    return (
      (args.length === 2 && /^-\d+$/.test(args[1]!)) ||
      (args.length === 3 && /^-\d+$/.test(args[1]!) && /^\d+$/.test(args[2]!)) ||
      (call.name === 'array_slice' && args.length === 3 && /^\d+$/.test(args[2]!))
    );
  if (/^(substr|Substring)$/.test(call.name)) return args.length === 2 && /^\d+$/.test(args[1]!);
  // JS `t.slice(-3)` / `t.splice(-3)` take or drop the last 3 items (nothing after them moves).
  if (/^(slice|splice)$/.test(call.name) && call.receiver && args.length === 1 && /^-\d+$/.test(args[0]!))
    return true;
  if (/^(slice|substring|subList)$/.test(call.name) && args.length === 2) {
    const [from, to] = args as [string, string];
    if (/^\d+$/.test(from) && /^\d+$/.test(to)) return true;
    if (to.startsWith(`${from}+`) && /^\d+$/.test(to.slice(from.length + 1))) return true;
    // `slice(i - 2, i + 1)`: both ends offset from one index by numbers, a literal width apart.
    const lo = OFFSET.exec(from);
    const hi = OFFSET.exec(to);
    return !!lo && !!hi && lo[1] === hi[1] && !/^\d/.test(lo[1]!);
  }
  if (est.facts.language !== 'cpp' && est.facts.language !== 'c') return false;
  return /^(insert|erase)$/.test(call.name) && call.args.length < 2 && !erasedAtPosition(est, call, walk);
}

/**
 * `nums.erase(nums.begin() + i)` / `s.erase(begin(s))` on a name the code declares a `vector` or a
 * `string`: erasing at a position of a contiguous sequence moves every entry after it, linear in
 * its length (a `set`'s or a `multiset`'s `erase(begin(s))` removes one node in O(log n); a
 * `list`'s or a `deque`'s front in O(1), so only the two contiguous types are charged).
 */
function erasedAtPosition(est: Estimator, call: Extract<Flow, { kind: 'call' }>, walk?: Walk): boolean {
  const receiver = call.receiver?.trim();
  if (!walk || call.name !== 'erase' || !receiver || !/^[A-Za-z_]\w*$/.test(receiver)) return false;
  const r = escape(receiver);
  const position = new RegExp(
    `^(?:${r}\\.c?begin\\(\\)|(?:std::)?c?begin\\(\\s*${r}\\s*\\))(?:\\s*\\+.*)?$`,
    's',
  );
  if (!position.test(call.args[0]?.trim() ?? '')) return false;
  return /^(?:std::)?(?:vector\s*<.*>|string|basic_string\s*<.*>)$/s.test(
    declaredCppType(est, walk.unit, receiver) ?? '',
  );
}
