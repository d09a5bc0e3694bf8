// Lists kept at a size the code fixes: every push is followed at once, in the same block, by a test
// of the list's length against a literal and a pop (`heappush(h, x)` then `if len(h) > 2:
// heappop(h)`, the "keep the k best" idiom with a written k). The list never holds more than that
// literal plus one entry, so heap operations, sums and scans over it cost O(1), however many
// pushes the loop around makes. fixedSize.ts asks this for names and for elements of a table of
// such lists (`min_heaps[i]`, every element capped the same way).
import type { Statement } from '../model';
import { escape } from '../extract/boundText';

/** Literal caps up to this count are fixed sizes (as fixedSize.ts's small constants). */
const SMALL = 1024;

/**
 * True when `name` (a plain name or an element `t[…]`) is pushed somewhere in `statements` and
 * every push of it (or of any element of the same table) is directly followed by `if len(name) >
 * C:` (`size()`, `length`, `Count`; `>=` too) with C a small literal, whose body is one pop of it;
 * and nothing else grows it.
 */
export function cappedByLiteral(statements: Statement[], name: string): boolean {
  const table = /^([A-Za-z_$][\w$]*)\s*\[/.exec(name)?.[1];
  if (!table && !/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const ref = table ? `${escape(table)}\\s*\\[[^\\]]*\\]` : escape(name);
  const at = `(?<![\\w$.])${ref}`;
  const push = new RegExp(
    `\\bheappush\\s*\\(\\s*${ref}\\s*,|${at}\\s*\\.\\s*(?:append|appendleft|add|push|push_back|emplace|offer|Enqueue|insert)\\s*\\(`,
  );
  const grows = new RegExp(
    `${push.source}|${at}\\s*(?:\\.\\s*extend\\s*\\(|\\+=)|\\binsort\\w*\\s*\\(\\s*${ref}\\b`,
  );
  const length = `(?:len\\s*\\(\\s*${ref}\\s*\\)|${at}\\s*\\.\\s*(?:size\\s*\\(\\s*\\)|length|Count))`;
  const test = new RegExp(`^\\(?\\s*${length}\\s*>=?\\s*(\\d+)\\s*\\)?:?$`);
  const pop = new RegExp(
    `\\bheappop\\s*\\(\\s*${ref}\\s*\\)|${at}\\s*\\.\\s*(?:pop|poll|pollFirst|pollLast|Dequeue)\\s*\\(`,
  );
  const mentions = new RegExp(at);
  let pushes = 0;
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    if (!grows.test(s.code)) continue;
    if (!push.test(s.code)) return false;
    pushes++;
    // (statements of the same block that do not name the list may come between)
    let j = i + 1;
    while (statements[j] && statements[j]!.depth === s.depth && !mentions.test(statements[j]!.code)) j++;
    const next = statements[j];
    const cap =
      next && next.depth === s.depth && next.kind === 'if' ? test.exec(next.condition?.trim() ?? '') : null;
    if (!cap || Number(cap[1]) > SMALL) return false;
    const body = statements[j + 1];
    const after = statements[j + 2];
    if (!body || body.depth !== s.depth + 1 || !pop.test(body.code)) return false;
    if (after && after.depth > s.depth) return false;
  }
  return pushes > 0;
}
