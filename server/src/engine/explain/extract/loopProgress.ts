// What a `while` body does on every pass, read from its text: the lines at the top level of the
// body (not under an `if` or an inner loop), and a collection the body grows on each of them.
// Used by bounds.ts for loops whose condition tests no counter but a size or a data value.
import { balanced, splitArgs, escape } from './boundText';

/** The header and the lines at the top level of the body: what runs on every pass. */
export function topLevelLines(cond: string, body: string): string[] {
  const lines = body.split('\n');
  const rest = lines.slice(1).filter((l) => l.trim() && !/^[{}]\s*;?$/.test(l.trim()));
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  const top = rest.length ? Math.min(...rest.map(indent)) : 0;
  return [
    cond,
    ...lines.filter(
      (l, i) =>
        (i === 0 || indent(l) === top) && !/^\s*(\}\s*)?(if|else|elif|case|for|while|switch|do)\b/.test(l),
    ),
  ];
}

/** `size(xs)`, `len(xs)`, `xs.size()`, `xs.length()`, `xs.length`, `xs.len()`: the collection sized. */
function sizedCollection(text: string): string | undefined {
  const t = text.trim();
  return (
    /^(?:std::)?(?:size|len|ssize)\s*\(\s*([\w$.]+)\s*\)$/.exec(t)?.[1] ??
    /^([\w$.]+?)\s*(?:\.|->)\s*(?:size|length|len|Count|Length)(?:\s*\(\s*\))?$/.exec(t)?.[1]
  );
}

/**
 * `while len(xs) <= n: xs.append(...)`, `while (size(inv_) <= n) inv_.emplace_back(...)`,
 * `while (result.length() < s.length()) result += ...`: the condition compares the size of a
 * collection the body grows on every pass (at its top level) with a limit, so the loop makes at
 * most as many passes as the limit allows — linear in the limit, whatever else the body does.
 */
export function growthBound(cond: string, body: string): { limit: string; list: string } | undefined {
  const m =
    /^(.+?)\s*(<=|<|!=|!==)\s*(.+)$/.exec(cond.trim()) ?? /^(.+?)\s*(>=|>|!=|!==)\s*(.+)$/.exec(cond.trim());
  if (!m) return undefined;
  const [, left, op, right] = m;
  const leftSized = sizedCollection(left!);
  const rightSized = sizedCollection(right!);
  // `size(xs) < n` or `n > size(xs)`.
  const list = /^(<=|<|!=|!==)$/.test(op!)
    ? (leftSized ?? (op!.startsWith('!') ? rightSized : undefined))
    : rightSized;
  const limit = list === leftSized ? right! : left!;
  if (!list || !limit.trim() || new RegExp(`\\b${escape(list)}\\b`).test(limit)) return undefined;
  const l = escape(list);
  const grows = new RegExp(
    `(^|[^\\w$.])${l}\\s*(?:\\.|->)\\s*(append|push_back|emplace_back|push|add|insert|emplace|appendleft|push_front)\\s*\\(|(^|[^\\w$.])${l}\\s*\\+=`,
  );
  return topLevelLines(cond, body)
    .slice(1)
    .some((line) => grows.test(line))
    ? { limit: limit.trim(), list }
    : undefined;
}

/** The top-level arguments of `name(...)` when the whole text is that call, else the text itself. */
function callArgs(text: string, name: RegExp): string[] {
  let t = text.trim().replace(/\s*;$/, '');
  // A header regex may have cut the closing bracket of `min(a, b)`; restore it.
  const open = (t.match(/\(/g) ?? []).length - (t.match(/\)/g) ?? []).length;
  if (open > 0 && open < 4) t += ')'.repeat(open);
  const m = new RegExp(`^(?:std::|Math\\.)?(?:${name.source})\\s*\\((.*)\\)$`, 's').exec(t);
  if (m) return splitArgs(m[1]!);
  // Rust's `Ord::min` / `max` as a method: `(i + 1).min(n - 1)` compares its receiver and argument.
  const method = new RegExp(`^(.+)\\.(?:${name.source})\\((.*)\\)$`, 's').exec(t);
  if (method && balanced(method[1]!) && balanced(method[2]!))
    return [
      method[1]!.replace(/^\((.*)\)$/s, (all, inner: string) => (balanced(inner) ? inner : all)),
      method[2]!,
    ];
  // `i.saturating_sub(1)` is `i - 1` floored at zero.
  return [t.replace(/^([\w$.]+)\.saturating_sub\((\d+)\)$/, '$1 - $2')];
}

