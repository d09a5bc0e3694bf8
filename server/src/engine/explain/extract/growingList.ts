// A work list walked by index while the body appends to it: `for (int i = 0; i < size(q); ++i)
// { ... q.push_back(v); }` (also `i < q.size()`, Go `i < len(q)` with `q = append(q, v)`). The
// condition reads the list's size on every pass, so the loop reaches the items appended during it:
// a queue whose head is the index. Each item is handled once and, with a visited mark guarding the
// appends, each neighbour list is scanned once — O(V + E) like a BFS that pops, not items × the
// largest list.
import type { LoopBound } from '../model';
import { escape } from './boundText';

/** True when `body` appends to `list` (`q.push_back(v)`, `q.append(v)`, `q = append(q, v)`). */
export function appendsTo(list: string, body: string): boolean {
  const n = escape(list);
  return new RegExp(
    `(^|[^\\w$.])${n}\\s*(\\.|->)\\s*(push_back|emplace_back|push|append|add|Add|offer|addLast)\\s*\\(|(^|[^\\w$.])${n}\\s*=\\s*append\\(\\s*${n}\\s*,`,
  ).test(body);
}

/**
 * A counter bound on the size of `list` (`i < size(q)`, `i < q.size()`, `i < len(q)`,
 * `i < q.length`) whose body appends to `list`: the loop drains a work list by index.
 */
export function drainedByIndex(bound: LoopBound, condition: string, body: string): LoopBound {
  // (`size(q)` may come back measured as a value; the condition below checks it sizes `q`.)
  if (bound.kind !== 'linear' || bound.amortised) return bound;
  const list = bound.key;
  if (!/^[\w$]+$/.test(list)) return bound;
  const n = escape(list);
  const sized = new RegExp(
    `<\\s*(?:(?:std::)?size\\(\\s*${n}\\s*\\)|len\\(\\s*${n}\\s*\\)|${n}\\s*\\.\\s*(?:size\\(\\)|length|Count|len\\(\\)))\\s*$`,
  ).test(condition.trim());
  if (!sized || !appendsTo(list, body)) return bound;
  const { measure: _measure, ...rest } = bound;
  return { ...rest, amortised: 'drains' };
}
