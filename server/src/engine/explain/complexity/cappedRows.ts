// Rows grown only under a cap: `if len(lookup[bal]) != 2: lookup[bal].append(i)` keeps every row
// of `lookup` at two items whatever the input, so a loop over a row (`for j in lookup[bal + 2]`) is
// a constant count, not one more input size. The cap must be a literal the test compares the
// same row's length with (`!=`, `<`, `<=`); a growth outside every loop adds one item once.
import type { Statement } from '../model';
import { escape } from '../extract/boundText';

/** Integers up to this count as small constants (as in fixedSize.ts). */
const SMALL = 1024;

/** The statements enclosing `statements[at]` (by the extractor's order and depth), innermost first. */
function enclosing(statements: Statement[], at: number): Statement[] {
  const out: Statement[] = [];
  let depth = statements[at]!.depth;
  for (let i = at - 1; i >= 0 && depth > 0; i--) {
    if (statements[i]!.depth < depth) {
      out.push(statements[i]!);
      depth = statements[i]!.depth;
    }
  }
  return out;
}

const flat = (text: string) => text.replace(/\s+/g, '');

/** True when `condition` holds the length of `row` below a small literal (`len(row) != 2`, `len(row) < 3`). */
function caps(condition: string, row: string): boolean {
  for (const m of condition.matchAll(/\blen\(((?:[^()]|\([^()]*\))*)\)\s*(!=|<=|<)\s*(\d+)\b/g))
    if (flat(m[1]!) === flat(row) && Number(m[3]) <= SMALL) return true;
  return false;
}

/**
 * True when every row of `name` at `depth` subscripts starts empty — the table is a map of lists
 * (`defaultdict(list)`, `{}`) or a comprehension of empty lists — and grows only by appends each
 * guarded by a cap on that row's length, or made once outside every loop.
 */
export function cappedRows(statements: Statement[], name: string, depth: number): boolean {
  if (depth !== 1) return false;
  const whole = statements.filter(
    (s) => (s.kind === 'assignment' || s.kind === 'declaration') && s.target?.trim() === name,
  );
  const empty =
    /^(?:collections\.)?defaultdict\(\s*(?:list|set)\s*\)$|^\{\s*\}$|^dict\(\s*\)$|^\[\s*(?:\[\s*\]|set\(\s*\))\s+for\s+\w+\s+in\s+[^\]]*\]$/;
  if (!whole.length || !whole.every((s) => empty.test(s.value?.trim() ?? ''))) return false;
  // (no other write of a row or an element of one: `lookup[k] = xs`)
  const rowWrite = new RegExp(`^${escape(name)}\\s*\\[`);
  if (
    statements.some(
      (s) => (s.kind === 'assignment' || s.kind === 'declaration') && rowWrite.test(s.target?.trim() ?? ''),
    )
  )
    return false;
  const grow = new RegExp(
    `(?<![\\w$.])${escape(name)}\\s*(\\[(?:[^[\\]]|\\[[^[\\]]*\\])*\\])\\s*\\.\\s*(?:append|add|extend|insert|appendleft)\\s*\\(`,
  );
  let growths = 0;
  for (let i = 0; i < statements.length; i++) {
    const m = grow.exec(statements[i]!.code);
    if (!m) continue;
    growths++;
    if (/\.\s*extend\s*\(/.test(m[0])) return false;
    const around = enclosing(statements, i);
    const row = `${name}${m[1]}`;
    // (the cap must be tested inside the innermost loop around the growth, on every pass)
    const loop = around.findIndex((s) => s.kind === 'loop');
    const guards = loop < 0 ? around : around.slice(0, loop);
    const capped = guards.some((s) => s.kind === 'if' && !!s.condition && caps(s.condition, row));
    if (!capped && loop >= 0) return false;
  }
  return growths > 0;
}

/**
 * True when the loop at `line` walks `name` only under a test that holds its length at a small
 * count: an `if len(cnts) == k:` (also `<`, `<=`) around it, inside the innermost enclosing loop,
 * with `k` a literal up to 1024 or a name `fixed` says the code fixes. `for j in cnts.keys()` under
 * `if len(cnts) == k:` runs k passes, however many keys `cnts` gains elsewhere (Majority Element II
 * drops every count by one when it holds k keys).
 */
export function lengthGuarded(
  statements: Statement[],
  line: number,
  name: string,
  fixed: (count: string) => boolean,
): boolean {
  const at = statements.findIndex((s) => s.kind === 'loop' && s.line === line);
  if (at < 0) return false;
  const around = enclosing(statements, at);
  const loop = around.findIndex((s) => s.kind === 'loop');
  const guards = loop < 0 ? around : around.slice(0, loop);
  return guards.some((s) => {
    if (s.kind !== 'if' || !s.condition) return false;
    const m = /^len\(\s*([A-Za-z_$][\w$.]*)\s*\)\s*(==|<=|<)\s*([A-Za-z_$][\w$]*|\d+)$/.exec(
      s.condition.trim(),
    );
    if (!m || m[1] !== name) return false;
    return /^\d+$/.test(m[3]!) ? Number(m[3]) <= SMALL : fixed(m[3]!);
  });
}