/**
 * `e + 3` → [`e`, 3], `e` → [`e`, 0], `e - 3` → [`e`, -3]: a base and the literal added to it. The
 * base is a name or a product of names and numbers (`2*u`, `i//2`), never a sum (`i+k+1` has no
 * fixed distance from `i`).
 */
function offsetOf(text: string): [string, number] | undefined {
  const flat = text.replace(/\s+/g, '');
  const m = /^(.+?)([-+]\d+)?$/.exec(flat);
  const base = m?.[1];
  if (!base || /^\d+$/.test(base) || !/^[\w$.*/%]+$/.test(base) || !/[A-Za-z_$]/.test(base)) return undefined;
  return [base, Number(m[2] ?? 0)];
}

/**
 * Passes of a counter running up from `start` to `limit` that a literal fixes, whatever the input:
 * a limit capped by a number (`range(min(n // k, 10))`, `i < min(n, 8)`), or a window of fixed
 * width around one position (`for (i = max(r - 1, 0); i <= min(r + 1, n - 1); ++i)`,
 * `range(max(0, c - 2), min(m, c + 3))`). Undefined when the count can grow with the input.
 */
export function fixedWidthRange(start: string, limit: string): number | undefined {
  // A limit chosen between two fixed ones (`min(n // k, 10) if k else 1`, `k ? min(n, 8) : 1`) is
  // fixed too: the larger of the two.
  // A fixed offset or brackets around it (`(a if c else b) + 1`) change nothing.
  const inner = /^\((.*)\)\s*(?:[-+]\s*\d+)?$/s.exec(limit.trim())?.[1];
  const bare = inner && balanced(inner) ? inner : limit.trim();
  const choice =
    /^(.+?)\s+if\s+.+?\s+else\s+(.+)$/s.exec(bare) ?? /^[^?]+\?\s*([^:]+?)\s*:\s*(.+)$/s.exec(bare);
  if (choice) {
    const arms = [choice[1]!, choice[2]!].map((arm) =>
      /^\d+$/.test(arm.trim()) && Number(arm) <= 1024 ? Number(arm) : fixedWidthRange(start, arm),
    );
    return arms.every((a) => a !== undefined) ? Math.max(...(arms as number[])) : undefined;
  }
  // `min(2*u+1, n)+1`: a literal added after the cap moves every capped end.
  const shifted = /^(.*\))\s*([-+])\s*(\d+)$/s.exec(limit.trim());
  const shift = shifted && balanced(shifted[1]!) ? Number(shifted[2] + shifted[3]) : 0;
  const caps = callArgs(shift ? shifted![1]! : limit, /min/);
  const literal = caps.find((c) => /^\d+$/.test(c) && Number(c) <= 1024);
  if (caps.length > 1 && literal) return Number(literal) + shift;
  const floors = callArgs(start, /max/);
  for (const cap of caps) {
    const high = offsetOf(cap);
    if (!high) continue;
    for (const floor of floors) {
      // A window from `left+1` (or `max(right-2, left)`) up to `min(left+3, n)`: the distance
      // between the two ends is a literal, however far the base has moved.
      const low = offsetOf(floor);
      if (low && low[0] === high[0] && high[1] + shift >= low[1]) return high[1] + shift - low[1] + 1;
    }
  }
  return undefined;
}

/**
 * An expression made only of literals (returned with any bracket a header regex cut restored), whatever its form: `'z'`, `8 * sizeof(int)`,
 * `ord('z') + 1`: a loop bounded by it has a count fixed by the text (an alphabet, the
 * bits of a machine word), not by the input.
 */
export function literalExpression(text: string): string | undefined {
  let whole = text.trim();
  const open = (whole.match(/\(/g) ?? []).length - (whole.match(/\)/g) ?? []).length;
  if (open > 0 && open < 4) whole += ')'.repeat(open);
  const rest = whole
    .replace(/\s*;$/, '')
    .replace(/\bsizeof\s*\(\s*[\w:<>, ]+\s*\)/g, '0')
    .replace(/\bord\s*\(\s*(['"])(?:\\.|[^'"\\])\1\s*\)/g, '0')
    .replace(/(['"])(?:\\.|[^'"\\])\1/g, '0')
    .replace(/\b\d+(\.\d+)?[uUlL]*\b/g, '0');
  // Small numbers only, and no power or shift (`10**5`, `1 << 20` stand for input sizes): as for
  // named constants, integers above 1024 count as inputs.
  const small = (whole.match(/\b\d+\b/g) ?? []).every((d) => Number(d) <= 1024);
  return /^[-+*/%()<>\s0]+$/.test(rest) && small && !/\*\*|<<|>>/.test(rest)
    ? whole.replace(/\s*;$/, '')
    : undefined;
}
