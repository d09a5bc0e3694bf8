// Inner loops that move the outer loop's own pointer on every pass. `while (head) { for (i < m)
// { if (!head->next) return …; head = head->next; } … }` counts `m` passes, but each of them takes
// one more step along the list the outer loop walks, and nothing moves `head` back: over all passes
// of the outer loop the inner passes add up to at most the list's length (plus one per outer pass).
// The same holds for a counter (`for (i = 0; i < n;) { for (j < k) { if (i >= n) break; …; ++i; } }`)
// when the inner loop itself stops at the counter's end — a test of the counter or a subscript
// with it — since otherwise it could run past it. amortised.ts shares such loops out (loopCost.ts
// then adds their total once), instead of multiplying the inner count by the outer one.
import type { LoopFlow, Statement, Unit } from '../model';
import { escape } from '../extract/boundText';
import type { Estimator } from './walk';

/** The statements of `loop`'s body (all depths) and the header itself, by the extractor's order. */
function bodyOf(est: Estimator, loop: LoopFlow): { header: Statement; body: Statement[] } | undefined {
  const statements = est.facts.statements;
  const at = statements.findIndex((s) => s.kind === 'loop' && s.line === loop.line);
  if (at < 0) return undefined;
  const header = statements[at]!;
  const body: Statement[] = [];
  for (let i = at + 1; i < statements.length && statements[i]!.depth > header.depth; i++)
    body.push(statements[i]!);
  return { header, body };
}

/** `p = p->next` / `p = p.next`: one step along a link of `p`. */
function linkStep(s: Statement, p: string): boolean {
  return (
    s.kind === 'assignment' &&
    s.operator === '=' &&
    s.target?.trim() === p &&
    new RegExp(`^${escape(p)}\\s*(?:\\.|->)\\s*[A-Za-z_]\\w*\\s*;?$`).test(s.value?.trim() ?? '')
  );
}

/** `++i`, `i--`, `i += 2`: a step of `i` by a constant; +1 forward, -1 back, 0 for anything else. */
function counterStep(s: Statement, i: string): number {
  if (s.kind !== 'assignment' || s.target?.trim() !== i) return 0;
  if (s.operator === '++') return 1;
  if (s.operator === '--') return -1;
  if (
    !/^\d+$/.test(s.value?.trim().replace(/;$/, '') ?? '') ||
    Number(s.value!.trim().replace(/;$/, '')) === 0
  )
    return 0;
  return s.operator === '+=' ? 1 : s.operator === '-=' ? -1 : 0;
}

/**
 * True when every pass of `inner` (directly inside `outer`) steps, at the top level of its body,
 * the pointer `outer` walks: `pointer` is the link pointer of a link walk, or the counter `counter`
 * of a C-style loop or `while` stepped the same way as the outer loop steps it (`direction`). The
 * pointer is assigned nothing else inside `outer`, and the inner body has no `continue` (which
 * could skip the step). A counter must also be tested or used as a subscript inside the inner loop,
 * so that the inner passes stop at its end.
 */
export function stepsOuterPointer(
  est: Estimator,
  inner: LoopFlow,
  outer: LoopFlow,
  unit: Unit,
  counter: string | undefined,
  direction: (name: string) => number,
): boolean {
  const link = outer.bound.kind === 'linear' && outer.bound.linkWalk ? outer.bound.pointer : undefined;
  const pointer = link ?? counter;
  if (!pointer || !/^[A-Za-z_$][\w$]*$/.test(pointer) || inner.line > unit.endLine) return false;
  const own = bodyOf(est, inner);
  const around = bodyOf(est, outer);
  if (!own || !around) return false;
  // The inner loop's own header must not be the pointer's loop (amortised.ts reads that case).
  if (new RegExp(`(^|[^\\w$.])${escape(pointer)}\\s*(\\+\\+|--|[-+]=)`).test(own.header.value ?? ''))
    return false;
  const top = own.body.filter((s) => s.depth === own.header.depth + 1);
  const way = link ? 0 : direction(pointer);
  if (!link && way === 0) return false;
  const steps = top.some((s) => (link ? linkStep(s, pointer) : counterStep(s, pointer) === way));
  if (!steps || own.body.some((s) => s.kind === 'jump' && /^continue\b/.test(s.keyword ?? ''))) return false;
  // Nothing in the outer loop moves the pointer otherwise (a reset, a jump back, the other way).
  const moved = around.body.filter((s) => s.kind === 'assignment' && s.target?.trim() === pointer);
  if (moved.some((s) => (link ? !linkStep(s, pointer) : counterStep(s, pointer) !== way))) return false;
  if (link) return true;
  // A counter: the inner loop stops at its end (`i < n` in its header, `if (i >= n) break`, `s[i]`,
  // Java's `s.charAt(i)` / `xs.get(i)`, which throw past the end as a subscript does; JS's
  // `charAt` and Python's `dict.get` do not).
  const p = escape(pointer);
  const tests = new RegExp(
    `(^|[^\\w$.])${p}\\s*(<=|<|>=|>|!=|==)|(<=|<|>=|>|!=|==)\\s*${p}\\b|[\\w$.\\]]\\s*\\[\\s*${p}\\s*\\]${est.facts.language === 'java' ? `|\\.\\s*(?:charAt|get)\\s*\\(\\s*${p}\\s*\\)` : ''}`,
  );
  return tests.test(own.header.condition ?? '') || own.body.some((s) => tests.test(s.code));
}
