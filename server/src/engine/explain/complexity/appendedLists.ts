// Lists as long as the loop that filled them: `result = []; while n: n, r = divmod(n, 10);
// result.append(r); result.reverse()` (also C++ `string result; while (n) { result.push_back(…);
// n /= 36; } reverse(begin(result), end(result));`). The list starts empty in the function and
// gains at most one entry per pass of one loop, which ended before the operation: it holds at most
// that loop's passes — a logarithmic count here — not an input's size. callCost.ts prices a library
// operation on such a list by those passes.
import type { Flow, Statement } from '../model';
import { escape } from '../extract/boundText';
import { type Cost, multiply } from './cost';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

const APPEND = /^(?:append|push_back|emplace_back|push)$/;
const KEEPS = /^(?:reverse|sort|size|length|empty|back|front|begin|end|count|index)$/;

/** The last line of the block opened by `header` (by the extractor's depths). */
function blockEnd(statements: Statement[], header: Statement): number {
  const at = statements.indexOf(header);
  let end = header.line;
  for (let i = at + 1; i < statements.length && statements[i]!.depth > header.depth; i++)
    end = statements[i]!.line;
  return end;
}

/** The loop header most closely enclosing statement `s` in `statements` (undefined at the top level). */
function enclosingLoop(statements: Statement[], s: Statement): Statement | undefined {
  let depth = s.depth;
  for (let i = statements.indexOf(s) - 1; i >= 0; i--) {
    const t = statements[i]!;
    if (t.depth >= depth) continue;
    if (t.kind === 'loop') return t;
    if (t.kind === 'unit') return undefined;
    depth = t.depth;
  }
  return undefined;
}

/**
 * The passes of the one loop that filled the local list `key` (one append at most per statement,
 * each directly or under a branch in that loop's body, no other write), when that loop is at the
 * function's top level and ended before the call, which is outside every loop; undefined otherwise.
 */
export function appendedSize(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  key: string,
  walk: Walk,
): Cost | undefined {
  if (walk.loopLines.length || !/^[A-Za-z_$][\w$]*$/.test(key)) return undefined;
  const statements = statementsIn(est.facts, walk.unit);
  const k = escape(key);
  const named = new RegExp(`(?<![\\w$.])${k}(?![\\w$])`);
  const mentions = statements.filter((s) => s.line < call.line && named.test(s.code));
  const [created, ...rest] = mentions;
  // Created empty: Python `result = []`, C++ `string result;` / `vector<int> result;`.
  const empty =
    created &&
    created.target?.trim().replace(/^.*\s/, '') === key &&
    ((created.kind === 'declaration' && !created.value?.trim()) ||
      (created.operator === '=' && /^(?:\[\]|list\(\))$/.test(created.value?.trim() ?? '')));
  if (!empty || enclosingLoop(statements, created)) return undefined;
  const append = new RegExp(`^${k}\\s*(?:\\.|->)\\s*(\\w+)\\s*\\(`);
  let loop: Statement | undefined;
  for (const s of rest) {
    const op = append.exec(s.code.trim())?.[1];
    if (op && APPEND.test(op) && s.kind === 'call') {
      const at = enclosingLoop(statements, s);
      if (!at || (loop && at !== loop)) return undefined;
      loop = at;
      continue;
    }
    // Reads only: no write of the name (`result = …`, `result += …`), no other method on it.
    if (s.target && named.test(s.target)) return undefined;
    // (methods that keep its length are reads: `reverse`, `sort`, `size`, …)
    const method = new RegExp(`(?<![\\w$.])${k}\\s*(?:\\.|->)\\s*(\\w+)\\s*\\(`).exec(s.code)?.[1];
    if (method && !KEEPS.test(method)) return undefined;
    if (new RegExp(`(?<![\\w$.])${k}\\s*(?:\\+=|=(?!=))`).test(s.code)) return undefined;
  }
  if (!loop || blockEnd(statements, loop) >= call.line) return undefined;
  const passes = walk.loopPasses.get(loop.line);
  if (!passes || passes.unknown.length) return undefined;
  const why = `\`${key}\` gains a fixed number of entries per pass of the loop at line ${loop.line} and no others: it is as long as that loop ran (line ${call.line})`;
  return multiply({ terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] }, passes);
}
