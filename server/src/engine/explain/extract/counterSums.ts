// A counter stepped up by a constant while the body lowers the counter's limit by the counter
// itself on every pass: `for (let i = 2; i <= s; i += 2) s -= i;` (Maximum Split of Positive Even
// Integers), `for (; i <= Math.max(m1, m2); ++i) if (m1 >= m2) m1 -= i; else m2 -= i;`
// (Incremental Memory Leak). After k passes the limit has lost at least 1 + 2 + … + k = k(k + 1)/2
// while the counter has reached k, so the loop ends within √(2·limit) passes — not `limit` passes,
// which reading the limit as a size of its own claims. Shared by `for` headers (bounds.ts) and
// `while` loops (whileBound.ts).
import type { LoopBound } from '../model';
import { collectionKey, escape, measureOf } from './boundText';

/**
 * What a pass takes from the limit `n`: the counter `c`, a few more (`i + 1`), or as much of the
 * limit as is left up to that (`Math.min(candies, i + 1)`: the last pass takes the rest).
 */
function taken(n: string, c: string): string {
  const counter = `\\$?${c}(?:\\s*\\+\\s*\\d+)?`;
  const limit = `\\$?${escape(n)}`;
  return `(?:${counter}|(?:Math\\.|std::|math\\.)?min\\s*\\(\\s*(?:${limit}\\s*,\\s*${counter}|${counter}\\s*,\\s*${limit})\\s*\\))`;
}

/**
 * A loop that runs while a number stays positive (`candies > 0`) and lowers it on every pass by a
 * counter stepped up by a constant (`candies -= Math.min(candies, i + 1); ++i`): √ passes, as
 * above. `counter` is the header's counter when there is one; otherwise the name the body takes
 * from the number and steps up.
 */
export function drawnDown(cond: string, body: string, counter?: string): LoopBound | undefined {
  const limit = /^\(?\s*(\$?[A-Za-z_]\w*)\s*(?:>\s*0|>=\s*1|!==?\s*0)?\s*\)?$/.exec(cond.trim())?.[1];
  if (!limit) return undefined;
  const n = escape(limit.replace(/^\$/, ''));
  const names = counter
    ? [counter]
    : [
        ...body.matchAll(
          new RegExp(
            `\\$?${n}\\s*-=\\s*(?:(?:Math\\.|std::|math\\.)?min\\s*\\(\\s*\\$?${n}\\s*,\\s*)?(\\$?[A-Za-z_]\\w*)`,
            'g',
          ),
        ),
      ].map((m) => m[1]!);
  const stepped = names.find((c) => c !== limit && (counter !== undefined || stepsUp(c, body)));
  return stepped ? counterSum(stepped, limit, body) : undefined;
}

/**
 * The bound of a loop whose counter `counter` (stepped up by a constant: the caller checks) must
 * stay at most `limit`, a name or the larger of two (`max(a, b)`, `Math.max(a, b)`,
 * `std::max(a, b)`), when `body` lowers one of the limit's names by the counter on every pass
 * (`s -= i`, `s = s - i`, at the top level or in every arm of an `if`/`else`) and never writes
 * those names otherwise; undefined for anything else.
 */
