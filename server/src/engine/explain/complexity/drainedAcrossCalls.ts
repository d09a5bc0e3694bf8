// A helper that pops from a work list it does not own (`prune(pq)`: `while (!pq.isEmpty() &&
// gone.containsKey(pq.peek())) pq.poll();` on a parameter or a field) never pushes onto it: every
// element it pops was pushed by someone else, once. Over all calls it pops at most what was
// pushed, so the drain is paid once over all calls (like a table extended lazily), not once per
// call — a lazy-deletion heap pruned after every update costs O(log n) per pushed element in all.
import type { LoopFlow, Unit } from '../model';
import { splitArgs, escape } from '../extract/boundText';
import { selfCallsOf } from './recursion';
import type { Estimator, Walk } from './walk';

/** Languages whose parameters are copies unless written as references or pointers. */
const BY_VALUE = /^(cpp|c|rust|go)$/;

/** The header line of `unit` among the statements, if there. */
function headerOf(est: Estimator, unit: Unit): string | undefined {
  return est.facts.statements.find((s) => s.kind === 'unit' && s.line === unit.line)?.code;
}

/**
 * A Go method's receiver taken by pointer (`h` in `func (h *hp) prune() {`): what it holds outlives
 * the call, like a field. A value receiver (`func (h hp) …`) is a copy.
 */
function pointerReceiver(est: Estimator, unit: Unit): string | undefined {
  if (est.facts.language !== 'go' || !unit.receiverType) return undefined;
  return /^func\s*\(\s*([A-Za-z_]\w*)\s*\*/.exec(headerOf(est, unit)?.trim() ?? '')?.[1];
}

/**
 * The declaration of the parameter `name` in the header of `unit` (`pq *hp` in `func (w *win)
 * prune(pq *hp) {`, `priority_queue<int>& pq`): the unit's parameters keep their names only, so
 * whether one is a reference is read here. Undefined when the header is not among the statements.
 */
function paramDeclaration(est: Estimator, unit: Unit, name: string): string | undefined {
  const header = headerOf(est, unit);
  const open = header && new RegExp(`(?:^|[^\\w$])${escape(unit.name)}\\s*\\(`).exec(header);
  if (!header || !open) return undefined;
  let depth = 0;
  let list = '';
  for (const ch of header.slice(open.index + open[0].length)) {
    if (ch === ')' && depth === 0) break;
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    list += ch;
  }
  return splitArgs(list).find((p) =>
    new RegExp(`(?:^|[^\\w$])${escape(name)}(?:\\s*[:=]|\\s+[^,]*$|$)`).test(p),
  );
}

/**
 * The work list `flow` drains when it outlives the call and the loop only pops from it: a parameter
 * (a reference in C++, Rust, Go, C), a field or a name the function does not declare. Undefined
 * when the loop is nested, the function recursive, or the body pushes onto the list again.
 */
export function drainedAcrossCalls(est: Estimator, flow: LoopFlow, walk: Walk): string | undefined {
  const bound = flow.bound;
  if (bound.kind !== 'linear' || bound.amortised !== 'drains' || walk.loopLines.length > 0) return undefined;
  const unit: Unit = walk.unit;
  if (selfCallsOf(unit.body, unit).length > 0) return undefined;
  const list = bound.key.trim();
  const bare = list.replace(/^(this|self)(\.|->)/, '');
  if (!/^[A-Za-z_$][\w$]*$/.test(bare)) return undefined;
  const field = bare !== list || bare === pointerReceiver(est, unit);
  const param = unit.params.find((p) =>
    new RegExp(`(^|[^\\w$])${escape(bare)}\\s*(?:[:=,)]|$)`).test(p.trim()),
  );
  if (!field && !param && unit.locals.has(bare)) return undefined;
  if (!field && !param) return undefined;
  if (param && BY_VALUE.test(est.facts.language) && !/[&*]/.test(paramDeclaration(est, unit, bare) ?? param))
    return undefined;
  const own = `(?:(?:this|self)(?:\\.|->))?${escape(bare)}`;
  const push = new RegExp(
    `(?:^|[^\\w$.])${own}\\s*(?:\\.|->)\\s*(?:push|push_back|emplace|emplace_back|offer|add|append|appendleft|insert|put|addLast|addFirst|Push|Enqueue)\\s*\\(|\\b(?:heappush|heappushpop|heapreplace|heap\\.Push)\\s*\\(\\s*&?\\s*${own}\\b`,
  );
  // It must pop the list itself (a linked list walked by `.next` is not drained across calls).
  const pop = new RegExp(
    `(?:^|[^\\w$.])${own}\\s*(?:\\.|->)\\s*(?:pop|poll|pollFirst|pollLast|popleft|pop_front|pop_back|shift|extract|Dequeue|Pop|remove|removeFirst|removeLast)\\s*\\(|\\b(?:heappop|heap\\.Pop)\\s*\\(\\s*&?\\s*${own}\\b`,
  );
  const end = flow.endLine ?? unit.endLine;
  const inLoop = est.facts.statements.filter((s) => s.line >= flow.line && s.line <= end);
  if (!inLoop.some((s) => pop.test(s.code))) return undefined;
  return inLoop.some((s) => push.test(s.code)) ? undefined : list;
}
