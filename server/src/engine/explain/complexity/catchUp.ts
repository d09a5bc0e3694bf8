// Catch-up fills: `const int k = result.size(); for (int j = i + 1; j > k; --j)
// result.push_back(j);` inside a loop over `i`. The inner loop runs from the list's current size
// to the outer counter, adding one item per pass, so it leaves the list as long as the counter
// says; the list never shrinks, so over all passes of the outer loop the inner passes add up to
// the list's final size — at most the outer counter's last value — not the outer count times a
// full range. amortised.ts shares such a loop out like a pointer that never moves back.
import type { LoopFlow, Statement, Unit } from '../model';
import { escape } from '../extract/boundText';
import type { Estimator } from './walk';

const NAME = /^[A-Za-z_$][\w$]*$/;
const PUSH = /^([A-Za-z_$][\w$]*)\s*(?:\.|->)\s*(?:push_back|emplace_back|append|push|add)\s*\(/;

/** The list whose size `text` is (`result.size()`, `size(result)`, `len(result)`, `xs.length`), ± a literal. */
function sizeOf(text: string): string | undefined {
  const t = text
    .trim()
    .replace(/;$/, '')
    .replace(/\s*[-+]\s*\d+$/, '')
    .trim();
  return (
    /^([A-Za-z_$][\w$]*)\s*(?:\.|->)\s*(?:size\(\)|length\(\)|length|len\(\))$/.exec(t)?.[1] ??
    /^(?:std::)?(?:s?size|len)\(\s*([A-Za-z_$][\w$]*)\s*\)$/.exec(t)?.[1]
  );
}

/** The statements nested in loop `header` (by the extractor's order and depth). */
function nested(statements: Statement[], header: Statement): Statement[] {
  const at = statements.indexOf(header);
  const out: Statement[] = [];
  for (let i = at + 1; i < statements.length && statements[i]!.depth > header.depth; i++)
    out.push(statements[i]!);
  return out;
}

/**
 * True when `inner`, directly inside `outer`, runs between the current size of a list and the
 * outer loop's counter (± a literal), pushes one item onto that list at the top level of every
 * pass, and the function never shrinks or replaces the list.
 */
export function catchUpFill(est: Estimator, inner: LoopFlow, outer: LoopFlow, unit: Unit): boolean {
  const statements = est.facts.statements;
  const header = statements.find(
    (s) => s.kind === 'loop' && s.line === inner.line && s.loopKind === 'counter',
  );
  const i = outer.variable?.trim();
  if (!header || !i || !NAME.test(i) || !header.condition) return false;
  const j = inner.variable?.trim();
  const start = /=\s*(.+?);?$/.exec(header.item ?? '')?.[1]?.trim();
  const limit = j
    ? new RegExp(`^${escape(j)}\\s*(?:<=|<|>=|>|!=)\\s*(.+)$`).exec(header.condition.trim())?.[1]
    : undefined;
  if (!j || !start || !limit) return false;
  // One end is the list's size, read directly or through a local written once just before the
  // loop in the outer loop's body (`const int k = result.size();`); the other the outer counter.
  const listOf = (end: string): string | undefined => {
    const direct = sizeOf(end);
    if (direct || !NAME.test(end.trim())) return direct;
    const writes = statements.filter(
      (s) =>
        (s.kind === 'declaration' || s.kind === 'assignment') &&
        s.target?.trim() === end.trim() &&
        s.line >= unit.line &&
        s.line <= unit.endLine,
    );
    const [w] = writes;
    return writes.length === 1 && w!.kind === 'declaration' && w!.line > outer.line && w!.line < inner.line
      ? sizeOf(w!.value ?? '')
      : undefined;
  };
  const counterEnd = new RegExp(`^${escape(i)}\\s*(?:[-+]\\s*\\d+)?$`);
  const list = counterEnd.test(start)
    ? listOf(limit)
    : counterEnd.test(limit.trim())
      ? listOf(start)
      : undefined;
  if (!list) return false;
  const body = nested(statements, header);
  const pushes = body.some((s) => s.depth === header.depth + 1 && PUSH.exec(s.code.trim())?.[1] === list);
  if (!pushes || body.some((s) => s.kind === 'jump' && /^continue\b/.test(s.keyword ?? ''))) return false;
  // The list never shrinks nor is replaced: otherwise it could be filled again and again.
  const l = escape(list);
  const shrinks = new RegExp(
    `\\b${l}\\s*(?:\\.|->)\\s*(?:pop\\w*|erase|clear|resize|assign|swap|splice|shift|remove\\w*)\\s*\\(|\\bswap\\s*\\(\\s*${l}\\b|\\bdel\\s+${l}\\b`,
  );
  return !statements.some(
    (s) =>
      s.line >= unit.line &&
      s.line <= unit.endLine &&
      (shrinks.test(s.code) || (s.kind === 'assignment' && s.target?.trim() === list)),
  );
}