export function counterSum(counter: string, limit: string, body: string): LoopBound | undefined {
  const c = counter.trim().replace(/^\$/, '');
  if (!/^[A-Za-z_]\w*$/.test(c)) return undefined;
  const text = limit.trim();
  const larger = /^(?:(?:Math\.|std::)?max)\s*\(\s*(\$?[A-Za-z_]\w*)\s*,\s*(\$?[A-Za-z_]\w*)\s*\)$/.exec(
    text,
  );
  // Go has no `max` for the limit in older code: `for ; i <= m1 || i <= m2; i++` (the header's
  // comparison leaves `m1 || i <= m2`) runs while the counter stays at most the larger of the two.
  const either = new RegExp(`^(\\$?[A-Za-z_]\\w*)\\s*\\|\\|\\s*\\$?${c}\\s*<=?\\s*(\\$?[A-Za-z_]\\w*)$`).exec(
    text,
  );
  const pair = larger ?? either;
  const names = (pair ? [pair[1]!, pair[2]!] : /^\$?[A-Za-z_]\w*$/.test(text) ? [text] : []).map((n) =>
    n.replace(/^\$/, ''),
  );
  if (!names.length || names.includes(c)) return undefined;
  const lowers = names.map(
    (n) =>
      new RegExp(
        `(^|[^\\w$.])\\$?${escape(n)}\\s*(?:-=\\s*${taken(n, c)}|=\\s*\\$?${escape(n)}\\s*-\\s*${taken(n, c)})\\s*;?\\s*$`,
      ),
  );
  const lines = body.split('\n');
  // Any other write of a limit's name (`s += x`, `s = t`, `s--`) may raise it again.
  const writes = names.map(
    (n) =>
      new RegExp(
        `(^|[^\\w$.])\\$?${escape(n)}\\s*(?:[-+*/%]?=(?!=)|\\+\\+|--)|(?:\\+\\+|--)\\s*\\$?${escape(n)}\\b`,
      ),
  );
  const lowering = (l: string) => lowers.some((re) => re.test(l.replace(/[{}]/g, ' ').trim()));
  const statements = lines.flatMap((l) => l.split(';')).map((s) => s.trim());
  if (statements.some((s) => writes.some((re) => re.test(s)) && !lowering(s))) return undefined;
  if (!everyPass(body, lowering)) return undefined;
  const shown = either ? `max(${names.join(', ')})` : text;
  const key = collectionKey(shown) ?? shown;
  return {
    kind: 'sqrt',
    key,
    ...measureOf(shown),
    why: `the counter \`${c}\` grows on each pass and \`${names.join('` or `')}\` loses it on each pass: the passes' counters add up to at most \`${shown}\`, so √ passes`,
  };
}

/**
 * Whether `test` holds on a line that runs on every pass of a loop whose body text is `body`: a
 * line at the body's top level, or a line in every arm of an `if` / `else` chain that ends with a
 * plain `else` (Python's `elif` too). The body's first line is at its top level (a node's text
 * starts at its first character, without the indentation of the lines after it).
 */
function everyPass(body: string, test: (line: string) => boolean): boolean {
  const [first = '', ...more] = body.split('\n');
  const rest = more.filter((l) => l.trim() && !/^[{}]\s*;?$/.test(l.trim()));
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  const top = rest.length ? Math.min(...rest.map(indent)) : 0;
  const arm = /^\s*(\}\s*)?(if|else|elif)\b/;
  const lines = [first, ...rest].filter((l) => l.trim() && !/^[{}]\s*;?$/.test(l.trim()));
  const atTop = (l: string, i: number) => i === 0 || indent(l) === top;
  if (lines.some((l, i) => atTop(l, i) && !arm.test(l) && test(l))) return true;
  // Chains of arms: each arm starts at a top-level `if` / `else` line and runs to the next one.
  const chains: string[][][] = [];
  lines.forEach((l, i) => {
    if (atTop(l, i) && /^\s*if\b/.test(l)) chains.push([[l]]);
    else if (atTop(l, i) && arm.test(l)) chains.at(-1)?.push([l]);
    else if (atTop(l, i)) chains.push([]);
    else chains.at(-1)?.at(-1)?.push(l);
  });
  // (An arm on its header's line: `if (a >= b) m1 -= i;`, Python `else: m2 -= i`.)
  const inArm = (l: string) =>
    test(l) || test(l.replace(/^\s*(?:\}\s*)?(?:else\b\s*)?(?:(?:if|elif)\b[^:{]*?\)\s*|[^:{]*:\s*)?/, ''));
  return chains.some(
    (arms) =>
      arms.length >= 2 &&
      /^\s*(\}\s*)?else\b(?!\s*if\b)/.test(arms.at(-1)![0]!) &&
      arms.every((a) => a.some(inArm)),
  );
}

/** `text` steps `name` up by a constant (`++i`, `i++`, `i += 2`, `i = i + 1`, PHP `$i++`). */
export function stepsUp(name: string, text: string): boolean {
  const n = escape(name.trim().replace(/^\$/, ''));
  return new RegExp(
    `(^|[^\\w$.])\\$?${n}\\s*(?:\\+\\+|\\+=\\s*\\d+\\b)|\\+\\+\\s*\\$?${n}\\b|(^|[^\\w$.])\\$?${n}\\s*=\\s*\\$?${n}\\s*\\+\\s*\\d+\\b`,
    'm',
  ).test(text);
}
