// Dynamic programming kept in rolling variables instead of a table: on each pass of a loop, a state
// is computed from its own previous value and another state's, while that other state takes the
// first one's previous value — the last two entries of a table that is never stored:
//   `a, b = b, a + b`, `prev, curr = curr, max(curr, prev + x)`,
//   `int c = a + b; a = b; b = c;`.
// Two states each chosen from both (`hold, sold = max(hold, sold - p), max(sold, hold + p)`)
// are a state machine solved the same way. Not: Euclid's `a, b = b, a % b` (a remainder, not a
// combination of sub-results), a swap (`a, b = b, a`), or the extended Euclid step
// `x, y = y, x - q * y` (a product with a quotient).
import type { SourceFacts, Unit, Write } from '../model';
import { loopsOf } from './loops';

const CHOICE = /^(max|min|fmax|fmin|Max|Min)$/;

/**
 * The value combines sub-results at its top level: a sum or difference (`% MOD` allowed), or a
 * min/max choice. A call that merely contains a sum (`next(j for j in range(j + 1, n) ...)`, a
 * search) combines nothing.
 */
function combines(write: Write): boolean {
  if (write.calls.length > 0) return CHOICE.test(write.calls[0]!);
  // `r - q * s` (the extended Euclid step) scales a state by a quotient: no sum of sub-results.
  if (write.ops.some((op) => op !== '+' && op !== '-' && op !== '%')) return false;
  if (write.valueOp === '+' || write.valueOp === '-') return true;
  // `(a + b) % MOD` keeps a DP's values small; `a % b` (Euclid) is a remainder of the states.
  return (
    write.valueOp === '%' &&
    (write.ops.includes('+') || write.ops.includes('-')) &&
    write.names.some((n) => /^[A-Z][A-Z_\d]*$/.test(n) || /^\d/.test(n))
  );
}

export function rollingStates(unit: Unit, facts: SourceFacts): number[] {
  const lines: number[] = [];
  for (const loop of loopsOf(unit.body)) {
    if (loop.bound.kind === 'linear' && loop.bound.amortised === 'drains') continue;
    const end = loop.endLine ?? loop.line;
    const inLoop = unit.writes.filter((w) => !w.index && w.line > loop.line && w.line <= end);
    // A temporary declared in the loop (`int c = a + b;`) stands for its value.
    const temps = new Map<string, string[]>();
    for (const s of facts.statements)
      if (s.kind === 'declaration' && s.line > loop.line && s.line <= end && s.target)
        temps.set(s.target.replace(/^.*[\s*&]/, ''), (s.value ?? '').match(/[A-Za-z_$][\w$]*/g) ?? []);
    const dependsOn = (w: Write): string[] => w.names.flatMap((n) => [n, ...(temps.get(n) ?? [])]);
    const combined = (w: Write): boolean => {
      if (combines(w)) return true;
      // `b = c` with `c = a + b` declared just before: judged by the temporary's statement.
      const temp = w.names.length === 1 ? w.names[0]! : undefined;
      const decl = temp && temps.has(temp);
      return (
        !!decl &&
        facts.statements.some(
          (s) =>
            s.kind === 'declaration' &&
            s.line > loop.line &&
            s.line <= end &&
            s.target?.replace(/^.*[\s*&]/, '') === temp &&
            /[+-]|\b(max|min)\s*\(/.test(s.value ?? '') &&
            !/[*/]|%\s*[a-z]/.test(s.value ?? ''),
        )
      );
    };
    const found = inLoop.some((y) => {
      if (!combined(y)) return false;
      const deps = dependsOn(y);
      if (!deps.includes(y.target)) return false;
      return inLoop.some(
        (x) =>
          x !== y &&
          x.target !== y.target &&
          deps.includes(x.target) &&
          // `a = b` (the other state takes the previous value), or both chosen from both.
          ((x.names.length === 1 &&
            x.names[0] === y.target &&
            x.ops.length === 0 &&
            x.calls.length === 0 &&
            // `prefix = mx = 0` starts both afresh: a chain, not a hand-over of the previous state.
            !unit.writes.some((w) => w.line === x.line && w.target === y.target && w.names.length === 0)) ||
            (x.line === y.line &&
              combined(x) &&
              dependsOn(x).includes(x.target) &&
              dependsOn(x).includes(y.target))),
      );
    });
    if (found && !lines.includes(loop.line)) lines.push(loop.line);
  }
  return lines;
}
