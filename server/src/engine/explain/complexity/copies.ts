// Copies of a whole collection into a new value: Java's copy constructors (`new String(chars)`,
// `new ArrayList<>(path)`, `new HashSet<>(xs)`), C#'s (`new string(chars)`, `new List<int>(path)`),
// and Go's conversion of a byte or rune slice to a string (`string(s)`). Each reads every element
// of its argument: a backtracking search that saves its path at every leaf, or a loop that saves
// one edited copy of the input per position, does that much work per saved result (the product of
// the results and their length). The constructors also take a capacity (`new ArrayList<>(k)`) and
// Go's `string(b)` converts one byte, so the argument is charged only when the file declares it as a
// collection: its type (`char[] s`, `List<Integer> path`) or its value (`s := []byte(x)`) says so.
import type { Flow, Statement, Unit } from '../model';
import { dialectOf } from '../tables/dialect';
import { enclosingLoopEnd } from './traversal';
import type { Estimator } from './walk';

type Call = Extract<Flow, { kind: 'call' }>;

const JAVA_COPIES =
  /^new (String|StringBuilder|ArrayList|LinkedList|HashSet|TreeSet|LinkedHashSet|ArrayDeque|HashMap|TreeMap|PriorityQueue)(<.*>)?$/;
const CSHARP_COPIES =
  /^new (string|String|StringBuilder|List|HashSet|SortedSet|Queue|Stack|Dictionary)(<.*>)?$/;
const COLLECTION_TYPE =
  /(\[\s*\]|\b(?:List|IList|ArrayList|LinkedList|Set|HashSet|TreeSet|SortedSet|Map|HashMap|TreeMap|Dictionary|Deque|ArrayDeque|Queue|Stack|Collection|StringBuilder)\s*<|\bStringBuilder\b)/;

/** The declarations of `name` in the file (a field, a local, a closure's variable). */
function declarations(est: Estimator, name: string): Statement[] {
  return est.facts.statements.filter(
    (s) => (s.kind === 'declaration' || s.kind === 'assignment') && s.target?.trim() === name,
  );
}

/** True when every declaration of `name` shows a collection, and there is one. */
function declaredCollection(est: Estimator, name: string, go: boolean): boolean {
  if (!/^[A-Za-z_]\w*$/.test(name)) return false;
  const found = declarations(est, name);
  if (found.length === 0) return false;
  return found.every((s) => {
    const value = (s.value ?? '').trim();
    if (go) return /^(\[\](byte|rune)\s*\(|make\s*\(\s*\[\](byte|rune)\b)/.test(value);
    if (s.kind === 'assignment')
      return /^new\s/.test(value) || /\.(toCharArray|ToCharArray)\(\)$/.test(value);
    const before = s.code.slice(0, Math.max(0, s.code.search(new RegExp(`\\b${name}\\b`))));
    return COLLECTION_TYPE.test(before) || /\.(toCharArray|ToCharArray)\(\)\s*;?$/.test(value);
  });
}

/**
 * The name `name` was converted from, when its one declaration converts another name
 * (`runes := []rune(word)`, `char[] s = cur.toCharArray()`): the copy has that name's length, and
 * naming it lets a loop over the items of a list see the work as done on its item (itemTotals.ts).
 */
function convertedFrom(est: Estimator, unit: Unit, name: string): string | undefined {
  const found = declarations(est, name);
  // Only a conversion made inside a loop, of that pass's item: one made once before the loops
  // (`s := []byte(cur)`) keeps its own name, the size the loops are read in.
  if (found.length !== 1 || enclosingLoopEnd(est.facts, unit, found[0]!.line) === undefined) return undefined;
  const value = (found[0]!.value ?? '').trim().replace(/;$/, '');
  return (
    /^\[\](?:byte|rune)\s*\(\s*([A-Za-z_]\w*)\s*\)$/.exec(value)?.[1] ??
    /^([A-Za-z_]\w*)\s*\.\s*(?:toCharArray|ToCharArray)\(\)$/.exec(value)?.[1]
  );
}

/** The collection a copy constructor or conversion reads in full, or undefined. */
export function copiedCollection(est: Estimator, call: Call, unit: Unit): string | undefined {
  const dialect = dialectOf(est.facts.language);
  const arg = call.args.length === 1 ? call.args[0]!.trim() : undefined;
  if (!arg) return undefined;
  const copies =
    (dialect === 'java' && call.isNew && JAVA_COPIES.test(call.callee)) ||
    (dialect === 'csharp' && call.isNew && CSHARP_COPIES.test(call.callee)) ||
    (dialect === 'go' && call.callee === 'string' && !call.receiver);
  if (!copies || !declaredCollection(est, arg, dialect === 'go')) return undefined;
  return convertedFrom(est, unit, arg) ?? arg;
}
